<?php
/**
 * The plugins' scheduled jobs, for stack/bench/run.mjs (php-cli, like
 * activate-floor.php: MVS_SITE_URL and MVS_WP_LOAD in the environment).
 *
 *   php jobs.php list         JSON array of the cron hooks the plugins scheduled
 *   php jobs.php run <hook>   runs the hook once, as WP-Cron would, and prints
 *                             {hook, work, seconds, queries, rows_read, rows_scanned, rows_written}
 *
 * A job that has work only after some event (the refill of the copies of
 * items' terms, after a rename) gets that event first, untimed; `work` says
 * what it was ('' for the others).
 *
 * Discovery reads the stored schedule (_get_cron_array()) and keeps the hooks
 * with a callback defined in an active plugin's folder other than the bench's
 * own, plus the hooks the plugins' activation would schedule, so a job added
 * later is measured without editing the bench.
 *
 * Rows come from MariaDB's session handler counters (SHOW SESSION STATUS
 * LIKE 'Handler%'), one process per job so nothing else shares the session:
 * rows_read counts every row an index or table read returned, rows_scanned
 * the part read by full table scans (Handler_read_rnd_next), rows_written
 * the rows inserted, updated and deleted. The counters' own cost (SHOW STATUS
 * materialises a temporary table) is measured once and subtracted.
 *
 * The schedule is restored afterwards: a purge that leaves rows schedules
 * another run a minute later, which WP-Cron would otherwise start in the
 * middle of the bench's measurements.
 */
require __DIR__ . '/../php/bootstrap.php';
require $mvs_wp_load;

/**
 * Folders of the active plugins (resolved: the stack links them to the repo),
 * without the bench's own single-file plugin.
 *
 * @return string[]
 */
function mvs_bench_plugin_dirs(): array {
	$dirs = array();
	foreach ( (array) get_option( 'active_plugins', array() ) as $plugin ) {
		if ( '.' === dirname( $plugin ) ) {
			continue;
		}
		$dir = realpath( WP_PLUGIN_DIR . '/' . dirname( $plugin ) );
		if ( $dir ) {
			$dirs[] = $dir . DIRECTORY_SEPARATOR;
		}
	}
	return $dirs;
}

/**
 * The file a hook callback is defined in, or '' when reflection cannot tell.
 *
 * @param mixed $callback A callback as stored in $wp_filter.
 */
function mvs_bench_callback_file( $callback ): string {
	try {
		if ( is_string( $callback ) && false !== strpos( $callback, '::' ) ) {
			$callback = explode( '::', $callback, 2 );
		}
		if ( is_array( $callback ) ) {
			return (string) ( new ReflectionMethod( $callback[0], $callback[1] ) )->getFileName();
		}
		if ( $callback instanceof Closure || is_string( $callback ) ) {
			return (string) ( new ReflectionFunction( $callback ) )->getFileName();
		}
		if ( is_object( $callback ) && method_exists( $callback, '__invoke' ) ) {
			return (string) ( new ReflectionMethod( $callback, '__invoke' ) )->getFileName();
		}
	} catch ( ReflectionException $e ) {
		return '';
	}
	return '';
}

/**
 * Scheduled hooks with a callback in one of the plugins, and the arguments
 * of their first scheduled event.
 *
 * @return array<string, array> Hook => arguments.
 */
function mvs_bench_jobs(): array {
	global $wp_filter;
	$dirs = mvs_bench_plugin_dirs();
	$jobs = array();
	foreach ( (array) _get_cron_array() as $events ) {
		foreach ( (array) $events as $hook => $instances ) {
			if ( isset( $jobs[ $hook ] ) || empty( $wp_filter[ $hook ] ) ) {
				continue;
			}
			foreach ( $wp_filter[ $hook ]->callbacks as $callbacks ) {
				foreach ( $callbacks as $entry ) {
					$file = mvs_bench_callback_file( $entry['function'] );
					foreach ( $dirs as $dir ) {
						if ( '' !== $file && 0 === strpos( $file, $dir ) ) {
							$first          = reset( $instances );
							$jobs[ $hook ] = isset( $first['args'] ) ? (array) $first['args'] : array();
							continue 4;
						}
					}
				}
			}
		}
	}
	// A job scheduled only at activation is missing from a schedule that lost
	// it (WP-Cron's option is read-modify-write, and a concurrent request can
	// write back an older copy). Replaying the activation hooks with
	// scheduling short-circuited names those jobs too, without storing them.
	$record = static function ( $pre, $event ) use ( &$jobs ) {
		if ( ! isset( $jobs[ $event->hook ] ) ) {
			$jobs[ $event->hook ] = (array) $event->args;
		}
		return true;
	};
	add_filter( 'pre_schedule_event', $record, 10, 2 );
	add_filter( 'pre_get_scheduled_event', '__return_false' );
	foreach ( (array) get_option( 'active_plugins', array() ) as $plugin ) {
		if ( '.' !== dirname( $plugin ) ) {
			do_action( 'activate_' . $plugin, false );
		}
	}
	remove_filter( 'pre_get_scheduled_event', '__return_false' );
	remove_filter( 'pre_schedule_event', $record, 10 );
	ksort( $jobs );
	return $jobs;
}

