<?php
/**
 * Uninstall: removes every table, option, capability, role, scheduled event
 * and stored file of the core plugin. Runs only from WordPress's uninstaller.
 *
 * @package MediaCommunityService
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/generated/class-mvs-core-class-map.php';
MVS_Core_Class_Map::register();

/**
 * Removes the plugin's data from the current site.
 */
function mvs_uninstall_site(): void {
	global $wpdb;
	MVS_Core_Schema::drop_tables();
	MVS_Core_Capabilities::revoke();
	// Every scheduled job, option and transient (one list with boot, activation and deactivation).
	MVS_Lifecycle_Registry::uninstall();
	// Terms of the plugin's taxonomies (the taxonomies are not registered during uninstall).
	$term_ids = $wpdb->get_col( $wpdb->prepare( "SELECT term_id FROM {$wpdb->term_taxonomy} WHERE taxonomy IN (%s, %s)", 'mvs_tag', 'mvs_category' ) );
	$wpdb->query( $wpdb->prepare( "DELETE tr FROM {$wpdb->term_relationships} tr INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id WHERE tt.taxonomy IN (%s, %s)", 'mvs_tag', 'mvs_category' ) );
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->term_taxonomy} WHERE taxonomy IN (%s, %s)", 'mvs_tag', 'mvs_category' ) );
	foreach ( $term_ids as $term_id ) {
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->terms} WHERE term_id = %d", $term_id ) );
	}
	// User meta written by the plugin.
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->usermeta} WHERE meta_key LIKE %s", $wpdb->esc_like( 'mvs_' ) . '%' ) );
	// Stored files.
	$uploads = wp_upload_dir( null, false );
	$root    = trailingslashit( $uploads['basedir'] ) . 'mvs';
	if ( is_dir( $root ) ) {
		require_once ABSPATH . 'wp-admin/includes/file.php';
		if ( WP_Filesystem() ) {
			global $wp_filesystem;
			$wp_filesystem->rmdir( $root, true );
		}
	}
}

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids' ) ) as $mvs_site_id ) {
		switch_to_blog( $mvs_site_id );
		mvs_uninstall_site();
		restore_current_blog();
	}
} else {
	mvs_uninstall_site();
}
