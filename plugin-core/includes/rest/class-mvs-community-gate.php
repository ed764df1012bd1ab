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
 *
 * The early check answers with a WP_REST_Response, not a WP_Error:
 * WordPress's batch handler (POST /batch/v1) runs rest_pre_dispatch for
 * each sub-request and envelopes its answer as a response, so a WP_Error
 * there was a fatal error. A batch with validation "require-all-validate"
 * never reaches that per-request call when a sub-request fails validation
 * (mvs routes do not allow batching): the gate answers such a batch itself.
 * Nor does the REST index list gated routes or namespaces to a caller the
 * gate refuses (docs/security.md).
 */
final class MVS_Community_Gate {

	/**
	 * Hooks the gate.
	 */
	public static function register(): void {
		add_filter( 'rest_pre_dispatch', array( __CLASS__, 'filter_pre_dispatch' ), 5, 3 );
		add_filter( 'rest_request_before_callbacks', array( __CLASS__, 'filter_before_callbacks' ), 5, 3 );
		add_filter( 'rest_index', array( __CLASS__, 'filter_index' ), 10, 2 );
		add_filter( 'rest_namespace_index', array( __CLASS__, 'filter_namespace_index' ), 10, 2 );
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
		foreach ( self::prefixes() as $prefix ) {
			if ( self::under( $route, $prefix ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether a raw route is a prefix or under it, on a path-segment
	 * boundary and without regard to case.
	 *
	 * @param string $route  Request route.
	 * @param string $prefix Route prefix, e.g. /mvs/v1.
	 * @return bool
	 */
	private static function under( string $route, string $prefix ): bool {
		$route  = '/' . strtolower( ltrim( $route, '/' ) );
		$prefix = '/' . strtolower( trim( $prefix, '/' ) );
		return $route === $prefix || 0 === strpos( $route, $prefix . '/' );
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
		if ( null !== $result || ! self::is_armed() ) {
			return $result;
		}
		if ( ! self::covers( $request->get_route() ) ) {
			return self::batch_refusal( $server, $request ) ?? $result;
		}
		$refusal = self::refusal( $request );
		// A response: the batch handler envelopes this filter's answer for each sub-request as it is.
		return null === $refusal ? $result : rest_convert_error_to_response( $refusal );
	}

	/**
	 * The gate's answer to a batch request (POST /batch/v1, which WordPress
	 * also matches in any case) that validates all its sub-requests first
	 * ("require-all-validate") and names a gated route: WordPress would
	 * answer a validation failure of each sub-request (rest_batch_not_allowed
	 * for a route that exists, rest_no_route for one that does not) before
	 * the gate's per-request check runs. Each gated sub-request gets the
	 * gate's 401 instead, the others null (not run), as WordPress answers a
	 * failed validation, inside the usual 207. A "normal" batch needs
	 * nothing here: each sub-request passes filter_pre_dispatch().
	 *
	 * @param mixed           $server  Server.
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|null Null: not such a batch, or the caller may pass.
	 */
	private static function batch_refusal( $server, $request ): ?WP_REST_Response {
		if ( 'POST' !== $request->get_method() || '/batch/v1' !== strtolower( $request->get_route() )
			|| 'require-all-validate' !== $request->get_param( 'validation' ) || ! $server instanceof WP_REST_Server ) {
			return null;
		}
		$requests = $request->get_param( 'requests' );
		if ( ! is_array( $requests ) ) {
			return null;
		}
		$gated = array();
		foreach ( $requests as $index => $sub ) {
			// A malformed batch is WordPress's to refuse (400): nothing of a gated route shows in that.
			if ( ! is_array( $sub ) || ! isset( $sub['path'] ) || ! is_string( $sub['path'] ) ) {
				return null;
			}
			$path = wp_parse_url( $sub['path'], PHP_URL_PATH );
			if ( is_string( $path ) && self::covers( $path ) ) {
				$gated[] = $index;
			}
		}
		$refusal = array() !== $gated ? self::refusal( $request ) : null;
		if ( null === $refusal ) {
			return null;
		}
		$responses = array();
		foreach ( array_keys( $requests ) as $index ) {
			$responses[] = in_array( $index, $gated, true ) ? $server->envelope_response( rest_convert_error_to_response( $refusal ), false )->get_data() : null;
		}
		return new WP_REST_Response(
			array(
				'failed'    => 'validation',
				'responses' => $responses,
			),
			207
		);
	}

	/**
	 * The REST index (GET /wp-json/) without the gated routes and namespaces,
	 * for a caller the gate refuses: their arguments and schemas describe a
	 * closed community's surface. Members see them all.
	 *
	 * @param mixed $response Index response.
	 * @param mixed $request  Request (WordPress 6.0+).
	 * @return mixed
	 */
	public static function filter_index( $response, $request = null ) {
		if ( ! $response instanceof WP_REST_Response || ! self::is_armed() || null === self::refusal( $request ) ) {
			return $response;
		}
		$data = $response->get_data();
		if ( ! is_array( $data ) ) {
			return $response;
		}
		if ( isset( $data['routes'] ) && is_array( $data['routes'] ) ) {
			foreach ( array_keys( $data['routes'] ) as $route ) {
				if ( self::covers( (string) $route ) ) {
					unset( $data['routes'][ $route ] );
				}
			}
		}
		if ( isset( $data['namespaces'] ) && is_array( $data['namespaces'] ) ) {
			$data['namespaces'] = array_values(
				array_filter(
					$data['namespaces'],
					static function ( $item ) {
						return ! self::covers( '/' . $item );
					}
				)
			);
		}
		$response->set_data( $data );
		return $response;
	}

	/**
	 * A gated namespace's index (GET /wp-json/mvs/v1) for a caller the gate
	 * refuses: the gate's 401. The early check already answers it; this one
	 * holds should any other way reach the index callback.
	 *
	 * @param mixed $response Namespace index response.
	 * @param mixed $request  Request.
	 * @return mixed
	 */
	public static function filter_namespace_index( $response, $request = null ) {
		if ( ! $request instanceof WP_REST_Request || ! self::is_armed() || ! self::covers( '/' . (string) $request['namespace'] ) ) {
			return $response;
		}
		return self::refusal( $request ) ?? $response;
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
	 * @param WP_REST_Request|null $request Request (null: none known).
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
