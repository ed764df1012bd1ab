<?php
/**
 * A signed /serve request read from PHP's globals, for the paths that answer it outside the REST server.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Builds the WP_REST_Request the /serve route would receive, for the fast
 * path (MVS_Serve_Fast_Path) and the lean entry (MVS_Serve_Lean), only when
 * the REST server's handling could not differ from "run the handler with
 * these arguments":
 * - GET or HEAD, no method override, no request body;
 * - no credentials (Authorization, X-WP-Nonce: a bad one is a REST error)
 *   and no CORS request (Origin: the REST server adds the CORS headers);
 * - none of WordPress's global parameters (_method, _envelope, _jsonp,
 *   _wpnonce, _fields, _embed: anything starting with an underscore);
 * - every argument in its one canonical form (digits without sign or
 *   leading zero, a 64-hex signature, a listed size, 0 or 1): WordPress's
 *   validation accepts a few more spellings, which the route still
 *   validates and sanitizes.
 * Anything else is left to the REST route, which decides from scratch.
 */
final class MVS_Serve_Request {

	/**
	 * The request as the REST route would receive it, when a path outside
	 * the REST server may take it.
	 *
	 * The caller has made sure the request addresses the route (the fast
	 * path by its URL, the lean entry by the web server's rule).
	 *
	 * @return WP_REST_Request|null Null: leave the request to the REST route.
	 */
	public static function from_globals(): ?WP_REST_Request {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput -- the signature is the credential; every value is matched against its one canonical form below.
		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? (string) $_SERVER['REQUEST_METHOD'] : '';
		if ( ! isset( $_GET['mvs_sig'] ) || ( 'GET' !== $method && 'HEAD' !== $method ) || ! empty( $_POST ) ) {
			return null;
		}
		// A body too: WordPress reads it (JSON parameters even win over the query) and must consume it.
		if ( ! empty( $_SERVER['CONTENT_LENGTH'] ) || isset( $_SERVER['HTTP_TRANSFER_ENCODING'] ) ) {
			return null;
		}
		foreach ( array( 'HTTP_AUTHORIZATION', 'REDIRECT_HTTP_AUTHORIZATION', 'PHP_AUTH_USER', 'HTTP_X_WP_NONCE', 'HTTP_ORIGIN', 'HTTP_X_HTTP_METHOD_OVERRIDE' ) as $header ) {
			if ( isset( $_SERVER[ $header ] ) ) {
				return null;
			}
		}
		// WordPress adds slashes to the request globals right after plugins_loaded (wp_magic_quotes(), then
		// sanitize_comment_cookies); SHORTINIT stops before that. Unslashing values nobody slashed would
		// strip a backslash the client sent (mvs_id=1%5C read as 1), so only slashed globals are unslashed.
		$slashed = (bool) did_action( 'sanitize_comment_cookies' );
		$query   = $slashed ? wp_unslash( $_GET ) : $_GET;
		$server  = $slashed ? wp_unslash( $_SERVER ) : $_SERVER;
		// phpcs:enable
		foreach ( array_keys( $query ) as $name ) {
			if ( '_' === substr( (string) $name, 0, 1 ) ) {
				return null;
			}
		}
		$patterns = array(
			'mvs_id'  => '/^[1-9][0-9]{0,17}$/',
			'mvs_uid' => '/^(0|[1-9][0-9]{0,17})$/',
			'mvs_exp' => '/^(0|[1-9][0-9]{0,17})$/',
			'mvs_sig' => '/^[0-9a-f]{64}$/',
		);
		$params   = array();
		foreach ( $patterns as $name => $pattern ) {
			if ( ! isset( $query[ $name ] ) || ! is_string( $query[ $name ] ) || ! preg_match( $pattern, $query[ $name ] ) ) {
				return null;
			}
			$params[ $name ] = 'mvs_sig' === $name ? $query[ $name ] : (int) $query[ $name ];
		}
		$optional = array(
			'mvs_size' => array( 'large', 'medium', 'thumbnail', 'watermark' ),
			'mvs_dl'   => array( '0', '1' ),
		);
		foreach ( $optional as $name => $allowed ) {
			if ( ! isset( $query[ $name ] ) ) {
				continue;
			}
			if ( ! is_string( $query[ $name ] ) || ! in_array( $query[ $name ], $allowed, true ) ) {
				return null;
			}
			$params[ $name ] = $query[ $name ];
		}

		$request = new WP_REST_Request( $method, MVS_Serve_Fast_Path::ROUTE );
		$request->set_query_params( $params );
		// Headers as the REST server reads them; the handler reads only the four declared ones.
		$request->set_headers( ( new WP_REST_Server() )->get_headers( $server ) );
		return $request;
	}
}
