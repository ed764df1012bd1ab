<?php
/**
 * Banners each member has dismissed.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * One user-meta row per dismissed key (meta key mvs_dismissed), so a
 * dismissal is one insert, never a read-modify-write of a shared array,
 * and holds on every device the member signs in on. WordPress has the
 * current user's meta loaded already: checking a key costs no query.
 */
final class MVS_Dismissals {

	const META = 'mvs_dismissed';

	/**
	 * Key of the wp-admin welcome banner.
	 */
	const ADMIN_WELCOME = 'admin_welcome';

	/**
	 * Whether the member dismissed the banner.
	 *
	 * @param int    $user_id Member.
	 * @param string $key     Banner key.
	 * @return bool
	 */
	public static function has( int $user_id, string $key ): bool {
		return in_array( $key, (array) get_user_meta( $user_id, self::META, false ), true );
	}

	/**
	 * Dismisses the banner for the member (idempotent).
	 *
	 * @param int    $user_id Member.
	 * @param string $key     Sanitized banner key.
	 */
	public static function dismiss( int $user_id, string $key ): void {
		if ( ! self::has( $user_id, $key ) ) {
			add_user_meta( $user_id, self::META, $key );
		}
	}
}
