<?php
/**
 * Test harness, lifecycle: what the plugins leave on the site, every job
 * armed before deactivation, uninstall and activation run in a request,
 * active_plugins edited without hooks, and an install of an older schema
 * migrated.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/** Option set while a spec holds WP-Cron (not mvs_-prefixed: the lifecycle state lists those). */
const MVS_TEST_HOLD_CRON = 'mvs-test-hold-cron';

add_filter(
	'pre_get_ready_cron_jobs',
	static function ( $pre ) {
		return get_option( MVS_TEST_HOLD_CRON ) ? array() : $pre;
	}
);

/**
 * What the plugins have left on the site: tables, options, capabilities,
 * roles, scheduled WP-Cron hooks and taxonomy terms.
 *
 * @return array
 */
function mvs_test_lifecycle_state(): array {
	global $wpdb;
	$tables = array();
	foreach ( $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $wpdb->prefix . 'mvs_' ) . '%' ) ) as $table ) { // phpcs:ignore WordPress.DB
		$tables[] = substr( $table, strlen( $wpdb->prefix ) );
	}
	sort( $tables );
	$options = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s ORDER BY option_name", $wpdb->esc_like( 'mvs_' ) . '%' ) ); // phpcs:ignore WordPress.DB
	$roles   = array();
	$caps    = array();
	$all     = array( 'upload_mvs_media', 'edit_mvs_medias', 'edit_others_mvs_medias', 'delete_mvs_medias', 'delete_others_mvs_medias', 'moderate_mvs_media', 'manage_mvs_access', 'manage_mvs_settings' );
	// Read the stored roles, not the in-memory copy, so the answer reflects the database.
	$stored = get_option( $wpdb->prefix . 'user_roles', array() );
	foreach ( $stored as $slug => $role ) {
		if ( 0 === strpos( $slug, 'mvs_' ) ) {
			$roles[] = $slug;
		}
		foreach ( array_keys( array_filter( (array) $role['capabilities'] ) ) as $cap ) {
			if ( in_array( $cap, $all, true ) ) {
				$caps[] = "$slug:$cap";
			}
		}
	}
	$terms = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->term_taxonomy} WHERE taxonomy IN (%s, %s)", 'mvs_tag', 'mvs_category' ) ); // phpcs:ignore WordPress.DB
	// Read the stored cron option, like the roles above.
	$cron = array();
	foreach ( (array) get_option( 'cron', array() ) as $events ) {
		foreach ( is_array( $events ) ? array_keys( $events ) : array() as $hook ) {
			if ( 0 === strpos( (string) $hook, 'mvs_' ) ) {
				$cron[] = (string) $hook;
			}
		}
	}
	$cron = array_values( array_unique( $cron ) );
	sort( $cron );
	return array(
		'tables'         => $tables,
		'options'        => $options,
		'capabilities'   => $caps,
		'roles'          => $roles,
		'cron_hooks'     => $cron,
		'terms'          => $terms,
	);
}

