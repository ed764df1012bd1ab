<?php
/**
 * Site Health: a persistent object cache on a large site.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A large community without a persistent object cache reloads options,
 * users and terms from the database on every request, and every waiting
 * message poll asks the database each tick instead of reading a cached
 * signal (docs/messaging.md). The item count is the list totals' site-wide
 * keys (a handful of rows), or the highest item ID while they rebuild:
 * never a COUNT(*) over the media table.
 */
final class MVS_Health_Object_Cache_Check implements MVS_Health_Check {

	/**
	 * Items from which a site counts as large (filter mvs_site_health_large_site_items).
	 */
	const LARGE_SITE_ITEMS = 50000;

	/**
	 * The test's key.
	 *
	 * @return string
	 */
	public function id(): string {
		return 'mvs_object_cache';
	}

	/**
	 * What the test checks.
	 *
	 * @return string
	 */
	public function label(): string {
		return __( 'A large Media Community Service site uses a persistent object cache', 'media-community-service' );
	}

	/**
	 * Compares the site's size with the threshold.
	 *
	 * @return array
	 */
	public function run(): array {
		if ( wp_using_ext_object_cache() ) {
			return MVS_Health_Result::make( $this->id(), MVS_Health_Result::GOOD, __( 'A persistent object cache is in use', 'media-community-service' ), __( 'WordPress keeps options, users and terms in a persistent object cache between requests, and waiting message polls read a cached signal instead of asking the database.', 'media-community-service' ) );
		}
		/**
		 * Filters how many media items make a site large enough to need a
		 * persistent object cache (docs/site-health.md).
		 *
		 * @param int $items Items; default 50,000.
		 */
		$threshold = (int) apply_filters( 'mvs_site_health_large_site_items', self::LARGE_SITE_ITEMS );
		$items     = self::items();
		if ( $items < $threshold ) {
			return MVS_Health_Result::make(
				$this->id(),
				MVS_Health_Result::GOOD,
				__( 'No persistent object cache is needed yet', 'media-community-service' ),
				sprintf(
					/* translators: 1: number of media items, 2: threshold. */
					__( 'The community holds about %1$s media items, fewer than the %2$s from which a persistent object cache (Redis, Memcached) pays off.', 'media-community-service' ),
					number_format_i18n( $items ),
					number_format_i18n( $threshold )
				)
			);
		}
		return MVS_Health_Result::make(
			$this->id(),
			MVS_Health_Result::RECOMMENDED,
			__( 'A large Media Community Service site runs without a persistent object cache', 'media-community-service' ),
			sprintf(
				/* translators: %s: number of media items. */
				__( 'The community holds about %s media items, and no persistent object cache is in use: every request loads options, users and terms from the database again, and every waiting message poll asks the database several times a second.', 'media-community-service' ),
				number_format_i18n( $items )
			),
			__( 'Ask your host for Redis or Memcached and install its object cache drop-in (for example the Redis Object Cache plugin).', 'media-community-service' )
		);
	}

	/**
	 * How many items the site holds: the list totals' site-wide keys when
	 * complete, else the highest item ID (an upper bound).
	 *
	 * @return int
	 */
	private static function items(): int {
		global $wpdb;
		if ( MVS_Media_Totals::ready() ) {
			return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COALESCE(SUM(items), 0) FROM {$wpdb->mvs_media_totals} WHERE term_taxonomy_id = %d", 0 ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the site-wide keys: a handful of primary-key rows.
		}
		return (int) $wpdb->get_var( "SELECT MAX(id) FROM {$wpdb->mvs_media}" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the primary key's end: one key read.
	}
}
