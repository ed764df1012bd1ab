<?php
/**
 * GET /auth/nonce: a wp_rest nonce for a cookie-signed-in browser.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Nonce_Handler. WordPress serves a
 * request with the login cookie but no nonce as a visitor, which would
 * leave a browser without a way to get its first nonce; this route alone,
 * read with GET and without JSONP or a method override, keeps the cookie's
 * member, as WordPress's own admin-ajax "rest-nonce" action does, and only
 * for the site's own pages: WordPress answers every REST request with CORS
 * headers that let any origin read it with cookies, so a request from
 * another origin stays a visitor's. docs/native-app.md, "The REST nonce".
 */
final class MVS_Rest_Nonce_Service implements MVS_Nonce_Handler {

	const ROUTE = '/mvs/v1/auth/nonce';

	/**
	 * Hooks the cookie check, just before WordPress's own (priority 100).
	 */
	public static function register(): void {
		add_filter( 'rest_authentication_errors', array( __CLASS__, 'allow_cookie' ), 99 );
	}

	/**
	 * The rest_authentication_errors callback: answers "authenticated" for
	 * a plain GET of this route by a member the cookie names.
	 *
	 * @param WP_Error|true|null $result An earlier answer, or null.
	 * @return WP_Error|true|null
	 */
	public static function allow_cookie( $result ) {
		if ( ! empty( $result ) || ! self::plain_get() || ! self::same_origin() ) {
			return $result;
		}
		return is_user_logged_in() ? true : $result;
	}

	/**
	 * Whether the request is a GET of this route that no parameter turns into
	 * something else: JSONP (which another site's script tag could read), a
	 * method override, an envelope.
	 *
	 * @return bool
	 */
	private static function plain_get(): bool {
		$route = isset( $GLOBALS['wp'], $GLOBALS['wp']->query_vars['rest_route'] ) ? (string) $GLOBALS['wp']->query_vars['rest_route'] : '';
		if ( self::ROUTE !== strtolower( untrailingslashit( $route ) ) ) {
			return false;
		}
		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( sanitize_key( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) ) : '';
		// phpcs:ignore WordPress.CSRF.NonceVerification.NoNonceVerification -- only whether the parameters are present is read.
		$override = isset( $_GET['_jsonp'] ) || isset( $_GET['_method'] ) || isset( $_GET['_envelope'] ) || isset( $_SERVER['HTTP_X_HTTP_METHOD_OVERRIDE'] );
		return 'GET' === $method && ! $override;
	}

	/**
	 * Whether the browser says the request comes from the site's own pages.
	 * A cross-origin fetch always carries Origin, and modern browsers also
	 * Sec-Fetch-Site; either naming another site keeps the caller a
	 * visitor, since WordPress's CORS answer would let that site read the
	 * nonce (and then write as the member). Non-browser clients send
	 * neither and pass: they hold the cookie themselves.
	 *
	 * @return bool
	 */
	private static function same_origin(): bool {
		// phpcs:disable WordPress.VIP.ValidatedSanitizedInput -- compared with fixed values and the site's own origins only.
		$fetch_site = isset( $_SERVER['HTTP_SEC_FETCH_SITE'] ) ? strtolower( (string) $_SERVER['HTTP_SEC_FETCH_SITE'] ) : '';
		$origin     = isset( $_SERVER['HTTP_ORIGIN'] ) ? strtolower( untrailingslashit( (string) $_SERVER['HTTP_ORIGIN'] ) ) : '';
		// phpcs:enable
		if ( '' !== $fetch_site && 'same-origin' !== $fetch_site && 'none' !== $fetch_site ) {
			return false;
		}
		if ( '' === $origin ) {
			return true;
		}
		foreach ( array( home_url(), site_url(), rest_url() ) as $url ) {
			$parts = wp_parse_url( $url );
			$own   = strtolower( $parts['scheme'] . '://' . $parts['host'] . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' ) );
			if ( hash_equals( $own, $origin ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * GET /auth/nonce.
	 *
	 * @param MVS_Get_Rest_Nonce_Args $args Arguments (none).
	 * @return array
	 */
	public function get_rest_nonce( MVS_Get_Rest_Nonce_Args $args ) {
		return array( 'nonce' => wp_create_nonce( 'wp_rest' ) );
	}
}
