<?php
/**
 * The notification store: every read and write of mvs_notifications.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Rows of mvs_notifications. What a member may read is decided in SQL: a
 * notification about a media item stays visible only while the recipient
 * may see that item (it went private, was deleted, or its owner blocked
 * them: it leaves the list and the count), and notifications caused by a
 * member the recipient blocked or was blocked by are left out.
 */
final class MVS_Notification_Repository {

	/**
	 * The visibility predicate of a recipient's notifications (alias n, with
	 * the item of a media notification LEFT JOINed as m: see FROM).
	 *
	 * @param int $user_id Recipient.
	 * @return array{0: string, 1: array} SQL with placeholders, and its arguments.
	 */
	private static function visible( int $user_id ): array {
		list( $items, $item_args )   = MVS_Media_Visibility::viewer_predicate( $user_id, 'm' );
		list( $blocks, $block_args ) = MVS_Media_Visibility::blocks_clause( $user_id, 'n.actor_id' );
		$sql                         = "n.user_id = %d{$blocks} AND ( n.object_type <> 'media' OR ( m.id IS NOT NULL AND {$items} ) )";
		return array( $sql, array_merge( array( $user_id ), $block_args, $item_args ) );
	}

	/**
	 * FROM of the list and the count: the item a media notification is about
	 * comes with its row, so the list shows its current title (one join on the
	 * primary key, no query per notification).
	 *
	 * @return string
	 */
	private static function from(): string {
		global $wpdb;
		return "{$wpdb->mvs_notifications} n LEFT JOIN {$wpdb->mvs_media} m ON n.object_type = 'media' AND m.id = n.object_id";
	}

	/**
	 * Inserts a notification.
	 *
	 * @param int    $user_id     Recipient.
	 * @param int    $actor_id    Who caused it (0: the site).
	 * @param string $type        Type.
	 * @param string $object_type Object type.
	 * @param int    $object_id   Object ID.
	 * @param array  $data        Type-specific details.
	 * @return int Notification ID, 0 when the insert failed.
	 */
	public function insert( int $user_id, int $actor_id, string $type, string $object_type, int $object_id, array $data ): int {
		global $wpdb;
		$ok = $wpdb->insert(
			$wpdb->mvs_notifications,
			array(
				'user_id'     => $user_id,
				'actor_id'    => $actor_id,
				'type'        => $type,
				'object_type' => $object_type,
				'object_id'   => $object_id,
				'data'        => wp_json_encode( $data ),
				'is_read'     => 0,
				'created_at'  => current_time( 'mysql', true ),
			),
			array( '%d', '%d', '%s', '%s', '%d', '%s', '%d', '%s' )
		);
		return false === $ok ? 0 : (int) $wpdb->insert_id;
	}