/**
 * MariaDB's session handler counters.
 *
 * @return array<string, int>
 */
function mvs_bench_handlers(): array {
	global $wpdb;
	$counters = array();
	foreach ( (array) $wpdb->get_results( "SHOW SESSION STATUS LIKE 'Handler%'", ARRAY_N ) as $row ) {
		$counters[ $row[0] ] = (int) $row[1];
	}
	return $counters;
}

/**
 * Difference of two counter snapshots.
 *
 * @param array<string, int> $after  Later snapshot.
 * @param array<string, int> $before Earlier snapshot.
 * @return array<string, int>
 */
function mvs_bench_delta( array $after, array $before ): array {
	$delta = array();
	foreach ( $after as $name => $value ) {
		$delta[ $name ] = $value - ( $before[ $name ] ?? 0 );
	}
	return $delta;
}

$mvs_command = $argv[1] ?? 'list';
$mvs_jobs    = mvs_bench_jobs();
if ( 'list' === $mvs_command ) {
	echo wp_json_encode( array_keys( $mvs_jobs ) ), "\n";
	exit( 0 );
}
$mvs_hook = (string) ( $argv[2] ?? '' );
if ( 'run' !== $mvs_command || ! array_key_exists( $mvs_hook, $mvs_jobs ) ) {
	fwrite( STDERR, "usage: jobs.php list | jobs.php run <hook>, hooks: " . implode( ', ', array_keys( $mvs_jobs ) ) . "\n" );
	exit( 2 );
}

global $wpdb;
// Work a job has only after some event: the event happens first, untimed, and the report says what it was.
$mvs_workloads = array(
	// The copies of items' terms that renaming the site's largest tag empties.
	'mvs_refill_terms_copies' => static function () use ( $wpdb ): string {
		$tag = $wpdb->get_row( "SELECT term_taxonomy_id, count FROM {$wpdb->term_taxonomy} WHERE taxonomy = 'mvs_tag' ORDER BY count DESC LIMIT 1" );
		if ( ! $tag ) {
			return '';
		}
		MVS_Media_Terms_Copy_Invalidation::invalidate_term( (int) $tag->term_taxonomy_id );
		return sprintf( 'after renaming the largest tag (%d items)', (int) $tag->count );
	},
);
$mvs_work = isset( $mvs_workloads[ $mvs_hook ] ) ? $mvs_workloads[ $mvs_hook ]() : '';
$mvs_schedule = _get_cron_array();
$mvs_probe_0  = mvs_bench_handlers();
$mvs_probe_1  = mvs_bench_handlers();
$mvs_overhead = mvs_bench_delta( $mvs_probe_1, $mvs_probe_0 );
$mvs_queries  = $wpdb->num_queries;
$mvs_started  = microtime( true );
do_action_ref_array( $mvs_hook, $mvs_jobs[ $mvs_hook ] );
$mvs_seconds = microtime( true ) - $mvs_started;
$mvs_queries = $wpdb->num_queries - $mvs_queries;
$mvs_delta   = mvs_bench_delta( mvs_bench_delta( mvs_bench_handlers(), $mvs_probe_1 ), $mvs_overhead );
_set_cron_array( $mvs_schedule );

$mvs_sum = static function ( array $names ) use ( $mvs_delta ): int {
	$total = 0;
	foreach ( $names as $name ) {
		$total += max( 0, $mvs_delta[ $name ] ?? 0 );
	}
	return $total;
};
echo wp_json_encode(
	array(
		'hook'         => $mvs_hook,
		'work'         => $mvs_work,
		'seconds'      => round( $mvs_seconds, 4 ),
		'queries'      => $mvs_queries,
		'rows_read'    => $mvs_sum( array( 'Handler_read_first', 'Handler_read_key', 'Handler_read_last', 'Handler_read_next', 'Handler_read_prev', 'Handler_read_rnd', 'Handler_read_rnd_next' ) ),
		'rows_scanned' => $mvs_sum( array( 'Handler_read_rnd_next' ) ),
		'rows_written' => $mvs_sum( array( 'Handler_write', 'Handler_update', 'Handler_delete' ) ),
	)
), "\n";
