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
 */
final class MVS_Sanitize {

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
