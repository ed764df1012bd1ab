<?php
/**
 * Activates the bench floor plugin in a native stack (php-cli, like
 * stack/php/configure.php: MVS_SITE_URL and MVS_WP_LOAD in the environment).
 * stack/bench/run.mjs has already symlinked mvs-bench-floor.php into the
 * stack's wp-content/plugins.
 */
require __DIR__ . '/../php/bootstrap.php';
require $mvs_wp_load;
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$mvs_result = activate_plugin( 'mvs-bench-floor.php' );
if ( is_wp_error( $mvs_result ) ) {
	throw new Exception( 'activating mvs-bench-floor.php: ' . $mvs_result->get_error_message() );
}
echo 'active plugins: ' . implode( ', ', get_option( 'active_plugins' ) ) . "\n";
