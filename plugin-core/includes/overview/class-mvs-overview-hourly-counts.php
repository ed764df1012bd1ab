<?php
/**
 * The overview's two aggregates over the whole community, counted by WP-Cron.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Two numbers of the overview grow with the community, not with what a
 * moderator asks: the active members (a COUNT(DISTINCT) over the 30 days'
 * events, about 260,000 at the bench's 1M items, where a computed overview
 * cost 6 times the floor route) and the top tags (the approved keys of every
 * tag, which privacy groups multiply: 25,000 key rows and 20 ms there). So
 * they are counted hourly in the background, as WordPress counts the users
 * of a large network, and the overview reads one option. The top tags are
 * stored as IDs and counts; their names are read with the overview, so a
 * renamed tag shows its new name and a deleted one goes at once. A request
 * counts both itself only when no count of the last two hours is stored (a
 * new site, a WP-Cron that stopped). docs/community-overview.md, "Hourly counts".
 */
final class MVS_Overview_Hourly_Counts {

	const HOOK = 'mvs_overview_hourly_counts';

	/**
	 * Option: {members, top_tags: [[term_id, items], …], at}, the last count and its Unix time.
	 */
	const OPTION = 'mvs_overview_hourly_counts';

	/**
	 * Seconds after which a stored count is counted again in the request.
	 */
	const STALE = 2 * HOUR_IN_SECONDS;

	/**
	 * How many tags the overview shows.
	 */
	const TOP_TAGS = 10;

	/**
	 * The job: counts now and stores the counts.
	 *
	 * @param int|null $now Unix time (now when null).
	 * @return array{members: int, top_tags: array<int, int[]>, at: int}
	 */
	public static function count( ?int $now = null ): array {
		$now        = null === $now ? time() : $now;
		$repository = new MVS_Overview_Repository();
		$counts     = array(
			'members'  => $repository->active_members( self::since( $now ) ),
			'top_tags' => array_map(
				static function ( $row ) {
					return array( (int) $row->term_id, (int) $row->items );
				},
				$repository->top_tags( self::TOP_TAGS, MVS_Media_Totals::ready() )
			),
			'at'       => $now,
		);
		update_option( self::OPTION, $counts, false );
		return $counts;
	}

	/**
	 * The stored counts while they are recent, otherwise counted now.
	 *
	 * @param int $now Unix time.
	 * @return array{members: int, top_tags: array<int, int[]>, at: int}
	 */
	public static function get( int $now ): array {
		$stored = get_option( self::OPTION );
		if ( is_array( $stored ) && isset( $stored['members'], $stored['top_tags'], $stored['at'] ) && is_array( $stored['top_tags'] ) && $now - (int) $stored['at'] < self::STALE ) {
			return $stored;
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
