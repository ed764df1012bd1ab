<?php
/**
 * Base class of every generated controller (core and Pro).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The building blocks generated controllers call: authorization, rate
 * limits, conditional validation, file checks and response shaping. The
 * generator decides which block each route uses; this class only says how.
 */
abstract class MVS_REST_Controller extends WP_REST_Controller {

	/**
	 * 401 unless a user is logged in.
	 *
	 * @return true|WP_Error
	 */
	protected function require_login() {
		if ( is_user_logged_in() ) {
			return true;
		}
		return MVS_Errors::make( 'mvs_not_logged_in', __( 'You must be logged in to do that.', 'media-community-service' ) );
	}

	/**
	 * 401 when anonymous, 403 unless the user holds one of the capabilities.
	 *
	 * @param string[] $any_of Capabilities, any of which suffices.
	 * @return true|WP_Error
	 */
	protected function require_capability( array $any_of ) {
		$logged_in = $this->require_login();
		if ( true !== $logged_in ) {
			return $logged_in;
		}
		foreach ( $any_of as $cap ) {
			if ( current_user_can( $cap ) ) {
				return true;
			}
		}
		return MVS_Errors::make( 'mvs_forbidden', __( 'Sorry, you are not allowed to do that.', 'media-community-service' ) );
	}

	/**
	 * Owner (holding $own, if given) or holder of $others; 404 when the
	 * resource does not exist. Login has been checked by the caller.
	 *
	 * @param bool|null $is_owner Lookup result: null when the resource is missing.
	 * @param string    $own      Capability the owner needs; '' for none.
	 * @param string    $others   Capability that grants access to anyone's resource; '' for none.
	 * @return true|WP_Error
	 */
	protected function require_owner_or_capability( ?bool $is_owner, string $own, string $others ) {
		if ( null === $is_owner ) {
			return MVS_Errors::make( 'mvs_not_found' );
		}
		if ( '' !== $others && current_user_can( $others ) ) {
			return true;
		}
		if ( $is_owner && ( '' === $own || current_user_can( $own ) ) ) {
			return true;
		}
		return MVS_Errors::make( 'mvs_forbidden', __( 'Sorry, you are not allowed to change this item.', 'media-community-service' ) );
	}

	/**
	 * The check of a DELETE's own target: as require_owner_or_capability(),
	 * but an absent target is no 404. Whoever could have deleted one (the
	 * owner's capability or the others' one, when the route names them) is
	 * let through, and the handler answers deleted: false, so a retried
	 * DELETE succeeds and an id that never existed answers the same as one
	 * deleted earlier (docs/api-conventions.md, "Retry-safe writes").
	 *
	 * @param bool|null $is_owner Lookup result: null when the target is absent.
	 * @param string    $own      Capability the owner needs; '' for none.
	 * @param string    $others   Capability that grants access to anyone's target; '' for none.
	 * @return true|WP_Error
	 */
	protected function require_owner_or_absent( ?bool $is_owner, string $own, string $others ) {
		if ( null !== $is_owner ) {
			return $this->require_owner_or_capability( $is_owner, $own, $others );
		}
		if ( '' === $own || current_user_can( $own ) || ( '' !== $others && current_user_can( $others ) ) ) {
			return true;
		}
		return MVS_Errors::make( 'mvs_forbidden', __( 'Sorry, you are not allowed to change this item.', 'media-community-service' ) );
	}

	/**
	 * Counts the request against the route's per-minute limits; 429 past either.
	 *
	 * @param string $action      Route name.
	 * @param int    $limit       Requests per minute per member (per address when anonymous).
	 * @param int    $per_address Requests per minute per client address, members included; 0: not counted.
	 * @return true|WP_Error
	 */
	protected function check_rate_limit( string $action, int $limit, int $per_address = 0 ) {
		$result = MVS_Rate_Limiter::hit( $action, $limit, $per_address );
		return $result['allowed'] ? true : MVS_Rate_Limiter::refusal( $result );
	}

	/**
	 * The largest per_page of a route, after the mvs_rest_pagination_max filter.
	 *
	 * @param int    $max   Maximum declared in the DSL.
	 * @param string $route Route name.
	 * @return int
	 */
	protected function pagination_max( int $max, string $route ): int {
		/**
		 * Filters the maximum per_page of a list route.
		 *
		 * @param int    $max   Declared maximum.
		 * @param string $route Route name, e.g. list_media.
		 */
		return max( 1, (int) apply_filters( 'mvs_rest_pagination_max', $max, $route ) );
	}

