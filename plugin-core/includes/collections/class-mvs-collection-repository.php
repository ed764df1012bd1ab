<?php
/**
 * Data access for collections: every SQL statement of the collection routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prepared queries on mvs_collections and mvs_collection_items. Who may
 * see a collection, and which of its items count for the caller, is part
 * of each query: the items of both kinds are read through the shared
 * visibility predicate (MVS_Media_Visibility), so neither a manual list
 * nor a smart rule ever pulls in an item the caller may not see.
 *
 * phpcs:disable WordPress.DB.DirectDatabaseQuery -- custom tables; results are per-viewer.
 * phpcs:disable WordPress.DB.PreparedSQL.NotPrepared -- every fragment is built from placeholders and passed through prepare().
 */
final class MVS_Collection_Repository {

	/**
	 * Collections the viewer may see: public ones, members-only ones when
	 * logged in (not across a block, either way), and their own; moderators
	 * see all, as for albums.
	 *
	 * @param int $viewer Viewer (0 when anonymous).
	 * @return array{0: string, 1: array}
	 */
	private static function collection_predicate( int $viewer ): array {
		if ( MVS_Media_Visibility::is_privileged( $viewer ) ) {
			return array( '1=1', array() );
		}
		if ( $viewer <= 0 ) {
			return array( "c.privacy = 'public'", array() );
		}
		list( $blocks, $block_args ) = MVS_Media_Visibility::blocks_clause( $viewer, 'c.author_id' );
		return array(
			"( ( c.privacy IN ('public', 'members'){$blocks} ) OR c.author_id = %d )",
			array_merge( $block_args, array( $viewer ) ),
		);
	}

