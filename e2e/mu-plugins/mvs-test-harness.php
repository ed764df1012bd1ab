<?php
/**
 * Plugin Name: MVS e2e test harness (test sites only, never shipped)
 * Description: Query counting and fixture set-up for the end-to-end suite.
 *
 * Mounted into the Playground test site by e2e/site/site.mjs. It adds:
 * - PHP notices for _doing_it_wrong() about the plugins' functions, also
 *   during REST requests (where WordPress only sends a header);
 * - X-MVS-Queries and X-MVS-Time-Ms headers: SQL queries run, and time
 *   spent, while dispatching the REST request (permission checks, rate
 *   limiter, handler), for query budgets; X-MVS-Query-Ms, the SQL time, when
 *   SAVEQUERIES is on; X-MVS-Memory-Peak, the request's peak PHP memory in
 *   bytes (stack/bench/run.mjs);
 * - mvs-test/v1 routes, for administrators only, for what the product
 *   cannot do: control time (rate-limit windows, ageing, cron runs), inject
 *   faults, look at the database and the disk, and insert rows of features
 *   whose REST routes are not built yet (so owner-scoped permission checks
 *   can be exercised). Such a stand-in goes when its feature ships, and the
 *   specs then create those rows through the API: codegen/test/harness.test.ts
 *   fails while a stand-in writes rows of an implemented feature.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

// During REST requests WordPress turns _doing_it_wrong() into an
// X-WP-DoingItWrong header instead of a PHP notice. For the plugins' own
// functions (e.g. a handler error code its route does not declare, an
// unknown code passed to MVS_Errors::make()) the notice is wanted: the e2e
// runner fails the run on it, whichever spec caused it.
add_filter(
	'doing_it_wrong_trigger_error',
	static function ( $trigger, $function_name ) {
		return $trigger || 0 === strpos( (string) $function_name, 'MVS_' );
	},
	20,
	2
);

// Records the SQL of the dispatch when the caller asks (?mvs_debug_queries=1), to explain a budget.
add_filter(
	'query',
	static function ( $sql ) {
		global $mvs_test_queries_before, $mvs_test_query_log;
		if ( null !== $mvs_test_queries_before && isset( $_GET['mvs_debug_queries'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification
			$mvs_test_query_log[] = preg_replace( '/\s+/', ' ', $sql );
		}
		return $sql;
	}
);

// X-MVS-Test-Fail-Query: <fragment> makes the write statements (INSERT, UPDATE,
// DELETE) containing the fragment fail, for administrators only, so specs can
// prove that a failure half-way through a batch rolls everything back.
add_filter(
	'query',
	static function ( $sql ) {
		static $checking = false;
		if ( $checking || ! isset( $_SERVER['HTTP_X_MVS_TEST_FAIL_QUERY'] ) || ! did_action( 'rest_api_init' ) ) {
			return $sql;
		}
		$fragment = mvs_test_header( 'HTTP_X_MVS_TEST_FAIL_QUERY' );
		$flat     = preg_replace( '/\s+/', ' ', (string) $sql );
		if ( '' === $fragment || ! preg_match( '/^\s*(INSERT|UPDATE|DELETE)\b/i', $flat ) || false === strpos( $flat, $fragment ) ) {
			return $sql;
		}
		// Loading the user runs queries of its own, which come back through this filter.
		$checking = true;
		$admin    = current_user_can( 'manage_options' );
		$checking = false;
		return $admin ? 'DELETE FROM mvs_test_forced_failure' : $sql;
	}
);

/**
 * Starts counting the dispatch's queries and time (rest_pre_dispatch, first of all).
 *
 * @param mixed $result Short-circuit value, passed on untouched.
 * @return mixed
 */
function mvs_test_dispatch_started( $result ) {
	global $wpdb, $mvs_test_queries_before, $mvs_test_started;
	$mvs_test_queries_before = (int) $wpdb->num_queries;
	$mvs_test_started        = microtime( true );
	return $result;
}
add_filter( 'rest_pre_dispatch', 'mvs_test_dispatch_started', -1000 );

add_filter(
	'rest_post_dispatch',
	static function ( $response ) {
		global $wpdb, $mvs_test_queries_before;
		if ( $response instanceof WP_REST_Response && null !== $mvs_test_queries_before ) {
			global $mvs_test_started;
			$response->header( 'X-MVS-Queries', (string) ( (int) $wpdb->num_queries - (int) $mvs_test_queries_before ) );
			// Time spent dispatching (permission checks, handler), and in SQL when SAVEQUERIES records timings.
			$response->header( 'X-MVS-Time-Ms', (string) round( ( microtime( true ) - $mvs_test_started ) * 1000, 2 ) );
			// Peak PHP memory of the request so far, in bytes (the bench's memory column): the
			// response is built by now; only its JSON encoding, after the headers, is not counted.
			$response->header( 'X-MVS-Memory-Peak', (string) memory_get_peak_usage() );
			if ( defined( 'SAVEQUERIES' ) && SAVEQUERIES && is_array( $wpdb->queries ) ) {
				$sql_seconds = 0.0;
				foreach ( array_slice( $wpdb->queries, (int) $mvs_test_queries_before ) as $entry ) {
					$sql_seconds += (float) $entry[1];
				}
				$response->header( 'X-MVS-Query-Ms', (string) round( $sql_seconds * 1000, 2 ) );
			}
			global $mvs_test_query_log;
			if ( $mvs_test_query_log ) {
				$response->header( 'X-MVS-Query-Log', wp_json_encode( $mvs_test_query_log ) );
			}
		}
		return $response;
	},
	1000
);

// Records mvs_push_send per recipient (a transient per user: no shared
// read-modify-write between parallel tests; not prefixed mvs_, which uninstall owns).
add_action(
	'mvs_push_send',
	static function ( $user_id, $tokens, $payload ) {
		$sent   = get_transient( 'e2e_push_' . $user_id ) ?: array(); // phpcs:ignore Universal.Operators.DisallowShortTernary
		$sent[] = array(
			'tokens'  => $tokens,
			'payload' => $payload,
		);
		set_transient( 'e2e_push_' . $user_id, $sent, HOUR_IN_SECONDS );
	},
	10,
	3
);

// X-MVS-Test-Push-Veto: 1 makes mvs_push_should_send say no for the
// request, as a site's quiet-hours integration would (notifications.spec.ts).
add_filter(
	'mvs_push_should_send',
	static function ( $send ) {
		return '1' === mvs_test_header( 'HTTP_X_MVS_TEST_PUSH_VETO' ) ? false : $send;
	}
);

// Records mvs_reaction_set per item, read back through GET
// /mvs-test/v1/reaction-events/<media id> (what a subscriber would receive).
add_action(
	'mvs_reaction_set',
	static function ( $media_id, $user_id, $type, $previous ) {
		$seen   = get_transient( 'e2e_reaction_' . $media_id );
		$seen   = is_array( $seen ) ? $seen : array();
		$seen[] = array( $user_id, $type, $previous );
		set_transient( 'e2e_reaction_' . $media_id, $seen, HOUR_IN_SECONDS );
	},
	10,
	4
);

