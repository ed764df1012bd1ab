<?php
/**
 * GET /serve answered before init and the REST server, when nothing but the file is at stake.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The fast path of GET /serve (plugin-core/docs/file-delivery.md).
 *
 * Most of the cost of a /serve request used to be WordPress getting to the
 * handler: the init hooks (post types, block types, every plugin's set-up),
 * the rewrite rules, then the REST server registering every route of every
 * namespace to dispatch one of them. This class takes a /serve request once
 * the theme is set up (after_setup_theme: every plugin and the theme are
 * loaded, so filters added when they load are in place) and runs the very
 * handler the route runs, MVS_File_Server::serve(), with the same checks in
 * the same order. It only ever *sends* a file: any other outcome (a refusal,
 * a 416, a request it does not take) returns, and WordPress carries on to
 * the REST route, which decides again from scratch and answers as it always
 * did. So the two paths cannot disagree on a refusal, and on a success they
 * ran the same code.
 *
 * What the decision reads through filters (mvs_rest_require_auth,
 * mvs_storage_driver, mvs_user_group_ids, capability filters) must be
 * hooked by then: an integration that adds one of them on init or later
 * moves the fast path to wp_loaded (or turns it off) with the
 * mvs_serve_fast_path filter.
 *
 * It leaves to the REST route every request whose REST handling could differ
 * from "run the handler with these arguments":
 * - another method than GET or HEAD, or a method override;
 * - any route but the exact one MVS_Url_Signer signs (WordPress also matches
 *   /MVS/v1/serve, rest_route overrides, and so on: the route handles those);
 * - credentials (Authorization, X-WP-Nonce: a bad one is a REST error) and
 *   CORS requests (Origin: the REST server adds the CORS headers);
 * - a request body (WordPress reads it, and JSON parameters in it win over
 *   the query string; unread, it also stalled the web server's upload of it);
 * - WordPress's global parameters (_method, _envelope, _jsonp, _wpnonce,
 *   _fields, _embed: anything starting with an underscore);
 * - arguments that are not in their one canonical form (digits without
 *   sign or leading zero, a 64-hex signature, a listed size, 0 or 1):
 *   WordPress's validation accepts a few more spellings, which the route
 *   still validates and sanitizes;
 * - the private-community gate armed (its rules need the REST request).
 */
final class MVS_Serve_Fast_Path {

	/**
	 * The route MVS_Url_Signer signs URLs for.
	 */
	const ROUTE = '/mvs/v1/serve';

	/**
	 * Hooks the fast path once every plugin is loaded, so an integration's
	 * mvs_serve_fast_path filter is in place.
	 */
	public static function register(): void {
		add_action( 'plugins_loaded', array( __CLASS__, 'schedule' ), PHP_INT_MAX );
	}

	/**
	 * Hooks maybe_serve() where the mvs_serve_fast_path filter says.
	 */
	public static function schedule(): void {
		/**
		 * Filters when /serve requests are answered before the REST server
		 * boots: 'after_setup_theme' (default), 'wp_loaded' (after init, for
		 * integrations that hook the decision's filters on init), or false
		 * (never: every request goes through the REST route).
		 *
		 * @param string|false $hook Action to answer on.
		 */
		$hook = apply_filters( 'mvs_serve_fast_path', 'after_setup_theme' );
		if ( in_array( $hook, array( 'after_setup_theme', 'wp_loaded' ), true ) ) {
			add_action( $hook, array( __CLASS__, 'maybe_serve' ), PHP_INT_MAX );
		}
	}

	/**
	 * Sends the file and ends the request when this request is a /serve
	 * request the handler answers with a file; otherwise does nothing.
	 */
	public static function maybe_serve(): void {
		$request = self::request();
		if ( null === $request || MVS_Community_Gate::is_armed() ) {
			return;
		}
		$server   = new MVS_File_Server( new MVS_Media_Repository(), MVS_Storage::driver(), new MVS_Media_Counters() );
		$response = $server->serve( MVS_Serve_Media_File_Args::from_request( $request ) );
		if ( ! $response instanceof WP_REST_Response || ! $response->get_data() instanceof MVS_File_Response ) {
			// A refusal or a 416: the REST route answers it, as before.
			return;
		}
		self::send( $response, $request );
		exit;
	}

	/**
	 * The request as the REST route would receive it, when the fast path may take it.
	 *
	 * @return WP_REST_Request|null Null: leave the request to the REST route.
	 */
	private static function request(): ?WP_REST_Request {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput -- the signature is the credential; every value is matched against its one canonical form below.
		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? (string) $_SERVER['REQUEST_METHOD'] : '';
		// Every other request of the site leaves here: no signed /serve URL lacks mvs_sig.
		if ( ! isset( $_GET['mvs_sig'] ) || ( 'GET' !== $method && 'HEAD' !== $method ) || ! empty( $_POST ) || ! self::is_serve_route() ) {
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
		$query = wp_unslash( $_GET );
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

		$request = new WP_REST_Request( $method, self::ROUTE );
		$request->set_query_params( $params );
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- headers as the REST server reads them; the handler reads only the four declared ones.
		$request->set_headers( ( new WP_REST_Server() )->get_headers( wp_unslash( $_SERVER ) ) );
		return $request;
	}

	/**
	 * Whether the request addresses the route exactly as MVS_Url_Signer
	 * writes it: rest_url( 'mvs/v1/serve' ), pretty (/wp-json/mvs/v1/serve)
	 * or plain (/?rest_route=/mvs/v1/serve).
	 *
	 * @return bool
	 */
	private static function is_serve_route(): bool {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput -- compared to fixed strings only.
		$uri   = isset( $_SERVER['REQUEST_URI'] ) ? (string) $_SERVER['REQUEST_URI'] : '';
		$route = isset( $_GET['rest_route'] ) ? $_GET['rest_route'] : null;
		// phpcs:enable
		$path   = (string) wp_parse_url( $uri, PHP_URL_PATH );
		$signed = rest_url( ltrim( self::ROUTE, '/' ) );
		$query  = (string) wp_parse_url( $signed, PHP_URL_QUERY );
		if ( $path !== (string) wp_parse_url( $signed, PHP_URL_PATH ) ) {
			return false;
		}
		if ( '' === $query ) {
			// Pretty permalinks: a rest_route parameter would win over the path in WordPress.
			return null === $route;
		}
		return self::ROUTE === $route;
	}

	/**
	 * Sends the status, the headers and the bytes, as the REST server and
	 * MVS_File_Response::maybe_stream() would.
	 *
	 * @param WP_REST_Response $response File answer.
	 * @param WP_REST_Request  $request  Request (its method: no body for HEAD).
	 */
	private static function send( WP_REST_Response $response, WP_REST_Request $request ): void {
		status_header( $response->get_status() );
		// The REST server sends these on every answer; nothing else of its own applies to a file.
		header( 'X-Robots-Tag: noindex' );
		foreach ( $response->get_headers() as $name => $value ) {
			header( sprintf( '%s: %s', $name, preg_replace( '/\s+/', ' ', (string) $value ) ) );
		}
		MVS_File_Response::maybe_stream( false, $response, $request );
	}
}
