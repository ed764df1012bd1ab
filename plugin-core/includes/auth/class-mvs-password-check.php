<?php
/**
 * The sign-in's password check, alike for every wrong answer.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Finds the member by user name or e-mail and checks the password, running
 * one password hash check whether or not the account exists, so an unknown
 * name and a wrong password cost about the same time (docs/sign-in.md,
 * "One answer for every wrong sign-in").
 */
final class MVS_Password_Check {

	/**
	 * A hash in WordPress's own format (phpass, 8192 rounds) of a random
	 * string nobody knows: what an unknown account's password is checked
	 * against.
	 */
	const DUMMY_HASH = '$P$Bxa2vOf2RIiZ5OR7lX4DfxpL9.ggIH.';

	/**
	 * The member the name and password belong to.
	 *
	 * @param string $login    User name or e-mail.
	 * @param string $password Password as typed.
	 * @return WP_User|null Null for an unknown account or a wrong password alike.
	 */
	public function authenticate( string $login, string $password ): ?WP_User {
		$login = trim( $login );
		$row   = $this->find( $login );
		// WordPress trims a password when it stores one and at wp-login.php.
		$valid = wp_check_password( trim( $password ), $row ? $row->user_pass : self::DUMMY_HASH, $row ? (int) $row->ID : '' );
		if ( $row && $valid ) {
			// Only now is the member loaded (their meta, roles): a miss costs the same whoever it names.
			return new WP_User( $row );
		}
		// WordPress's own action (wp-includes/pluggable.php): login-limiting plugins count the failure.
		do_action( 'wp_login_failed', $login, new WP_Error( 'mvs_invalid_credentials' ) ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound
		return null;
	}

	/**
	 * The account's row (no meta) by user name, or by e-mail when the name is
	 * none: the same queries for a known and an unknown name of one kind.
	 *
	 * @param string $login User name or e-mail.
	 * @return object|null
	 */
	private function find( string $login ): ?object {
		if ( '' === $login ) {
			return null;
		}
		$row = WP_User::get_data_by( 'login', $login );
		if ( ! $row && is_email( $login ) ) {
			$row = WP_User::get_data_by( 'email', $login );
		}
		return $row ? $row : null;
	}
}
