<?php
/**
 * Step 1: creates WordPress's tables and the admin user (admin / password) in
 * the stack's empty database, as the web installer would.
 */
require __DIR__ . '/bootstrap.php';

define( 'WP_INSTALLING', true );
// wp_install() stores wp_guess_url() as the site URL; with this it is exact.
define( 'WP_SITEURL', $mvs_site_url );
require $mvs_wp_load;
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

// Offline install: wp_install() probes pretty permalinks over HTTP (configure.php
// sets them) and mails the admin; neither has anywhere to go.
add_filter(
	'pre_http_request',
	static function () {
		return new WP_Error( 'mvs_stack_offline', 'No HTTP during the install.' );
	}
);
add_filter( 'pre_wp_mail', '__return_false' );

if ( is_blog_installed() ) {
	throw new Exception( 'WordPress is already installed in this database' );
}
wp_install( 'Media Community Service', 'admin', 'admin@example.test', true, '', 'password' );
echo "installed WordPress {$GLOBALS['wp_version']} at " . get_option( 'siteurl' ) . "\n";
