<?php
/**
 * Bootstraps the core plugin: wires hooks, runs migrations. Classes load on
 * first use through the generated class map (MVS_Core_Class_Map).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Plugin lifecycle and hook wiring. Domain logic lives in the services.
 */
final class MVS_Plugin {

	/**
	 * Wires hooks; called once when the plugin file loads.
	 */
	public static function boot(): void {
		MVS_Core_Schema::register_tables();
		MVS_Settings::register();
		MVS_Community_Gate::register();
		MVS_Credentials::register();
		MVS_Cors::register();
		MVS_Taxonomies::register();
		// Every scheduled job's handler, and its schedule on init.
		MVS_Lifecycle_Registry::register();
		add_filter( 'mvs_rest_gated_route_prefixes', array( 'MVS_Core_Routes', 'gated_prefixes' ) );
		add_action( 'plugins_loaded', array( __CLASS__, 'maybe_upgrade' ) );
		add_action( 'mvs_schema_migrated', array( 'MVS_Url_Signer', 'autoload_secret' ) );
		add_action( 'init', array( __CLASS__, 'load_textdomain' ) );
		add_action( 'rest_api_init', array( __CLASS__, 'register_routes' ) );
		// GET /serve answers with file bytes, not JSON: after every filter that still sends headers (CORS at 10).
		add_filter( 'rest_pre_serve_request', array( 'MVS_File_Response', 'maybe_stream' ), 100, 3 );
		MVS_Conditional_Get::register();
		add_filter( 'rest_post_dispatch', array( 'MVS_File_Response', 'ignore_fields_filter' ), 9, 3 );
		// Before the /serve paths, which decide before init: access rules and grants are part of the visibility policy.
		MVS_Access_Visibility::register();
		MVS_Serve_Fast_Path::register();
		MVS_Serve_Lean::register();
		add_action( 'mvs_schema_migrated', array( 'MVS_Trending_Score', 'on_migrated' ), 10, 2 );
		MVS_Media_Terms_Copy_Invalidation::register();
		MVS_Media_Terms_Copy_Refill::register();
		MVS_AI_Service::register();
		MVS_Image_Match::register();
		MVS_Reaction_Notices::register();
		MVS_Activity_Recorder::register();
		MVS_Unread_Count::register();
		MVS_File_Purge::register();
		MVS_Account_Eraser::register();
		MVS_Privacy_Tools::register();
		MVS_App_Interests_Cache::register();
		MVS_Rest_Nonce_Service::register();
		MVS_App_Connect::register();
		MVS_User_Search_Index::register();
		MVS_User_Suggestions::register();
		MVS_Avatar_Filter::register();
		MVS_Admin::register();
		MVS_Admin_Welcome::register();
		MVS_Overview_Widget::register();
		MVS_Site_Health::register();
		MVS_Member_Suspension::register();
	}

	/**
	 * Registers the mvs/v1 routes where a request can reach them (MVS_Rest_Route_Scope).
	 */
	public static function register_routes(): void {
		MVS_Rest_Route_Scope::register_routes( MVS_Core_Routes::REST_NAMESPACE, array( __CLASS__, 'register_all_routes' ) );
	}

	/**
	 * Registers every mvs/v1 route.
	 */
	public static function register_all_routes(): void {
		MVS_Core_Routes::register( new MVS_Core_Ownership() );
	}

	/**
	 * Upgrades the tables in place after a plugin update (no reactivation needed).
	 */
	public static function maybe_upgrade(): void {
		MVS_Core_Schema::migrate();
	}

	/**
	 * Loads translations.
	 */
	public static function load_textdomain(): void {
		load_plugin_textdomain( 'media-community-service', false, dirname( plugin_basename( MVS_PLUGIN_FILE ) ) . '/languages' );
	}

	/**
	 * Activation: tables, capabilities, default settings, scheduled clean-up.
	 */
	public static function activate(): void {
		MVS_Core_Schema::register_tables();
		MVS_Core_Schema::migrate();
		MVS_Core_Capabilities::grant();
		MVS_Settings::install_defaults();
		// Recurring jobs, and one-off jobs with work left (a refill pending at deactivation, a rebuild).
		MVS_Lifecycle_Registry::schedule( true );
		// The signing secret exists before the first URL is signed.
		MVS_Url_Signer::secret();
	}

	/**
	 * Deactivation keeps data and capabilities (uninstall removes them) but
	 * stops scheduled work and drops the records that must not outlive the
	 * active plugin (the lean /serve entry's).
	 */
	public static function deactivate(): void {
		MVS_Lifecycle_Registry::unschedule();
	}
}
