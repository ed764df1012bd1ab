<?php
/**
 * The cached unread-notification count of a member.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Apps read the badge on every screen, so the count is kept in user meta:
 * WordPress loads the caller's meta to check capabilities anyway, so a
 * cached answer costs no query. Anything that can change the count
 * (a new notification, marking read) forgets it; the next read recounts
 * with the same visibility rules as the list. Those rules also change when
 * an item goes private or a member blocks someone, which nothing here
 * hears of, so a cached count also expires after TTL seconds.
 */
final class MVS_Unread_Count {

	const META = 'mvs_unread_notifications';

	/**
	 * Seconds a cached count is trusted without a change.
	 */
	const TTL = 60;

	/**
	 * The member's unread count, from the cache or counted once.
	 *
	 * @param int $user_id Member.
	 * @return int
	 */
	public static function get( int $user_id ): int {
		$cached = get_user_meta( $user_id, self::META, true );
		if ( is_array( $cached ) && isset( $cached['count'], $cached['until'] ) && (int) $cached['until'] >= time() ) {
			return (int) $cached['count'];
		}
		$count = ( new MVS_Notification_Repository() )->count_unread( $user_id );
		update_user_meta(
			$user_id,
			self::META,
			array(
				'count' => $count,
				'until' => time() + self::TTL,
			)
		);
		return $count;
	}

	/**
	 * Forgets the cached count after a change.
	 *
	 * @param int $user_id Member.
	 */
	public static function forget( int $user_id ): void {
		delete_user_meta( $user_id, self::META );
	}
}
