<?php
/**
 * Test harness, jobs: the scheduled jobs run now, in the request, instead
 * of when WP-Cron next spawns (the list totals' rebuild and daily check,
 * the trending conversion, the view-record clean-up, the inbox trim, every job of
 * MVS_Lifecycle_Registry with the statements the database refused).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

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

add_action(
	'rest_api_init',
	static function () {
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
		// Account deletions, now: without user_id the cron hook itself; with it,
		// that member's request as if due, deleting at most `items` media (a run
		// that stops there, as one out of time would). Answers what is left.
		register_rest_route(
			'mvs-test/v1',
			'/account-deletions/run',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$user_id  = (int) $request->get_param( 'user_id' );
					$finished = null;
					if ( $user_id ) {
						$row = ( new MVS_Account_Deletion() )->find( $user_id );
						if ( $row ) {
							$finished = ( new MVS_Account_Deletion_Job() )->execute( $row, max( 1, (int) $request->get_param( 'items' ) ), microtime( true ) + 20 );
						}
					} else {
						do_action( MVS_Account_Deletion_Job::HOOK );
					}
					return array(
						'finished'    => $finished,
						'user_exists' => $user_id ? false !== get_userdata( $user_id ) : null,
						'media_left'  => $user_id ? (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->prefix}mvs_media WHERE author_id = %d", $user_id ) ) : null, // phpcs:ignore WordPress.DB
					);
				},
			)
		);
		// Pro's push receipts, now, through its cron hook (pro-push.spec.ts: with
		// X-MVS-Test-Push-Url the receipts are asked of the spec's loopback server).
		register_rest_route(
			'mvs-test/v1',
			'/push-receipts/run',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					do_action( 'mvs_pro_push_receipts' );
					return array( 'scheduled' => (bool) wp_next_scheduled( 'mvs_pro_push_receipts' ) );
				},
			)
		);
		// The daily trim of the following feeds' inboxes, now, through its cron
		// hook, with the window lowered to `window` for this request (the
		// default, 1,000 rows a member, is too many to plant in a test);
		// answers the inbox rows of `users` before and after.
		register_rest_route(
			'mvs-test/v1',
			'/activity-inbox/trim',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$users = array_map( 'absint', (array) $request->get_param( 'users' ) );
					$count = static function () use ( $wpdb, $users ) {
						$rows = array();
						foreach ( $users as $user ) {
							$rows[ $user ] = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->mvs_activity_inbox} WHERE user_id = %d", $user ) );
						}
						return $rows;
					};
					$window = max( 1, absint( $request->get_param( 'window' ) ) );
					$before = $count();
					$lower  = static function () use ( $window ) {
						return $window;
					};
					add_filter( 'mvs_activity_window', $lower );
					do_action( MVS_Activity_Inbox_Trim::HOOK );
					remove_filter( 'mvs_activity_window', $lower );
					return array(
						'before' => $before,
						'after'  => $count(),
					);
				},
			)
		);
		// One job of MVS_Lifecycle_Registry, run once now through its cron hook
		// as WP-Cron would (overview.site-wide.spec: the hourly count of active members).
		register_rest_route(
			'mvs-test/v1',
			'/jobs/hook',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'hook' => array(
						'type'     => 'string',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					// Read at request time: the harness stays loaded while a spec deactivates core.
					$hook = (string) $request['hook'];
					if ( ! isset( MVS_Lifecycle_Registry::jobs()[ $hook ] ) ) {
						return new WP_Error( 'mvs_test_unknown_job', 'No job of MVS_Lifecycle_Registry has this hook.', array( 'status' => 400 ) );
					}
					do_action( $hook );
					return array( 'ran' => $hook );
				},
			)
		);
		// Every job of MVS_Lifecycle_Registry with a handler, run once now
		// through its cron hook as WP-Cron would, answering per hook how many
		// statements it sent and those the database refused: on SQLite too
		// (lifecycle.spec.ts), where a MySQL-only form fails only in the log.
		// The list totals' rebuild is reset first so that it has work; the
		// spec gives the other jobs theirs through the API and the tools
		// (aged view records, a legacy trending score, an item without its
		// terms copy). The totals are finished here, as the rebuild's chain would.
		register_rest_route(
			'mvs-test/v1',
			'/jobs/run',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					( new MVS_Media_Totals_Rebuild() )->reset();
					$jobs = array();
					foreach ( MVS_Lifecycle_Registry::jobs() as $hook => $job ) {
						if ( $job['handler'] ) {
							$jobs[ $hook ] = mvs_test_refusals_of(
								static function () use ( $hook ) {
									do_action( $hook );
								}
							);
						}
					}
					while ( ! MVS_Media_Totals::rebuild() ) {
						continue;
					}
					if ( ! MVS_Trending_Score::legacy_pending() ) {
						delete_option( 'mvs_test_manual_rescale' );
					}
					// The jobs ran here: the one-off runs due within the hour (those they
					// scheduled, and a refill the activation scheduled) would make WP-Cron
					// run them again beside the spec's next steps, and a cron run that
					// saves the schedule after a deactivation cleared it brings it back.
					foreach ( (array) _get_cron_array() as $time => $hooks ) {
						foreach ( array_intersect_key( (array) $hooks, $jobs ) as $hook => $events ) {
							foreach ( $events as $event ) {
								if ( $time < time() + HOUR_IN_SECONDS && empty( $event['schedule'] ) ) {
									wp_unschedule_event( $time, $hook, $event['args'] );
								}
							}
						}
					}
					return array( 'jobs' => $jobs );
				},
			)
		);
	}
);
