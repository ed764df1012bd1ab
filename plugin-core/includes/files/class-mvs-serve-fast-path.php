<?php
/**
 * GET /serve answered before init and the REST server, when nothing but the file is at stake.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * GET /serve taken at after_setup_theme, before init, the rewrite rules and
 * the REST server's registration of every route, running the route's own
 * handler, MVS_File_Server::serve_media_file(), with the same checks in the
 * same order.
 *
 * It only ever sends a file: any other outcome returns, and WordPress goes on
 * to the REST route, which decides again from scratch. It leaves to the route
 * every request whose handling could differ there (MVS_Serve_Request lists
 * them), while the private-community gate is armed, when a REST access
 * filter might refuse, and on a multisite sub-site that is not live. A filter
 * of the decision hooked on init or later needs the mvs_serve_fast_path
 * filter to move the fast path (or turn it off).
 *
 * Why each of those conditions: docs/file-delivery.md, "The fast path".
 */
final class MVS_Serve_Fast_Path {

	/**
	 * Where the fast path answers (the mvs_serve_fast_path filter's value), once read.
	 *
	 * @var string|false|null
	 */
	private static $hook = null;

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
		$hook       = apply_filters( 'mvs_serve_fast_path', 'after_setup_theme' );
		self::$hook = in_array( $hook, array( 'after_setup_theme', 'wp_loaded' ), true ) ? $hook : false;
		if ( false !== self::$hook ) {
			add_action( self::$hook, array( __CLASS__, 'maybe_serve' ), PHP_INT_MAX );
		}
	}

	/**
	 * Where the fast path answers: 'after_setup_theme', 'wp_loaded', or
	 * false when it is off (null before plugins_loaded).
	 *
	 * @return string|false|null
	 */
	public static function hook() {
		return self::$hook;
	}

	/**
	 * Sends the file and ends the request when this request is a /serve
	 * request the handler answers with a file; otherwise does nothing.
	 */
	public static function maybe_serve(): void {
		// phpcs:ignore WordPress.CSRF.NonceVerification.NoNonceVerification -- only whether it is there: every other request of the site leaves here.
		if ( ! isset( $_GET['mvs_sig'] ) || ! self::is_serve_route() ) {
			return;
		}
		$request = MVS_Serve_Request::from_globals();
		if ( null === $request || MVS_Community_Gate::is_armed() ) {
			return;
		}
		// ms_site_check() runs after this hook: an archived, spam or deleted sub-site gets WordPress's refusal.
		if ( is_multisite() && ! MVS_Serve_Request::site_is_live( get_site() ) ) {
			return;
		}
		// Last: it runs rest_authentication_errors, as the REST server would, and a site that refuses visitors there
		// (or on any other REST access filter) refuses them the file too.
		if ( MVS_Serve_Request::rest_access_filtered() ) {
			return;
		}
		$server   = new MVS_File_Server( new MVS_Media_Repository(), MVS_Storage::driver(), new MVS_Media_Counters() );
		$response = $server->serve_media_file( MVS_Serve_Media_File_Args::from_request( $request ) );
		if ( ! $response instanceof WP_REST_Response || ! $response->get_data() instanceof MVS_File_Response ) {
			// A refusal or a 416: the REST route answers it, as before.
			return;
		}
		MVS_File_Response::send( $response, $request );
		exit;
	}

	/**
	 * Whether the request addresses the route exactly as MVS_Url_Signer
	 * writes it: rest_url( 'mvs/v1/serve' ), pretty (/wp-json/mvs/v1/serve)
	 * or plain (/?rest_route=/mvs/v1/serve).
	 *
	 * @return bool
	 */
	private static function is_serve_route(): bool {
		// phpcs:disable WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.VIP.ValidatedSanitizedInput -- compared to fixed strings only.
		$uri   = isset( $_SERVER['REQUEST_URI'] ) ? (string) $_SERVER['REQUEST_URI'] : '';
		$route = isset( $_GET['rest_route'] ) ? $_GET['rest_route'] : null;
		// phpcs:enable
		$path   = (string) wp_parse_url( $uri, PHP_URL_PATH );
		$signed = rest_url( ltrim( MVS_Serve_Request::ROUTE, '/' ) );
		$query  = (string) wp_parse_url( $signed, PHP_URL_QUERY );
		if ( (string) wp_parse_url( $signed, PHP_URL_PATH ) !== $path ) {
			return false;
		}
		if ( '' === $query ) {
			// Pretty permalinks: a rest_route parameter would win over the path in WordPress.
			return null === $route;
		}
		return MVS_Serve_Request::ROUTE === $route;
	}
}