// X-MVS-Test-Reaction-Types: <slug,slug,...> replaces the reaction types for
// the request, as a site's mvs_reaction_types filter would.
add_filter(
	'mvs_reaction_types',
	static function ( $types ) {
		$listed = mvs_test_header( 'HTTP_X_MVS_TEST_REACTION_TYPES' );
		return '' === $listed ? $types : explode( ',', $listed );
	}
);

// X-MVS-Test-App-Features: <name=0|1,...> sets feature toggles of GET
// /app/config for the request, as an extension's mvs_app_config_features
// filter would (app-config.site-wide.spec.ts).
add_filter(
	'mvs_app_config_features',
	static function ( $features ) {
		$listed = mvs_test_header( 'HTTP_X_MVS_TEST_APP_FEATURES' );
		foreach ( '' === $listed ? array() : explode( ',', $listed ) as $pair ) {
			$parts                 = explode( '=', $pair, 2 );
			$features[ $parts[0] ] = isset( $parts[1] ) ? $parts[1] : '';
		}
		return $features;
	}
);

// Records mvs_purge_file_urls per item (as a CDN integration would see it),
// read back through GET /mvs-test/v1/purges/<media id>.
add_action(
	'mvs_purge_file_urls',
	static function ( $urls, $media_id, $reason ) {
		$seen   = get_transient( 'e2e_purge_' . $media_id );
		$seen   = is_array( $seen ) ? $seen : array();
		$seen[] = array(
			'reason' => $reason,
			'urls'   => $urls,
		);
		set_transient( 'e2e_purge_' . $media_id, $seen, HOUR_IN_SECONDS );
	},
	10,
	3
);

// Group membership set by POST /mvs-test/v1/user-groups.
add_filter(
	'mvs_user_group_ids',
	static function ( $groups, $user_id ) {
		$test = get_user_meta( (int) $user_id, 'mvs_test_group_ids', true );
		return is_array( $test ) ? array_merge( (array) $groups, $test ) : $groups;
	},
	10,
	2
);

