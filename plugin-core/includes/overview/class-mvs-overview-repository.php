<?php
/**
 * The overview's reads: one statement per figure, from totals and indexes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * One statement per figure whatever the site's size (active members are
 * and top tags are counted hourly by MVS_Overview_Hourly_Counts). Items are read from the day
 * rows (MVS_Media_Daily) and the list totals, never counted in the media
 * table once the totals are complete; reports and activity are read over
 * their last 30 days' range of a created_at index. Until the rebuild of the
 * totals completes, the same figures are counted from the rows (as lists
 * do). Costs and EXPLAINs: docs/community-overview.md.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names and placeholders only; values go through prepare().
 */
final class MVS_Overview_Repository {

	/**
	 * Days the figures cover (the series, reports and active members), today included.
	 */
	const DAYS = 30;

	/**
	 * Items uploaded since a day that still exist, per day and type.
	 *
	 * @param string $since Midnight of the first day (UTC).
	 * @param bool   $ready Whether the totals are complete.
	 * @return object[] Rows of day (Y-m-d), media_type, items.
	 */
	public function uploads_since( string $since, bool $ready ): array {
		global $wpdb;
		$sql = $ready
			? "SELECT DATE(day) AS day, media_type, items FROM {$wpdb->mvs_media_daily} WHERE day >= %s"
			: "SELECT DATE(created_at) AS day, media_type, COUNT(*) AS items FROM {$wpdb->mvs_media} WHERE created_at >= %s GROUP BY DATE(created_at), media_type";
		return (array) $wpdb->get_results( $wpdb->prepare( $sql, $since ) );
	}

	/**
	 * Every existing item and its bytes, per type.
	 *
	 * @param bool $ready Whether the totals are complete.
	 * @return object[] Rows of media_type, items, bytes.
	 */
	public function storage( bool $ready ): array {
		global $wpdb;
		return (array) $wpdb->get_results(
			$ready
				? "SELECT media_type, SUM(items) AS items, SUM(bytes) AS bytes FROM {$wpdb->mvs_media_daily} GROUP BY media_type"
				: "SELECT media_type, COUNT(*) AS items, COALESCE(SUM(file_size), 0) AS bytes FROM {$wpdb->mvs_media} GROUP BY media_type"
		);
	}

	/**
	 * Members with a community event since a time.
	 *
	 * @param string $since UTC datetime.
	 * @return int
	 */
	public function active_members( string $since ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(DISTINCT user_id) FROM {$wpdb->mvs_activity} WHERE created_at >= %s AND user_id > 0", $since ) );
	}

	/**
	 * Items waiting per queue state (pending, flagged).
	 *
	 * @param bool $ready Whether the totals are complete.
	 * @return array<string, int>
	 */
	public function queue_counts( bool $ready ): array {
		global $wpdb;
		$states = MVS_Core_Enums::MODERATION_QUEUE;
		$in     = MVS_Core_Enums::placeholders( $states );
		$sql    = $ready
			? "SELECT moderation_status, SUM(items) AS n FROM {$wpdb->mvs_media_totals} WHERE term_taxonomy_id = 0 AND moderation_status IN ( {$in} ) GROUP BY moderation_status"
			: "SELECT moderation_status, COUNT(*) AS n FROM {$wpdb->mvs_media} WHERE moderation_status IN ( {$in} ) GROUP BY moderation_status";
		$counts = array_fill_keys( $states, 0 );
		foreach ( (array) $wpdb->get_results( $wpdb->prepare( $sql, $states ) ) as $row ) {
			$counts[ (string) $row->moderation_status ] = (int) $row->n;
		}
		return $counts;
	}

