<?php
/**
 * Retention of notifications.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A daily WP-Cron event deletes notifications older than 90 days
 * (filter mvs_notification_retention_days; 0 keeps them forever), read or
 * not: a badge should not count months-old news, and the table stays
 * bounded. Deletion runs in short batches on the created_at index; when a
 * run ends with rows left, another run follows a minute later.
 */
final class MVS_Notification_Retention {

	const HOOK = 'mvs_purge_notifications';

	const DEFAULT_DAYS = 90;

	const BATCH = 500;

	const BATCHES = 20;

	/**
	 * Deletes expired notifications.
	 *
	 * @return int Rows deleted.
	 */
	public static function purge(): int {
		/**
		 * Filters how many days notifications are kept (0: forever).
		 *
		 * @param int $days Days (90).
		 */
		$days = (int) apply_filters( 'mvs_notification_retention_days', self::DEFAULT_DAYS );
		if ( $days <= 0 ) {
			return 0;
		}
		$store   = new MVS_Notification_Repository();
		$cutoff  = gmdate( 'Y-m-d H:i:s', time() - $days * DAY_IN_SECONDS );
		$deleted = 0;
		for ( $batch = 0; $batch < self::BATCHES; $batch++ ) {
			$gone     = $store->purge_before( $cutoff, self::BATCH );
			$deleted += $gone;
			if ( $gone < self::BATCH ) {
				return $deleted;
			}
		}
		$next = wp_next_scheduled( self::HOOK );
		if ( ! $next || $next > time() + MINUTE_IN_SECONDS ) {
			wp_schedule_single_event( time() + MINUTE_IN_SECONDS, self::HOOK );
		}
		return $deleted;
	}
}
