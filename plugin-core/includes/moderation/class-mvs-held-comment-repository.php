<?php
/**
 * Data access of the desk's Comments tab.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prepared queries on the comments the spam check held: a page costs two
 * queries whatever per_page is (rows with their author and item, and the
 * total), on the (status, id) index. See docs/moderation.md, "Comments and
 * members".
 */
final class MVS_Held_Comment_Repository {

	/**
	 * A page of waiting comments, oldest first, and the total.
	 *
	 * @param string $status   all, held or spam.
	 * @param int    $page     Page, from 1.
	 * @param int    $per_page Page size.
	 * @return array{0: object[], 1: int}
	 */
	public function page( string $status, int $page, int $per_page ): array {
		global $wpdb;
		$statuses = 'all' === $status ? array( 'held', 'spam' ) : array( $status );
		$in       = implode( ', ', array_fill( 0, count( $statuses ), '%s' ) );
		// phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $in holds placeholders only.
		$rows = $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare(
				'SELECT c.id, c.media_id, c.parent_id, c.user_id, c.content, c.status, c.created_at, u.display_name AS author_name, COALESCE(m.title, \'\') AS media_title'
				. " FROM {$wpdb->mvs_comments} c LEFT JOIN {$wpdb->users} u ON u.ID = c.user_id LEFT JOIN {$wpdb->mvs_media} m ON m.id = c.media_id"
				. " WHERE c.status IN ({$in}) ORDER BY c.id ASC LIMIT %d OFFSET %d",
				array_merge( $statuses, array( $per_page, ( max( 1, $page ) - 1 ) * $per_page ) )
			)
		);
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->mvs_comments} WHERE status IN ({$in})", $statuses ) );
		// phpcs:enable
		return array( $rows ? $rows : array(), $total );
	}

	/**
	 * One comment by its ID alone (the desk has no item in its path).
	 *
	 * @param int $id Comment ID.
	 * @return object|null Row (id, media_id, parent_id, user_id, content, status).
	 */
	public function find( int $id ) {
		global $wpdb;
		return $wpdb->get_row( $wpdb->prepare( "SELECT id, media_id, parent_id, user_id, content, status FROM {$wpdb->mvs_comments} WHERE id = %d", $id ) );
	}
}