add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'mvs-test/v1',
			'/reaction-events/(?P<id>\d+)',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function ( $request ) {
					$seen = get_transient( 'e2e_reaction_' . (int) $request['id'] );
					return is_array( $seen ) ? $seen : array();
				},
			)
		);
		register_rest_route(
			'mvs-test/v1',
			'/purges/(?P<id>\d+)',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function ( $request ) {
					$seen = get_transient( 'e2e_purge_' . (int) $request['id'] );
					return is_array( $seen ) ? $seen : array();
				},
			)
		);
		register_rest_route(
			'mvs-test/v1',
			'/reset-rate-limits',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					global $wpdb;
					$wpdb->query( "DELETE FROM {$wpdb->prefix}mvs_rate_limits" ); // phpcs:ignore WordPress.DB
					return array( 'reset' => true );
				},
			)
		);
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
		// Item delete: how many rows of each media reference of the generated
		// delete plan still name an item.
		register_rest_route(
			'mvs-test/v1',
			'/media-refs',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'media_id' => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$counts = array();
					foreach ( MVS_Core_Media_Delete_Plan::plan() as $entry ) {
						$table = $wpdb->prefix . $entry['table'];
						$counts[ $entry['table'] . '.' . $entry['column'] ] = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE %i = %d', $table, $entry['column'], (int) $request['media_id'] ) ); // phpcs:ignore WordPress.DB
					}
					return $counts;
				},
			)
		);
		// Rows that reference an item in the tables no route of the contract
		// writes yet, for the item delete to clean up (media-delete-plan.spec).
		register_rest_route(
			'mvs-test/v1',
			'/media-refs/seed',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'media_id' => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$id = (int) $request['media_id'];
					$wpdb->insert( $wpdb->mvs_collection_items, array( 'media_id' => $id ) ); // phpcs:ignore WordPress.DB
					$wpdb->insert( $wpdb->mvs_access_rules, array( 'media_id' => $id ) ); // phpcs:ignore WordPress.DB
					$wpdb->insert( $wpdb->mvs_access_grants, array( 'media_id' => $id ) ); // phpcs:ignore WordPress.DB
					$wpdb->insert( $wpdb->mvs_messages, array( 'media_id' => $id ) ); // phpcs:ignore WordPress.DB
					return array( 'seeded' => true );
				},
			)
		);
		// Account erasure: how many rows of each erasure-plan column still name a user.
		register_rest_route(
			'mvs-test/v1',
			'/erasure-rows',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'user_id' => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$counts = array();
					foreach ( MVS_Account_Eraser::plan() as $entry ) {
						$table = $wpdb->prefix . $entry['table'];
						$counts[ $entry['table'] . '.' . $entry['column'] ] = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE %i = %d', $table, $entry['column'], (int) $request['user_id'] ) ); // phpcs:ignore WordPress.DB
					}
					return $counts;
				},
			)
		);
		// Database introspection for the schema and EXPLAIN checks on MariaDB.
		register_rest_route(
			'mvs-test/v1',
			'/db',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					global $wpdb;
					return array(
						'engine'  => $wpdb instanceof WP_SQLite_DB ? 'sqlite' : 'mysql',
						'version' => $wpdb->db_server_info(),
					);
				},
			)
		);
		register_rest_route(
			'mvs-test/v1',
			'/table-shape',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'table' => array(
						'type'     => 'string',
						'pattern'  => '^mvs_[a-z_]+$',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$table = $wpdb->prefix . $request['table'];
					return array(
						'columns' => $wpdb->get_results( $wpdb->prepare( 'SHOW FULL COLUMNS FROM %i', $table ), ARRAY_A ), // phpcs:ignore WordPress.DB
						'indexes' => $wpdb->get_results( $wpdb->prepare( 'SHOW INDEX FROM %i', $table ), ARRAY_A ), // phpcs:ignore WordPress.DB
					);
				},
			)
		);
		register_rest_route(
			'mvs-test/v1',
			'/explain',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'sql' => array(
						'type'     => 'string',
						'pattern'  => '^(SELECT|UPDATE|DELETE) ',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					// Test-only: the statement comes from X-MVS-Query-Log of this very site.
					return $wpdb->get_results( 'EXPLAIN ' . $request['sql'], ARRAY_A ); // phpcs:ignore WordPress.DB
				},
			)
		);
		// Community group membership for a user (what BuddyPress would answer
		// through mvs_user_group_ids; see the filter above).
		register_rest_route(
			'mvs-test/v1',
			'/user-groups',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'user_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
					'groups'  => array(
						'type'     => 'array',
						'items'    => array( 'type' => 'integer' ),
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					update_user_meta( (int) $request['user_id'], 'mvs_test_group_ids', array_map( 'absint', (array) $request['groups'] ) );
					return array( 'groups' => (array) $request['groups'] );
				},
			)
		);
		// The list totals against a full recount (GET: the drift, empty when
		// exact; the run fails on any, see e2e/site/run-tests.mjs), and the
		// rebuild from scratch in batches (POST, with an optional batch size).
		register_rest_route(
			'mvs-test/v1',
			'/media-totals',
			array(
				array(
					'methods'             => 'GET',
					'permission_callback' => 'mvs_test_admin_only',
					'callback'            => static function () {
						return array(
							'ready' => MVS_Media_Totals::ready(),
							'drift' => ( new MVS_Media_Totals_Verifier() )->drift(),
						);
					},
				),
				array(
					'methods'             => 'POST',
					'permission_callback' => 'mvs_test_admin_only',
					'callback'            => static function () {
						( new MVS_Media_Totals_Rebuild() )->reset();
						$batches = 1;
						while ( ! MVS_Media_Totals::rebuild() ) {
							++$batches;
						}
						return array(
							'batches' => $batches,
							'drift'   => ( new MVS_Media_Totals_Verifier() )->drift(),
						);
					},
				),
			)
		);
		// The daily check (MVS_Media_Totals_Verifier::verify_and_heal()), through its cron hook,
		// `times` runs now (WP-Cron would wait a minute between runs) or until
		// it has checked every unit; `budget` seconds per run (0: one unit a
		// run). Answers the differences it found, whether it rebuilt the totals
		// (then finished here, as the rebuild's cron chain would) and the
		// statements it ran, for EXPLAIN.
		register_rest_route(
			'mvs-test/v1',
			'/media-totals/verify',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'times'  => array(
						'type'    => 'integer',
						'minimum' => 1,
						'maximum' => 100000,
						'default' => 1,
					),
					'budget' => array(
						'type'    => 'number',
						'minimum' => 0,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					$budget = static function () use ( $request ) {
						return (float) $request['budget'];
					};
					if ( null !== $request['budget'] ) {
						add_filter( 'mvs_media_totals_verify_budget', $budget );
					}
					$drift      = array();
					$runs       = 0;
					$pending    = false;
					$statements = mvs_test_statements_of(
						static function () use ( $request, &$drift, &$runs, &$pending ) {
							do {
								++$runs;
								$drift   = array_merge( $drift, (array) MVS_Media_Totals::verify_and_heal() );
								$pending = false !== get_option( MVS_Media_Totals_Verifier::CURSOR_OPTION );
							} while ( $pending && $runs < (int) $request['times'] );
						}
					);
					remove_filter( 'mvs_media_totals_verify_budget', $budget );
					// The next run a partial check scheduled runs when the test says, not when WP-Cron next spawns.
					$next = wp_next_scheduled( MVS_Media_Totals_Verifier::HOOK );
					while ( $next && $next < time() + HOUR_IN_SECONDS ) {
						wp_unschedule_event( $next, MVS_Media_Totals_Verifier::HOOK );
						$next = wp_next_scheduled( MVS_Media_Totals_Verifier::HOOK );
					}
					$rebuilt = ! MVS_Media_Totals::ready();
					while ( ! MVS_Media_Totals::rebuild() ) {
						continue;
					}
					return array(
						'runs'       => $runs,
						'pending'    => $pending,
						'drift'      => $drift,
						'rebuilt'    => $rebuilt,
						'statements' => $statements,
					);
				},
			)
		);
		// A write around the plugin, as another plugin or a raw SQL session would
		// make it, for the daily check of the list totals to find: on the item
		// `media_id` and its tag `tag`, one of `kind`. Answers the rows it changed.
		register_rest_route(
			'mvs-test/v1',
			'/media-totals/corrupt',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'kind'     => array(
						'type'     => 'string',
						'enum'     => array( 'term-total', 'site-total', 'listing-missing', 'listing-changed', 'relationship-deleted', 'item-private' ),
						'required' => true,
					),
					'media_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
					'tag'      => array(
						'type'    => 'string',
						'default' => '',
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$id   = (int) $request['media_id'];
					$term = '' === $request['tag'] ? false : get_term_by( 'slug', (string) $request['tag'], 'mvs_tag' );
					$tt   = $term ? (int) $term->term_taxonomy_id : 0;
					$item = $wpdb->get_row( $wpdb->prepare( "SELECT moderation_status, privacy, media_type FROM {$wpdb->mvs_media} WHERE id = %d", $id ) ); // phpcs:ignore WordPress.DB
					if ( ! $item || ( ! $tt && 'site-total' !== $request['kind'] && 'item-private' !== $request['kind'] ) ) {
						return new WP_Error( 'mvs_test_not_found', 'No such item or tag.', array( 'status' => 404 ) );
					}
					switch ( $request['kind'] ) {
						case 'term-total':
						case 'site-total':
							$rows = $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media_totals} SET items = items + 1 WHERE term_taxonomy_id = %d AND moderation_status = %s AND privacy = %s AND group_id = 0 AND media_type = %s", 'site-total' === $request['kind'] ? 0 : $tt, $item->moderation_status, $item->privacy, $item->media_type ) ); // phpcs:ignore WordPress.DB
							break;
						case 'listing-missing':
							$rows = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_media_term_index} WHERE term_taxonomy_id = %d AND media_id = %d", $tt, $id ) ); // phpcs:ignore WordPress.DB
							break;
						case 'listing-changed':
							$rows = $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media_term_index} SET author_id = author_id + 1 WHERE term_taxonomy_id = %d AND media_id = %d", $tt, $id ) ); // phpcs:ignore WordPress.DB
							break;
						case 'relationship-deleted':
							$rows = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->term_relationships} WHERE object_id = %d AND term_taxonomy_id = %d", $id, $tt ) ); // phpcs:ignore WordPress.DB
							break;
						default:
							$rows = $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media} SET privacy = 'private' WHERE id = %d", $id ) ); // phpcs:ignore WordPress.DB
					}
					return array( 'rows' => (int) $rows );
				},
			)
		);
		// Grows mvs_media fast by doubling it with INSERT ... SELECT (MariaDB only),
		// varying privacy, type, status and counters, so the optimizer sees a real table:
		// types weighted as stack/seed/seed.php weighs them (70 % images), a skew that
		// changes MariaDB's plans for the type filter.
		register_rest_route(
			'mvs-test/v1',
			'/grow-media',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'rows' => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'maximum'  => 2000000,
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$t = $wpdb->prefix . 'mvs_media';
					// Grown rows have no terms: they get the empty copy of them, as the plugin's own insert gives a new item.
					$copy = esc_sql( MVS_Media_Terms_Copy::EMPTY_COPY );
					while ( (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$t}" ) < (int) $request['rows'] ) { // phpcs:ignore WordPress.DB
						// Doubling needs a row to start from (and a table).
						if ( ! $wpdb->query( // phpcs:ignore WordPress.DB
							"INSERT INTO {$t} (author_id, title, slug, description, media_type, mime_type, file_path, privacy, moderation_status, views, trending_score, terms_copy, created_at, updated_at)
							SELECT 1 + FLOOR(RAND() * 500), CONCAT('Seed ', FLOOR(RAND() * 1000000)), CONCAT('seed-', FLOOR(RAND() * 100000000)), '',
								ELT(1 + FLOOR(RAND() * 20), 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'video', 'video', 'video', 'video', 'audio', 'document'), 'image/png', 'mvs/seed/none.png',
								ELT(1 + FLOOR(RAND() * 10), 'public', 'public', 'public', 'public', 'public', 'public', 'members', 'members', 'private', 'group'),
								IF(RAND() < 0.95, 'approved', 'pending'), FLOOR(RAND() * 10000), IF(RAND() < 0.5, 0, 4294967296 + RAND() * 100), '{$copy}', created_at, updated_at
							FROM {$t} LIMIT 100000"
						) ) {
							return new WP_Error( 'mvs_test_grow_failed', 'grow-media needs at least one media row to double', array( 'status' => 409 ) );
						}
					}
					$wpdb->query( "ANALYZE TABLE {$t}" ); // phpcs:ignore WordPress.DB
					// The rows went around the plugin: recount the list totals.
					( new MVS_Media_Totals_Rebuild() )->reset();
					while ( ! MVS_Media_Totals::rebuild( 100000 ) ) {
						continue;
					}
					return array( 'rows' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$t}" ) ); // phpcs:ignore WordPress.DB
				},
			)
		);
		// Tags the media table for the optimizer checks of tag reads: `tags`
		// mvs_tag terms (scale-tag-0, scale-tag-1, ...), item i carrying
		// scale-tag-(i mod tags), so each tag holds thousands of items.
		register_rest_route(
			'mvs-test/v1',
			'/grow-tagging',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'tags' => array(
						'type'    => 'integer',
						'minimum' => 1,
						'maximum' => 50,
						'default' => 5,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$n     = (int) $request['tags'];
					$slugs = array();
					for ( $i = 0; $i < $n; $i++ ) {
						$slug  = 'scale-tag-' . $i;
						$found = get_term_by( 'slug', $slug, 'mvs_tag' );
						$term  = $found ? array( 'term_taxonomy_id' => $found->term_taxonomy_id ) : wp_insert_term( $slug, 'mvs_tag', array( 'slug' => $slug ) );
						if ( is_wp_error( $term ) ) {
							return $term;
						}
						// Past the term hooks, as a plugin writing SQL would: the items' copies of their terms go (MVS_Media_Terms_Copy).
						$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->prefix}mvs_media SET terms_copy = NULL, terms_rev = terms_rev + 1 WHERE MOD(id, %d) = %d", $n, $i ) ); // phpcs:ignore WordPress.DB
						$wpdb->query( // phpcs:ignore WordPress.DB
							$wpdb->prepare(
								"INSERT IGNORE INTO {$wpdb->term_relationships} (object_id, term_taxonomy_id) SELECT id, %d FROM {$wpdb->prefix}mvs_media WHERE MOD(id, %d) = %d",
								(int) $term['term_taxonomy_id'],
								$n,
								$i
							)
						);
						$slugs[] = $slug;
					}
					$wpdb->query( "ANALYZE TABLE {$wpdb->term_relationships}" ); // phpcs:ignore WordPress.DB
					// The relationships went around the plugin: recount the list totals and the per-term listing.
					( new MVS_Media_Totals_Rebuild() )->reset();
					while ( ! MVS_Media_Totals::rebuild( 100000 ) ) {
						continue;
					}
					$wpdb->query( "ANALYZE TABLE {$wpdb->prefix}mvs_media_term_index" ); // phpcs:ignore WordPress.DB
					return array( 'tags' => $slugs );
				},
			)
		);
		// Load for the optimizer checks of the comment and notification lists:
		// tens of thousands of rows spread over the existing items and users.
		register_rest_route(
			'mvs-test/v1',
			'/grow-engagement',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'rows' => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'maximum'  => 2000000,
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$m = $wpdb->prefix . 'mvs_media';
					$c = $wpdb->prefix . 'mvs_comments';
					$n = $wpdb->prefix . 'mvs_notifications';
					while ( (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$c}" ) < (int) $request['rows'] ) { // phpcs:ignore WordPress.DB
						$wpdb->query( "INSERT INTO {$c} (media_id, user_id, parent_id, content, status, created_at, updated_at) SELECT id, 1 + FLOOR(RAND() * 500), 0, 'Seed comment', 'approved', created_at, updated_at FROM {$m} ORDER BY RAND() LIMIT 50000" ); // phpcs:ignore WordPress.DB
					}
					while ( (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$n}" ) < (int) $request['rows'] ) { // phpcs:ignore WordPress.DB
						$wpdb->query( "INSERT INTO {$n} (user_id, actor_id, type, object_type, object_id, data, is_read, created_at) SELECT 1 + FLOOR(RAND() * 500), author_id, 'media_comment', 'media', id, '{}', IF(RAND() < 0.5, 1, 0), created_at FROM {$m} ORDER BY RAND() LIMIT 50000" ); // phpcs:ignore WordPress.DB
					}
					$wpdb->query( "ANALYZE TABLE {$c}, {$n}" ); // phpcs:ignore WordPress.DB
					return array(
						'comments'      => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$c}" ), // phpcs:ignore WordPress.DB
						'notifications' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$n}" ), // phpcs:ignore WordPress.DB
					);
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
		// Media categories are curated by the site owner (no REST route creates them).
		register_rest_route(
			'mvs-test/v1',
			'/category',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'name' => array(
						'type'     => 'string',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					$term = wp_insert_term( $request['name'], 'mvs_category' );
					if ( is_wp_error( $term ) ) {
						return $term;
					}
					$created = get_term( (int) $term['term_id'], 'mvs_category' );
					return array(
						'id'   => (int) $created->term_id,
						'slug' => $created->slug,
					);
				},
			)
		);
		// Renames a media category as wp-admin's term screen would (wp_update_term()).
		register_rest_route(
			'mvs-test/v1',
			'/category/(?P<id>\d+)',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'name' => array(
						'type'     => 'string',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					$term = wp_update_term( (int) $request['id'], 'mvs_category', array( 'name' => $request['name'] ) );
					return is_wp_error( $term ) ? $term : array( 'id' => (int) $term['term_id'] );
				},
			)
		);
		// The copies of items' terms on their rows (MVS_Media_Terms_Copy), for
		// `ids`. `read` answers each row's copy and revision. `drop` sets the
		// copies to '' (the mark of a copy too large to keep), which the page
		// loader joins for as for NULL and the refill job leaves alone, so a
		// job of a concurrent spec cannot fill the row before the test reads
		// it. `refill` empties the copies and writes them as the job would, in
		// one transaction (the job cannot take the rows meanwhile), answering
		// its statements. `race` does the same while a rename of `tag` (to
		// `name`) lands after the refill read the terms and before it writes
		// them (from inside the `query` filter): what it read is stale and must
		// not stick.
		register_rest_route(
			'mvs-test/v1',
			'/terms-copy',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'action' => array(
						'type'     => 'string',
						'enum'     => array( 'read', 'drop', 'refill', 'race' ),
						'required' => true,
					),
					'ids'    => array(
						'type'     => 'array',
						'items'    => array( 'type' => 'integer' ),
						'required' => true,
						'minItems' => 1,
					),
					'tag'    => array( 'type' => 'integer' ),
					'name'   => array( 'type' => 'string' ),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$ids        = array_map( 'intval', (array) $request['ids'] );
					$in         = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
					$set        = static function ( $value ) use ( $wpdb, $ids, $in ) {
						$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->prefix}mvs_media SET terms_copy = " . ( null === $value ? 'NULL' : "''" ) . " WHERE id IN ({$in})", $ids ) ); // phpcs:ignore WordPress.DB
					};
					$read       = static function () use ( $wpdb, $ids, $in ) {
						return $wpdb->get_results( $wpdb->prepare( "SELECT id, terms_copy, terms_rev FROM {$wpdb->prefix}mvs_media WHERE id IN ({$in}) ORDER BY id", $ids ) ); // phpcs:ignore WordPress.DB
					};
					$statements = array();
					$written    = null;
					$rows       = null;
					if ( 'drop' === $request['action'] ) {
						$set( '' );
					} elseif ( 'refill' === $request['action'] ) {
						MVS_Transaction::run(
							static function () use ( $set, $ids, &$statements, &$written ) {
								$set( null );
								$statements = mvs_test_statements_of(
									static function () use ( $ids, &$written ) {
										$written = ( new MVS_Media_Terms_Copy_Refill() )->refill_items( $ids );
									}
								);
								return true;
							}
						);
					} elseif ( 'race' === $request['action'] ) {
						$renamed = false;
						$rename  = static function ( $sql ) use ( $request, &$renamed ) {
							if ( ! $renamed && false !== strpos( $sql, 'SET terms_copy = CASE' ) ) {
								$renamed = true;
								wp_update_term( (int) $request['tag'], 'mvs_tag', array( 'name' => (string) $request['name'] ) );
							}
							return $sql;
						};
						MVS_Transaction::run(
							static function () use ( $set, $ids, $rename, $read, &$written, &$rows ) {
								$set( null );
								add_filter( 'query', $rename );
								$written = ( new MVS_Media_Terms_Copy_Refill() )->refill_items( $ids );
								remove_filter( 'query', $rename );
								// Before the commit: the job the rename scheduled cannot have refilled them yet.
								$rows = $read();
								return true;
							}
						);
					}
					$rows = null === $rows ? $read() : $rows;
					return array(
						'written'    => $written,
						'statements' => $statements,
						'rows'       => array_map(
							static function ( $row ) {
								return array(
									'id'   => (int) $row->id,
									'copy' => null === $row->terms_copy || '' === $row->terms_copy ? $row->terms_copy : json_decode( $row->terms_copy, true ),
									'rev'  => (int) $row->terms_rev,
								);
							},
							$rows
						),
					);
				},
			)
		);
		// Push hand-off: the mvs_push_send calls recorded for a user (specs
		// register devices through POST /me/devices).
		register_rest_route(
			'mvs-test/v1',
			'/push',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'user_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					return array( 'sent' => get_transient( 'e2e_push_' . (int) $request['user_id'] ) ?: array() ); // phpcs:ignore Universal.Operators.DisallowShortTernary
				},
			)
		);
		// The values of one of a user's mvs_ meta keys, in stored order (the
		// per-member cap of dismissed banners, security/audit-notifications.spec.ts).
		register_rest_route(
			'mvs-test/v1',
			'/user-meta',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'user_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
					'key'     => array(
						'type'     => 'string',
						'pattern'  => '^mvs_[a-z_]+$',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					return array( 'values' => array_values( (array) get_user_meta( (int) $request['user_id'], (string) $request['key'], false ) ) );
				},
			)
		);
		// Moderation: the log rows of an item and the notifications a user received,
		// which have no read route of their own in this slice.
		register_rest_route(
			'mvs-test/v1',
			'/moderation-trail',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'media_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
					'user_id'  => array(
						'type'     => 'integer',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$p = $wpdb->prefix;
					return array(
						'log'           => $wpdb->get_results( $wpdb->prepare( "SELECT actor_id, action, reason, result FROM {$p}mvs_moderation_log WHERE media_id = %d ORDER BY id", $request['media_id'] ), ARRAY_A ), // phpcs:ignore WordPress.DB
						'notifications' => $wpdb->get_results( $wpdb->prepare( "SELECT actor_id, type, object_type, object_id, data FROM {$p}mvs_notifications WHERE user_id = %d AND object_id = %d ORDER BY id", $request['user_id'], $request['media_id'] ), ARRAY_A ), // phpcs:ignore WordPress.DB
						'reports'       => $wpdb->get_results( $wpdb->prepare( "SELECT reporter_id, reason, status FROM {$p}mvs_reports WHERE object_type = 'media' AND object_id = %d ORDER BY id", $request['media_id'] ), ARRAY_A ), // phpcs:ignore WordPress.DB
					);
				},
			)
		);
		// A throw-away member with an application password, so tests that block,
		// report or moderate never touch the shared fixture users' items.
		register_rest_route(
			'mvs-test/v1',
			'/fresh-user',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					$login = 'fresh' . strtolower( wp_generate_password( 10, false ) );
					$id    = wp_insert_user(
						array(
							'user_login' => $login,
							'user_pass'  => wp_generate_password( 24 ),
							'user_email' => $login . '@example.test',
							'role'       => 'mvs_member',
						)
					);
					if ( is_wp_error( $id ) ) {
						return $id;
					}
					// No route of the contract registers users or, yet, issues application passwords.
					$app = WP_Application_Passwords::create_new_application_password( $id, array( 'name' => 'e2e' ) );
					return array(
						'id'          => $id,
						'login'       => $login,
						'appPassword' => is_wp_error( $app ) ? '' : $app[0],
					);
				},
			)
		);
		// One row of each resource whose routes are not built yet, owned by `owner`,
		// for the authorization matrix (albums and tags come from the API).
		register_rest_route(
			'mvs-test/v1',
			'/owned-fixtures',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'owner'    => array(
						'type'     => 'integer',
						'required' => true,
					),
					'media_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$owner = (int) $request['owner'];
					$media = (int) $request['media_id'];
					$now   = current_time( 'mysql', true );
					$p     = $wpdb->prefix;
					$wpdb->insert( "{$p}mvs_conversations", array( 'created_by' => $owner, 'created_at' => $now, 'updated_at' => $now ) );
					$conversation = (int) $wpdb->insert_id;
					$wpdb->insert( "{$p}mvs_conversation_members", array( 'conversation_id' => $conversation, 'user_id' => $owner, 'status' => 'active', 'joined_at' => $now ) );
					$wpdb->insert( "{$p}mvs_messages", array( 'conversation_id' => $conversation, 'sender_id' => $owner, 'content' => 'Fixture message', 'created_at' => $now ) );
					$message = (int) $wpdb->insert_id;
					$wpdb->insert( "{$p}mvs_access_rules", array( 'media_id' => $media, 'rule_type' => 'role', 'rule_value' => 'subscriber', 'created_at' => $now ) );
					$rule = (int) $wpdb->insert_id;
					$wpdb->insert( "{$p}mvs_quota_packages", array( 'name' => 'Fixture package', 'created_at' => $now ) );
					$package = (int) $wpdb->insert_id;
					return compact( 'conversation', 'message', 'rule', 'package' );
				},
			)
		);
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

