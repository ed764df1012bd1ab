<?php
/**
 * Test harness, metering: SQL queries, time and peak memory of each REST
 * dispatch in X-MVS-* headers (query budgets, stack/bench/run.mjs), the
 * statements on request (?mvs_debug_queries=1), and _doing_it_wrong()
 * about the plugins' functions as a PHP notice, which fails the run.
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
			// Which of the plugins' namespaces this request registered (docs/cost-to-the-site.md: only those it can reach).
			$response->header( 'X-MVS-Namespaces', implode( ',', array_values( array_intersect( array( 'mvs/v1', 'mvs-pro/v1' ), rest_get_server()->get_namespaces() ) ) ) );
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
