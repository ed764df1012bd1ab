<?php
/**
 * Step 2, in a fresh process with WordPress installed (not WP_INSTALLING, so
 * this is the load wp-admin does): pretty permalinks, both plugins activated
 * with their activation hooks, no avatars.
 */
require __DIR__ . '/bootstrap.php';
require $mvs_wp_load;
require_once ABSPATH . 'wp-admin/includes/plugin.php';

// /wp-json/... URLs; nginx's try_files sends them to index.php.
$GLOBALS['wp_rewrite']->set_permalink_structure( '/%postname%/' );

// Core first: Pro needs it. activate_plugin() runs each activation hook.
// MVS_ACTIVATE_PLUGINS=0: a bare site, whose plugins a spec installs from the zips.
$mvs_slugs = '0' === getenv( 'MVS_ACTIVATE_PLUGINS' ) ? array() : array( 'media-community-service', 'media-community-service-pro' );
foreach ( $mvs_slugs as $mvs_slug ) {
	$mvs_result = activate_plugin( "$mvs_slug/$mvs_slug.php" );
	if ( is_wp_error( $mvs_result ) ) {
		$mvs_data = $mvs_result->get_error_data();
		throw new Exception( "activating $mvs_slug: " . $mvs_result->get_error_message() . ( is_string( $mvs_data ) ? "\n$mvs_data" : '' ) );
	}
	if ( ! is_plugin_active( "$mvs_slug/$mvs_slug.php" ) ) {
		throw new Exception( "$mvs_slug is not active after activate_plugin()" );
	}
}

// The site is offline: avatars (gravatar.com) would only fail to load in wp-admin.
update_option( 'show_avatars', 0 );

// The rewrite rules are rebuilt on the first web request, when every active
// plugin has run its init hooks (this process loaded them mid-way).
delete_option( 'rewrite_rules' );

echo 'active plugins: ' . implode( ', ', get_option( 'active_plugins' ) ) . "\n";
