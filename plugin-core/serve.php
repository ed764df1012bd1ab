<?php
/**
 * Lean entry of GET /mvs/v1/serve: signed file URLs without booting WordPress.
 *
 * Runs only when the web server maps the route here and says how to hand a
 * request back to WordPress, in the server variable MVS_SERVE_LEAN:
 * '@<named location>' (nginx: fastcgi_param MVS_SERVE_LEAN @mvs_wordpress)
 * or 'redirect' (Apache: RewriteRule … [E=MVS_SERVE_LEAN:redirect]). The
 * rules are in docs/file-delivery.md ("The lean path"). Requested any other
 * way, it answers 404 before loading anything. The work is
 * MVS_Serve_Lean's; this file only finds WordPress and loads it with
 * SHORTINIT (database and options, no plugins, no theme).
 *
 * @package MediaCommunityService
 */

// An entry point like wp-login.php: no ABSPATH yet, and no WordPress functions before wp-load.php.
// phpcs:disable WordPress.VIP.ValidatedSanitizedInput -- server variables set by the web server's configuration, matched against fixed forms; wp_unslash() and the sanitizers are not loaded yet.

$mvs_lean_fallback = '';
foreach ( array( 'MVS_SERVE_LEAN', 'REDIRECT_MVS_SERVE_LEAN' ) as $mvs_lean_name ) {
	if ( isset( $_SERVER[ $mvs_lean_name ] ) && is_string( $_SERVER[ $mvs_lean_name ] ) ) {
		$mvs_lean_fallback = $_SERVER[ $mvs_lean_name ];
		break;
	}
}
if ( 'redirect' !== $mvs_lean_fallback && ! preg_match( '/^@[A-Za-z0-9_-]{1,64}$/', $mvs_lean_fallback ) ) {
	http_response_code( 404 );
	exit;
}

// wp-load.php: where the server says (MVS_SERVE_WP_LOAD), else above the
// plugin as the server addressed it (SCRIPT_FILENAME keeps a symlinked
// plugin folder inside wp-content/plugins), else the document root.
$mvs_lean_candidates = array();
if ( isset( $_SERVER['MVS_SERVE_WP_LOAD'] ) && is_string( $_SERVER['MVS_SERVE_WP_LOAD'] ) ) {
	$mvs_lean_candidates[] = $_SERVER['MVS_SERVE_WP_LOAD'];
}
$mvs_lean_dir = isset( $_SERVER['SCRIPT_FILENAME'] ) && is_string( $_SERVER['SCRIPT_FILENAME'] ) ? dirname( $_SERVER['SCRIPT_FILENAME'] ) : __DIR__;
for ( $mvs_lean_level = 0; $mvs_lean_level < 5; $mvs_lean_level++ ) {
	$mvs_lean_dir          = dirname( $mvs_lean_dir );
	$mvs_lean_candidates[] = $mvs_lean_dir . '/wp-load.php';
}
if ( isset( $_SERVER['DOCUMENT_ROOT'] ) && is_string( $_SERVER['DOCUMENT_ROOT'] ) ) {
	$mvs_lean_candidates[] = rtrim( $_SERVER['DOCUMENT_ROOT'], '/' ) . '/wp-load.php';
}
$mvs_lean_wp_load = '';
foreach ( $mvs_lean_candidates as $mvs_lean_candidate ) {
	if ( 'wp-load.php' === basename( $mvs_lean_candidate ) && is_file( $mvs_lean_candidate ) ) {
		$mvs_lean_wp_load = $mvs_lean_candidate;
		break;
	}
}
if ( '' === $mvs_lean_wp_load ) {
	// Misconfigured: say so where the site owner looks, rather than guess.
	error_log( 'Media Community Service: serve.php cannot find wp-load.php; set MVS_SERVE_WP_LOAD in the web server rule.' ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- WordPress is not loaded.
	http_response_code( 500 );
	exit;
}
// phpcs:enable WordPress.VIP.ValidatedSanitizedInput

define( 'SHORTINIT', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- WordPress's own switch for a minimal load.
require $mvs_lean_wp_load;

require_once __DIR__ . '/generated/class-mvs-core-class-map.php';
MVS_Core_Class_Map::register();
MVS_Serve_Lean::run( $mvs_lean_fallback );