/*
 * Uploads and storage (uploads.spec.ts, groups.spec.ts).
 */

/**
 * Runs $run and answers every SQL statement it sent, whitespace collapsed
 * (routes that hand a job's statements to a test, for EXPLAIN: too long for
 * a header).
 *
 * @param callable $run The work.
 * @return string[]
 */
function mvs_test_statements_of( callable $run ): array {
	$statements = array();
	$record     = static function ( $sql ) use ( &$statements ) {
		$statements[] = preg_replace( '/\s+/', ' ', trim( $sql ) );
		return $sql;
	};
	add_filter( 'query', $record );
	try {
		$run();
	} finally {
		remove_filter( 'query', $record );
	}
	return $statements;
}

/**
 * Permission of every mvs-test/v1 route: administrators only.
 *
 * @return bool
 */
function mvs_test_admin_only(): bool {
	return current_user_can( 'manage_options' );
}

/**
 * Header value of the current request ('' when absent).
 *
 * @param string $name Header name in $_SERVER form (HTTP_X_...).
 * @return string
 */
function mvs_test_header( string $name ): string {
	return isset( $_SERVER[ $name ] ) ? sanitize_text_field( wp_unslash( $_SERVER[ $name ] ) ) : '';
}

// X-MVS-Test-Bucket: <token> gives the caller a rate-limit bucket of its own,
// so a threshold test is not disturbed by other tests sharing the IP or user.
add_filter(
	'mvs_rate_limit_key',
	static function ( $key ) {
		$bucket = mvs_test_header( 'HTTP_X_MVS_TEST_BUCKET' );
		return '' === $bucket ? $key : $key . '|test:' . $bucket;
	}
);

