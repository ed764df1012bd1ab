<?php
/**
 * Data access of the moderation slice: queue, counts, state changes, the
 * moderation log and reports.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prepared queries on mvs_media (moderation columns), mvs_reports,
 * mvs_moderation_log. A queue page costs two queries
 * (rows with their open-report counts, and the total) whatever per_page is;
 * the total reads mvs_media_totals once that table is complete.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- every fragment is built from placeholders and passed through prepare().
 */
final class MVS_Moderation_Repository {

	/**
	 * A page of queued items, oldest first, each with its open-report count.
	 *
	 * @param string[] $states   States to list (part of MVS_Core_Enums::MODERATION_QUEUE).
	 * @param int      $page     Page, from 1.
	 * @param int      $per_page Page size.
	 * @return array{0: object[], 1: int} Rows and total.
	 */
	public function queue( array $states, int $page, int $per_page ): array {
		global $wpdb;
		$in     = MVS_Core_Enums::placeholders( $states );
		$offset = ( max( 1, $page ) - 1 ) * $per_page;
		// Report counts: a subquery in the select list, run for the page's rows
		// only (index object: object_type, object_id, status), in the same query.
		$rows = $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare(
				"SELECT m.*, ( SELECT COUNT(*) FROM {$wpdb->mvs_reports} r WHERE r.object_type = 'media' AND r.object_id = m.id AND r.status = 'open' ) AS open_reports"
				. " FROM {$wpdb->mvs_media} m WHERE m.moderation_status IN ({$in}) ORDER BY m.id ASC LIMIT %d OFFSET %d",
				array_merge( $states, array( $per_page, $offset ) )
			)
		);
		// The total as counts() reads it: the site-wide keys of mvs_media_totals
		// once complete (flat), else the backlog counted on the visibility index.
		$count = MVS_Media_Totals::ready()
			? "SELECT COALESCE( SUM(items), 0 ) FROM {$wpdb->mvs_media_totals} WHERE term_taxonomy_id = 0 AND moderation_status IN ({$in})"
			: "SELECT COUNT(*) FROM {$wpdb->mvs_media} WHERE moderation_status IN ({$in})";
		$total = (int) $wpdb->get_var( $wpdb->prepare( $count, $states ) );
		return array( $rows ? $rows : array(), $total );
	}

	/**
	 * Items per moderation state, and open reports (two queries). The states
	 * are the sums of the site-wide keys of mvs_media_totals (term 0: a few
	 * hundred rows whatever the table's size) once it is complete, counted
	 * from the media table until then. open_reports counts the media items
	 * with an open report, with the desk's Reported view's own predicate, so
	 * the two agree (reported members are the Members tab's): the status
	 * index of mvs_reports, as many rows as the open backlog.
	 * docs/moderation.md, "Queue and counts".
	 *
	 * @return array{states: array<string, int>, open_reports: int}
	 */
	public function counts(): array {
		global $wpdb;
		$states = array_fill_keys( MVS_Core_Enums::MODERATION_STATUS, 0 );
		$sql    = MVS_Media_Totals::ready()
			? "SELECT moderation_status, SUM(items) AS n FROM {$wpdb->mvs_media_totals} WHERE term_taxonomy_id = 0 GROUP BY moderation_status"
			: "SELECT moderation_status, COUNT(*) AS n FROM {$wpdb->mvs_media} GROUP BY moderation_status";
		foreach ( $wpdb->get_results( $sql ) as $row ) {
			$states[ (string) $row->moderation_status ] = (int) $row->n;
		}
		$open = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->mvs_media} m WHERE m.id IN ( " . MVS_Moderation_Desk_Repository::reported_media_ids() . ' )' );
		return array(
			'states'       => $states,
			'open_reports' => $open,
		);
	}

	/**
	 * Moves an item to a state, only from one of the given states (a
	 * conditional UPDATE, so two moderators acting at once cannot both win).
	 *
	 * @param int      $media_id Media ID.
	 * @param string   $to       New state.
	 * @param string[] $from     States the item may currently be in.
	 * @return bool Whether this call changed the row.
	 */
	public function transition( int $media_id, string $to, array $from ): bool {
		global $wpdb;
		$in = MVS_Core_Enums::placeholders( $from );
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
		$sql = $wpdb->prepare(
			"UPDATE {$wpdb->mvs_media} SET moderation_status = %s, updated_at = %s WHERE id = %d AND moderation_status IN ({$in})",
			array_merge( array( $to, current_time( 'mysql', true ), $media_id ), $from )
		);
		return (bool) MVS_Media_Totals::change(
			array( $media_id ),
			static function () use ( $wpdb, $sql ) {
				return $wpdb->query( $sql );
			}
		);
	}

	/**
	 * Appends a row to the moderation log.
	 *
	 * @param int        $media_id Media ID.
	 * @param int        $actor_id User who acted (0 for the system, e.g. the report threshold).
	 * @param string     $action   approve | reject | flag | analyze.
	 * @param string     $reason   Free text.
	 * @param array|null $result   Structured outcome (stored as JSON).
	 */
	public function log( int $media_id, int $actor_id, string $action, string $reason = '', ?array $result = null ): void {
		global $wpdb;
		$wpdb->insert(
			$wpdb->mvs_moderation_log,
			array(
				'media_id'   => $media_id,
				'actor_id'   => $actor_id,
				'action'     => $action,
				'reason'     => $reason,
				'result'     => null === $result ? null : wp_json_encode( $result ),
				'created_at' => current_time( 'mysql', true ),
			)
		);
	}

	/**
	 * Closes every open report on an object once a moderator decided on it.
	 * resolved_id takes the report's own id, which frees the reporter's
	 * "one open report" slot in the unique key.
	 *
	 * @param string $object_type media | user.
	 * @param int    $object_id   Object ID.
	 * @param string $status      New status (resolved).
	 * @return int Reports closed.
	 */
	public function resolve_reports( string $object_type, int $object_id, string $status = 'resolved' ): int {
		global $wpdb;
		return (int) $wpdb->query(
			$wpdb->prepare(
				"UPDATE {$wpdb->mvs_reports} SET status = %s, resolved_id = id WHERE object_type = %s AND object_id = %d AND status = 'open'",
				$status,
				$object_type,
				$object_id
			)
		);
	}

	/**
	 * Records a report unless the reporter already has an open one on the
	 * target. INSERT IGNORE against the unique key (reporter, target,
	 * resolved_id = 0) makes the check and the insert one atomic statement.
	 *
	 * @param int    $reporter_id Reporter.
	 * @param string $object_type media | user.
	 * @param int    $object_id   Target.
	 * @param string $reason      Allowed reason.
	 * @param string $details     Free text.
	 * @return int|null New report ID, null when an open report already exists.
	 */
	public function add_report( int $reporter_id, string $object_type, int $object_id, string $reason, string $details ): ?int {
		global $wpdb;
		$inserted = $wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$wpdb->mvs_reports} ( reporter_id, object_type, object_id, reason, details, status, resolved_id, created_at ) VALUES ( %d, %s, %d, %s, %s, 'open', 0, %s )",
				$reporter_id,
				$object_type,
				$object_id,
				$reason,
				$details,
				current_time( 'mysql', true )
			)
		);
		return $inserted ? (int) $wpdb->insert_id : null;
	}

	/**
	 * Open reports on an object.
	 *
	 * @param string $object_type media | user.
	 * @param int    $object_id   Object ID.
	 * @return int
	 */
	public function open_reports( string $object_type, int $object_id ): int {
		global $wpdb;
		return (int) $wpdb->get_var(
			$wpdb->prepare(
				"SELECT COUNT(*) FROM {$wpdb->mvs_reports} WHERE object_type = %s AND object_id = %d AND status = 'open'",
				$object_type,
				$object_id
			)
		);
	}

	/**
	 * IDs of the open reports on an object.
	 *
	 * @param string $object_type media | user.
	 * @param int    $object_id   Object ID.
	 * @return int[]
	 */
	public function open_report_ids( string $object_type, int $object_id ): array {
		global $wpdb;
		return array_map(
			'intval',
			$wpdb->get_col(
				$wpdb->prepare(
					"SELECT id FROM {$wpdb->mvs_reports} WHERE object_type = %s AND object_id = %d AND status = 'open'",
					$object_type,
					$object_id
				)
			)
		);
	}

	/**
	 * One report row.
	 *
	 * @param int $id Report ID.
	 * @return object|null
	 */
	public function find_report( int $id ) {
		global $wpdb;
		return $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$wpdb->mvs_reports} WHERE id = %d", $id ) );
	}
}