	/**
	 * Inserts a foldable notification unless the recipient has an unread one
	 * with the same fold key: the unique key (user_id, fold_key) decides, so
	 * two concurrent events cannot both insert.
	 *
	 * @param int    $user_id     Recipient.
	 * @param int    $actor_id    Who caused it.
	 * @param string $type        Type.
	 * @param string $object_type Object type.
	 * @param int    $object_id   Object ID.
	 * @param array  $data        Type-specific details.
	 * @param string $fold_key    Fold key (MVS_Notifier::fold_key()).
	 * @return int Notification ID; 0 when an unread one holds the key (or the insert failed).
	 */
	public function insert_unless_unread( int $user_id, int $actor_id, string $type, string $object_type, int $object_id, array $data, string $fold_key ): int {
		global $wpdb;
		// The unique key makes this atomic.
		$inserted = $wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$wpdb->mvs_notifications} (user_id, actor_id, type, object_type, object_id, data, is_read, fold_key, created_at) VALUES (%d, %d, %s, %s, %d, %s, 0, %s, %s)",
				$user_id,
				$actor_id,
				$type,
				$object_type,
				$object_id,
				wp_json_encode( $data ),
				$fold_key,
				current_time( 'mysql', true )
			)
		);
		return $inserted > 0 ? (int) $wpdb->insert_id : 0;
	}

	/**
	 * Folds a new event into the recipient's unread notification of the same
	 * fold key, if there is one: it gets the new actor, details and time and
	 * moves to the top of the list.
	 *
	 * @param int    $user_id  Recipient.
	 * @param int    $actor_id Latest actor.
	 * @param string $fold_key Fold key.
	 * @param array  $data     Details.
	 * @return bool Whether an unread notification absorbed the event. False
	 *              also when it already held exactly these values (MySQL counts
	 *              changed rows only): the caller tells that apart by inserting.
	 */
	public function fold_into_unread( int $user_id, int $actor_id, string $fold_key, array $data ): bool {
		global $wpdb;
		// One conditional statement, no read-modify-write.
		$changed = $wpdb->query(
			$wpdb->prepare(
				"UPDATE {$wpdb->mvs_notifications} SET actor_id = %d, data = %s, created_at = %s WHERE user_id = %d AND fold_key = %s",
				$actor_id,
				wp_json_encode( $data ),
				current_time( 'mysql', true ),
				$user_id,
				$fold_key
			)
		);
		return $changed > 0;
	}

	/**
	 * A page of the recipient's notifications, newest first, and the total.
	 * Two queries whatever per_page. Each row carries current_title: the
	 * title its item has now ('' when it is not about an item).
	 *
	 * @param int  $user_id     Recipient.
	 * @param bool $unread_only Only unread ones.
	 * @param int  $page        Page (1-based).
	 * @param int  $per_page    Page size.
	 * @return array{0: object[], 1: int}
	 */
	public function page( int $user_id, bool $unread_only, int $page, int $per_page ): array {
		global $wpdb;
		list( $where, $args ) = self::visible( $user_id );
		$from                 = self::from();
		if ( $unread_only ) {
			$where .= ' AND n.is_read = 0';
		}
		// phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- $where is built from placeholders.
		$rows = $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare(
				"SELECT n.id, n.type, n.actor_id, n.object_type, n.object_id, n.data, n.is_read, n.created_at, COALESCE(m.title, '') AS current_title FROM {$from} WHERE {$where} ORDER BY n.id DESC LIMIT %d OFFSET %d",
				array_merge( $args, array( $per_page, ( $page - 1 ) * $per_page ) )
			)
		);
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholders are in the interpolated fragment.
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$from} WHERE {$where}", $args ) );
		// phpcs:enable
		return array( $rows ? $rows : array(), $total );
	}

	/**
	 * Unread notifications of the recipient that they may still see.
	 *
	 * @param int $user_id Recipient.
	 * @return int
	 */
	public function count_unread( int $user_id ): int {
		global $wpdb;
		list( $where, $args ) = self::visible( $user_id );
		$from                 = self::from();
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $where is built from placeholders; the placeholders are in the interpolated fragment.
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$from} WHERE {$where} AND n.is_read = 0", $args ) );
	}

	/**
	 * Marks read the recipient's unread notifications that the list shows
	 * them: the given IDs (IDs of other members' notifications, or of ones
	 * the list hides, match nothing), or all when null. A hidden one stays
	 * unread and comes back as such when its item or actor is visible again.
	 * A read notification gives up its fold key: the next event starts a new one.
	 *
	 * Two statements (the visible IDs, then an UPDATE by ID) rather than a
	 * multi-table UPDATE, which the SQLite translation does not take.
	 *
	 * @param int        $user_id Recipient.
	 * @param int[]|null $ids     Notification IDs, or null for all.
	 * @return int Notifications changed.
	 */
	public function mark_read( int $user_id, ?array $ids ): int {
		global $wpdb;
		if ( null !== $ids && ! $ids ) {
			return 0;
		}
		list( $where, $args ) = self::visible( $user_id );
		$from                 = self::from();
		$where               .= ' AND n.is_read = 0';
		if ( null !== $ids ) {
			$where .= ' AND n.id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ')';
			$args   = array_merge( $args, $ids );
		}
		// phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- $where holds placeholders only.
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholders are in the interpolated fragment.
		$shown = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT n.id FROM {$from} WHERE {$where}", $args ) ) );
		if ( ! $shown ) {
			return 0;
		}
		$in     = implode( ', ', array_fill( 0, count( $shown ), '%d' ) );
		$marked = (int) $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_notifications} SET is_read = 1, fold_key = NULL WHERE user_id = %d AND is_read = 0 AND id IN ({$in})", array_merge( array( $user_id ), $shown ) ) );
		// phpcs:enable
		return $marked;
	}

	/**
	 * Members holding an unread notification about any of these objects
	 * (the object_unread index: no scan).
	 *
	 * @param string $object_type Object type.
	 * @param int[]  $object_ids  Object IDs.
	 * @return int[]
	 */
	public function unread_recipients( string $object_type, array $object_ids ): array {
		global $wpdb;
		if ( ! $object_ids ) {
			return array();
		}
		$in = implode( ', ', array_fill( 0, count( $object_ids ), '%d' ) );
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- $in holds placeholders only.
		return array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT user_id FROM {$wpdb->mvs_notifications} WHERE object_type = %s AND object_id IN ({$in}) AND is_read = 0", array_merge( array( $object_type ), array_map( 'intval', $object_ids ) ) ) ) );
	}

	/**
	 * Deletes up to $limit notifications created before the cutoff, oldest
	 * first (select then delete by ID: portable to the SQLite translation).
	 *
	 * @param string $cutoff UTC datetime.
	 * @param int    $limit  Batch size.
	 * @return int Rows deleted.
	 */
	public function purge_before( string $cutoff, int $limit ): int {
		global $wpdb;
		$ids = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_notifications} WHERE created_at < %s ORDER BY created_at LIMIT %d", $cutoff, $limit ) ) );
		if ( ! $ids ) {
			return 0;
		}
		$placeholders = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.WP.PreparedSQL.NotPrepared -- one %d per id; the fragment holds placeholders only.
		$deleted = (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_notifications} WHERE id IN ($placeholders)", $ids ) );
		return $deleted;
	}
}