// The suite writes as a handful of users, several workers at once, at a pace
// no member reaches (over a hundred uploads a minute on the native stack).
// Outside a test bucket the limits of write routes are lifted so that the
// functional specs do not trip over them; the threshold tests send
// X-MVS-Test-Bucket and meet the real limits (media-rate-limit.spec.ts,
// security/flood-control.spec.ts). Read routes keep theirs: their query
// counts include the limiter's.
add_filter(
	'mvs_rate_limit',
	static function ( $limit ) {
		$write = 'GET' !== ( isset( $_SERVER['REQUEST_METHOD'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) : 'GET' );
		return $write && '' === mvs_test_header( 'HTTP_X_MVS_TEST_BUCKET' ) ? 0 : $limit;
	}
);

// X-MVS-Test-Client-Ip: <address> stands for the client address (filter
// mvs_client_ip, which a site behind a trusted proxy sets), so a spec can be
// many visitors, or several members behind one address.
add_filter(
	'mvs_client_ip',
	static function ( $ip ) {
		$client = mvs_test_header( 'HTTP_X_MVS_TEST_CLIENT_IP' );
		return '' === $client ? $ip : $client;
	}
);

// X-MVS-Test-Public-Endpoints: 1 makes the AI endpoint rule the one of a
// site without MVS_AI_ALLOW_PRIVATE_ENDPOINTS (which the test sites define
// for their loopback mock), so the security suite can check its refusals.
add_filter(
	'mvs_ai_allow_private_endpoints',
	static function ( $allowed ) {
		return '1' === mvs_test_header( 'HTTP_X_MVS_TEST_PUBLIC_ENDPOINTS' ) ? false : $allowed;
	}
);

// X-MVS-Test-Smart-Max: <n> lowers the most items a smart collection resolves
// to, so a spec reaches the cap with a handful of uploads (collections.spec.ts).
add_filter(
	'mvs_smart_collection_max_items',
	static function ( $max ) {
		$lowered = mvs_test_header( 'HTTP_X_MVS_TEST_SMART_MAX' );
		return ctype_digit( $lowered ) ? (int) $lowered : $max;
	}
);

// X-MVS-Test-Now: <unix time> pins the rate limiter's clock, so a threshold
// test counts inside one window however long a slow site takes to answer it,
// and a later window can be reached without waiting for the wall clock.
add_filter(
	'mvs_rate_limit_now',
	static function ( $now ) {
		$pinned = mvs_test_header( 'HTTP_X_MVS_TEST_NOW' );
		return ctype_digit( $pinned ) ? (int) $pinned : $now;
	}
);

// While a test converts legacy trending scores itself (mvs-test/v1/trending-legacy
// until the conversion is done), WP-Cron does not run the conversion: it would
// score at the real time while the test pins the trending clock.
add_action(
	'init',
	static function () {
		if ( wp_doing_cron() && get_option( 'mvs_test_manual_rescale' ) ) {
			remove_all_actions( MVS_Trending_Score::RESCALE_HOOK );
		}
	},
	PHP_INT_MAX
);

// X-MVS-Test-Trending-Now: <unix time> pins the time trending events are
// scored at, so one test can place events hours apart.
add_filter(
	'mvs_trending_now',
	static function ( $now ) {
		$pinned = mvs_test_header( 'HTTP_X_MVS_TEST_TRENDING_NOW' );
		return ctype_digit( $pinned ) ? (int) $pinned : $now;
	}
);

// X-MVS-Test-Storage-Fail: <n> makes the n-th store() of the request fail
// (1 = the original, 2 = its first size, ...). Every key stored during the
// request is reported in X-MVS-Test-Stored, so a test can check that none
// of them is left behind.
add_filter( 'mvs_storage_driver', 'mvs_test_storage_driver' );

/**
 * The storage driver, wrapped to fail on the store() call X-MVS-Test-Storage-Fail names.
 *
 * @param MVS_Storage_Driver $driver The site's driver.
 * @return MVS_Storage_Driver
 */
function mvs_test_storage_driver( $driver ) {
	$fail_at = (int) mvs_test_header( 'HTTP_X_MVS_TEST_STORAGE_FAIL' );
	if ( $fail_at <= 0 ) {
		return $driver;
	}
	return new class( $driver, $fail_at ) implements MVS_Storage_Driver {
		/**
		 * Wrapped driver.
		 *
		 * @var MVS_Storage_Driver
		 */
		private $inner;
		/**
		 * Store call that fails.
		 *
		 * @var int
		 */
		private $fail_at;
		/**
		 * Store calls so far.
		 *
		 * @var int
		 */
		private $calls = 0;
		/**
		 * Wraps a driver.
		 *
		 * @param MVS_Storage_Driver $inner   Real driver.
		 * @param int                $fail_at Failing call.
		 */
		public function __construct( MVS_Storage_Driver $inner, int $fail_at ) {
			$this->inner   = $inner;
			$this->fail_at = $fail_at;
		}
		public function store( string $local_path, string $extension ) { // phpcs:ignore Squiz.Commenting.FunctionComment.Missing
			global $mvs_test_stored_keys;
			++$this->calls;
			if ( $this->calls === $this->fail_at ) {
				return MVS_Errors::make( 'mvs_storage_failed' );
			}
			$key = $this->inner->store( $local_path, $extension );
			if ( is_string( $key ) ) {
				$mvs_test_stored_keys[] = $key;
			}
			return $key;
		}
		public function delete( string $key ): void { // phpcs:ignore Squiz.Commenting.FunctionComment.Missing
			$this->inner->delete( $key );
		}
		public function exists( string $key ): bool { // phpcs:ignore Squiz.Commenting.FunctionComment.Missing
			return $this->inner->exists( $key );
		}
		public function path( string $key ): string { // phpcs:ignore Squiz.Commenting.FunctionComment.Missing
			return $this->inner->path( $key );
		}
		public function url( string $key ): string { // phpcs:ignore Squiz.Commenting.FunctionComment.Missing
			return $this->inner->url( $key );
		}
	};
}

add_filter(
	'rest_post_dispatch',
	static function ( $response ) {
		global $mvs_test_stored_keys;
		if ( $response instanceof WP_REST_Response && '' !== mvs_test_header( 'HTTP_X_MVS_TEST_STORAGE_FAIL' ) ) {
			$response->header( 'X-MVS-Test-Stored', wp_json_encode( (array) $mvs_test_stored_keys ) );
		}
		return $response;
	},
	1001
);

add_action(
	'rest_api_init',
	static function () {
		// What is on disk for storage keys and/or a media item: existence,
		// image dimensions and a content hash of each file.
		register_rest_route(
			'mvs-test/v1',
			'/stored-files',
			array(
				'methods'             => 'POST',
				'permission_callback' => static function () {
					return current_user_can( 'manage_options' );
				},
				'args'                => array(
					'media_id' => array( 'type' => 'integer' ),
					'keys'     => array(
						'type'    => 'array',
						'items'   => array( 'type' => 'string' ),
						'default' => array(),
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$driver = MVS_Storage::driver();
					$keys   = (array) $request['keys'];
					$item   = null;
					if ( $request['media_id'] ) {
						$path  = $wpdb->get_var( $wpdb->prepare( "SELECT file_path FROM {$wpdb->prefix}mvs_media WHERE id = %d", $request['media_id'] ) ); // phpcs:ignore WordPress.DB
						$sizes = MVS_Image_Sizes::get( (int) $request['media_id'] );
						$item  = array(
							'file'  => $path,
							'sizes' => $sizes,
						);
						if ( $path ) {
							$keys[] = $path;
						}
						foreach ( $sizes as $size ) {
							$keys[] = $size['key'];
						}
					}
					$files = array();
					foreach ( $keys as $key ) {
						$local = $driver->path( $key );
						$found = '' !== $local && is_file( $local );
						$info  = $found ? wp_getimagesize( $local ) : false;
						$files[ $key ] = array(
							'exists' => $found,
							'width'  => $info ? (int) $info[0] : null,
							'height' => $info ? (int) $info[1] : null,
							'mime'   => $info ? $info['mime'] : null,
							'sha1'   => $found ? sha1_file( $local ) : null,
						);
					}
					$uploads = wp_upload_dir( null, false );
					return array(
						'item'      => $item,
						'files'     => $files,
						'protected' => array(
							'htaccess' => is_file( $uploads['basedir'] . '/mvs/.htaccess' ) ? file_get_contents( $uploads['basedir'] . '/mvs/.htaccess' ) : null, // phpcs:ignore WordPress.WP.AlternativeFunctions
							'index'    => is_file( $uploads['basedir'] . '/mvs/index.php' ),
						),
					);
				},
			)
		);
	}
);

// File delivery and counters (serve.spec.ts, counters.spec.ts): per-item meta
// that has no REST route of its own (allow_download), signed URLs with an
// arbitrary expiry, and the trending decay on demand.
add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'mvs-test/v1',
			'/media-meta',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'media_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
					'key'      => array(
						'type'     => 'string',
						'required' => true,
					),
					'value'    => array( 'type' => array( 'string', 'null' ) ),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					$id = (int) $request['media_id'];
					if ( null === $request['value'] ) {
						delete_metadata( 'mvs_media', $id, (string) $request['key'] );
					} else {
						update_metadata( 'mvs_media', $id, (string) $request['key'], (string) $request['value'] );
					}
					return array( 'value' => get_metadata( 'mvs_media', $id, (string) $request['key'], true ) );
				},
			)
		);
		// The trending scores' one-off conversion (MVS_Trending_Score::rescale), run
		// `times` times now (WP-Cron would wait a minute between runs). Answers
		// the statements it ran, for EXPLAIN: too long for a header.
		register_rest_route(
			'mvs-test/v1',
			'/trending-rescale',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'times' => array(
						'type'    => 'integer',
						'minimum' => 1,
						'maximum' => 200,
						'default' => 1,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					$converted  = 0;
					$statements = mvs_test_statements_of(
						static function () use ( $request, &$converted ) {
							for ( $i = 0; $i < (int) $request['times']; $i++ ) {
								// As WP-Cron does, the due event is taken off the schedule before it
								// runs. A placeholder a day out stands in for it meanwhile: without
								// one, any request's init (MVS_Trending_Score::schedule()) schedules
								// a run of its own, which WP-Cron then makes at the real time while
								// the test pins the trending clock (a conversion at the wrong level).
								wp_clear_scheduled_hook( MVS_Trending_Score::RESCALE_HOOK );
								$placeholder = time() + DAY_IN_SECONDS;
								wp_schedule_single_event( $placeholder, MVS_Trending_Score::RESCALE_HOOK );
								$converted += MVS_Trending_Score::rescale();
								wp_unschedule_event( $placeholder, MVS_Trending_Score::RESCALE_HOOK );
							}
						}
					);
					if ( ! MVS_Trending_Score::legacy_pending() ) {
						delete_option( 'mvs_test_manual_rescale' );
					}
					return array(
						'converted'  => $converted,
						'pending'    => MVS_Trending_Score::legacy_pending(),
						'scheduled'  => (bool) wp_next_scheduled( MVS_Trending_Score::RESCALE_HOOK ),
						'statements' => $statements,
					);
				},
			)
		);
		// Puts the site back on the legacy trending scale, as an install upgraded
		// from before MVS_Trending_Score: `scores` (media id => linear score), or
		// every scored item of a grown table (`grown`, a score from 1 to 999).
		// Answers the stored scores of `scores`' items.
		register_rest_route(
			'mvs-test/v1',
			'/trending-legacy',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'scores' => array(
						'type'    => 'object',
						'default' => array(),
					),
					'grown'  => array(
						'type'    => 'boolean',
						'default' => false,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$t = $wpdb->prefix . 'mvs_media';
					// The conversion runs when the test says (trending-rescale), never from
					// WP-Cron, which would convert at the real time while the test pins the
					// trending clock (mvs_test_manual_rescale, below).
					update_option( 'mvs_test_manual_rescale', 1, false );
					wp_clear_scheduled_hook( MVS_Trending_Score::RESCALE_HOOK );
					wp_schedule_single_event( time() + HOUR_IN_SECONDS, MVS_Trending_Score::RESCALE_HOOK );
					update_option( MVS_Trending_Score::SCALE_OPTION, 'legacy', true );
					if ( $request['grown'] ) {
						$wpdb->query( "UPDATE {$t} SET trending_score = 1 + FLOOR(RAND() * 999) WHERE trending_score > 0" ); // phpcs:ignore WordPress.DB
					}
					foreach ( (array) $request['scores'] as $id => $score ) {
						$wpdb->query( $wpdb->prepare( "UPDATE {$t} SET trending_score = %d WHERE id = %d", (int) $score, (int) $id ) ); // phpcs:ignore WordPress.DB
					}
					return array( 'pending' => MVS_Trending_Score::legacy_pending() );
				},
			)
		);
		// Stored trending scores of some items (not part of the REST contract).
		register_rest_route(
			'mvs-test/v1',
			'/trending-scores',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'ids' => array(
						'type'     => 'string',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$scores = array();
					foreach ( wp_parse_id_list( $request['ids'] ) as $id ) {
						$scores[ $id ] = (float) $wpdb->get_var( $wpdb->prepare( "SELECT trending_score FROM {$wpdb->prefix}mvs_media WHERE id = %d", $id ) ); // phpcs:ignore WordPress.DB
					}
					return array(
						'scores'          => $scores,
						'offset'          => MVS_Trending_Score::OFFSET,
						'epoch'           => MVS_Trending_Score::EPOCH,
						'half_life_hours' => MVS_Trending_Score::HALF_LIFE_HOURS,
					);
				},
			)
		);
		// View records of one item: how many there are, and ageing them by
		// `age_days` (the daily clean-up would otherwise need months of waiting).
		register_rest_route(
			'mvs-test/v1',
			'/view-log',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'media_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
					'age_days' => array(
						'type'    => 'integer',
						'minimum' => 0,
						'default' => 0,
					),
					'limit'    => array(
						'type'    => 'integer',
						'minimum' => 1,
						'default' => 1000,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$id = (int) $request['media_id'];
					if ( $request['age_days'] ) {
						$ids = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$wpdb->prefix}mvs_media_views WHERE media_id = %d ORDER BY id LIMIT %d", $id, (int) $request['limit'] ) ); // phpcs:ignore WordPress.DB
						foreach ( $ids as $row_id ) {
							$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->prefix}mvs_media_views SET created_at = %s WHERE id = %d", gmdate( 'Y-m-d H:i:s', time() - (int) $request['age_days'] * DAY_IN_SECONDS ), (int) $row_id ) ); // phpcs:ignore WordPress.DB
						}
					}
					return array( 'rows' => (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->prefix}mvs_media_views WHERE media_id = %d", $id ) ) ); // phpcs:ignore WordPress.DB
				},
			)
		);
		// The daily view-record clean-up, now, through its cron hook.
		register_rest_route(
			'mvs-test/v1',
			'/purge-view-log',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					do_action( 'mvs_purge_view_log' );
					return array(
						'ok'        => true,
						'scheduled' => (bool) wp_next_scheduled( 'mvs_purge_view_log' ),
					);
				},
			)
		);
		// A URL signed with any expiry (an expired one cannot be obtained otherwise).
		register_rest_route(
			'mvs-test/v1',
			'/sign',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'media_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
					'user_id'  => array(
						'type'     => 'integer',
						'required' => true,
					),
					'expires'  => array(
						'type'     => 'integer',
						'required' => true,
					),
					'download' => array(
						'type'    => 'boolean',
						'default' => false,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					return array( 'url' => MVS_Url_Signer::url( (int) $request['media_id'], (int) $request['user_id'], (int) $request['expires'], '', (bool) $request['download'] ) );
				},
			)
		);
	}
);

