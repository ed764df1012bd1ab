<?php
/**
 * Whether a member exists for the caller: every /users/{id} route asks it.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A member in a block relation with the caller (either direction) answers
 * as if unknown: the caller cannot tell who blocked whom, nor that the
 * member exists.
 */
final class MVS_Member_Lookup {

	/**
	 * Null when the caller may list the member's things, else the 404.
	 *
	 * @param int $user_id Member.
	 * @param int $viewer  Caller (0 when anonymous).
	 * @return WP_Error|null
	 */
	public static function check( int $user_id, int $viewer ): ?WP_Error {
		return self::visible( $user_id, $viewer ) ? null : MVS_Errors::make( 'mvs_user_not_found' );
	}

	/**
	 * Whether the member exists and is in no block relation with the caller.
	 *
	 * @param int $user_id Member.
	 * @param int $viewer  Caller (0 when anonymous).
	 * @return bool
	 */
	public static function visible( int $user_id, int $viewer ): bool {
		return $user_id > 0 && false !== get_userdata( $user_id ) && ! in_array( $user_id, MVS_Media_Visibility::blocked_ids( $viewer ), true );
	}
}
