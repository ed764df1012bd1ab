<?php
/**
 * The CORS header lists of the plugins' routes, for web clients.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Adds to WordPress's own CORS header lists what a browser client of
 * mvs/v1 and mvs-pro/v1 needs (docs/api-conventions.md, "Browsers: CORS"):
 * the response headers the routes send that a script must read, and the
 * request headers /serve honours. Which origins are answered stays
 * WordPress's (rest_send_cors_headers() reflects the request's Origin);
 * a site restricts them with WordPress's own filters.
 *
 * The REST server sends both lists on every answer of its own, before the
 * route runs; the paths that answer /serve outside it (the fast path and
 * the lean entry) leave every request with an Origin to it
 * (MVS_Serve_Request::from_globals()), so cross-origin answers always
 * carry these lists.
 */
final class MVS_Cors {

	/**
	 * Response headers the routes send that a client reads: rate limits
	 * (Retry-After), files of /serve (validators, ranges, the download's
	 * file name, the length for progress), new items (Location) and
	 * duplicate uploads (X-MVS-Duplicate-Of). Not the ones meant for the
	 * browser alone (X-Content-Type-Options, Content-Security-Policy).
	 */
	const EXPOSED = array( 'Retry-After', 'ETag', 'Last-Modified', 'Location', 'Content-Range', 'Content-Length', 'Accept-Ranges', 'Content-Disposition', 'X-MVS-Duplicate-Of' );

	/**
	 * Request headers /serve honours (ranges and conditional requests),
	 * which are not CORS-safelisted, so a preflight must allow them.
	 */
	const ALLOWED = array( 'Range', 'If-None-Match', 'If-Modified-Since', 'If-Range' );

	/**
	 * Hooks WordPress's list filters.
	 */
	public static function register(): void {
		add_filter( 'rest_exposed_cors_headers', array( __CLASS__, 'exposed' ), 10, 2 );
		add_filter( 'rest_allowed_cors_headers', array( __CLASS__, 'allowed' ), 10, 2 );
	}

	/**
	 * Filter rest_exposed_cors_headers (WordPress 6.3+ passes the request).
	 *
	 * @param string[]             $headers Headers a script may read.
	 * @param WP_REST_Request|null $request The request (null before WordPress 6.3).
	 * @return string[]
	 */
	public static function exposed( $headers, $request = null ) {
		return self::add( $headers, self::EXPOSED, $request );
	}

	/**
	 * Filter rest_allowed_cors_headers (WordPress 6.3+ passes the request).
	 *
	 * @param string[]             $headers Request headers a script may send.
	 * @param WP_REST_Request|null $request The request (null before WordPress 6.3).
	 * @return string[]
	 */
	public static function allowed( $headers, $request = null ) {
		return self::add( $headers, self::ALLOWED, $request );
	}

	/**
	 * The list with ours added, on the plugins' routes only (other plugins'
	 * and WordPress's routes keep their lists); without a request (before
	 * WordPress 6.3) on every route, since the route cannot be told.
	 *
	 * @param mixed                $headers The list so far.
	 * @param string[]             $ours    Headers to add.
	 * @param WP_REST_Request|null $request The request.
	 * @return mixed
	 */
	private static function add( $headers, array $ours, $request ) {
		if ( ! is_array( $headers ) ) {
			return $headers;
		}
		if ( $request instanceof WP_REST_Request && ! preg_match( '#^/mvs(-pro)?/v1(/|$)#i', $request->get_route() ) ) {
			return $headers;
		}
		$present = array_map( 'strtolower', $headers );
		foreach ( $ours as $header ) {
			if ( ! in_array( strtolower( $header ), $present, true ) ) {
				$headers[] = $header;
			}
		}
		return $headers;
	}
}
