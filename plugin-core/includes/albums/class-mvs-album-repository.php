<?php
/**
 * Data access for albums: the album slice's SQL (a member's unfiltered
 * list by date and its total: MVS_Album_Member_List).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prepared queries on mvs_albums, and on mvs_media for album membership.
 * Who may see an album, and which of its items count for the caller, is
 * part of each query, so a hidden album or item never reaches a list, a
 * count or a total.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- every fragment is built from placeholders and passed through prepare().
 */
final class MVS_Album_Repository {

	/**
	 * Most items a single album response lists.
	 */
	const MAX_ITEMS = 500;

	/**
	 * Albums the viewer may see: public ones, members-only ones when logged
	 * in, and their own; moderators see all. Blocks hide albums both ways,
	 * through the same rule as media (MVS_Media_Visibility::blocks_clause()).
	 *
	 * Public: activity events about albums use the same rule (MVS_Activity_Query).
	 *
	 * @param int $viewer Viewer (0 when anonymous).
	 * @return array{0: string, 1: array} SQL on the alias a, and its arguments.
	 */
	public static function album_predicate( int $viewer ): array {
		if ( MVS_Media_Visibility::is_privileged( $viewer ) ) {
			return array( '1=1', array() );
		}
		if ( $viewer <= 0 ) {
			return array( "a.privacy = 'public'", array() );
		}
		list( $blocks, $block_args ) = MVS_Media_Visibility::blocks_clause( $viewer, 'a.author_id' );
		return array(
			"( ( a.privacy IN ('public', 'members'){$blocks} ) OR a.author_id = %d )",
			array_merge( $block_args, array( $viewer ) ),
		);
	}

	/**
	 * Column expression: the album's items the viewer may see, counted in
	 * the same statement (a correlated count on the album index).
	 *
	 * @param int $viewer Viewer.
	 * @return array{0: string, 1: array}
	 */
	private static function visible_count( int $viewer ): array {
		global $wpdb;
		list( $where, $args ) = MVS_Media_Visibility::viewer_predicate( $viewer, 'm' );
		return array( "( SELECT COUNT(*) FROM {$wpdb->mvs_media} m WHERE m.album_id = a.id AND {$where} ) AS visible_count", $args );
	}

