<?php
// Temporary profiling (not part of the repo): CPU µs between hooks, appended to /tmp/prof/phases.log.
function zz_cpu() { $r = getrusage(); return ( $r['ru_utime.tv_sec'] + $r['ru_stime.tv_sec'] ) * 1e6 + $r['ru_utime.tv_usec'] + $r['ru_stime.tv_usec']; }
$GLOBALS['zz_marks'] = array( array( 'mu', zz_cpu() ) );
foreach ( array( 'plugins_loaded', 'after_setup_theme', 'init', 'wp_loaded', 'parse_request', 'rest_api_init', 'rest_pre_dispatch', 'rest_dispatch_request', 'rest_post_dispatch', 'rest_pre_echo_response' ) as $h ) {
	add_filter( $h, static function ( $v = null ) use ( $h ) { $GLOBALS['zz_marks'][] = array( $h, zz_cpu() ); return $v; }, -99999 );
}
add_action( 'shutdown', static function () {
	$GLOBALS['zz_marks'][] = array( 'shutdown', zz_cpu() );
	$m = $GLOBALS['zz_marks']; $out = array();
	for ( $i = 1; $i < count( $m ); $i++ ) { $out[] = $m[ $i ][0] . '=' . ( $m[ $i ][1] - $m[ $i - 1 ][1] ); }
	file_put_contents( '/tmp/prof/phases.log', ( $_SERVER['REQUEST_URI'] ?? '' ) . ' ' . implode( ' ', $out ) . "\n", FILE_APPEND );
}, 99999 );
