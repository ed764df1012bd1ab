<?php
/**
 * Retention of the following feeds' inbox rows.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A daily WP-Cron event deletes each member's inbox rows beyond the newest
 * window (mvs_activity_window, 1,000): no list reaches further back
 * (MVS_Activity_Query), so the rows only took space, and fan-out on write
 * would otherwise grow the table with every event for ever. Members are
 * walked in ID order with a cursor; a run stops after its time budget and
 * resumes a minute later. Costs and figures: docs/background-jobs.md.
 */
final class MVS_Activity_Inbox_Trim {

	const HOOK = 'mvs_trim_activity_inbox';

	const CURSOR_OPTION = 'mvs_activity_inbox_trim_cursor';

	/**
	 * Members read per statement.
	 */
	const MEMBERS = 500;

	/**
	 * Most rows one DELETE removes, so no statement holds many row locks.
	 */
	const CHUNK = 2000;

	/**
	 * Seconds a run may take before it hands over to the next.
	 */
	const BUDGET = 20;

	/**
	 * Trims members' inboxes from the cursor on, until done or out of time.
	 *
	 * @return int Rows deleted.
	 */
	public static function run(): int {
		global $wpdb;
		$window  = MVS_Activity_Query::window();
		$cursor  = (int) get_option( self::CURSOR_OPTION, 0 );
		$ends_at = microtime( true ) + self::BUDGET;
		$deleted = 0;
		do {
			$members = $wpdb->get_col(
				$wpdb->prepare( "SELECT DISTINCT user_id FROM {$wpdb->mvs_activity_inbox} WHERE user_id > %d ORDER BY user_id LIMIT %d", $cursor, self::MEMBERS )
			);
			foreach ( $members as $member ) {
				$deleted += self::trim_member( (int) $member, $window, $ends_at );
				$cursor   = (int) $member;
				if ( microtime( true ) >= $ends_at ) {
					// The member may still hold a backlog: they are trimmed again from the start next run.
					update_option( self::CURSOR_OPTION, $cursor - 1, false );
					self::resume_soon();
					return $deleted;
				}
			}
			$more = self::MEMBERS === count( $members );
		} while ( $more );
		delete_option( self::CURSOR_OPTION );
		return $deleted;
	}

	/**
	 * Deletes one member's rows older than their window, oldest first, in chunks.
	 *
	 * @param int   $member  Member.
	 * @param int   $window  Rows kept.
	 * @param float $ends_at Time the run must stop by.
	 * @return int Rows deleted.
	 */
	private static function trim_member( int $member, int $window, float $ends_at ): int {
		global $wpdb;
		// The newest row beyond the window: it and everything older go.
		$last = $wpdb->get_var(
			$wpdb->prepare( "SELECT activity_id FROM {$wpdb->mvs_activity_inbox} WHERE user_id = %d ORDER BY activity_id DESC LIMIT 1 OFFSET %d", $member, $window )
		);
		if ( null === $last ) {
			return 0;
		}
		$deleted = 0;
		do {
			// The chunk's upper bound, read through the primary key: SQLite has no DELETE … LIMIT.
			$bound    = $wpdb->get_var(
				$wpdb->prepare( "SELECT activity_id FROM {$wpdb->mvs_activity_inbox} WHERE user_id = %d AND activity_id <= %d ORDER BY activity_id LIMIT 1 OFFSET %d", $member, $last, self::CHUNK - 1 )
			);
			$upto     = null === $bound ? (int) $last : (int) $bound;
			$gone     = (int) $wpdb->query(
				$wpdb->prepare( "DELETE FROM {$wpdb->mvs_activity_inbox} WHERE user_id = %d AND activity_id <= %d", $member, $upto )
			);
			$deleted += $gone;
		} while ( null !== $bound && $upto < (int) $last && microtime( true ) < $ends_at );
		return $deleted;
	}

	/**
	 * Schedules the next run a minute from now, unless one is due sooner.
	 */
	private static function resume_soon(): void {
		$next = wp_next_scheduled( self::HOOK );
		if ( ! $next || $next > time() + MINUTE_IN_SECONDS ) {
			wp_schedule_single_event( time() + MINUTE_IN_SECONDS, self::HOOK );
		}
	}
}
