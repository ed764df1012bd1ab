<?php
/**
 * The cached interest chips of GET /app/interests.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Keeps the chips (categories, counts and cover IDs) in a transient for an
 * hour by default (filter mvs_app_interests_cache_ttl). A category created,
 * edited or deleted drops it at once; a cover that stops being shown to
 * visitors (made private, pending, rejected, scoped by an access rule,
 * deleted) is re-checked on every read and drops it too, so a cover is never
 * stale. Counts may lag by up to the lifetime. docs/native-app.md, "Interests".
 */
final class MVS_App_Interests_Cache {

	const TRANSIENT = 'mvs_app_interests';

	/**
	 * Wires the category hooks.
	 */
	public static function register(): void {
		foreach ( array( 'created_', 'edited_', 'delete_' ) as $prefix ) {
			add_action( $prefix . MVS_Taxonomies::CATEGORY, array( __CLASS__, 'forget' ) );
		}
	}

	/**
	 * Drops the cached chips.
	 */
	public static function forget(): void {
		delete_transient( self::TRANSIENT );
	}

	/**
	 * The chips: from the cache while every cover is still shown, otherwise
	 * read again and cached.
	 *
	 * @param MVS_App_Interests_Query $query The SQL.
	 * @return array<int, array{id: int, name: string, slug: string, count: int, cover: int, size: string}>
	 */
	public static function chips( MVS_App_Interests_Query $query ): array {
		$cached = get_transient( self::TRANSIENT );
		if ( is_array( $cached ) ) {
			$covers = array_values( array_filter( array_column( $cached, 'cover' ) ) );
			if ( count( $query->still_shown( $covers ) ) === count( $covers ) ) {
				return $cached;
			}
		}
		$chips = self::read( $query );
		set_transient( self::TRANSIENT, $chips, self::ttl() );
		return $chips;
	}

	/**
	 * Reads the chips from the database.
	 *
	 * @param MVS_App_Interests_Query $query The SQL.
	 * @return array
	 */
	private static function read( MVS_App_Interests_Query $query ): array {
		$top    = $query->top();
		$covers = $query->covers( array_map( 'intval', array_column( $top, 'term_taxonomy_id' ) ) );
		// The covers' sizes in one read, not one per chip.
		update_meta_cache( 'mvs_media', array_values( $covers ) );
		$chips = array();
		foreach ( $top as $row ) {
			$cover   = isset( $covers[ (int) $row->term_taxonomy_id ] ) ? $covers[ (int) $row->term_taxonomy_id ] : 0;
			$sizes   = $cover ? MVS_Image_Sizes::get( $cover ) : array();
			$chips[] = array(
				'id'    => (int) $row->term_id,
				'name'  => (string) $row->name,
				'slug'  => (string) $row->slug,
				'count' => (int) $row->use_count,
				'cover' => $cover,
				// The original when no thumbnail was made (a small image, a GD failure).
				'size'  => isset( $sizes['thumbnail'] ) ? 'thumbnail' : '',
			);
		}
		return $chips;
	}

	/**
	 * Lifetime in seconds, at least one.
	 *
	 * @return int
	 */
	private static function ttl(): int {
		/**
		 * Filters how long the interest chips are cached, in seconds.
		 *
		 * @param int $ttl Default one hour.
		 */
		return max( 1, (int) apply_filters( 'mvs_app_interests_cache_ttl', HOUR_IN_SECONDS ) );
	}
}