	/**
	 * A raw row, whoever may see it (for writes, after the permission check).
	 *
	 * @param int $id Album ID.
	 * @return object|null
	 */
	public function find( int $id ) {
		global $wpdb;
		return $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$wpdb->mvs_albums} WHERE id = %d", $id ) );
	}

	/**
	 * One album with visible_count, or null when missing or hidden from the viewer.
	 *
	 * @param int $id     Album ID.
	 * @param int $viewer Viewer.
	 * @return object|null
	 */
	public function find_visible( int $id, int $viewer ) {
		global $wpdb;
		list( $count, $count_args ) = self::visible_count( $viewer );
		list( $where, $where_args ) = self::album_predicate( $viewer );
		return $wpdb->get_row(
			$wpdb->prepare(
				"SELECT a.*, {$count} FROM {$wpdb->mvs_albums} a WHERE a.id = %d AND {$where}",
				array_merge( $count_args, array( $id ), $where_args )
			)
		);
	}

	/**
	 * The albums among $ids the viewer may see, with visible_count (one query).
	 *
	 * @param int[] $ids    Album IDs.
	 * @param int   $viewer Viewer.
	 * @return object[]
	 */
	public function find_visible_many( array $ids, int $viewer ): array {
		global $wpdb;
		if ( ! $ids ) {
			return array();
		}
		list( $count, $count_args ) = self::visible_count( $viewer );
		list( $where, $where_args ) = self::album_predicate( $viewer );
		$in                         = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$rows                       = $wpdb->get_results(
			$wpdb->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholders are in the interpolated fragments.
				"SELECT a.*, {$count} FROM {$wpdb->mvs_albums} a WHERE a.id IN ({$in}) AND {$where}",
				array_merge( $count_args, array_map( 'intval', $ids ), $where_args )
			)
		);
		return $rows ? $rows : array();
	}

	/**
	 * A page of albums the viewer may see, and their total: two queries.
	 *
	 * @param array $query viewer, author, orderby (date|title|media_count), order (asc|desc), page, per_page.
	 * @return array{0: object[], 1: int}
	 */
	public function search( array $query ): array {
		global $wpdb;
		$viewer                     = (int) $query['viewer'];
		list( $where, $where_args ) = self::album_predicate( $viewer );
		if ( ! empty( $query['author'] ) ) {
			$where       .= ' AND a.author_id = %d';
			$where_args[] = (int) $query['author'];
		}
		$dir      = 'asc' === $query['order'] ? 'ASC' : 'DESC';
		$columns  = array(
			'date'        => "a.id {$dir}",
			'title'       => "a.title {$dir}, a.id {$dir}",
			'media_count' => "visible_count {$dir}, a.id {$dir}",
		);
		$order    = $columns[ $query['orderby'] ] ?? $columns['date'];
		$per_page = max( 1, (int) $query['per_page'] );
		// A page far past the end multiplies past PHP_INT_MAX into a float
		// (the fuzzer's page=2^63-1): held at the largest offset that still
		// adds per_page as an int, an empty page like any page past the last.
		$offset = (int) min( ( max( 1, (int) $query['page'] ) - 1 ) * $per_page, PHP_INT_MAX - $per_page );

		list( $count, $count_args ) = self::visible_count( $viewer );
		$member_list                = new MVS_Album_Member_List( $query );
		$from                       = "{$wpdb->mvs_albums} a WHERE {$where}";
		$from_args                  = $where_args;
		if ( $columns['date'] === $order && $member_list->applies() ) {
			list( $from, $from_args ) = $member_list->newest( $dir, $offset + $per_page );
		}
		$rows = $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare(
				"SELECT a.*, {$count} FROM {$from} ORDER BY {$order} LIMIT %d OFFSET %d",
				array_merge( $count_args, $from_args, array( $per_page, $offset ) )
			)
		);
		$total_sql = "SELECT COUNT(*) FROM {$wpdb->mvs_albums} a WHERE {$where}";
		if ( $member_list->applies() ) {
			list( $total_sql, $where_args ) = $member_list->total();
		}
		// prepare() insists on at least one placeholder; the anonymous list has none.
		$total = (int) $wpdb->get_var( $where_args ? $wpdb->prepare( $total_sql, $where_args ) : $total_sql );
		return array( $rows ? $rows : array(), $total );
	}

	/**
	 * The album's items the viewer may see, in album order (one query).
	 *
	 * @param int $album_id Album ID.
	 * @param int $viewer   Viewer.
	 * @return object[] mvs_media rows.
	 */
	public function visible_items( int $album_id, int $viewer ): array {
		global $wpdb;
		list( $where, $args ) = MVS_Media_Visibility::viewer_predicate( $viewer, 'm' );
		$rows                 = $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare(
				"SELECT m.* FROM {$wpdb->mvs_media} m WHERE m.album_id = %d AND {$where} ORDER BY m.album_position ASC, m.id ASC LIMIT %d",
				array_merge( array( $album_id ), $args, array( self::MAX_ITEMS ) )
			)
		);
		return $rows ? $rows : array();
	}

	/**
	 * Cover items of several albums that the viewer may see (one query).
	 *
	 * @param object[] $albums Album rows.
	 * @param int      $viewer Viewer.
	 * @return object[] mvs_media rows still in their album.
	 */
	public function visible_covers( array $albums, int $viewer ): array {
		global $wpdb;
		$ids = array();
		foreach ( $albums as $album ) {
			if ( (int) $album->cover_media_id > 0 ) {
				$ids[] = (int) $album->cover_media_id;
			}
		}
		if ( ! $ids ) {
			return array();
		}
		list( $where, $args ) = MVS_Media_Visibility::viewer_predicate( $viewer, 'm' );
		$in                   = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$rows                 = $wpdb->get_results(
			$wpdb->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholders are in the interpolated fragment.
				"SELECT m.* FROM {$wpdb->mvs_media} m WHERE m.id IN ({$in}) AND m.album_id > 0 AND {$where}",
				array_merge( $ids, $args )
			)
		);
		return $rows ? $rows : array();
	}

	/**
	 * IDs of every item of the album in album order, whoever may see them (for reorder).
	 *
	 * @param int $album_id Album ID.
	 * @return int[]
	 */
	public function item_ids( int $album_id ): array {
		global $wpdb;
		return array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_media} WHERE album_id = %d ORDER BY album_position ASC, id ASC", $album_id ) ) );
	}

	/**
	 * Inserts an album.
	 *
	 * @param array $data Column => value.
	 * @return int|null New ID, null on failure.
	 */
	public function insert( array $data ): ?int {
		global $wpdb;
		return false === $wpdb->insert( $wpdb->mvs_albums, $data ) ? null : (int) $wpdb->insert_id;
	}

	/**
	 * Updates columns of an album.
	 *
	 * @param int   $id   Album ID.
	 * @param array $data Column => value.
	 * @return bool
	 */
	public function update( int $id, array $data ): bool {
		global $wpdb;
		return false !== $wpdb->update( $wpdb->mvs_albums, $data, array( 'id' => $id ) );
	}

	/**
	 * Takes one item out of an album (and off its cover).
	 *
	 * @param int $album_id Album ID.
	 * @param int $media_id Media ID.
	 * @return bool Whether the item was in the album.
	 */
	public function remove_item( int $album_id, int $media_id ): bool {
		global $wpdb;
		$removed = (int) $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media} SET album_id = 0, album_position = 0 WHERE id = %d AND album_id = %d", $media_id, $album_id ) );
		if ( $removed ) {
			$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_albums} SET cover_media_id = 0 WHERE id = %d AND cover_media_id = %d", $album_id, $media_id ) );
		}
		return $removed > 0;
	}

	/**
	 * Deletes the album only: its items stay, outside any album, in one transaction.
	 *
	 * @param int $id Album ID.
	 * @return int|false 1, 0 when a concurrent request deleted it first, false on a database error.
	 */
	public function delete( int $id ) {
		global $wpdb;
		$wpdb->query( 'START TRANSACTION' );
		$released = $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media} SET album_id = 0, album_position = 0 WHERE album_id = %d", $id ) );
		$deleted  = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_albums} WHERE id = %d", $id ) );
		$ok       = false !== $released && false !== $deleted && $deleted > 0;
		$wpdb->query( $ok ? 'COMMIT' : 'ROLLBACK' );
		if ( false === $released || false === $deleted ) {
			return false;
		}
		return (int) $deleted;
	}

	/**
	 * Keeps an album's media_count in step after items move in or out.
	 *
	 * @param int $album_id Album ID.
	 */
	public function refresh_count( int $album_id ): void {
		global $wpdb;
		if ( $album_id <= 0 ) {
			return;
		}
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$wpdb->mvs_albums} SET media_count = ( SELECT COUNT(*) FROM {$wpdb->mvs_media} WHERE album_id = %d ) WHERE id = %d",
				$album_id,
				$album_id
			)
		);
	}

	/**
	 * Author of an album, or null when it does not exist.
	 *
	 * @param int $album_id Album ID.
	 * @return int|null
	 */
	public function author_of( int $album_id ): ?int {
		global $wpdb;
		$author = $wpdb->get_var( $wpdb->prepare( "SELECT author_id FROM {$wpdb->mvs_albums} WHERE id = %d", $album_id ) );
		return null === $author ? null : (int) $author;
	}

	/**
	 * Next position at the end of an album.
	 *
	 * @param int $album_id Album ID.
	 * @return int
	 */
	public function next_position( int $album_id ): int {
		global $wpdb;
		return 1 + (int) $wpdb->get_var( $wpdb->prepare( "SELECT MAX(album_position) FROM {$wpdb->mvs_media} WHERE album_id = %d", $album_id ) );
	}

	/**
	 * Puts items into an album at the given positions, in one statement.
	 *
	 * @param int             $album_id  Album ID (0 takes them out of any album).
	 * @param array<int, int> $positions Media ID => position.
	 * @return bool
	 */
	public function place( int $album_id, array $positions ): bool {
		global $wpdb;
		if ( ! $positions ) {
			return true;
		}
		$cases = array();
		$args  = array( $album_id );
		foreach ( $positions as $id => $position ) {
			$cases[] = 'WHEN %d THEN %d';
			$args[]  = (int) $id;
			$args[]  = (int) $position;
		}
		$in   = implode( ', ', array_fill( 0, count( $positions ), '%d' ) );
		$args = array_merge( $args, array_map( 'intval', array_keys( $positions ) ) );
		$sql  = "UPDATE {$wpdb->mvs_media} SET album_id = %d, album_position = CASE id " . implode( ' ', $cases ) . " ELSE album_position END WHERE id IN ({$in})";
		return false !== $wpdb->query( $wpdb->prepare( $sql, $args ) );
	}
}
