<?php
/**
 * Data access of the wp-admin moderation desk.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prepared queries behind GET /moderation/desk and undo: five of a page's six
 * queries, whatever per_page and the filters are (rows with their uploader and
 * open-report count, the total, the page's reports with their reporters, the
 * page's latest log entry per action with its actor, and the page's history;
 * the sixth, the image matches, is MVS_Image_Match's).
 * See docs/moderation.md, "Moderation desk".
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- every fragment is built from placeholders (one per ID) and passed through prepare().
 */
final class MVS_Moderation_Desk_Repository {

	/**
	 * SQL of the IDs of media items with an open report: the Reported view,
	 * and GET /moderation/counts' open_reports, which must agree with it.
	 *
	 * @return string
	 */
	public static function reported_media_ids(): string {
		global $wpdb;
		return "SELECT r.object_id FROM {$wpdb->mvs_reports} r WHERE r.object_type = 'media' AND r.status = 'open'";
	}

	/**
	 * A page of one desk view.
	 *
	 * @param string $view     A value of MVS_Core_Enums::DESK_VIEW.
	 * @param string $orderby  A value of MVS_Core_Enums::DESK_ORDER.
	 * @param int    $page     Page, from 1.
	 * @param int    $per_page Page size.
	 * @param array  $filters  Optional media_type, uploader, reason, search (absent or null: no filter).
	 * @return array{0: object[], 1: int} Rows and total.
	 */
	public function page( string $view, string $orderby, int $page, int $per_page, array $filters = array() ): array {
		global $wpdb;
		$open    = self::reported_media_ids();
		$decided = in_array( $view, array( 'approved', 'rejected' ), true );
		$join    = '';
		$args    = array();
		// The waiting view is two disjoint branches, each read through its own index: as one OR
		// the optimizer walked the whole primary key for the order (docs/moderation.md).
		$branches = array( 'm.moderation_status = %s' );
		if ( 'waiting' === $view ) {
			$branches = array( "m.moderation_status IN ( 'pending', 'flagged' )", "m.moderation_status = 'approved' AND m.id IN ( {$open} )" );
		} elseif ( 'reported' === $view ) {
			$branches = array( "m.id IN ( {$open} )" );
		} else {
			$args[] = $view;
		}
		list( $narrow, $narrow_args ) = self::filters( $filters );
		$args                         = array_merge( $args, $narrow_args );
		if ( $decided ) {
			// The decision log: items a moderator decided, ordered by their latest decision.
			$join = " JOIN ( SELECT media_id, MAX(id) AS decided FROM {$wpdb->mvs_moderation_log} WHERE action IN ( 'approve', 'reject' ) GROUP BY media_id ) d ON d.media_id = m.id";
		}
		$key     = $decided ? 'd.decided' : 'm.id';
		$orders  = array(
			'oldest'  => 'sort_key ASC',
			'newest'  => 'sort_key DESC',
			'reports' => 'open_reports DESC, sort_key ASC',
		);
		$order   = $orders[ $orderby ] ?? $orders['oldest'];
		$offset  = ( max( 1, $page ) - 1 ) * $per_page;
		$columns = "SELECT m.id, m.title, m.media_type, m.mime_type, m.privacy, m.created_at, m.moderation_status, m.author_id, u.display_name AS author_name, {$key} AS sort_key,"
			. " ( SELECT COUNT(*) FROM {$wpdb->mvs_reports} c WHERE c.object_type = 'media' AND c.object_id = m.id AND c.status = 'open' ) AS open_reports"
			. " FROM {$wpdb->mvs_media} m LEFT JOIN {$wpdb->users} u ON u.ID = m.author_id{$join}";
		$parts   = array();
		$values  = array();
		$counts  = array();
		foreach ( $branches as $branch ) {
			$where    = "{$branch}{$narrow}";
			$counts[] = "( SELECT COUNT(*) FROM {$wpdb->mvs_media} m{$join} WHERE {$where} )";
			if ( 1 === count( $branches ) ) {
				$parts[] = "{$columns} WHERE {$where}";
			} else {
				// Each branch brings at most the rows up to this page's end, in order: as a
				// derived table, since SQLite takes neither a parenthesised UNION member nor
				// its own ORDER BY and LIMIT.
				$parts[] = 'SELECT * FROM ( ' . "{$columns} WHERE {$where} ORDER BY {$order} LIMIT %d ) b" . count( $parts );
				$values  = array_merge( $values, $args, array( $offset + $per_page ) );
			}
		}
		$sql    = 1 === count( $parts ) ? $parts[0] : 'SELECT w.* FROM ( ' . implode( ' UNION ALL ', $parts ) . ' ) w';
		$values = 1 === count( $parts ) ? $args : $values;
		$rows   = $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare( "{$sql} ORDER BY {$order} LIMIT %d OFFSET %d", array_merge( $values, array( $per_page, $offset ) ) )
		);
		$count = 'SELECT ' . implode( ' + ', $counts );
		$cargs = count( $branches ) > 1 ? array_merge( $args, $args ) : $args;
		$total = (int) $wpdb->get_var( $cargs ? $wpdb->prepare( $count, $cargs ) : $count );
		return array( $rows ? $rows : array(), $total );
	}

	/**
	 * Every report on the given items with its reporter's name, newest first.
	 *
	 * @param int[] $ids Media IDs.
	 * @return object[]
	 */
	public function reports( array $ids ): array {
		global $wpdb;
		if ( ! $ids ) {
			return array();
		}
		$in = self::ids( $ids );
		return $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare(
				'SELECT r.id, r.object_id, r.reporter_id, r.reason, r.details, r.status, r.created_at, u.display_name AS reporter_name'
				. " FROM {$wpdb->mvs_reports} r LEFT JOIN {$wpdb->users} u ON u.ID = r.reporter_id"
				. " WHERE r.object_type = 'media' AND r.object_id IN ({$in}) ORDER BY r.id DESC",
				$ids
			)
		);
	}

	/**
	 * The latest log entry of each action on the given items, with the actor's name.
	 *
	 * @param int[] $ids Media IDs.
	 * @return object[]
	 */
	public function latest_log( array $ids ): array {
		global $wpdb;
		if ( ! $ids ) {
			return array();
		}
		$in = self::ids( $ids );
		return $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare(
				'SELECT l.id, l.media_id, l.actor_id, l.action, l.reason, l.result, l.created_at, u.display_name AS actor_name'
				. " FROM {$wpdb->mvs_moderation_log} l LEFT JOIN {$wpdb->users} u ON u.ID = l.actor_id"
				. " WHERE l.id IN ( SELECT MAX(id) FROM {$wpdb->mvs_moderation_log} WHERE media_id IN ({$in}) GROUP BY media_id, action )",
				$ids
			)
		);
	}

	/**
	 * The filters as AND conditions on the view's rows. Type and uploader are
	 * index ranges (type_visibility, author); the reason is checked on each
	 * candidate item's reports through the object index; the title search
	 * reads the view's rows, which the other conditions have narrowed.
	 *
	 * @param array $filters Optional media_type, uploader, reason, search.
	 * @return array{0: string, 1: array} SQL (each part starting with AND) and its values.
	 */
	private static function filters( array $filters ): array {
		global $wpdb;
		$sql  = '';
		$args = array();
		if ( isset( $filters['media_type'] ) ) {
			$sql   .= ' AND m.media_type = %s';
			$args[] = (string) $filters['media_type'];
		}
		if ( isset( $filters['uploader'] ) ) {
			$sql   .= ' AND m.author_id = %d';
			$args[] = (int) $filters['uploader'];
		}
		if ( isset( $filters['reason'] ) ) {
			$sql   .= " AND EXISTS ( SELECT 1 FROM {$wpdb->mvs_reports} f WHERE f.object_type = 'media' AND f.object_id = m.id AND f.reason = %s )";
			$args[] = (string) $filters['reason'];
		}
		if ( isset( $filters['search'] ) && '' !== trim( (string) $filters['search'] ) ) {
			$sql   .= ' AND m.title LIKE %s';
			$args[] = '%' . $wpdb->esc_like( trim( (string) $filters['search'] ) ) . '%';
		}
		return array( $sql, $args );
	}

	/**
	 * Every decision, undo and flag on the given items with the actor's name,
	 * newest first: the items' history (analyses are read by latest_log).
	 *
	 * @param int[] $ids Media IDs.
	 * @return object[]
	 */
	public function history( array $ids ): array {
		global $wpdb;
		if ( ! $ids ) {
			return array();
		}
		$in = self::ids( $ids );
		return $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare(
				'SELECT l.id, l.media_id, l.actor_id, l.action, l.reason, l.result, l.created_at, u.display_name AS actor_name'
				. " FROM {$wpdb->mvs_moderation_log} l LEFT JOIN {$wpdb->users} u ON u.ID = l.actor_id"
				. " WHERE l.media_id IN ({$in}) AND l.action IN ( 'approve', 'reject', 'undo', 'flag' ) ORDER BY l.id DESC",
				$ids
			)
		);
	}

	/**
	 * The latest decision or undo on one item.
	 *
	 * @param int $media_id Media ID.
	 * @return object|null
	 */
	public function latest_decision( int $media_id ) {
		global $wpdb;
		return $wpdb->get_row(
			$wpdb->prepare(
				"SELECT * FROM {$wpdb->mvs_moderation_log} WHERE media_id = %d AND action IN ( 'approve', 'reject', 'undo' ) ORDER BY id DESC LIMIT 1",
				$media_id
			)
		);
	}

	/**
	 * Reopens reports a decision closed. IGNORE: a reporter who filed a new
	 * report since keeps that one open and this one closed (one open report
	 * per reporter and target).
	 *
	 * @param int[] $ids Report IDs.
	 * @return int Reports reopened.
	 */
	public function reopen( array $ids ): int {
		global $wpdb;
		if ( ! $ids ) {
			return 0;
		}
		$in = self::ids( $ids );
		return (int) $wpdb->query(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare( "UPDATE IGNORE {$wpdb->mvs_reports} SET status = 'open', resolved_id = 0 WHERE status = 'resolved' AND id IN ({$in})", $ids )
		);
	}

	/**
	 * One %d placeholder per ID.
	 *
	 * @param int[] $ids IDs.
	 * @return string
	 */
	private static function ids( array $ids ): string {
		return implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
	}
}
