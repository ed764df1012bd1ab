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
 *
 * A member keeps at most MAX_PER_USER keys: apps have a handful of banners,
 * and the member's whole meta is loaded on every request, so the list must
 * not grow without end. Past the cap the oldest dismissal goes (meta rows
 * come back in insertion order), except the wp-admin welcome banner's.
 */
final class MVS_Dismissals {

	const META = 'mvs_dismissed';

	/**
	 * Dismissed keys kept per member.
	 */
	const MAX_PER_USER = 50;

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
	 * Dismisses the banner for the member (idempotent), then forgets the
	 * oldest dismissals beyond the cap.
	 *
	 * @param int    $user_id Member.
	 * @param string $key     Sanitized banner key.
	 */
	public static function dismiss( int $user_id, string $key ): void {
		if ( self::has( $user_id, $key ) ) {
			return;
		}
		add_user_meta( $user_id, self::META, $key );
		$keys = array_values( array_diff( array_map( 'strval', (array) get_user_meta( $user_id, self::META, false ) ), array( self::ADMIN_WELCOME ) ) );
		$over = count( $keys ) - self::MAX_PER_USER + ( self::has( $user_id, self::ADMIN_WELCOME ) ? 1 : 0 );
		for ( $i = 0; $i < $over; $i++ ) {
			delete_user_meta( $user_id, self::META, $keys[ $i ] );
		}
	}
}
