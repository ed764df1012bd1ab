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
 * cached answer costs no query. It must always equal what the unread list
 * shows, and that list hides notifications by the same visibility rules as
 * every route, so the cache is dropped whenever one of their inputs changes:
 *
 * - the member's own side (their block list, groups, moderator rights) is
 *   fingerprinted with the count: a block or unblock in either direction
 *   rewrites both members' block lists (MVS_Media_Visibility), so the next
 *   read sees another fingerprint and recounts, with no hook to forget;
 * - the item's side (moderation state, privacy, group, author, deletion):
 *   every such write goes through MVS_Media_Totals::change(), which fires
 *   mvs_media_visibility_changed once committed; the members holding an
 *   unread notification about those items (one indexed query) lose theirs;
 * - a new notification or a read mark forgets the recipient's count.
 *
 * TTL stays as a backstop for writes that bypass the plugin (SQL by hand)
 * and for a recount that read the rows just before a change committed and
 * stored its result just after the change forgot the cache.
 */
final class MVS_Unread_Count {

	const META = 'mvs_unread_notifications';

	/**
	 * Seconds a cached count is trusted without a change.
	 */
	const TTL = 60;

	/**
	 * Hooks the item-side invalidation.
	 */
	public static function register(): void {
		add_action( 'mvs_media_visibility_changed', array( __CLASS__, 'on_media_visibility_changed' ) );
	}

	/**
	 * The member's unread count, from the cache or counted once.
	 *
	 * @param int $user_id Member.
	 * @return int
	 */
	public static function get( int $user_id ): int {
		$seen   = self::fingerprint( $user_id );
		$cached = get_user_meta( $user_id, self::META, true );
		if ( is_array( $cached ) && isset( $cached['count'], $cached['until'], $cached['seen'] ) && (int) $cached['until'] >= time() && $seen === $cached['seen'] ) {
			return (int) $cached['count'];
		}
		$count = ( new MVS_Notification_Repository() )->count_unread( $user_id );
		update_user_meta(
			$user_id,
			self::META,
			array(
				'count' => $count,
				'until' => time() + self::TTL,
				'seen'  => $seen,
			)
		);
		return $count;
	}

	/**
	 * What the member's side of the visibility rules is now: the count is
	 * only valid for the block list, groups and rights it was counted with.
	 * All three come from meta and filters already loaded for the request.
	 *
	 * @param int $user_id Member.
	 * @return string
	 */
	private static function fingerprint( int $user_id ): string {
		$blocked = MVS_Media_Visibility::blocked_ids( $user_id );
		$groups  = MVS_Media_Visibility::group_ids( $user_id );
		sort( $blocked );
		sort( $groups );
		return md5( (string) wp_json_encode( array( MVS_Media_Visibility::is_privileged( $user_id ), $groups, $blocked ) ) );
	}

	/**
	 * Forgets the cached count after a change.
	 *
	 * @param int $user_id Member.
	 */
	public static function forget( int $user_id ): void {
		delete_user_meta( $user_id, self::META );
	}

	/**
	 * Forgets the counts of everyone holding an unread notification about
	 * items whose visibility changed. One DELETE for all of them, however
	 * many (an item with many mentions), then their meta caches.
	 *
	 * @param int[] $media_ids Media IDs.
	 */
	public static function on_media_visibility_changed( $media_ids ): void {
		global $wpdb;
		$users = ( new MVS_Notification_Repository() )->unread_recipients( 'media', array_map( 'intval', (array) $media_ids ) );
		if ( ! $users ) {
			return;
		}
		$in = implode( ', ', array_fill( 0, count( $users ), '%d' ) );
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- one statement for many members; their meta caches are cleared below.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->usermeta} WHERE meta_key = %s AND user_id IN ({$in})", array_merge( array( self::META ), $users ) ) );
		foreach ( $users as $user_id ) {
			wp_cache_delete( $user_id, 'user_meta' );
		}
	}
}