	/**
	 * The route's own error when a required field is missing or empty (an
	 * empty list or string), for fields the DSL declares with requiredOr().
	 *
	 * @param WP_REST_Request $request Request.
	 * @param string          $field   Required field.
	 * @param string          $code    Error code to answer (declared in the route's errors).
	 * @return true|WP_Error
	 */
	protected function require_present( $request, string $field, string $code ) {
		$value = $request[ $field ];
		if ( null !== $value && array() !== $value && '' !== $value ) {
			return true;
		}
		return MVS_Errors::make(
			$code,
			/* translators: %s: parameter name. */
			sprintf( __( 'Missing parameter: send a non-empty %s.', 'media-community-service' ), $field ),
			array( 'params' => array( $field ) )
		);
	}

	/**
	 * 400 when $field is missing although $other equals $value (e.g. group_id when privacy is group).
	 *
	 * @param WP_REST_Request $request Request.
	 * @param string          $field   Conditionally required field.
	 * @param string          $other   Field it depends on.
	 * @param mixed           $value   Value of $other that makes $field required.
	 * @return true|WP_Error
	 */
	protected function require_when( $request, string $field, string $other, $value ) {
		if ( $value !== $request[ $other ] || null !== $request[ $field ] ) {
			return true;
		}
		return new WP_Error(
			'rest_missing_callback_param',
			/* translators: 1: missing parameter, 2: other parameter, 3: its value. */
			sprintf( __( 'Missing parameter: %1$s is required when %2$s is %3$s.', 'media-community-service' ), $field, $other, (string) $value ),
			array(
				'status' => 400,
				'params' => array( $field ),
			)
		);
	}

	/**
	 * The uploaded file of a multipart field, or a 400 explaining what is wrong.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param string          $field   Multipart field name.
	 * @return array|WP_Error The $_FILES entry.
	 */
	protected function require_file( $request, string $field ) {
		$files = $request->get_file_params();
		$file  = $files[ $field ] ?? null;
		if ( ! is_array( $file ) || ! isset( $file['tmp_name'], $file['error'] ) || is_array( $file['error'] ) ) {
			return MVS_Errors::make(
				'mvs_no_file',
				/* translators: %s: form field name. */
				sprintf( __( 'Send exactly one file in the multipart field "%s".', 'media-community-service' ), $field )
			);
		}
		if ( UPLOAD_ERR_INI_SIZE === $file['error'] || UPLOAD_ERR_FORM_SIZE === $file['error'] ) {
			return MVS_Errors::make( 'mvs_file_too_large' );
		}
		if ( UPLOAD_ERR_OK !== $file['error'] || ! is_file( $file['tmp_name'] ) ) {
			return MVS_Errors::make( 'mvs_no_file', __( 'The file did not arrive completely. Please try again.', 'media-community-service' ) );
		}
		if ( 0 === (int) $file['size'] || 0 === (int) filesize( $file['tmp_name'] ) ) {
			return MVS_Errors::make( 'mvs_no_file', __( 'The file is empty.', 'media-community-service' ) );
		}
		return $file;
	}

	/**
	 * 501 for a route whose domain logic has not shipped (after auth and validation).
	 *
	 * @param string $route Route name.
	 * @return WP_Error
	 */
	protected function not_implemented( string $route ): WP_Error {
		return MVS_Errors::make(
			'mvs_not_implemented',
			__( 'This endpoint is part of the API but is not available on this site yet.', 'media-community-service' ),
			array( 'route' => $route )
		);
	}

	/**
	 * Passes a handler result through, reporting an error code the route does
	 * not declare (a _doing_it_wrong() notice, which fails the e2e run): the
	 * DSL's errors lists, and the OpenAPI document built from them, stay the
	 * truth about what each route can answer.
	 *
	 * @param mixed  $result Handler result.
	 * @param string $route  Route name, a key of the controller's HANDLER_ERRORS.
	 * @return mixed The same result.
	 */
	protected function declared( $result, string $route ) {
		if ( ! is_wp_error( $result ) ) {
			return $result;
		}
		$code = (string) $result->get_error_code();
		if ( ! in_array( $code, static::HANDLER_ERRORS[ $route ] ?? array(), true ) ) {
			_doing_it_wrong(
				esc_html( static::class . '::' . $route ),
				/* translators: %s: error code. */
				esc_html( sprintf( __( 'The handler returned the error code %s, which this route does not declare. Declare it in the errors of the route in the DSL.', 'media-community-service' ), $code ) ),
				'0.1.0'
			);
		}
		return $result;
	}

