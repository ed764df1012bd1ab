<?php
/**
 * The private-community gate (spec: Authentication 5).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * When the community is private, every route under a gated prefix (mvs/v1,
 * and mvs-pro/v1 once the extension adds it) answers 401
 * mvs_community_private to callers who may not access it. It runs on
 * rest_pre_dispatch, before routing and argument validation, so a closed
 * community does not even reveal which routes exist.
 */
final class MVS_Community_Gate {

	/**
	 * Hooks the gate.
	 */
	public static function register(): void {
		add_filter( 'rest_pre_dispatch', array( __CLASS__, 'filter_pre_dispatch' ), 5, 3 );
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
	 * Whether a route falls under a prefix (on a path-segment boundary).
	 *
	 * @param string $route Request route, e.g. /mvs/v1/media.
	 * @return bool
	 */
	public static function covers( string $route ): bool {
		$route = '/' . ltrim( $route, '/' );
		foreach ( self::prefixes() as $prefix ) {
			$prefix = '/' . trim( $prefix, '/' );
			if ( $route === $prefix || 0 === strpos( $route, $prefix . '/' ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Stops unauthenticated requests to gated routes.
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
		/**
		 * Filters whether the caller may use the gated REST surface.
		 *
		 * @param bool            $can_access Default: whether the caller is logged in.
		 * @param WP_REST_Request $request    Request.
		 */
		if ( apply_filters( 'mvs_rest_can_access', is_user_logged_in(), $request ) ) {
			return $result;
		}
		return MVS_Errors::make( 'mvs_community_private', __( 'This community is private. Please log in.', 'media-community-service' ) );
	}
}
