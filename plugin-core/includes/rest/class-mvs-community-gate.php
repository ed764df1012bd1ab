<?php
/**
 * The private-community gate (spec: Authentication 5).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * When the community is private, every route of a gated namespace (mvs/v1,
 * and mvs-pro/v1 once the extension adds it) answers 401
 * mvs_community_private to callers who may not access it.
 *
 * Two checks, one rule. The decisive one runs on
 * rest_request_before_callbacks, where the handler WordPress matched is
 * known, and decides by that handler's namespace: WordPress matches routes
 * case-insensitively (/MVS/v1/media, ?rest_route=/Mvs/v1/media, batch
 * requests), so no test on the raw path can be trusted alone. It also
 * replaces a validation error, which would reveal the route's arguments.
 * The early one, on rest_pre_dispatch, compares the raw path to the gated
 * prefixes without regard to case, so a closed community does not even
 * reveal which routes exist (an unknown path answers 401, not 404).
 */
final class MVS_Community_Gate {

	/**
	 * Hooks the gate.
	 */
	public static function register(): void {
		add_filter( 'rest_pre_dispatch', array( __CLASS__, 'filter_pre_dispatch' ), 5, 3 );
		add_filter( 'rest_request_before_callbacks', array( __CLASS__, 'filter_before_callbacks' ), 5, 3 );
		add_filter( 'rest_post_dispatch', array( 'MVS_REST_Controller', 'add_retry_after' ) );
	}

	/**
	 * Whether the gate is armed: the private_community setting, through the
	 * mvs_rest_require_auth filter.
	 *
	 * @return bool
	 */
	public static function is_armed(): bool {
		/**
		 * Filters whether the REST surface requires authentication (private community).
		 *
		 * @param bool $require Default: the private_community setting.
		 */
		return (bool) apply_filters( 'mvs_rest_require_auth', (bool) MVS_Settings::get( 'private_community' ) );
	}

	/**
	 * Route prefixes the gate covers.
	 *
	 * @return string[]
	 */
	public static function prefixes(): array {
		/**
		 * Filters the route prefixes covered by the private-community gate.
		 *
		 * @param string[] $prefixes e.g. array( '/mvs/v1' ).
		 */
		return array_filter( (array) apply_filters( 'mvs_rest_gated_route_prefixes', array() ), 'is_string' );
	}

	/**
	 * Whether a raw route falls under a prefix (on a path-segment boundary,
	 * without regard to case, as WordPress matches routes).
	 *
	 * @param string $route Request route, e.g. /mvs/v1/media.
	 * @return bool
	 */
	public static function covers( string $route ): bool {
		$route = '/' . strtolower( ltrim( $route, '/' ) );
		foreach ( self::prefixes() as $prefix ) {
			$prefix = '/' . strtolower( trim( $prefix, '/' ) );
			if ( $route === $prefix || 0 === strpos( $route, $prefix . '/' ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether a matched handler belongs to a gated namespace.
	 *
	 * @param mixed $handler Handler array of the matched route.
	 * @return bool
	 */
	public static function covers_handler( $handler ): bool {
		$namespace = MVS_REST_Controller::namespace_of_handler( $handler );
		return '' !== $namespace && self::covers( '/' . $namespace );
	}

	/**
	 * Early check: stops unauthenticated requests to gated paths, known or not.
	 *
	 * @param mixed           $result  Response to short-circuit with, or null.
	 * @param WP_REST_Server  $server  Server.
	 * @param WP_REST_Request $request Request.
	 * @return mixed
	 */
	public static function filter_pre_dispatch( $result, $server, $request ) {
		if ( null !== $result || ! self::is_armed() || ! self::covers( $request->get_route() ) ) {
			return $result;
		}
		return self::refusal( $request ) ?? $result;
	}

	/**
	 * Decisive check: stops unauthenticated requests whose matched handler
	 * belongs to a gated namespace, whatever the path looked like.
	 *
	 * @param mixed           $response Result so far (null, or a validation error).
	 * @param mixed           $handler  Matched handler.
	 * @param WP_REST_Request $request  Request.
	 * @return mixed
	 */
	public static function filter_before_callbacks( $response, $handler, $request ) {
		if ( ! self::is_armed() || ! self::covers_handler( $handler ) ) {
			return $response;
		}
		return self::refusal( $request ) ?? $response;
	}

	/**
	 * The gate's answer to a request under it: null when the caller may pass.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_Error|null
	 */
	private static function refusal( $request ): ?WP_Error {
		/**
		 * Filters whether the caller may use the gated REST surface.
		 *
		 * @param bool            $can_access Default: whether the caller is logged in.
		 * @param WP_REST_Request $request    Request.
		 */
		if ( apply_filters( 'mvs_rest_can_access', is_user_logged_in(), $request ) ) {
			return null;
		}
		return MVS_Errors::make( 'mvs_community_private', __( 'This community is private. Please log in.', 'media-community-service' ) );
	}
}