	/**
	 * A raw row, whoever may see it (for writes, after the owner check).
	 *
	 * @param int $id Collection ID.
	 * @return object|null
	 */
	public function find( int $id ) {
		global $wpdb;
		return $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$wpdb->mvs_collections} WHERE id = %d", $id ) );
	}

	/**
	 * One collection, or null when missing or hidden from the viewer.
	 *
	 * @param int $id     Collection ID.
	 * @param int $viewer Viewer.
	 * @return object|null
	 */
	public function find_visible( int $id, int $viewer ) {
		global $wpdb;
		list( $where, $args ) = self::collection_predicate( $viewer );
		return $wpdb->get_row( $wpdb->prepare( "SELECT c.* FROM {$wpdb->mvs_collections} c WHERE c.id = %d AND {$where}", array_merge( array( $id ), $args ) ) );
	}

	/**
	 * A page of a member's collections, newest first, and their total: two
	 * queries on the author index.
	 *
	 * @param int $author   Member.
	 * @param int $page     Page, from 1.
	 * @param int $per_page Page size.
	 * @return array{0: object[], 1: int}
	 */
	public function of_author( int $author, int $page, int $per_page ): array {
		global $wpdb;
		$per_page = max( 1, $per_page );
		$rows     = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT c.* FROM {$wpdb->mvs_collections} c WHERE c.author_id = %d ORDER BY c.id DESC LIMIT %d OFFSET %d",
				$author,
				$per_page,
				( max( 1, $page ) - 1 ) * $per_page
			)
		);
		$total    = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->mvs_collections} WHERE author_id = %d", $author ) );
		return array( $rows ? $rows : array(), $total );
	}

	/**
	 * FROM and WHERE of a collection's items the viewer may see: the item
	 * table of a manual collection, the rules of a smart one.
	 *
	 * @param object $collection mvs_collections row.
	 * @param int    $viewer     Viewer.
	 * @return array{0: string, 1: array, 2: string} FROM…WHERE SQL, its arguments, ORDER BY.
	 */
	private static function item_source( $collection, int $viewer ): array {
		global $wpdb;
		list( $visible, $visible_args ) = MVS_Media_Visibility::viewer_predicate( $viewer, 'm' );
		if ( 'smart' !== $collection->type ) {
			return array(
				"FROM {$wpdb->mvs_collection_items} ci INNER JOIN {$wpdb->mvs_media} m ON m.id = ci.media_id WHERE ci.collection_id = %d AND {$visible}",
				array_merge( array( (int) $collection->id ), $visible_args ),
				'ci.position ASC, ci.media_id ASC',
			);
		}
		$rules = MVS_Collection_Rules::decode( $collection->rules );
		if ( ! $rules ) {
			// A smart collection without rules has no items (never "everything").
			return array( "FROM {$wpdb->mvs_media} m WHERE 1=0", array(), 'm.id DESC' );
		}
		list( $where, $args ) = MVS_Collection_Rules::where( $rules );
		return array( "FROM {$wpdb->mvs_media} m WHERE {$visible}{$where}", array_merge( $visible_args, $args ), 'm.id DESC' );
	}

	/**
	 * A page of the collection's items the viewer may see, and their total:
	 * two queries.
	 *
	 * @param object $collection mvs_collections row.
	 * @param int    $viewer     Viewer.
	 * @param int    $page       Page, from 1.
	 * @param int    $per_page   Page size.
	 * @return array{0: object[], 1: int} mvs_media rows and the total.
	 */
	public function items( $collection, int $viewer, int $page, int $per_page ): array {
		global $wpdb;
		list( $from, $args, $order ) = self::item_source( $collection, $viewer );
		$per_page                    = max( 1, $per_page );
		$rows                        = $wpdb->get_results(
			$wpdb->prepare( "SELECT m.* {$from} ORDER BY {$order} LIMIT %d OFFSET %d", array_merge( $args, array( $per_page, ( max( 1, $page ) - 1 ) * $per_page ) ) )
		);
		$total                       = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) {$from}", $args ) );
		return array( $rows ? $rows : array(), $total );
	}

	/**
	 * The visible item count of several collections in one statement (one
	 * counting branch per collection, joined with UNION ALL).
	 *
	 * @param object[] $collections mvs_collections rows.
	 * @param int      $viewer      Viewer.
	 * @return array<int, int> Count by collection ID.
	 */
	public function counts( array $collections, int $viewer ): array {
		global $wpdb;
		if ( ! $collections ) {
			return array();
		}
		$branches = array();
		$args     = array();
		foreach ( $collections as $collection ) {
			list( $from, $source_args ) = self::item_source( $collection, $viewer );
			$branches[]                 = "SELECT %d AS id, COUNT(*) AS n {$from}";
			$args                       = array_merge( $args, array( (int) $collection->id ), $source_args );
		}
		$counts = array();
		foreach ( (array) $wpdb->get_results( $wpdb->prepare( implode( ' UNION ALL ', $branches ), $args ) ) as $row ) {
			$counts[ (int) $row->id ] = (int) $row->n;
		}
		return $counts;
	}

	/**
	 * Inserts a collection.
	 *
	 * @param array $data Column values.
	 * @return int|null New ID, or null on failure.
	 */
	public function insert( array $data ): ?int {
		global $wpdb;
		return false === $wpdb->insert( $wpdb->mvs_collections, $data ) ? null : (int) $wpdb->insert_id;
	}

	/**
	 * Updates columns of a collection.
	 *
	 * @param int   $id   Collection ID.
	 * @param array $data Column values.
	 * @return bool
	 */
	public function update( int $id, array $data ): bool {
		global $wpdb;
		return false !== $wpdb->update( $wpdb->mvs_collections, $data, array( 'id' => $id ) );
	}

	/**
	 * Deletes a collection and its item list in one transaction; favorites
	 * filed under it stay favorites, filed under none. The media items stay.
	 *
	 * @param int $id Collection ID.
	 * @return int|false Collections deleted (0 when a concurrent delete won), or false on failure.
	 */
	public function delete( int $id ) {
		global $wpdb;
		$wpdb->query( 'START TRANSACTION' );
		$ok      = false !== $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_collection_items} WHERE collection_id = %d", $id ) );
		$ok      = $ok && false !== $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_favorites} SET collection_id = 0 WHERE collection_id = %d", $id ) );
		$deleted = $ok ? $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_collections} WHERE id = %d", $id ) ) : false;
		$ok      = $ok && false !== $deleted;
		$wpdb->query( $ok ? 'COMMIT' : 'ROLLBACK' );
		return $ok ? (int) $deleted : false;
	}
}
