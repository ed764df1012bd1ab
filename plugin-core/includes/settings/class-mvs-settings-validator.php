<?php
/**
 * The one validation of setting values, whichever way they arrive.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Checks values against the declared settings. Three paths write settings:
 * PUT /mvs/v1/settings (the settings screen), POST /wp/v2/settings
 * (WordPress's settings route, field mvs_settings) and update_option() from
 * code (the option's sanitize callback). All three use this class, so a value
 * one path refuses, every path refuses, and both routes answer the same 400.
 */
final class MVS_Settings_Validator {

	/**
	 * The declared settings.
	 *
	 * @var MVS_Settings_Registry
	 */
	private $registry;

	/**
	 * Wires the declarations.
	 *
	 * @param MVS_Settings_Registry $registry The declared settings.
	 */
	public function __construct( MVS_Settings_Registry $registry ) {
		$this->registry = $registry;
	}

	/**
	 * All or nothing: every submitted value valid, or an error naming each bad one.
	 *
	 * @param array $submitted Setting key => value.
	 * @return array|WP_Error Sanitized values by key; 400 rest_invalid_param
	 *                        with data.params (key => message) and data.details.
	 */
	public function validate( array $submitted ) {
		$clean   = array();
		$invalid = array();
		$details = array();
		foreach ( $submitted as $key => $value ) {
			$key     = (string) $key;
			$checked = $this->check( $key, $value );
			if ( is_wp_error( $checked ) ) {
				$invalid[ $key ] = $checked->get_error_message();
				$details[ $key ] = array(
					'code'    => $checked->get_error_code(),
					'message' => $checked->get_error_message(),
					'data'    => $checked->get_error_data(),
				);
				continue;
			}
			$clean[ $key ] = $checked;
		}
		if ( ! $invalid ) {
			return $clean;
		}
		// Same shape as WordPress's own argument validation, so clients
		// handle one format: data.params maps each field to its message.
		return new WP_Error(
			'rest_invalid_param',
			/* translators: %s: comma-separated setting keys. */
			sprintf( __( 'Invalid setting(s): %s', 'media-community-service' ), implode( ', ', array_keys( $invalid ) ) ),
			array(
				'status'  => 400,
				'params'  => $invalid,
				'details' => $details,
			)
		);
	}

	/**
	 * One value: sanitized, or why it is refused.
	 *
	 * @param string $key   Setting key.
	 * @param mixed  $value Submitted value.
	 * @return mixed|WP_Error
	 */
	public function check( string $key, $value ) {
		$schema = $this->registry->schema();
		if ( ! isset( $schema[ $key ] ) ) {
			/* translators: %s: setting key. */
			return new WP_Error( 'rest_invalid_param', sprintf( __( '%s is not a known setting.', 'media-community-service' ), $key ) );
		}
		$rules = self::rules( $schema[ $key ] );
		$valid = rest_validate_value_from_schema( $value, $rules, $key );
		if ( is_wp_error( $valid ) ) {
			$active = 'allowed_mime_types' === $key ? MVS_Active_Content::active_types( $value ) : array();
			if ( $active ) {
				// Say why in words where the schema can only say "does not match pattern".
				return new WP_Error(
					'rest_invalid_param',
					sprintf(
						/* translators: %s: comma-separated MIME types. */
						__( '%s can never be allowed: HTML, SVG, XML and script files would run as pages or scripts of this site.', 'media-community-service' ),
						implode( ', ', $active )
					),
					$valid->get_error_data()
				);
			}
			return $valid;
		}
		if ( 'ai_endpoint' === $key && '' !== MVS_AI_Endpoint::refusal( (string) $value, MVS_AI_Endpoint::allows_private() ) ) {
			return new WP_Error( 'rest_invalid_param', __( 'The AI endpoint must be an https URL on a public host (MVS_AI_ALLOW_PRIVATE_ENDPOINTS in wp-config.php allows others).', 'media-community-service' ) );
		}
		return rest_sanitize_value_from_schema( $value, $rules, $key );
	}

	/**
	 * A declaration without the screen-only keys, as JSON Schema.
	 *
	 * @param array $field Setting declaration.
	 * @return array
	 */
	private static function rules( array $field ): array {
		return array_diff_key( $field, array_flip( MVS_Settings_Registry::SCREEN_KEYS ) );
	}
}
