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
 *
 * It also states what both paths check about the site before they answer
 * (docs/security.md, "The paths around the REST server"): which callbacks
 * on the REST server's access filters neither path can run in the REST
 * server's place (foreign_callbacks()), and whether a multisite sub-site is
 * live (site_is_live()).
 */
final class MVS_Serve_Request {

	/**
	 * The route MVS_Url_Signer signs URLs for.
	 */
	const ROUTE = '/mvs/v1/serve';

	/**
	 * The filters through which a site refuses or answers REST requests
	 * before a handler runs, or removes or replaces the handler: a callback
	 * on them may turn away the visitors the paths outside the REST server
	 * would otherwise serve (rest_endpoints can drop the route for guests,
	 * rest_dispatch_request can answer in the handler's place).
	 */
	const REST_ACCESS_HOOKS = array( 'rest_authentication_errors', 'rest_endpoints', 'rest_pre_dispatch', 'rest_request_before_callbacks', 'rest_dispatch_request' );

	/**
	 * This plugin's own callbacks on those filters, which neither path needs
	 * to run: the community gate is checked by both paths themselves, the
	 * credentials check acts only on requests with an Authorization header
	 * (which both paths leave to the REST route), the settings guard acts on
	 * /wp/v2/settings only, the nonce route's cookie check on GET
	 * /mvs/v1/auth/nonce only, and the on-demand route registration
	 * registers routes, deciding nothing.
	 */
	const OWN_CALLBACKS = array(
		'MVS_Rest_Route_Scope::register_before_dispatch',
		'MVS_Community_Gate::filter_pre_dispatch',
		'MVS_Community_Gate::filter_before_callbacks',
		'MVS_Credentials::check',
		'MVS_Settings_Registration::guard_wp_settings_route',
		'MVS_Rest_Nonce_Service::allow_cookie',
	);

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
		// phpcs:disable WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.VIP.ValidatedSanitizedInput -- the signature is the credential; every value is matched against its one canonical form below.
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
			// mvs_att: a message attachment, whose participant check needs the full plugin (docs/messaging.md).
			if ( '_' === substr( (string) $name, 0, 1 ) || 'mvs_att' === $name ) {
				return null;
			}
		}
		// D: "$" is the end of the value, not also the place before a final newline (mvs_id=5%0A is not 5).
		$patterns = array(
			'mvs_id'  => '/^[1-9][0-9]{0,17}$/D',
			'mvs_uid' => '/^(0|[1-9][0-9]{0,17})$/D',
			'mvs_exp' => '/^(0|[1-9][0-9]{0,17})$/D',
			'mvs_sig' => '/^[0-9a-f]{64}$/D',
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
		// Headers as the REST server reads them; the handler reads only the four declared ones.
		$request->set_headers( ( new WP_REST_Server() )->get_headers( $server ) );
		return $request;
	}

	/**
	 * The callbacks on the given filters that a path outside the REST server
	 * cannot stand in for: every callback but this plugin's (OWN_CALLBACKS),
	 * those the site declares harmless (mvs_serve_trusted_callbacks) and,
	 * with $allow_core, WordPress core's own (functions defined in
	 * wp-includes: its cookie and application-password checks, its OPTIONS
	 * handler). Any callback counts, whatever it returns now: a filter's
	 * answer may depend on the request (a header, an address, a cookie), so
	 * its value on one request says nothing about the next.
	 *
	 * @param string[] $hooks      Filter names.
	 * @param bool     $allow_core Whether core's own functions pass (false: even __return_true counts).
	 * @return string[] The callbacks found, as "filter: name" ('{closure}' for closures), for diagnostics.
	 */
	public static function foreign_callbacks( array $hooks, bool $allow_core = true ): array {
		global $wp_filter;
		/**
		 * Filters the callbacks that may sit on the REST access filters
		 * (rest_authentication_errors, rest_pre_dispatch,
		 * rest_request_before_callbacks) and on mvs_rest_require_auth,
		 * mvs_serve_fast_path or mvs_storage_driver without turning off the
		 * lean path and the fast path of GET /mvs/v1/serve. List only a
		 * callback that never refuses, answers or changes a GET /serve
		 * request (a logger, a timer): the lean path cannot run it at all,
		 * and the fast path does not run it in the REST server's place.
		 *
		 * @param string[] $trusted Named callbacks: 'function' or 'Class::method'. Closures cannot be named.
		 */
		$trusted = array_merge( self::OWN_CALLBACKS, (array) apply_filters( 'mvs_serve_trusted_callbacks', array() ) );
		$found   = array();
		foreach ( $hooks as $hook ) {
			if ( ! isset( $wp_filter[ $hook ] ) || ! $wp_filter[ $hook ] instanceof WP_Hook ) {
				continue;
			}
			foreach ( $wp_filter[ $hook ]->callbacks as $callbacks ) {
				foreach ( $callbacks as $callback ) {
					$name = self::callback_name( $callback['function'] );
					if ( ! in_array( $name, $trusted, true ) && ! ( $allow_core && self::is_core_function( $name ) ) ) {
						$found[] = $hook . ': ' . $name;
					}
				}
			}
		}
		return $found;
	}

	/**
	 * Whether the site's REST access filters may refuse or answer this
	 * request where the fast path would send the file: it runs
	 * rest_authentication_errors as the REST server would (core's cookie
	 * check answers true for a logged-in cookie without a nonce, which the
	 * REST server also lets through), and declines when any other plugin's
	 * callback sits on another access filter (rest_endpoints,
	 * rest_pre_dispatch, rest_request_before_callbacks,
	 * rest_dispatch_request), which need the REST server and the matched
	 * route to run.
	 *
	 * @return bool True: leave the request to the REST route.
	 */
	public static function rest_access_filtered(): bool {
		// Every access filter but rest_authentication_errors, which is run below.
		if ( array() !== self::foreign_callbacks( array_diff( self::REST_ACCESS_HOOKS, array( 'rest_authentication_errors' ) ) ) ) {
			return true;
		}
		/** This filter is documented in wp-includes/rest-api/class-wp-rest-server.php */
		$result = apply_filters( 'rest_authentication_errors', null ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, asked as the REST server would.
		return null !== $result && true !== $result;
	}

	/**
	 * Whether a multisite sub-site may serve anything: WordPress refuses a
	 * deleted, not yet activated, archived or spam site in ms_site_check(),
	 * which runs after the fast path's hook and never under SHORTINIT.
	 *
	 * @param object|null $site The site (WP_Site, or any object with its status fields); null: not found.
	 * @return bool
	 */
	public static function site_is_live( $site ): bool {
		if ( ! is_object( $site ) ) {
			return false;
		}
		foreach ( array( 'deleted', 'archived', 'spam' ) as $flag ) {
			if ( ! isset( $site->$flag ) || '0' !== (string) $site->$flag ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * A callback's name: 'function', 'Class::method', the class of an
	 * invokable object, or '{closure}'.
	 *
	 * @param mixed $callback Callback as WP_Hook stores it.
	 * @return string
	 */
	private static function callback_name( $callback ): string {
		if ( is_string( $callback ) ) {
			return $callback;
		}
		if ( is_array( $callback ) && 2 === count( $callback ) && is_string( $callback[1] ) ) {
			$class = is_object( $callback[0] ) ? get_class( $callback[0] ) : (string) $callback[0];
			return $class . '::' . $callback[1];
		}
		if ( $callback instanceof Closure ) {
			return '{closure}';
		}
		return is_object( $callback ) ? get_class( $callback ) : '{unknown}';
	}

	/**
	 * Whether a callback name is a function WordPress core defines (in wp-includes).
	 *
	 * @param string $name Callback name.
	 * @return bool
	 */
	private static function is_core_function( string $name ): bool {
		if ( false !== strpos( $name, '::' ) || ! function_exists( $name ) ) {
			return false;
		}
		$file = ( new ReflectionFunction( $name ) )->getFileName();
		if ( ! is_string( $file ) ) {
			return false;
		}
		// PHP reports the resolved path; ABSPATH may be reached through a symlink.
		$file = wp_normalize_path( $file );
		foreach ( array( ABSPATH . WPINC, (string) realpath( ABSPATH . WPINC ) ) as $dir ) {
			if ( '' !== $dir && 0 === strpos( $file, trailingslashit( wp_normalize_path( $dir ) ) ) ) {
				return true;
			}
		}
		return false;
	}
}
