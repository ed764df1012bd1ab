<?php
/**
 * Bootstraps the core plugin: loads code, wires hooks, runs migrations.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Plugin lifecycle and hook wiring. Domain logic lives in the services.
 */
final class MVS_Plugin {

	/**
	 * Loads every file of the plugin. Order: support code the generated code
	 * depends on, the generated code, then the hand-written services.
	 */
	public static function load(): void {
		$dir = MVS_PLUGIN_DIR . '/includes/';
		require_once $dir . 'support/class-mvs-settings.php';
		require_once $dir . 'support/class-mvs-rate-limiter.php';
		require_once $dir . 'files/class-mvs-active-content.php';
		require_once $dir . 'rest/class-mvs-sanitize.php';
		require_once $dir . 'rest/class-mvs-page.php';
		require_once $dir . 'rest/class-mvs-rest-controller.php';
		require_once $dir . 'rest/class-mvs-community-gate.php';
		require_once MVS_PLUGIN_DIR . '/generated/load.php';
		require_once $dir . 'support/class-mvs-ownership.php';
		require_once $dir . 'media/class-mvs-taxonomies.php';
		require_once $dir . 'media/class-mvs-media-visibility.php';
		require_once $dir . 'media/class-mvs-media-repository.php';
		require_once $dir . 'media/class-mvs-media-presenter.php';
		require_once $dir . 'media/class-mvs-upload-validator.php';
		require_once $dir . 'media/class-mvs-media-service.php';
		require_once $dir . 'storage/interface-mvs-storage-driver.php';
		require_once $dir . 'storage/class-mvs-local-storage.php';
		require_once $dir . 'storage/class-mvs-storage.php';
		require_once $dir . 'media/class-mvs-image-sizes.php';
		require_once $dir . 'files/class-mvs-url-signer.php';
		require_once $dir . 'files/class-mvs-file-response.php';
		require_once $dir . 'files/class-mvs-file-server.php';
		require_once $dir . 'files/class-mvs-file-purge.php';
		require_once $dir . 'media/class-mvs-media-counters.php';
		require_once $dir . 'media/class-mvs-media-activity.php';
		require_once $dir . 'media/class-mvs-media-bulk.php';
		require_once $dir . 'tags/class-mvs-media-terms.php';
		require_once $dir . 'tags/class-mvs-tag-repository.php';
		require_once $dir . 'tags/class-mvs-tags-service.php';
		require_once $dir . 'albums/class-mvs-album-repository.php';
		require_once $dir . 'albums/class-mvs-album-presenter.php';
		require_once $dir . 'albums/class-mvs-albums-service.php';
		require_once $dir . 'ai/interface-mvs-ai-provider.php';
		require_once $dir . 'ai/class-mvs-ai-local-provider.php';
		require_once $dir . 'ai/class-mvs-ai-endpoint.php';
		require_once $dir . 'ai/class-mvs-ai-http-provider.php';
		require_once $dir . 'ai/class-mvs-ai-service.php';
		require_once $dir . 'moderation/class-mvs-moderation-repository.php';
		require_once $dir . 'moderation/class-mvs-moderation-service.php';
		require_once $dir . 'moderation/class-mvs-reports-service.php';
		require_once $dir . 'moderation/class-mvs-blocks-service.php';
		require_once $dir . 'settings/class-mvs-settings-service.php';
		require_once $dir . 'admin/class-mvs-admin-queue-count.php';
		require_once $dir . 'admin/class-mvs-admin.php';
	}

	/**
	 * Wires hooks; called once when the plugin file loads.
	 */
	public static function boot(): void {
		self::load();
		MVS_Core_Schema::register_tables();
		MVS_Settings::register();
		MVS_Community_Gate::register();
		MVS_Taxonomies::register();
		add_filter( 'mvs_rest_gated_route_prefixes', array( 'MVS_Core_Routes', 'gated_prefixes' ) );
		add_action( 'plugins_loaded', array( __CLASS__, 'maybe_upgrade' ) );
		add_action( 'init', array( __CLASS__, 'load_textdomain' ) );
		add_action( 'rest_api_init', array( __CLASS__, 'register_routes' ) );
		add_action( MVS_Rate_Limiter::CRON_HOOK, array( 'MVS_Rate_Limiter', 'purge_expired' ) );
		// GET /serve answers with file bytes, not JSON.
		add_filter( 'rest_pre_serve_request', array( 'MVS_File_Response', 'maybe_stream' ), 10, 3 );
		add_filter( 'rest_post_dispatch', array( 'MVS_File_Response', 'ignore_fields_filter' ), 9, 3 );
		add_action( MVS_Media_Counters::DECAY_HOOK, array( 'MVS_Media_Counters', 'decay_trending' ) );
		add_action( MVS_Media_Counters::PURGE_VIEWS_HOOK, array( 'MVS_Media_Counters', 'purge_view_log' ) );
		add_action( 'init', array( 'MVS_Media_Counters', 'schedule' ) );
		MVS_AI_Service::register();
		MVS_File_Purge::register();
		MVS_Admin::register();
	}

	/**
	 * Registers every mvs/v1 route.
	 */
	public static function register_routes(): void {
		MVS_Core_Routes::register( new MVS_Ownership() );
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
		if ( ! wp_next_scheduled( MVS_Rate_Limiter::CRON_HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'hourly', MVS_Rate_Limiter::CRON_HOOK );
		}
		MVS_Media_Counters::schedule();
		// The signing secret exists before the first URL is signed.
		MVS_Url_Signer::secret();
	}

	/**
	 * Deactivation keeps data and capabilities (uninstall removes them) but
	 * stops scheduled work.
	 */
	public static function deactivate(): void {
		wp_clear_scheduled_hook( MVS_Rate_Limiter::CRON_HOOK );
		MVS_Media_Counters::unschedule();
	}
}