	/**
	 * Upload time of the oldest pending or flagged item: the lowest ID of each
	 * (state, privacy) range of the visibility index, one key read each, and
	 * that item's row by primary key (a scalar subquery: a constant to the
	 * optimizer, so the row is never found by a scan, whatever the table's size).
	 *
	 * @return string|null UTC datetime.
	 */
	public function oldest_waiting_upload(): ?string {
		global $wpdb;
		$branches = array();
		$args     = array();
		foreach ( MVS_Core_Enums::MODERATION_QUEUE as $state ) {
			foreach ( MVS_Core_Enums::PRIVACY as $privacy ) {
				$branches[] = "SELECT MIN(id) AS id FROM {$wpdb->mvs_media} WHERE moderation_status = %s AND privacy = %s";
				array_push( $args, $state, $privacy );
			}
		}
		$at = $wpdb->get_var(
			$wpdb->prepare(
				"SELECT created_at FROM {$wpdb->mvs_media} WHERE id = ( SELECT MIN(id) FROM ( " . implode( ' UNION ALL ', $branches ) . ' ) b )',
				$args
			)
		);
		return null === $at ? null : (string) $at;
	}

	/**
	 * Approved items with open reports, and the oldest of those reports:
	 * the open range of the reports' status index (the backlog, not the site).
	 *
	 * @return array{0: int, 1: string|null} Items and the oldest open report's time.
	 */
	public function reported(): array {
		global $wpdb;
		$row = $wpdb->get_row(
			"SELECT COUNT(DISTINCT r.object_id) AS items, MIN(r.created_at) AS oldest FROM {$wpdb->mvs_reports} r"
			. " INNER JOIN {$wpdb->mvs_media} m ON m.id = r.object_id"
			. " WHERE r.status = 'open' AND r.object_type = 'media' AND m.moderation_status = 'approved'"
		);
		return array( $row ? (int) $row->items : 0, $row && null !== $row->oldest ? (string) $row->oldest : null );
	}

	/**
	 * Reports filed since a time, per UTC day.
	 *
	 * @param string $since UTC datetime.
	 * @return object[] Rows of day (Y-m-d), n.
	 */
	public function reports_since( string $since ): array {
		global $wpdb;
		return (array) $wpdb->get_results( $wpdb->prepare( "SELECT DATE(created_at) AS day, COUNT(*) AS n FROM {$wpdb->mvs_reports} WHERE created_at >= %s GROUP BY DATE(created_at)", $since ) );
	}

	/**
	 * The tags with the most approved items (the hourly count).
	 *
	 * @param int  $limit How many.
	 * @param bool $ready Whether the totals are complete.
	 * @return object[] Rows of term_id, items.
	 */
	public function top_tags( int $limit, bool $ready ): array {
		global $wpdb;
		// Once complete, the approved keys of every term in the totals (a few per term, never the items).
		$counts = $ready
			? "SELECT term_taxonomy_id, SUM(items) AS items FROM {$wpdb->mvs_media_totals} WHERE moderation_status = 'approved' AND term_taxonomy_id > 0 GROUP BY term_taxonomy_id"
			: "SELECT tr.term_taxonomy_id, COUNT(*) AS items FROM {$wpdb->term_relationships} tr INNER JOIN {$wpdb->mvs_media} m ON m.id = tr.object_id AND m.moderation_status = 'approved' GROUP BY tr.term_taxonomy_id";
		return (array) $wpdb->get_results(
			$wpdb->prepare(
				"SELECT t.term_id, c.items FROM ( {$counts} ) c"
				. " INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = c.term_taxonomy_id AND tt.taxonomy = %s"
				. " INNER JOIN {$wpdb->terms} t ON t.term_id = tt.term_id"
				. ' WHERE c.items > 0 ORDER BY c.items DESC, t.name ASC LIMIT %d',
				MVS_Taxonomies::TAG,
				$limit
			)
		);
	}

	/**
	 * The tags among $ids that still exist, with their names now.
	 *
	 * @param int[] $ids Term IDs.
	 * @return array<int, object> Rows of term_id, name, slug, by term ID.
	 */
	public function tags_named( array $ids ): array {
		global $wpdb;
		if ( ! $ids ) {
			return array();
		}
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT t.term_id, t.name, t.slug FROM {$wpdb->terms} t INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_id = t.term_id AND tt.taxonomy = %s"
				. ' WHERE t.term_id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ')',
				array_merge( array( MVS_Taxonomies::TAG ), array_map( 'intval', $ids ) )
			)
		);
		return array_column( (array) $rows, null, 'term_id' );
	}
}
