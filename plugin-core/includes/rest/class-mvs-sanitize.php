<?php
/**
 * Sanitize callbacks named by the DSL (`t.string()` → text, ...).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Each callback first applies the schema coercion WordPress would apply
 * (rest_sanitize_request_arg), then the WordPress sanitizer of the field kind.
 * One validate callback lives here too: canonical_int(), for integers the
 * DSL declares canonical().
 */
final class MVS_Sanitize {

	/**
	 * Validate callback of an integer declared canonical() in the DSL: only
	 * its one decimal spelling (digits without sign, leading zero, space,
	 * fraction or exponent; at most 18), where WordPress's own check also
	 * takes 012, +12, "12 " and 1.2e1 as 12. A JSON number in a body is
	 * already an integer and passes. Then WordPress's schema check.
	 *
	 * @param mixed           $value   Raw value.
	 * @param WP_REST_Request $request Request.
	 * @param string          $param   Parameter name.
	 * @return true|WP_Error
	 */
	public static function canonical_int( $value, $request, $param ) {
		if ( ! is_int( $value ) && ! ( is_string( $value ) && preg_match( '/^(0|[1-9][0-9]{0,17})$/D', $value ) ) ) {
			return new WP_Error(
				'rest_invalid_param',
				/* translators: %s: parameter name. */
				sprintf( __( '%s must be written in digits only, without sign, leading zero, space or exponent.', 'media-community-service' ), $param ),
				array( 'status' => 400 )
			);
		}
		return rest_validate_request_arg( $value, $request, $param );
	}

	/**
	 * Schema coercion of a request argument.
	 *
	 * @param mixed           $value   Raw value.
	 * @param WP_REST_Request $request Request.
	 * @param string          $param   Parameter name.
	 * @return mixed
	 */
	private static function coerce( $value, $request, $param ) {
		return rest_sanitize_request_arg( $value, $request, $param );
	}

	/**
	 * Single-line text.
	 *
	 * @param mixed           $value   Raw value.
	 * @param WP_REST_Request $request Request.
	 * @param string          $param   Parameter name.
	 * @return string|null
	 */
	public static function text( $value, $request, $param ) {
		$value = self::coerce( $value, $request, $param );
		return null === $value ? null : sanitize_text_field( (string) $value );
	}

	/**
	 * Multi-line plain text.
	 *
	 * @param mixed           $value   Raw value.
	 * @param WP_REST_Request $request Request.
	 * @param string          $param   Parameter name.
	 * @return string|null
	 */
	public static function textarea( $value, $request, $param ) {
		$value = self::coerce( $value, $request, $param );
		return null === $value ? null : sanitize_textarea_field( (string) $value );
	}

	/**
	 * A key: lowercase alphanumerics, dashes and underscores.
	 *
	 * @param mixed           $value   Raw value.
	 * @param WP_REST_Request $request Request.
	 * @param string          $param   Parameter name.
	 * @return string|null
	 */
	public static function key( $value, $request, $param ) {
		$value = self::coerce( $value, $request, $param );
		return null === $value ? null : sanitize_key( (string) $value );
	}

	/**
	 * A slug.
	 *
	 * @param mixed           $value   Raw value.
	 * @param WP_REST_Request $request Request.
	 * @param string          $param   Parameter name.
	 * @return string|null
	 */
	public static function slug( $value, $request, $param ) {
		$value = self::coerce( $value, $request, $param );
		return null === $value ? null : sanitize_title( (string) $value );
	}

	/**
	 * Post-like HTML.
	 *
	 * @param mixed           $value   Raw value.
	 * @param WP_REST_Request $request Request.
	 * @param string          $param   Parameter name.
	 * @return string|null
	 */
	public static function html( $value, $request, $param ) {
		$value = self::coerce( $value, $request, $param );
		return null === $value ? null : wp_kses_post( (string) $value );
	}

	/**
	 * An e-mail address.
	 *
	 * @param mixed           $value   Raw value.
	 * @param WP_REST_Request $request Request.
	 * @param string          $param   Parameter name.
	 * @return string|null
	 */
	public static function email( $value, $request, $param ) {
		$value = self::coerce( $value, $request, $param );
		return null === $value ? null : sanitize_email( (string) $value );
	}

	/**
	 * A URL.
	 *
	 * @param mixed           $value   Raw value.
	 * @param WP_REST_Request $request Request.
	 * @param string          $param   Parameter name.
	 * @return string|null
	 */
	public static function url( $value, $request, $param ) {
		$value = self::coerce( $value, $request, $param );
		return null === $value ? null : esc_url_raw( (string) $value );
	}

	/**
	 * A list of positive IDs, de-duplicated, order kept.
	 *
	 * @param mixed           $value   Raw value.
	 * @param WP_REST_Request $request Request.
	 * @param string          $param   Parameter name.
	 * @return int[]
	 */
	public static function id_list( $value, $request, $param ): array {
		$value = self::coerce( $value, $request, $param );
		return array_values( array_unique( array_filter( array_map( 'absint', (array) $value ) ) ) );
	}
}
