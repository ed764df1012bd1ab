<?php
/**
 * Copies new events into their actor's followers' inboxes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Fan-out on write (why: docs/activity-and-feed.md). An event reaches its
 * actor's first BATCH followers in the request that records it (one
 * INSERT … SELECT on mvs_follows' followed index); a member with more
 * followers leaves a cursor on the event (`fanout_cursor`: the last
 * follower's follow date and ID) and the one-off job `mvs_activity_fanout`
 * carries on, BATCH followers a statement, until its time budget. The work
 * of one request stays bounded whatever the following.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- every fragment is built from placeholders and table names and passed through prepare().
 */
final class MVS_Activity_Fanout {

	/**
	 * WP-Cron hook of the job.
	 */
	const HOOK = 'mvs_activity_fanout';

	/**
	 * Followers one statement reaches (filter mvs_activity_fanout_batch).
	 */
	const BATCH = 1000;

	/**
	 * Seconds a run of the job may spend before it schedules the next.
	 */
	const BUDGET = 20;

	/**
	 * Followers per statement.
	 *
	 * @return int
	 */
	private static function batch(): int {
		/**
		 * Filters how many followers one fan-out statement reaches.
		 *
		 * @param int $batch Followers (default 1000).
		 */
		return max( 1, (int) apply_filters( 'mvs_activity_fanout_batch', self::BATCH ) );
	}

	/**
	 * A new event: its first batch of followers now, the rest by the job.
	 *
	 * @param int $activity_id Event.
	 * @param int $actor       Its actor.
	 */
	public static function fan_out( int $activity_id, int $actor ): void {
		if ( self::step( $activity_id, $actor, null ) ) {
			self::schedule();
		}
	}

	/**
	 * One batch of followers after a cursor; leaves the next cursor on the event.
	 *
	 * @param int         $activity_id Event.
	 * @param int         $actor       Its actor.
	 * @param string|null $cursor      'date|follower ID' of the last follower reached; null from the start.
	 * @return bool Whether followers are left.
	 */
	private static function step( int $activity_id, int $actor, ?string $cursor ): bool {
		global $wpdb;
		$batch = self::batch();
		$after = '';
		$args  = array( $actor );
		if ( null !== $cursor ) {
			list( $at, $id ) = array_pad( explode( '|', $cursor, 2 ), 2, '0' );
			// Keyset on the followed index (followed_id, created_at, then the primary key).
			$after = ' AND ( created_at > %s OR ( created_at = %s AND follower_id > %d ) )';
			$args  = array_merge( $args, array( $at, $at, (int) $id ) );
		}
		$order = "FROM {$wpdb->mvs_follows} WHERE followed_id = %d{$after} ORDER BY created_at, follower_id";
		// The batch's last follower, when the batch is full: where the next one starts.
		$last = $wpdb->get_row(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare( "SELECT created_at, follower_id {$order} LIMIT 1 OFFSET %d", array_merge( $args, array( $batch - 1 ) ) )
		);
		$wpdb->query(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare( "INSERT IGNORE INTO {$wpdb->mvs_activity_inbox} ( user_id, activity_id, actor_id ) SELECT follower_id, %d, %d {$order} LIMIT %d", array_merge( array( $activity_id, $actor ), $args, array( $batch ) ) )
		);
		$next = $last ? $last->created_at . '|' . (int) $last->follower_id : '';
		if ( '' !== $next || null !== $cursor ) {
			$wpdb->update( $wpdb->mvs_activity, array( 'fanout_cursor' => $next ), array( 'id' => $activity_id ), array( '%s' ), array( '%d' ) );
		}
		return '' !== $next;
	}

	/**
	 * The job: events with followers left, a batch at a time, until the budget.
	 */
	public static function run(): void {
		global $wpdb;
		$until = microtime( true ) + self::BUDGET;
		do {
			$event = $wpdb->get_row( "SELECT id, user_id, fanout_cursor FROM {$wpdb->mvs_activity} WHERE fanout_cursor > '' ORDER BY fanout_cursor LIMIT 1" );
			if ( ! $event ) {
				return;
			}
			self::step( (int) $event->id, (int) $event->user_id, (string) $event->fanout_cursor );
		} while ( microtime( true ) < $until );
		wp_schedule_single_event( time() + MINUTE_IN_SECONDS, self::HOOK );
	}

	/**
	 * Schedules the job now unless it is already due.
	 */
	public static function schedule(): void {
		if ( ! wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_single_event( time(), self::HOOK );
		}
	}

	/**
	 * Activation: schedules the job while an event has followers left (a
	 * run pending at deactivation was cleared with it).
	 */
	public static function schedule_if_needed(): void {
		global $wpdb;
		if ( $wpdb->get_var( "SELECT id FROM {$wpdb->mvs_activity} WHERE fanout_cursor > '' LIMIT 1" ) ) {
			self::schedule();
		}
	}
}
