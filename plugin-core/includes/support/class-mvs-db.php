<?php
/**
 * Facts about the database WordPress runs on.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The one place that tells MySQL/MariaDB from SQLite, for the few statements
 * the SQLite translator of WordPress Playground does not accept.
 */
final class MVS_Db {

	/**
	 * Whether WordPress runs on SQLite (the SQLite Database Integration plugin
	 * that WordPress Playground uses defines DB_ENGINE; its wpdb is WP_SQLite_DB).
	 *
	 * @return bool
	 */
	public static function is_sqlite(): bool {
		global $wpdb;
		return ( defined( 'DB_ENGINE' ) && 'sqlite' === DB_ENGINE ) || $wpdb instanceof WP_SQLite_DB;
	}
}
