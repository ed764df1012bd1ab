<?php
/**
 * Bootstraps the Pro extension on top of the core plugin.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Refuses to run without the core plugin (an admin notice, never a fatal
 * error); otherwise registers the generated routes and tables.
 */
final class MVS_Pro_Plugin {

	/**
	 * Whether the core plugin is loaded: its class map autoloads its runtime
	 * classes, and is registered only when core is active.
	 *
	 * @return bool
	 */
	public static function core_available(): bool {
		return class_exists( 'MVS_REST_Controller' ) && class_exists( 'MVS_Errors' );
	}

	/**
	 * Loads and wires the extension, or shows why it cannot run.
	 */
	public static function boot(): void {
		if ( ! self::core_available() ) {
			add_action( 'admin_notices', array( __CLASS__, 'missing_core_notice' ) );
			// Nothing of Pro runs without core: nor does its job stay scheduled.
			MVS_Pro_Push_Receipts::unschedule();
			return;
		}
		MVS_Pro_Schema::register_tables();
		MVS_Pro_Schema::migrate();
		add_filter( 'mvs_rest_gated_route_prefixes', array( 'MVS_Pro_Routes', 'gated_prefixes' ) );
		add_filter( 'mvs_account_erasure_plan', array( __CLASS__, 'erasure_plan' ) );
		// The credit log is the member's usage ledger (the core's GET /me/transactions).
		add_filter( 'mvs_usage_ledger_page', array( 'MVS_Pro_Credit_Ledger', 'usage_ledger_page' ), 10, 4 );
		MVS_Pro_Extension_Fields::register();
		MVS_Pro_Quota_Enforcer::register();
		MVS_Pro_Push_Delivery::register();
		MVS_Pro_Push_Receipts::register();
		MVS_Pro_Usage_Widget::register();
		MVS_Pro_Member_Count::register();
		add_action( 'rest_api_init', array( __CLASS__, 'register_routes' ) );
		MVS_Pro_Admin::register();
		add_action( 'init', array( __CLASS__, 'load_textdomain' ) );
	}

	/**
	 * Registers the mvs-pro/v1 routes where a request can reach them (core's MVS_Rest_Route_Scope).
	 */
	public static function register_routes(): void {
		MVS_Rest_Route_Scope::register_routes( MVS_Pro_Routes::REST_NAMESPACE, array( 'MVS_Pro_Routes', 'register' ) );
	}

	/**
	 * Activation creates the tables when core is present; without core the
	 * notice explains what to do and nothing is written.
	 */
	public static function activate(): void {
		if ( ! self::core_available() ) {
			return;
		}
		MVS_Pro_Schema::register_tables();
		MVS_Pro_Schema::migrate();
	}

	/**
	 * Deactivation: no job of Pro stays scheduled (data stays).
	 */
	public static function deactivate(): void {
		MVS_Pro_Push_Receipts::unschedule();
	}

	/**
	 * Filter mvs_account_erasure_plan: the extension's tables join the core's
	 * erasure when a member is deleted.
	 *
	 * @param array $plan Entries so far.
	 * @return array
	 */
	public static function erasure_plan( $plan ): array {
		return array_merge( (array) $plan, MVS_Pro_Personal_Data::plan() );
	}

	/**
	 * Loads translations.
	 */
	public static function load_textdomain(): void {
		load_plugin_textdomain( 'media-community-service-pro', false, dirname( plugin_basename( MVS_PRO_PLUGIN_FILE ) ) . '/languages' );
	}

	/**
	 * Explains that the core plugin is required.
	 */
	public static function missing_core_notice(): void {
		if ( ! current_user_can( 'activate_plugins' ) ) {
			return;
		}
		printf(
			'<div class="notice notice-error"><p>%s</p></div>',
			esc_html__( 'Media Community Service Pro needs the Media Community Service plugin. Install and activate it to use quotas.', 'media-community-service-pro' )
		);
	}
}