add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'mvs-test/v1',
			'/lifecycle',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					global $wpdb;
					$state = mvs_test_lifecycle_state();
					// Read after the cron option: a refill run finishing in between empties both.
					$state['rows_without_terms_copy'] = in_array( 'mvs_media', $state['tables'], true ) ? (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}mvs_media WHERE terms_copy IS NULL" ) : 0; // phpcs:ignore WordPress.DB
					return $state;
				},
			)
		);
		// Schedules every job of MVS_Lifecycle_Registry that is not scheduled
		// (one-off jobs have none while they have no work), so deactivation
		// is seen clearing each of them.
		register_rest_route(
			'mvs-test/v1',
			'/lifecycle/arm-jobs',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					foreach ( array_keys( MVS_Lifecycle_Registry::jobs() ) as $hook ) {
						if ( ! wp_next_scheduled( $hook ) ) {
							wp_schedule_single_event( time() + HOUR_IN_SECONDS, $hook );
						}
					}
					return mvs_test_lifecycle_state();
				},
			)
		);
		// Holds WP-Cron (no run starts; a run already loading finds nothing
		// due) and reports whether a run still holds the cron lock. A run
		// that loaded the cron option before a deactivation writes it back
		// afterwards, scheduling every hook again (WordPress's own race):
		// the deactivation spec waits until no run is in flight.
		register_rest_route(
			'mvs-test/v1',
			'/lifecycle/hold-cron',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'hold' => array(
						'type'     => 'boolean',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					if ( $request['hold'] ) {
						update_option( MVS_TEST_HOLD_CRON, 1, false );
					} else {
						delete_option( MVS_TEST_HOLD_CRON );
					}
					$lock = (float) get_transient( 'doing_cron' );
					return array(
						'held'         => (bool) $request['hold'],
						'cron_running' => $lock > microtime( true ) - WP_CRON_LOCK_TIMEOUT,
					);
				},
			)
		);
		// Runs core's activation in this request, with every media row's terms
		// copy written first and then, when asked, the newest row's copy
		// emptied (a row whose refill was pending at deactivation), and
		// reports whether activation scheduled the refill. One request: no
		// WP-Cron run can fill or take the event in between, as it could
		// between the plugins route and a later read.
		register_rest_route(
			'mvs-test/v1',
			'/activation-refill',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'missing' => array(
						'type'     => 'boolean',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					// The refill job itself, run now (within its time budget; rows it leaves show in the answer).
					MVS_Media_Terms_Copy_Refill::refill_job();
					if ( $request['missing'] ) {
						$newest = (int) $wpdb->get_var( "SELECT MAX(id) FROM {$wpdb->prefix}mvs_media" ); // phpcs:ignore WordPress.DB
						if ( ! $newest ) {
							return new WP_Error( 'mvs_test_no_media', 'activation-refill needs a media row.', array( 'status' => 409 ) );
						}
						$wpdb->update( $wpdb->prefix . 'mvs_media', array( 'terms_copy' => null ), array( 'id' => $newest ) ); // phpcs:ignore WordPress.DB
					}
					wp_clear_scheduled_hook( MVS_Media_Terms_Copy_Refill::REFILL_HOOK );
					MVS_Plugin::activate();
					return array(
						'rows_without_terms_copy' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}mvs_media WHERE terms_copy IS NULL" ), // phpcs:ignore WordPress.DB
						'refill_scheduled'        => false !== wp_next_scheduled( MVS_Media_Terms_Copy_Refill::REFILL_HOOK ),
					);
				},
			)
		);
		// Runs both plugins' uninstall.php in this request and reports what is
		// left; first stores every option of MVS_Lifecycle_Registry not set
		// yet, so uninstall is seen removing each of them.
		register_rest_route(
			'mvs-test/v1',
			'/uninstall',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					foreach ( array_keys( MVS_Lifecycle_Registry::options() ) as $option ) {
						add_option( $option, 'armed', '', false );
					}
					$before = mvs_test_lifecycle_state();
					defined( 'WP_UNINSTALL_PLUGIN' ) || define( 'WP_UNINSTALL_PLUGIN', 'media-community-service-pro/media-community-service-pro.php' );
					include WP_PLUGIN_DIR . '/media-community-service-pro/uninstall.php';
					include WP_PLUGIN_DIR . '/media-community-service/uninstall.php';
					return array(
						'before' => $before,
						'after'  => mvs_test_lifecycle_state(),
					);
				},
			)
		);
		// Puts a plugin into, or takes it out of, active_plugins directly, as a site owner editing the
		// option (or a host's tooling) does: no activation or deactivation hook runs.
		register_rest_route(
			'mvs-test/v1',
			'/active-plugins',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'plugin' => array(
						'type'     => 'string',
						'required' => true,
					),
					'active' => array(
						'type'     => 'boolean',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					$plugin = (string) $request['plugin'];
					$active = array_values( array_diff( (array) get_option( 'active_plugins', array() ), array( $plugin ) ) );
					if ( $request['active'] ) {
						$active[] = $plugin;
					}
					update_option( 'active_plugins', $active );
					return array( 'active_plugins' => $active );
				},
			)
		);
		// Simulates an install of an older schema version (a missing table,
		// column and index, and an old version number) holding data, then runs
		// the migration as an update would.
		register_rest_route(
			'mvs-test/v1',
			'/upgrade-from-old-schema',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					global $wpdb;
					$media = $wpdb->prefix . 'mvs_media';
					$kept  = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$media}" ); // phpcs:ignore WordPress.DB
					// "Version 0" (an integer, as versions were before they were derived
					// from the declared shape) had neither the trending column nor its
					// index, and `popular` without the privacy column.
					$wpdb->query( "ALTER TABLE {$media} DROP INDEX popular, DROP INDEX trending, DROP COLUMN trending_score, ADD KEY popular (moderation_status, views)" ); // phpcs:ignore WordPress.DB
					$wpdb->query( "DROP TABLE {$wpdb->prefix}mvs_usage_ledger" ); // phpcs:ignore WordPress.DB
					update_option( MVS_Core_Schema::VERSION_OPTION, 0 );
					$migrated = MVS_Core_Schema::migrate();
					return array(
						'migrated'    => $migrated,
						'rows_before' => $kept,
						'rows_after'  => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$media}" ), // phpcs:ignore WordPress.DB
						'version'     => (string) get_option( MVS_Core_Schema::VERSION_OPTION ),
					);
				},
			)
		);
	}
);