	/**
	 * Wraps a handler result.
	 *
	 * @param array|WP_REST_Response|WP_Error $result Handler result.
	 * @param int                             $status HTTP status of a success.
	 * @return WP_REST_Response|WP_Error
	 */
	protected function respond( $result, int $status = 200 ) {
		if ( is_wp_error( $result ) || $result instanceof WP_REST_Response ) {
			return $result;
		}
		return new WP_REST_Response( $result, $status );
	}

	/**
	 * 201 with a Location header pointing at the new resource.
	 *
	 * @param array|WP_REST_Response|WP_Error $result   Created object (with an id).
	 * @param string                         $location sprintf pattern of the resource path, e.g. /media/%d.
	 * @return WP_REST_Response|WP_Error
	 */
	protected function respond_created( $result, string $location ) {
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		$response = $result instanceof WP_REST_Response ? $result : new WP_REST_Response( $result, 201 );
		$data     = $response->get_data();
		$response->set_status( 201 );
		$response->header( 'Location', rest_url( $this->namespace . sprintf( $location, (int) $data['id'] ) ) );
		return $response;
	}

	/**
	 * A page of items: plain list or envelope, with X-WP-Total/X-WP-TotalPages when declared.
	 *
	 * @param MVS_Page|WP_Error $page    Handler result.
	 * @param WP_REST_Request   $request Request (for per_page).
	 * @param array             $options per_page (param name), total_header (bool), envelope (bool).
	 * @return WP_REST_Response|WP_Error
	 */
	protected function respond_page( $page, $request, array $options ) {
		if ( is_wp_error( $page ) ) {
			return $page;
		}
		$per_page = max( 1, (int) $request[ $options['per_page'] ] );
		$pages    = (int) ceil( $page->total / $per_page );
		$body     = $options['envelope']
			? array(
				'items' => $page->items,
				'total' => $page->total,
				'pages' => $pages,
			)
			: $page->items;
		$response = new WP_REST_Response( $body, 200 );
		if ( $options['total_header'] ) {
			$response->header( 'X-WP-Total', (string) $page->total );
			$response->header( 'X-WP-TotalPages', (string) $pages );
		}
		return $response;
	}

	/**
	 * The namespace this controller registers its routes under.
	 *
	 * @return string e.g. mvs/v1.
	 */
	public function get_namespace(): string {
		return (string) $this->namespace;
	}

	/**
	 * The namespace of the route WordPress matched, read from its handler (a
	 * method of one of our controllers, or the namespace index). Checks that
	 * must hold for a namespace use this rather than the request's raw route:
	 * WordPress matches routes case-insensitively, so /MVS/v1/media reaches
	 * the handler of /mvs/v1/media.
	 *
	 * @param mixed $handler Handler array passed to rest_request_* filters.
	 * @return string Lower-case namespace, or '' for a handler that is not ours.
	 */
	public static function namespace_of_handler( $handler ): string {
		$callback = is_array( $handler ) && isset( $handler['callback'] ) ? $handler['callback'] : null;
		if ( ! is_array( $callback ) || ! isset( $callback[0], $callback[1] ) ) {
			return '';
		}
		if ( $callback[0] instanceof self ) {
			return strtolower( $callback[0]->get_namespace() );
		}
		if ( $callback[0] instanceof WP_REST_Server && 'get_namespace_index' === $callback[1]
			&& isset( $handler['args']['namespace']['default'] ) ) {
			return strtolower( (string) $handler['args']['namespace']['default'] );
		}
		return '';
	}

	/**
	 * Adds Retry-After to 429 responses (WP_Error data cannot carry headers).
	 *
	 * @param WP_REST_Response $response Response about to be sent.
	 * @return WP_REST_Response
	 */
	public static function add_retry_after( $response ) {
		if ( $response instanceof WP_REST_Response && 429 === $response->get_status() ) {
			$data = $response->get_data();
			if ( is_array( $data ) && isset( $data['data']['retry_after'] ) ) {
				$response->header( 'Retry-After', (string) (int) $data['data']['retry_after'] );
			}
		}
		return $response;
	}
}
