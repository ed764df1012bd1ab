<?php
/**
 * Who may sign in from the apps, and over what.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The sign-in's guards besides the password: the site's (the owner's
 * switch, TLS, WordPress's application passwords) before anything is read,
 * and the member's (suspension, two-factor) once the password was right, so
 * they tell nothing to someone without it. docs/sign-in.md.
 */
final class MVS_Sign_In_Policy {

	/**
	 * Why this site issues no credential to this request, before any account
	 * is read.
	 *
	 * @return WP_Error|null Null when the site signs apps in.
	 */
	public function site_refusal(): ?WP_Error {
		/**
		 * Filters whether the apps may sign in with a password (POST
		 * /mvs/v1/auth/app-password); the site owner's setting by default.
		 *
		 * @param bool $enabled Setting app_password_login.
		 */
		if ( ! apply_filters( 'mvs_app_password_login_enabled', (bool) MVS_Settings::get( 'app_password_login' ) ) ) {
			return MVS_Errors::make( 'mvs_app_login_disabled', __( 'Signing in from apps is turned off on this site.', 'media-community-service' ) );
		}
		if ( $this->tls_required() && ! is_ssl() ) {
			return MVS_Errors::make( 'mvs_tls_required', __( 'Sign in over HTTPS.', 'media-community-service' ) );
		}
		if ( ! wp_is_application_passwords_available() ) {
			return MVS_Errors::make( 'mvs_app_login_disabled', __( 'Application passwords are not available on this site.', 'media-community-service' ) );
		}
		return null;
	}

	/**
	 * Why this member gets no credential although the password was right.
	 *
	 * @param WP_User $user The member.
	 * @return WP_Error|null Null when they may have one.
	 */
	public function member_refusal( WP_User $user ): ?WP_Error {
		if ( $this->is_suspended( $user ) ) {
			return MVS_Errors::make( 'mvs_account_suspended', __( 'This account may not sign in.', 'media-community-service' ) );
		}
		if ( ! wp_is_application_passwords_available_for_user( $user ) ) {
			return MVS_Errors::make( 'mvs_app_login_disabled', __( 'Application passwords are not available for this account.', 'media-community-service' ) );
		}
		if ( $this->uses_two_factor( $user ) ) {
			return MVS_Errors::make( 'mvs_two_factor_required', __( 'This account uses two-factor authentication: sign in through the site in your browser.', 'media-community-service' ) );
		}
		return null;
	}

	/**
	 * Whether a sign-in must arrive over TLS: everywhere but a local
	 * environment, WordPress's own rule for application passwords. Behind a
	 * TLS-terminating proxy is_ssl() must say so (docs/sign-in.md, "TLS").
	 *
	 * @return bool
	 */
	private function tls_required(): bool {
		/**
		 * Filters whether POST /mvs/v1/auth/app-password refuses requests
		 * that did not arrive over HTTPS (is_ssl()).
		 *
		 * @param bool $required True unless wp_get_environment_type() is 'local'.
		 */
		return (bool) apply_filters( 'mvs_app_password_require_tls', 'local' !== wp_get_environment_type() );
	}

	/**
	 * Whether the member is kept from signing in: marked as spam on a
	 * multisite network, suspended by a moderator (MVS_Member_Suspension),
	 * their account being deleted now (the grace period before does not
	 * count: they may sign in to cancel), or a site's rule.
	 *
	 * @param WP_User $user The member.
	 * @return bool
	 */
	private function is_suspended( WP_User $user ): bool {
		$suspended = ( is_multisite() && is_user_spammy( $user ) ) || MVS_Member_Suspension::is_suspended( $user->ID ) || MVS_Account_Deletion::is_executing( $user->ID );
		/**
		 * Filters whether a member is suspended from signing in from the apps
		 * (their existing credentials are the site's to revoke).
		 *
		 * @param bool    $suspended Spam-marked on a multisite network, suspended by a moderator, or being deleted.
		 * @param WP_User $user      The member, whose password was right.
		 */
		return (bool) apply_filters( 'mvs_is_member_suspended', $suspended, $user );
	}

	/**
	 * Whether the member signs in with a second factor: the Two-Factor
	 * plugin's answer, or a site's rule for another such plugin.
	 *
	 * @param WP_User $user The member.
	 * @return bool
	 */
	private function uses_two_factor( WP_User $user ): bool {
		$uses = class_exists( 'Two_Factor_Core' ) && Two_Factor_Core::is_user_using_two_factor( $user->ID );
		/**
		 * Filters whether a member uses two-factor authentication, so that the
		 * password alone issues no application password (409).
		 *
		 * @param bool    $uses Two_Factor_Core::is_user_using_two_factor(), when that plugin is active.
		 * @param WP_User $user The member.
		 */
		return (bool) apply_filters( 'mvs_user_uses_two_factor', $uses, $user );
	}
}
