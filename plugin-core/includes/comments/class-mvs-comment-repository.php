<?php
/**
 * Data access of comments (mvs_comments) and the item's comments_count.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prepared queries on mvs_comments. A list page costs two queries whatever
 * per_page is (rows with their authors' names, and the total), on the
 * (media_id, id) index; comments by members the viewer blocked or was
 * blocked by are left out in SQL. Writes change the row and the item's
 * comments_count in one transaction, the count by an atomic increment.
 * Only approved comments are listed and counted: one the site's spam check
 * held (status held or spam, MVS_Comment_Check) waits on the moderation
 * desk (MVS_Held_Comment_Repository) until a moderator approves it.
 */
final class MVS_Comment_Repository {

	/**
	 * What comments_count counts, as a correlated subquery on the media
	 * alias m: every approved comment on the item, replies included. insert() and
	 * delete_thread() keep it by deltas; a recount (the account eraser's)
	 * uses this definition.
	 *
	 * @return string SQL.
	 */
	public static function count_sql(): string {
		global $wpdb;
		return "( SELECT COUNT(*) FROM {$wpdb->mvs_comments} c WHERE c.media_id = m.id AND c.status = 'approved' )";
	}

	/**
	 * One comment of an item.
	 *
	 * @param int $id       Comment ID.
	 * @param int $media_id Item.
	 * @return object|null Row with author_name and status.
	 */
	public function find( int $id, int $media_id ) {
		global $wpdb;
		return $wpdb->get_row(
			$wpdb->prepare(
				"SELECT c.id, c.media_id, c.parent_id, c.user_id, c.content, c.status, c.created_at, c.updated_at, COALESCE(u.display_name, '') AS author_name FROM {$wpdb->mvs_comments} c LEFT JOIN {$wpdb->users} u ON u.ID = c.user_id WHERE c.id = %d AND c.media_id = %d",
				$id,
				$media_id
			)
		);
	}

	/**
	 * A page of an item's comments, oldest first, and the total.
	 *
	 * @param int $media_id Item.
	 * @param int $viewer   Viewer (0: anonymous).
	 * @param int $page     Page (1-based).
	 * @param int $per_page Page size.
	 * @return array{0: object[], 1: int}
	 */
	public function page( int $media_id, int $viewer, int $page, int $per_page ): array {
		global $wpdb;
		list( $blocks, $block_args ) = MVS_Media_Visibility::blocks_clause( $viewer, 'c.user_id' );
		$args                        = array_merge( array( $media_id ), $block_args );
		// phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- $blocks holds placeholders only.
		$rows = $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare(
				"SELECT c.id, c.media_id, c.parent_id, c.user_id, c.content, c.created_at, c.updated_at, COALESCE(u.display_name, '') AS author_name FROM {$wpdb->mvs_comments} c LEFT JOIN {$wpdb->users} u ON u.ID = c.user_id WHERE c.media_id = %d AND c.status = 'approved'{$blocks} ORDER BY c.id ASC LIMIT %d OFFSET %d",
				array_merge( $args, array( $per_page, ( $page - 1 ) * $per_page ) )
			)
		);
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->mvs_comments} c WHERE c.media_id = %d AND c.status = 'approved'{$blocks}", $args ) );
		// phpcs:enable
		return array( $rows ? $rows : array(), $total );
	}

	/**
	 * Adds a comment and, when approved, counts it on the item, together or
	 * not at all.
	 *
	 * @param int    $media_id      Item.
	 * @param int    $user_id       Author.
	 * @param int    $parent_id     Top-level comment replied to, or 0.
	 * @param int    $from_activity Source activity, or 0.
	 * @param string $content       Sanitized plain text.
	 * @param string $status        approved, held or spam (MVS_Comment_Check).
	 * @return int Comment ID, 0 on failure.
	 */
	public function insert( int $media_id, int $user_id, int $parent_id, int $from_activity, string $content, string $status = 'approved' ): int {
		global $wpdb;
		$now = current_time( 'mysql', true );
		$wpdb->query( 'START TRANSACTION' );
		$ok = $wpdb->insert(
			$wpdb->mvs_comments,
			array(
				'media_id'      => $media_id,
				'user_id'       => $user_id,
				'parent_id'     => $parent_id,
				'from_activity' => $from_activity,
				'content'       => $content,
				'status'        => $status,
				'created_at'    => $now,
				'updated_at'    => $now,
			),
			array( '%d', '%d', '%d', '%d', '%s', '%s', '%s', '%s' )
		);
		$id = false === $ok ? 0 : (int) $wpdb->insert_id;
		if ( ! $id || ( 'approved' === $status && false === $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media} SET comments_count = comments_count + 1 WHERE id = %d", $media_id ) ) ) ) {
			$wpdb->query( 'ROLLBACK' );
			return 0;
		}
		$wpdb->query( 'COMMIT' );
		return $id;
	}

	/**
	 * Replaces a comment's text.
	 *
	 * @param int    $id      Comment ID.
	 * @param string $content Sanitized plain text.
	 * @return bool
	 */
	public function update( int $id, string $content ): bool {
		global $wpdb;
		return false !== $wpdb->update(
			$wpdb->mvs_comments,
			array(
				'content'    => $content,
				'updated_at' => current_time( 'mysql', true ),
			),
			array( 'id' => $id ),
			array( '%s', '%s' ),
			array( '%d' )
		);
	}

	/**
	 * Deletes a comment with its replies and takes exactly the approved rows
	 * deleted off the item's count, together or not at all. A comment already
	 * deleted by a concurrent request deletes nothing and counts nothing.
	 *
	 * @param int $id       Comment ID.
	 * @param int $media_id Item.
	 * @return int|false Rows deleted, false on failure.
	 */
	public function delete_thread( int $id, int $media_id ) {
		global $wpdb;
		$wpdb->query( 'START TRANSACTION' );
		// Held replies were never counted: the locked rows say how many were.
		$counted = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->mvs_comments} WHERE media_id = %d AND ( id = %d OR parent_id = %d ) AND status = 'approved' FOR UPDATE", $media_id, $id, $id ) );
		$deleted = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_comments} WHERE media_id = %d AND ( id = %d OR parent_id = %d )", $media_id, $id, $id ) );
		if ( false === $deleted ) {
			$wpdb->query( 'ROLLBACK' );
			return false;
		}
		if ( $counted > 0 && false === $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media} SET comments_count = CASE WHEN comments_count > %d THEN comments_count - %d ELSE 0 END WHERE id = %d", $counted, $counted, $media_id ) ) ) {
			$wpdb->query( 'ROLLBACK' );
			return false;
		}
		$wpdb->query( 'COMMIT' );
		return (int) $deleted;
	}

	/**
	 * Publishes a held comment and counts it on the item, together or not at
	 * all. A comment approved by a concurrent request changes nothing.
	 *
	 * @param int $id       Comment ID.
	 * @param int $media_id Item.
	 * @return bool|null True when approved now, null when it already was, false on failure.
	 */
	public function approve( int $id, int $media_id ) {
		global $wpdb;
		$wpdb->query( 'START TRANSACTION' );
		$changed = $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_comments} SET status = 'approved' WHERE id = %d AND media_id = %d AND status <> 'approved'", $id, $media_id ) );
		if ( false === $changed || ( $changed > 0 && false === $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media} SET comments_count = comments_count + 1 WHERE id = %d", $media_id ) ) ) ) {
			$wpdb->query( 'ROLLBACK' );
			return false;
		}
		$wpdb->query( 'COMMIT' );
		return $changed > 0 ? true : null;
	}
}
