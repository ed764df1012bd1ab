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
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- every fragment is built from placeholders and passed through prepare().
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
	 * What the viewer may see, as disjoint WHERE clauses on mvs_media m: the
	 * community rules, plus the viewer's own items outside them. Two
	 * branches queried apart keep each on an index; one OR of both made
	 * MariaDB scan the whole table (the rule of MVS_Media_List_Query::search()).
	 *
	 * @param int $viewer Viewer.
	 * @return array<int, array{0: string, 1: array}>
	 */
	private static function visibility_branches( int $viewer ): array {
		if ( MVS_Media_Visibility::is_privileged( $viewer ) ) {
			return array( array( '1=1', array() ) );
		}
		$community = MVS_Media_Visibility::community_predicate( $viewer, 'm' );
		if ( $viewer <= 0 ) {
			return array( $community );
		}
		return array(
			$community,
			array( "m.author_id = %d AND NOT {$community[0]}", array_merge( array( $viewer ), $community[1] ) ),
		);
	}

	/**
	 * How many items a smart collection resolves to at most: its newest
	 * matching items the caller may see. The page and item_count agree on
	 * it, so the count is exact for what the collection serves, and reading
	 * it costs at most this many index entries whatever the table size (an
	 * uncapped count of a popular tag grows with the community).
	 *
	 * @return int
	 */
	public static function smart_max_items(): int {
		/**
		 * Filters the most items a smart collection resolves to (its newest).
		 *
		 * @param int $max Items (1000).
		 */
		return max( 1, (int) apply_filters( 'mvs_smart_collection_max_items', 1000 ) );
	}

	/**
	 * FROM … WHERE clauses of a collection's items the viewer may see, one
	 * per disjoint branch, each with its newest-first order: the item table
	 * of a manual collection (one branch: its few rows drive the join, so
	 * the OR of the visibility costs nothing), the rules of a smart one (a
	 * branch per visibility branch).
	 *
	 * @param object $collection mvs_collections row.
	 * @param int    $viewer     Viewer.
	 * @return array<int, array{0: string, 1: array, 2: string}> SQL, arguments, order.
	 */
	private static function item_sources( $collection, int $viewer ): array {
		global $wpdb;
		if ( 'smart' !== $collection->type ) {
			list( $visible, $visible_args ) = MVS_Media_Visibility::viewer_predicate( $viewer, 'm' );
			return array(
				array(
					"FROM {$wpdb->mvs_collection_items} ci INNER JOIN {$wpdb->mvs_media} m ON m.id = ci.media_id WHERE ci.collection_id = %d AND {$visible}",
					array_merge( array( (int) $collection->id ), $visible_args ),
					'ci.position ASC, ci.media_id ASC',
				),
			);
		}
		$rules = MVS_Collection_Rules::decode( $collection->rules );
		if ( ! $rules ) {
			// A smart collection without rules has no items (never "everything").
			return array( array( "FROM {$wpdb->mvs_media} m WHERE 1=0", array(), 'm.id DESC' ) );
		}
		list( $from, $where, $args, $order ) = MVS_Collection_Rules::query( $rules );
		$sources                             = array();
		foreach ( self::visibility_branches( $viewer ) as $branch ) {
			$sources[] = array( "{$from} WHERE {$branch[0]}{$where}", array_merge( $branch[1], $args ), "{$order} DESC" );
		}
		return $sources;
	}

	/**
	 * One count expression over all sources, and its arguments. A smart
	 * collection's branches each count at most smart_max_items() rows
	 * (a LIMIT inside a derived table), which caps the work; the caller
	 * caps the sum.
	 *
	 * @param object  $collection mvs_collections row.
	 * @param array[] $sources    From item_sources().
	 * @return array{0: string, 1: array}
	 */
	private static function count_expression( $collection, array $sources ): array {
		$parts = array();
		$args  = array();
		foreach ( $sources as $i => $source ) {
			if ( 'smart' === $collection->type ) {
				$parts[] = "( SELECT COUNT(*) FROM ( SELECT 1 AS one {$source[0]} LIMIT %d ) n{$i} )";
				$args    = array_merge( $args, $source[1], array( self::smart_max_items() ) );
				continue;
			}
			$parts[] = "( SELECT COUNT(*) {$source[0]} )";
			$args    = array_merge( $args, $source[1] );
		}
		return array( implode( ' + ', $parts ), $args );
	}

	/**
	 * The visible item count of a collection from its counted sum.
	 *
	 * @param object $collection mvs_collections row.
	 * @param int    $counted    Sum of count_expression().
	 * @return int
	 */
	private static function capped( $collection, int $counted ): int {
		return 'smart' === $collection->type ? min( $counted, self::smart_max_items() ) : $counted;
	}

	/**
	 * A page of the collection's items the viewer may see, and their total:
	 * two queries. Manual items come in the order they were added, smart
	 * ones newest first (at most smart_max_items() of them).
	 *
	 * @param object $collection mvs_collections row.
	 * @param int    $viewer     Viewer.
	 * @param int    $page       Page, from 1.
	 * @param int    $per_page   Page size.
	 * @return array{0: object[], 1: int} mvs_media rows and the total.
	 */
	public function items( $collection, int $viewer, int $page, int $per_page ): array {
		global $wpdb;
		$sources  = self::item_sources( $collection, $viewer );
		$per_page = max( 1, $per_page );
		$offset   = ( max( 1, $page ) - 1 ) * $per_page;
		if ( 'smart' === $collection->type ) {
			// A page past the newest smart_max_items() is empty, like a page past the end.
			$per_page = min( $per_page, max( 0, self::smart_max_items() - $offset ) );
		}
		$rows = array();
		if ( $per_page > 0 ) {
			if ( 1 === count( $sources ) ) {
				$sql  = "SELECT m.* {$sources[0][0]} ORDER BY {$sources[0][2]} LIMIT %d OFFSET %d";
				$args = array_merge( $sources[0][1], array( $per_page, $offset ) );
			} else {
				// Each branch brings at most the rows up to the end of the page, on its own index.
				// Each is a derived table: SQLite takes no ORDER BY/LIMIT on a bare UNION member
				// (its translation answered no rows on the Playground tier), MariaDB plans both alike.
				$parts = array();
				$args  = array();
				foreach ( $sources as $i => $source ) {
					$parts[] = "SELECT b{$i}.* FROM ( SELECT m.* {$source[0]} ORDER BY {$source[2]} LIMIT %d ) b{$i}";
					$args    = array_merge( $args, $source[1], array( $offset + $per_page ) );
				}
				$sql  = 'SELECT u.* FROM ( ' . implode( ' UNION ALL ', $parts ) . ' ) u ORDER BY u.id DESC LIMIT %d OFFSET %d';
				$args = array_merge( $args, array( $per_page, $offset ) );
			}
			$rows = $wpdb->get_results( $wpdb->prepare( $sql, $args ) );
		}
		list( $count, $c_args ) = self::count_expression( $collection, $sources );
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholders are in the interpolated fragment.
		$total = (int) ( $c_args ? $wpdb->get_var( $wpdb->prepare( "SELECT {$count}", $c_args ) ) : $wpdb->get_var( "SELECT {$count}" ) );
		return array( $rows ? $rows : array(), self::capped( $collection, $total ) );
	}

	/**
	 * The visible item count of several collections in one statement (one
	 * row per collection, joined with UNION ALL).
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
		$rows = array();
		$args = array();
		$byid = array();
		foreach ( $collections as $collection ) {
			list( $count, $count_args )    = self::count_expression( $collection, self::item_sources( $collection, $viewer ) );
			$rows[]                        = "SELECT %d AS id, {$count} AS n";
			$args                          = array_merge( $args, array( (int) $collection->id ), $count_args );
			$byid[ (int) $collection->id ] = $collection;
		}
		$counts = array();
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholders are in the interpolated fragment.
		foreach ( (array) $wpdb->get_results( $wpdb->prepare( implode( ' UNION ALL ', $rows ), $args ) ) as $row ) {
			$counts[ (int) $row->id ] = self::capped( $byid[ (int) $row->id ], (int) $row->n );
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
	 * @param int $id     Collection ID.
	 * @param int $author The collection's owner.
	 * @return int|false Collections deleted (0 when a concurrent delete won), or false on failure.
	 */
	public function delete( int $id, int $author ) {
		global $wpdb;
		$wpdb->query( 'START TRANSACTION' );
		$ok = false !== $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_collection_items} WHERE collection_id = %d", $id ) );
		// Only the owner files favorites under a collection: their rows, on the primary key's user_id prefix.
		$ok      = $ok && false !== $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_favorites} SET collection_id = 0 WHERE user_id = %d AND collection_id = %d", $author, $id ) );
		$deleted = $ok ? $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_collections} WHERE id = %d", $id ) ) : false;
		$ok      = $ok && false !== $deleted;
		$wpdb->query( $ok ? 'COMMIT' : 'ROLLBACK' );
		return $ok ? (int) $deleted : false;
	}
}
