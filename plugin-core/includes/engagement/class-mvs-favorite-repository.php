<?php
/**
 * Data access for favorites: every SQL statement of the favorite routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * One row per member and item (primary key user_id, media_id), so a
 * favorite sent twice, or by two requests at once, stays one row. Lists
 * join mvs_media under the shared visibility predicate: an item that went
 * private, was rejected or whose author blocked the member drops out of
 * the list and its total in SQL.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- every fragment is built from placeholders and passed through prepare().
 */
final class MVS_Favorite_Repository {

	/**
	 * The member's favorite row of an item, or null.
	 *
	 * @param int $user_id  Member.
	 * @param int $media_id Media ID.
	 * @return object|null Row with collection_id.
	 */
	public function find( int $user_id, int $media_id ) {
		global $wpdb;
		return $wpdb->get_row( $wpdb->prepare( "SELECT collection_id FROM {$wpdb->mvs_favorites} WHERE user_id = %d AND media_id = %d", $user_id, $media_id ) );
	}

	/**
	 * Whether a collection is one of the member's manual collections.
	 *
	 * @param int $collection_id Collection ID.
	 * @param int $user_id       Member.
	 * @return bool
	 */
	public function is_own_manual_collection( int $collection_id, int $user_id ): bool {
		global $wpdb;
		return (bool) $wpdb->get_var( $wpdb->prepare( "SELECT 1 FROM {$wpdb->mvs_collections} WHERE id = %d AND author_id = %d AND type = 'manual'", $collection_id, $user_id ) );
	}

	/**
	 * Favorites the item; with a collection, files it there and adds it to
	 * the collection's items (at the end), in one transaction. Favoriting
	 * again without a collection keeps the one it is filed under.
	 *
	 * @param int $user_id       Member.
	 * @param int $media_id      Media ID.
	 * @param int $collection_id Collection ID, 0 for none.
	 * @return bool Whether every statement succeeded (rolled back otherwise).
	 */
	public function add( int $user_id, int $media_id, int $collection_id ): bool {
		global $wpdb;
		$now = current_time( 'mysql', true );
		$wpdb->query( 'START TRANSACTION' );
		// INSERT IGNORE then UPDATE rather than ON DUPLICATE KEY UPDATE with
		// VALUES(): both statements mean the same on MariaDB and on SQLite.
		$ok = false !== $wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$wpdb->mvs_favorites} (user_id, media_id, collection_id, created_at) VALUES (%d, %d, %d, %s)",
				$user_id,
				$media_id,
				$collection_id,
				$now
			)
		);
		if ( $ok && $collection_id > 0 ) {
			$ok = false !== $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_favorites} SET collection_id = %d WHERE user_id = %d AND media_id = %d", $collection_id, $user_id, $media_id ) );
		}
		if ( $ok && $collection_id > 0 ) {
			$ok = false !== $wpdb->query(
				$wpdb->prepare(
					"INSERT IGNORE INTO {$wpdb->mvs_collection_items} (collection_id, media_id, position, created_at)"
					. " SELECT %d, %d, COALESCE(MAX(position), 0) + 1, %s FROM {$wpdb->mvs_collection_items} WHERE collection_id = %d",
					$collection_id,
					$media_id,
					$now,
					$collection_id
				)
			);
		}
		$wpdb->query( $ok ? 'COMMIT' : 'ROLLBACK' );
		return $ok;
	}

	/**
	 * Removes the favorite and takes the item out of the member's manual
	 * collections, in one transaction: favoriting is the only way into a
	 * manual collection (the contract has no item route), so it is also the
	 * way out.
	 *
	 * @param int $user_id  Member.
	 * @param int $media_id Media ID.
	 * @return int|false 1 when a favorite was removed, 0 when there was none, false on failure.
	 */
	public function remove( int $user_id, int $media_id ) {
		global $wpdb;
		$wpdb->query( 'START TRANSACTION' );
		$ok      = false !== $wpdb->query(
			$wpdb->prepare(
				"DELETE ci FROM {$wpdb->mvs_collection_items} ci INNER JOIN {$wpdb->mvs_collections} c ON c.id = ci.collection_id WHERE ci.media_id = %d AND c.author_id = %d",
				$media_id,
				$user_id
			)
		);
		$removed = $ok ? $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_favorites} WHERE user_id = %d AND media_id = %d", $user_id, $media_id ) ) : false;
		$ok      = $ok && false !== $removed;
		$wpdb->query( $ok ? 'COMMIT' : 'ROLLBACK' );
		return $ok ? (int) $removed : false;
	}

	/**
	 * A page of the member's favorites they may still see, newest favorite
	 * first, and their total: two queries on the user_created index.
	 *
	 * @param int      $user_id       Member.
	 * @param int|null $collection_id Only favorites filed under it, or null.
	 * @param int      $page          Page, from 1.
	 * @param int      $per_page      Page size.
	 * @return array{0: object[], 1: int} mvs_media rows and the total.
	 */
	public function page( int $user_id, ?int $collection_id, int $page, int $per_page ): array {
		global $wpdb;
		list( $visible, $visible_args ) = MVS_Media_Visibility::viewer_predicate( $user_id, 'm' );
		$where                          = 'f.user_id = %d';
		$args                           = array( $user_id );
		if ( null !== $collection_id ) {
			$where .= ' AND f.collection_id = %d';
			$args[] = $collection_id;
		}
		$from     = "FROM {$wpdb->mvs_favorites} f INNER JOIN {$wpdb->mvs_media} m ON m.id = f.media_id WHERE {$where} AND {$visible}";
		$args     = array_merge( $args, $visible_args );
		$per_page = max( 1, $per_page );
		$rows     = $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare(
				"SELECT m.* {$from} ORDER BY f.created_at DESC, f.media_id DESC LIMIT %d OFFSET %d",
				array_merge( $args, array( $per_page, ( max( 1, $page ) - 1 ) * $per_page ) )
			)
		);
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholders are in the interpolated fragment.
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) {$from}", $args ) );
		return array( $rows ? $rows : array(), $total );
	}
}
