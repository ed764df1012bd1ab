<?php
/**
 * Data access of the desk's Members tab.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prepared queries behind GET /moderation/members: a page costs three
 * queries whatever per_page is (members with their open-report count and
 * suspension, the total, the page's open reports with their reporters).
 * See docs/moderation.md, "Comments and members".
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- every fragment is built from placeholders (one per ID) and passed through prepare().
 */
final class MVS_Reported_Member_Repository {

	/**
	 * A page of one view: members with open reports, most recently reported
	 * first, or suspended members, most recently suspended first.
	 *
	 * @param string $view     reported or suspended.
	 * @param int    $page     Page, from 1.
	 * @param int    $per_page Page size.
	 * @return array{0: object[], 1: int} Rows (user_id, name, open_reports, suspended_at) and total.
	 */
	public function page( string $view, int $page, int $per_page ): array {
		global $wpdb;
		$offset = ( max( 1, $page ) - 1 ) * $per_page;
		$meta   = MVS_Member_Suspension::META;
		if ( 'suspended' === $view ) {
			$rows  = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT s.user_id, u.display_name AS name, s.meta_value AS suspended_at,'
					. " ( SELECT COUNT(*) FROM {$wpdb->mvs_reports} r WHERE r.object_type = 'user' AND r.object_id = s.user_id AND r.status = 'open' ) AS open_reports"
					. " FROM {$wpdb->usermeta} s LEFT JOIN {$wpdb->users} u ON u.ID = s.user_id"
					. ' WHERE s.meta_key = %s ORDER BY s.umeta_id DESC LIMIT %d OFFSET %d',
					$meta,
					$per_page,
					$offset
				)
			);
			$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->usermeta} WHERE meta_key = %s", $meta ) );
			return array( $rows ? $rows : array(), $total );
		}
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT g.user_id, u.display_name AS name, g.open_reports,'
				. " ( SELECT s.meta_value FROM {$wpdb->usermeta} s WHERE s.user_id = g.user_id AND s.meta_key = %s LIMIT 1 ) AS suspended_at"
				. " FROM ( SELECT r.object_id AS user_id, COUNT(*) AS open_reports, MAX(r.id) AS latest FROM {$wpdb->mvs_reports} r WHERE r.object_type = 'user' AND r.status = 'open' GROUP BY r.object_id ) g"
				. " LEFT JOIN {$wpdb->users} u ON u.ID = g.user_id ORDER BY g.latest DESC LIMIT %d OFFSET %d",
				$meta,
				$per_page,
				$offset
			)
		);
		$total = (int) $wpdb->get_var( "SELECT COUNT(DISTINCT object_id) FROM {$wpdb->mvs_reports} WHERE object_type = 'user' AND status = 'open'" );
		return array( $rows ? $rows : array(), $total );
	}

	/**
	 * The open reports against the given members with their reporters'
	 * names, newest first.
	 *
	 * @param int[] $ids User IDs.
	 * @return object[]
	 */
	public function open_reports( array $ids ): array {
		global $wpdb;
		if ( ! $ids ) {
			return array();
		}
		$in = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		return $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare(
				'SELECT r.id, r.object_id, r.reporter_id, r.reason, r.details, r.created_at, u.display_name AS reporter_name'
				. " FROM {$wpdb->mvs_reports} r LEFT JOIN {$wpdb->users} u ON u.ID = r.reporter_id"
				. " WHERE r.object_type = 'user' AND r.status = 'open' AND r.object_id IN ({$in}) ORDER BY r.id DESC",
				$ids
			)
		);
	}
}