/*
 * A secret test setting, so the settings route's masking is exercised
 * whatever real secrets the plugin declares (settings-route.site-wide.spec.ts).
 */
add_filter(
	'mvs_settings_sections',
	static function ( $sections ) {
		$sections['harness'] = array(
			'title'  => 'Test harness',
			'fields' => array(
				'harness_secret' => array(
					'title'       => 'Harness secret',
					'description' => 'A secret setting of the test site.',
					'type'        => 'string',
					'maxLength'   => 64,
					'secret'      => true,
					'default'     => '',
				),
			),
		);
		return $sections;
	}
);

/*
 * The paths around the REST server (GET /serve's fast path and lean entry)
 * turn themselves off while any callback they cannot run sits on the REST
 * access filters or the decision's filters. The harness's own two never
 * refuse or change a /serve request: the dispatch counter passes its value
 * on untouched, and the storage wrapper returns the site's driver unless
 * a request asks for a storage failure (uploads only). Declared harmless,
 * so that test sites run both paths as a site without the harness does.
 */
add_filter(
	'mvs_serve_trusted_callbacks',
	static function ( $trusted ) {
		return array_merge( (array) $trusted, array( 'mvs_test_dispatch_started', 'mvs_test_storage_driver' ) );
	}
);

/*
 * Filters a site might add, switched on through POST /mvs-test/v1/site-filters
 * (serve.site-wide.spec.ts), read from the autoloaded options (no query of
 * its own when the option is absent):
 * - members_only_auth: rest_authentication_errors refuses visitors (401), as
 *   "members only" plugins do;
 * - members_only_dispatch: the same refusal on rest_pre_dispatch;
 * - gate_by_header: the private-community gate is armed for requests that
 *   carry X-MVS-Test-Gate: 1 (a filter whose answer depends on the request);
 * - user_meta_filter: a get_user_metadata callback that changes nothing, as
 *   a plugin keeping user meta elsewhere would have.
 */
