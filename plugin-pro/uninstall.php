<?php
/**
 * Uninstall: removes the Pro tables, schema version, scheduled job, the usage seed mark and the kept member count.
 *
 * @package MediaCommunityServicePro
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/generated/class-mvs-pro-class-map.php';
MVS_Pro_Class_Map::register();

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids' ) ) as $mvs_pro_site_id ) {
		switch_to_blog( $mvs_pro_site_id );
		MVS_Pro_Schema::drop_tables();
		MVS_Pro_Push_Receipts::unschedule();
		delete_option( MVS_Pro_Usage_Store::SEEDED_OPTION );
		MVS_Pro_Member_Count::forget();
		restore_current_blog();
	}
} else {
	MVS_Pro_Schema::drop_tables();
	MVS_Pro_Push_Receipts::unschedule();
	delete_option( MVS_Pro_Usage_Store::SEEDED_OPTION );
	MVS_Pro_Member_Count::forget();
}
