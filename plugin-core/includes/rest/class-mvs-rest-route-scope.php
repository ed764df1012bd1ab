<?php
/**
 * Which REST requests need the plugins' routes registered.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registering the ~130 routes of both namespaces (controllers, argument
 * schemas, translated descriptions) costs about 1.5 ms of PHP, which every
 * REST request of the site paid, the block editor's /wp/v2 calls included.
 * A request the REST server serves for one route is dispatched to that
 * route, so a request for another namespace registers the routes only if
 * PHP code dispatches to them on the way (rest_do_request() from another
 * route: the first such dispatch registers them, before it is matched).
 *
 * Everything else registers every route at once, as before: the index and
 * the namespace indexes, batch requests, a route in any letter case
 * (WordPress matches routes case-insensitively), and routes built outside a
 * served REST request (the block editor's preloading, WP-CLI). Code that
 * reads the route table itself while serving another namespace turns this
 * off with the filter `mvs_lazy_rest_routes`. See docs/cost-to-the-site.md.
 */
final class MVS_Rest_Route_Scope {

	/**
	 * The namespace this instance registers on demand.
	 *
	 * @var string
	 */
	private $rest_namespace;

	/**
	 * Registers the namespace's routes.
	 *
	 * @var callable
	 */
	private $register;

	/**
	 * Registers `$rest_namespace`'s routes now (on rest_api_init) when this
	 * request may reach them, or else on the first dispatch to one of them.
	 *
	 * @param string   $rest_namespace E.g. 'mvs/v1'.
	 * @param callable $register       Registers every route of the namespace.
	 */
	public static function register_routes( string $rest_namespace, callable $register ): void {
		if ( self::may_reach( $rest_namespace ) ) {
			call_user_func( $register );
			return;
		}
		$on_demand = new self( $rest_namespace, $register );
		// Before the gate (5) and before WordPress matches the route.
		add_filter( 'rest_pre_dispatch', array( $on_demand, 'register_before_dispatch' ), 0, 3 );
	}

	/**
	 * Keeps what register_before_dispatch() needs.
	 *
	 * @param string   $rest_namespace Namespace.
	 * @param callable $register       Registers its routes.
	 */
	private function __construct( string $rest_namespace, callable $register ) {
		$this->rest_namespace = $rest_namespace;
		$this->register       = $register;
	}

	/**
	 * Filter rest_pre_dispatch: a dispatch to the namespace (from PHP, in a
	 * request served for another one) registers its routes first, once.
	 *
	 * @param mixed           $result  Answer so far (passed through).
	 * @param WP_REST_Server  $server  Server.
	 * @param WP_REST_Request $request Request being dispatched.
	 * @return mixed
	 */
	public function register_before_dispatch( $result, $server, $request ) {
		if ( $request instanceof WP_REST_Request && self::in_namespace( strtolower( untrailingslashit( $request->get_route() ) ), $this->rest_namespace ) ) {
			remove_filter( 'rest_pre_dispatch', array( $this, 'register_before_dispatch' ), 0 );
			call_user_func( $this->register );
		}
		return $result;
	}

	/**
	 * Whether this request may be dispatched to a route of `$rest_namespace`
	 * (or below a route prefix, such as 'wp/v2/settings').
	 *
	 * @param string $rest_namespace E.g. 'mvs/v1'.
	 * @return bool
	 */
	public static function may_reach( string $rest_namespace ): bool {
		$route = self::served_route();
		if ( null === $route || '/' === $route || 0 === strpos( $route, '/batch/' ) || self::in_namespace( $route, $rest_namespace ) ) {
			return true;
		}
		/**
		 * Filters whether the plugin's routes are left out of REST requests
		 * for other namespaces.
		 *
		 * @param bool   $lazy           True: only requests that can reach them register them.
		 * @param string $rest_namespace The plugin's namespace (or a route prefix it registers for).
		 * @param string $route          The route being served.
		 */
		return ! apply_filters( 'mvs_lazy_rest_routes', true, $rest_namespace, $route );
	}

	/**
	 * Whether this request is the REST server serving a route of
	 * `$rest_namespace` (not its index, not a batch, not a PHP caller).
	 *
	 * @param string $rest_namespace E.g. 'mvs/v1'.
	 * @return bool
	 */
	public static function serves( string $rest_namespace ): bool {
		$route = self::served_route();
		return null !== $route && self::in_namespace( $route, $rest_namespace );
	}

	/**
	 * The route the REST server is serving (lower case, without a trailing
	 * slash), or null outside a served REST request. rest_api_loaded() sets
	 * REST_REQUEST and reads the route from the `rest_route` query var
	 * before it builds the server, so this holds from `rest_api_init` on.
	 *
	 * @return string|null
	 */
	private static function served_route(): ?string {
		if ( ! defined( 'REST_REQUEST' ) || ! REST_REQUEST || empty( $GLOBALS['wp'] ) || ! $GLOBALS['wp'] instanceof WP ) {
			return null;
		}
		$route = $GLOBALS['wp']->query_vars['rest_route'] ?? '';
		if ( ! is_string( $route ) || '' === $route ) {
			return null;
		}
		$route = strtolower( untrailingslashit( $route ) );
		return '' === $route ? '/' : '/' . ltrim( $route, '/' );
	}

	/**
	 * Whether `$route` is the namespace's index or one of its routes.
	 *
	 * @param string $route          Served route, lower case.
	 * @param string $rest_namespace Namespace.
	 * @return bool
	 */
	private static function in_namespace( string $route, string $rest_namespace ): bool {
		$prefix = '/' . strtolower( trim( $rest_namespace, '/' ) );
		return $route === $prefix || 0 === strpos( $route, $prefix . '/' );
	}
}
