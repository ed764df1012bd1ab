<?php
/**
 * The long-poll's wake-up key in a persistent object cache.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * With a persistent object cache (Redis, Memcached: shared by every web
 * server), each member has a key that sends and typing events change; a
 * holding poll reads it each tick and queries the database only when it
 * changed. Without one, the poll queries the database each tick instead.
 * The key is only a hint: the answer always comes from the database.
 */
final class MVS_Message_Poll_Signal {

	const GROUP = 'mvs_message_poll';

	/**
	 * Marks that something arrived for these members.
	 *
	 * @param int[] $user_ids Members.
	 */
	public static function bump( array $user_ids ): void {
		if ( ! wp_using_ext_object_cache() ) {
			return;
		}
		foreach ( array_unique( array_map( 'intval', $user_ids ) ) as $user_id ) {
			if ( $user_id > 0 ) {
				wp_cache_set( 'u' . $user_id, uniqid( '', true ), self::GROUP, HOUR_IN_SECONDS );
			}
		}
	}

	/**
	 * The member's key as the shared cache holds it now (never this
	 * request's copy), or null without a persistent object cache.
	 *
	 * @param int $user_id Member.
	 * @return string|null
	 */
	public static function read( int $user_id ): ?string {
		if ( ! wp_using_ext_object_cache() ) {
			return null;
		}
		return (string) wp_cache_get( 'u' . $user_id, self::GROUP, true );
	}
}
