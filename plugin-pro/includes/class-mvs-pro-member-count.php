<?php
/**
 * The total of the Quotas screen's member list when nothing narrows it.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * The one figure of GET /quotas/members that grew with the site: its
 * unfiltered X-WP-Total counted every member joined to their usage row on
 * each request. It is kept in a transient instead, counted again only after
 * the members change (an account created, deleted, added to or removed from
 * the site, or a usage row seeded), so a page costs the same at 5,000 and at
 * 55,000 members. A change that bypasses WordPress's user functions (a
 * direct SQL import) shows within a day. docs/pro-quotas.md, "Usage per member".
 */
final class MVS_Pro_Member_Count {

	const TRANSIENT = 'mvs_pro_member_count';

	/**
	 * Wires the hooks that change the set of members.
	 */
	public static function register(): void {
		foreach ( array( 'user_register', 'deleted_user', 'add_user_to_blog', 'remove_user_from_blog' ) as $hook ) {
			add_action( $hook, array( __CLASS__, 'forget' ) );
		}
	}

	/**
	 * Drops the kept total: the next list counts again.
	 */
	public static function forget(): void {
		delete_transient( self::TRANSIENT );
	}

	/**
	 * The kept total, or the count's answer, kept for later lists.
	 *
	 * @param callable $count Counts the unfiltered list (returns an int).
	 * @return int
	 */
	public static function get( callable $count ): int {
		$kept = get_transient( self::TRANSIENT );
		if ( is_numeric( $kept ) ) {
			return (int) $kept;
		}
		$total = (int) $count();
		set_transient( self::TRANSIENT, $total, DAY_IN_SECONDS );
		return $total;
	}
}