$mvs_test_options      = wp_load_alloptions();
$mvs_test_site_filters = isset( $mvs_test_options['e2e_site_filters'] ) ? (array) maybe_unserialize( $mvs_test_options['e2e_site_filters'] ) : array();
unset( $mvs_test_options );
if ( in_array( 'members_only_auth', $mvs_test_site_filters, true ) ) {
	add_filter(
		'rest_authentication_errors',
		static function ( $result ) {
			return null === $result && ! is_user_logged_in() ? new WP_Error( 'e2e_members_only', 'Members only.', array( 'status' => 401 ) ) : $result;
		}
	);
}
if ( in_array( 'members_only_dispatch', $mvs_test_site_filters, true ) ) {
	add_filter(
		'rest_pre_dispatch',
		static function ( $result ) {
			return null === $result && ! is_user_logged_in() ? new WP_Error( 'e2e_members_only', 'Members only.', array( 'status' => 401 ) ) : $result;
		}
	);
}
if ( in_array( 'gate_by_header', $mvs_test_site_filters, true ) ) {
	add_filter(
		'mvs_rest_require_auth',
		static function ( $required ) {
			return '1' === mvs_test_header( 'HTTP_X_MVS_TEST_GATE' ) ? true : $required;
		}
	);
}
if ( in_array( 'user_meta_filter', $mvs_test_site_filters, true ) ) {
	add_filter(
		'get_user_metadata',
		static function ( $value ) {
			return $value;
		}
	);
}
unset( $mvs_test_site_filters );

