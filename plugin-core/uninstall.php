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
	delete_option( MVS_Settings::OPTION );
	// The AI API key lives apart from mvs_settings so no settings route returns it.
	delete_option( 'mvs_ai_api_key' );
	delete_option( 'mvs_ai_api_key_origin' );
	delete_transient( 'mvs_admin_queue_count' ); // MVS_Admin_Queue_Count::TRANSIENT (the admin classes are not loaded here).
	MVS_Rate_Limiter::unschedule();
	// Signed file URLs: the secret.
	delete_option( 'mvs_signing_secret' );
	delete_option( 'mvs_serve_lean' ); // MVS_Serve_Lean::OPTION: what the lean /serve entry relies on.
	// Trending: the scale's state and its one-off conversion (MVS_Trending_Score), and the hourly decay of installs from before it.
	delete_option( 'mvs_trending_scale' );
	wp_clear_scheduled_hook( 'mvs_trending_rescale' );
	wp_clear_scheduled_hook( 'mvs_decay_trending' );
	delete_option( 'mvs_trending_decay_cursor' );
	wp_clear_scheduled_hook( 'mvs_purge_view_log' );
	wp_clear_scheduled_hook( 'mvs_media_totals_rebuild' ); // MVS_Media_Totals_Rebuild::HOOK.
	wp_clear_scheduled_hook( 'mvs_media_totals_verify' ); // MVS_Media_Totals_Verifier::HOOK.
	delete_option( 'mvs_media_totals_cursor' ); // MVS_Media_Totals_Cursor::OPTION.
	delete_option( 'mvs_media_totals_verify_cursor' ); // MVS_Media_Totals_Verifier::CURSOR_OPTION.
	wp_clear_scheduled_hook( 'mvs_purge_notifications' ); // MVS_Notification_Retention::HOOK.
	wp_clear_scheduled_hook( 'mvs_refill_terms_copies' ); // MVS_Media_Terms_Copy_Refill::REFILL_HOOK.
	// Terms of the plugin's taxonomies (the taxonomies are not registered during uninstall).
	$term_ids = $wpdb->get_col( $wpdb->prepare( "SELECT term_id FROM {$wpdb->term_taxonomy} WHERE taxonomy IN (%s, %s)", 'mvs_tag', 'mvs_category' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	$wpdb->query( $wpdb->prepare( "DELETE tr FROM {$wpdb->term_relationships} tr INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id WHERE tt.taxonomy IN (%s, %s)", 'mvs_tag', 'mvs_category' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->term_taxonomy} WHERE taxonomy IN (%s, %s)", 'mvs_tag', 'mvs_category' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	foreach ( $term_ids as $term_id ) {
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->terms} WHERE term_id = %d", $term_id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}
	// WordPress caches the term hierarchy of hierarchical taxonomies (mvs_category) in an option.
	delete_option( 'mvs_category_children' );
	delete_option( 'mvs_tag_children' );
	// User meta written by the plugin.
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->usermeta} WHERE meta_key LIKE %s", $wpdb->esc_like( 'mvs_' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
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
