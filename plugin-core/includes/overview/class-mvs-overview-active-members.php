<?php
/**
 * The overview's active members, counted by WP-Cron.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Members with a community event in the overview's 30 days are a
 * COUNT(DISTINCT) over the window's events: bounded by the window, but the
 * window grows with the community (about 260,000 events at the bench's 1M
 * items, where a computed overview cost 6 times the floor route). So they
 * are counted hourly in the background, as WordPress counts the users of a
 * large network, and the overview reads the stored count: one option. A
 * request counts them itself only when no count of the last two hours is
 * stored (a new site, a WP-Cron that stopped). docs/community-overview.md,
 * "Active members".
 */
final class MVS_Overview_Active_Members {

	const HOOK = 'mvs_count_active_members';

	/**
	 * Option: {members, at}, the last count and its Unix time.
	 */
	const OPTION = 'mvs_overview_active_members';

	/**
	 * Seconds after which a stored count is counted again in the request.
	 */
	const STALE = 2 * HOUR_IN_SECONDS;

	/**
	 * The job: counts now and stores the count.
	 *
	 * @param int|null $now Unix time (now when null).
	 * @return int Members.
	 */
	public static function count( ?int $now = null ): int {
		$now     = null === $now ? time() : $now;
		$members = ( new MVS_Overview_Repository() )->active_members( self::since( $now ) );
		update_option(
			self::OPTION,
			array(
				'members' => $members,
				'at'      => $now,
			),
			false
		);
		return $members;
	}

	/**
	 * The stored count while it is recent, otherwise counted now.
	 *
	 * @param int $now Unix time.
	 * @return int Members.
	 */
	public static function get( int $now ): int {
		$stored = get_option( self::OPTION );
		if ( is_array( $stored ) && isset( $stored['members'], $stored['at'] ) && $now - (int) $stored['at'] < self::STALE ) {
			return (int) $stored['members'];
		}
		return self::count( $now );
	}

	/**
	 * Midnight (UTC) of the first of the overview's days.
	 *
	 * @param int $now Unix time.
	 * @return string UTC datetime.
	 */
	public static function since( int $now ): string {
		return gmdate( 'Y-m-d', $now - ( MVS_Overview_Repository::DAYS - 1 ) * DAY_IN_SECONDS ) . ' 00:00:00';
	}
}
