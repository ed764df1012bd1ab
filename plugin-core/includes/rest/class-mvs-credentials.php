<?php
/**
 * Bad credentials answer 401 on the plugin's routes (docs/api-conventions.md, "Authentication failures").
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A wrong, revoked or malformed application password (HTTP Basic
 * Authorization header) answers 401 on every route of the gated namespaces
 * (mvs/v1, mvs-pro/v1), public ones included, instead of being served as a
 * visitor: a client must tell "revoked" from "not sent" to send its member
 * back to sign in.
 *
 * Why WordPress 6.5 does not already do it: it determines the user in
 * WP::init(), before REST_REQUEST is defined, so application passwords are
 * not tried then. WP_REST_Server::serve_request() forgets that visitor, and
 * the user is determined again, as an API request, only when
 * rest_cookie_check_errors (priority 100 of rest_authentication_errors)
 * asks is_user_logged_in(): the failure is recorded then, after
 * rest_application_password_check_errors (priority 90) has already let the
 * request through as anonymous. This check runs just before core's, makes
 * WordPress determine the user (recording the failure, which core's check
 * then answers with its own code: incorrect_password, invalid_username,
 * invalid_email, application_passwords_disabled_for_user...), and answers
 * itself for a Basic header WordPress never checks: one it cannot read (no
 * base64 "user:password"; incorrect_password), or any one where application
 * passwords are unavailable (application_passwords_disabled).
 *
 * Left alone: a logged-in caller (cookie, or a valid password), requests
 * without a Basic header, other schemes (another plugin's tokens), other
 * namespaces (WordPress's own answers there stay WordPress's), and an
 * earlier filter's answer.
 */
final class MVS_Credentials {

	/**
	 * Hooks the check.
	 */
	public static function register(): void {
		add_filter( 'rest_authentication_errors', array( __CLASS__, 'check' ), 89 );
	}

	/**
	 * The rest_authentication_errors callback.
	 *
	 * @param WP_Error|true|null $result An earlier answer, or null.
	 * @return WP_Error|true|null
	 */
	public static function check( $result ) {
		if ( ! empty( $result ) || ! self::basic_header_sent() || ! self::is_plugin_route() ) {
			return $result;
		}
		// Determines the user as an API request now, recording a failed application password for core's check.
		if ( is_user_logged_in() ) {
			return $result;
		}
		global $wp_rest_application_password_status;
		if ( is_wp_error( $wp_rest_application_password_status ) ) {
			return $result;
		}
		if ( ! wp_is_application_passwords_available() ) {
			$error = new WP_Error( 'application_passwords_disabled', __( 'Application passwords are not available.', 'media-community-service' ), array( 'status' => 401 ) );
		} else {
			$error = new WP_Error( 'incorrect_password', __( 'The Authorization header holds no valid application password.', 'media-community-service' ), array( 'status' => 401 ) );
		}
		/** This action is documented in wp-includes/user.php */
		do_action( 'application_password_failed_authentication', $error ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own action, fired as core fires it.
		return $error;
	}

	/**
	 * Whether the request carries an HTTP Basic Authorization header (any
	 * content: a malformed one is still a credential the client meant to send).
	 *
	 * @return bool
	 */
	private static function basic_header_sent(): bool {
		$header = '';
		if ( isset( $_SERVER['HTTP_AUTHORIZATION'] ) ) {
			$header = sanitize_text_field( wp_unslash( $_SERVER['HTTP_AUTHORIZATION'] ) );
		} elseif ( isset( $_SERVER['REDIRECT_HTTP_AUTHORIZATION'] ) ) {
			$header = sanitize_text_field( wp_unslash( $_SERVER['REDIRECT_HTTP_AUTHORIZATION'] ) );
		}
		return isset( $_SERVER['PHP_AUTH_USER'] ) || 1 === preg_match( '/^\s*basic\b/i', $header );
	}

	/**
	 * Whether the requested route is under a gated namespace, compared as the
	 * gate compares raw routes (without regard to case).
	 *
	 * @return bool
	 */
	private static function is_plugin_route(): bool {
		$route = isset( $GLOBALS['wp'], $GLOBALS['wp']->query_vars['rest_route'] ) ? (string) $GLOBALS['wp']->query_vars['rest_route'] : '';
		return '' !== $route && MVS_Community_Gate::covers( $route );
	}
}
