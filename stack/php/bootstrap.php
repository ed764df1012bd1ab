<?php
/**
 * Shared start of the stack's PHP CLI steps (stack/native-site.mjs runs them
 * with php-cli). A CLI has no request: give WordPress the $_SERVER values a
 * request to the stack would have, so nothing guesses a URL from a file path.
 */
set_exception_handler(
	static function ( Throwable $e ) {
		fwrite( STDERR, basename( $_SERVER['SCRIPT_FILENAME'] ) . ': ' . $e->getMessage() . "\n" );
		exit( 1 );
	}
);

$mvs_site_url = getenv( 'MVS_SITE_URL' );
$mvs_wp_load  = getenv( 'MVS_WP_LOAD' );
if ( ! $mvs_site_url || ! $mvs_wp_load ) {
	throw new Exception( 'MVS_SITE_URL and MVS_WP_LOAD must be set' );
}
$mvs_url_parts               = parse_url( $mvs_site_url );
$_SERVER['HTTP_HOST']        = $mvs_url_parts['host'] . ':' . $mvs_url_parts['port'];
$_SERVER['SERVER_NAME']      = $mvs_url_parts['host'];
$_SERVER['SERVER_PORT']      = (string) $mvs_url_parts['port'];
$_SERVER['REQUEST_METHOD']   = 'GET';
$_SERVER['REQUEST_URI']      = '/';
$_SERVER['SERVER_PROTOCOL']  = 'HTTP/1.1';
$_SERVER['SERVER_SOFTWARE']  = 'nginx';