// Counts the writes of the lean entry's record (MVS_Serve_Lean::OPTION), which must not change with every request.
foreach ( array( 'add_option_mvs_serve_lean', 'update_option_mvs_serve_lean' ) as $mvs_test_hook ) {
	add_action(
		$mvs_test_hook,
		static function () {
			update_option( 'e2e_serve_lean_writes', (int) get_option( 'e2e_serve_lean_writes', 0 ) + 1, false );
		}
	);
}
unset( $mvs_test_hook );

add_action(
	'rest_api_init',
	static function () {
		// Switches the site filters above on (the list) or off (an empty list), from the next request.
		register_rest_route(
			'mvs-test/v1',
			'/site-filters',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'filters' => array(
						'type'     => 'array',
						'items'    => array(
							'type' => 'string',
							'enum' => array( 'members_only_auth', 'members_only_dispatch', 'gate_by_header', 'user_meta_filter' ),
						),
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					// Autoloaded even when empty: an absent option would cost every request a query.
					update_option( 'e2e_site_filters', array_values( (array) $request['filters'] ), true );
					return array( 'filters' => get_option( 'e2e_site_filters' ) );
				},
			)
		);
		// The lean entry's record as this request left it (recorded on wp_loaded), and how often it was written.
		register_rest_route(
			'mvs-test/v1',
			'/serve-lean',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					return array(
						'record' => get_option( 'mvs_serve_lean', null ),
						'writes' => (int) get_option( 'e2e_serve_lean_writes', 0 ),
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
	}
);
