<?php
/**
 * A moderator's suspension of a member.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The per-member flag (user meta mvs_suspended: when, Unix time) and what it
 * keeps a member from: POST /auth/app-password (through the default of
 * mvs_is_member_suspended, MVS_Sign_In_Policy), every request signed with
 * one of their existing application passwords (turned off, not revoked:
 * lifting the suspension brings them back), and wp-login.php; suspending
 * ends their browser sessions. See docs/moderation.md, "Comments and members".
 */
final class MVS_Member_Suspension {

	const META = 'mvs_suspended';

	/**
	 * Hooks the refusals into WordPress's authentication.
	 */
	public static function register(): void {
		add_filter( 'wp_is_application_passwords_available_for_user', array( __CLASS__, 'application_passwords_available' ), 20, 2 );
		add_filter( 'wp_authenticate_user', array( __CLASS__, 'refuse_login' ), 20 );
	}

	/**
	 * Whether a moderator suspended the member (their meta is cached with
	 * the user: no query on an authenticated request).
	 *
	 * @param int $user_id Member.
	 * @return bool
	 */
	public static function is_suspended( int $user_id ): bool {
		return $user_id > 0 && '' !== (string) get_user_meta( $user_id, self::META, true );
	}

	/**
	 * Suspends a member and ends their browser sessions.
	 *
	 * @param int $user_id Member.
	 * @return bool Whether they were not suspended before.
	 */
	public static function suspend( int $user_id ): bool {
		$added = false !== add_user_meta( $user_id, self::META, time(), true );
		WP_Session_Tokens::get_instance( $user_id )->destroy_all();
		return $added;
	}

	/**
	 * Lifts a suspension.
	 *
	 * @param int $user_id Member.
	 * @return bool Whether they were suspended.
	 */
	public static function unsuspend( int $user_id ): bool {
		return delete_user_meta( $user_id, self::META );
	}

	/**
	 * A suspended member's application passwords are off: WordPress answers
	 * a request signed with one 401 application_passwords_disabled_for_user
	 * (a code every route already declares), and keeps them for the day the
	 * suspension is lifted.
	 *
	 * @param bool    $available Whether WordPress would take them.
	 * @param WP_User $user      The member.
	 * @return bool
	 */
	public static function application_passwords_available( $available, $user ): bool {
		return (bool) $available && ! ( $user instanceof WP_User && self::is_suspended( $user->ID ) );
	}

	/**
	 * wp-login.php refuses a suspended member after the right password.
	 *
	 * @param WP_User|WP_Error $user The member, or an earlier refusal.
	 * @return WP_User|WP_Error
	 */
	public static function refuse_login( $user ) {
		if ( $user instanceof WP_User && self::is_suspended( $user->ID ) ) {
			return MVS_Errors::make( 'mvs_account_suspended', __( 'This account is suspended.', 'media-community-service' ) );
		}
		return $user;
	}
}
