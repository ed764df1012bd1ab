<?php
/**
 * GET/PUT /mvs/v1/settings: the settings screen's view of MVS_Settings.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Serves the settings screen. The settings themselves (types, ranges, titles)
 * are declared once, in MVS_Settings; this service only describes them to the
 * screen, masks secrets and validates a change as a whole.
 *
 * Not part of the REST contract: the route is an `admin-ui` extension.
 */
final class MVS_Settings_Service implements MVS_Settings_Handler {

	/**
	 * Every setting with its descriptor; secret values are never returned.
	 *
	 * @param WP_REST_Request $request Authorized request.
	 * @return array
	 */
	public function get_settings( WP_REST_Request $request ) {
		return self::screen();
	}

	/**
	 * Validates every submitted value first and saves only when all are valid,
	 * so a form with one bad field never half-applies.
	 *
	 * @param WP_REST_Request $request Authorized, validated request.
	 * @return array|WP_Error
	 */
	public function update_settings( WP_REST_Request $request ) {
		$submitted = (array) $request->get_param( 'values' );
		$schema    = MVS_Settings::schema();
		$clean     = array();
		$invalid   = array();
		$details   = array();

		foreach ( $submitted as $key => $value ) {
			$key = (string) $key;
			if ( ! isset( $schema[ $key ] ) ) {
				/* translators: %s: setting key. */
				$invalid[ $key ] = sprintf( __( '%s is not a known setting.', 'media-community-service' ), $key );
				continue;
			}
			$rules = self::validation_schema( $schema[ $key ] );
			$valid = rest_validate_value_from_schema( $value, $rules, $key );
			if ( is_wp_error( $valid ) ) {
				$invalid[ $key ] = self::clear_message( $key, $value, $valid->get_error_message() );
				$details[ $key ] = array(
					'code'    => $valid->get_error_code(),
					'message' => $valid->get_error_message(),
					'data'    => $valid->get_error_data(),
				);
				continue;
			}
			if ( 'ai_endpoint' === $key && '' !== MVS_AI_Endpoint::refusal( (string) $value, MVS_AI_Endpoint::allows_private() ) ) {
				$invalid[ $key ] = __( 'The AI endpoint must be an https URL on a public host (MVS_AI_ALLOW_PRIVATE_ENDPOINTS in wp-config.php allows others).', 'media-community-service' );
				continue;
			}
			$clean[ $key ] = rest_sanitize_value_from_schema( $value, $rules, $key );
		}

		if ( $invalid ) {
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

		if ( $clean ) {
			update_option( MVS_Settings::OPTION, array_merge( MVS_Settings::all(), $clean ) );
			MVS_Settings::flush();
		}
		return self::screen();
	}

	/**
	 * The response of both routes: values (secrets masked), fields, sections.
	 *
	 * @return array
	 */
	public static function screen(): array {
		$values   = MVS_Settings::all();
		$fields   = array();
		$sections = array();
		foreach ( MVS_Settings::sections() as $section_key => $section ) {
			$sections[] = array(
				'key'   => (string) $section_key,
				'title' => (string) $section['title'],
			);
			foreach ( $section['fields'] as $key => $field ) {
				$secret = ! empty( $field['secret'] );
				$is_set = isset( $values[ $key ] ) && '' !== $values[ $key ] && array() !== $values[ $key ];
				if ( $secret ) {
					// A secret never leaves the server: the screen learns only whether one is stored.
					$values[ $key ] = '';
				}
				$fields[] = array(
					'key'         => (string) $key,
					'section'     => (string) $section_key,
					'title'       => (string) ( $field['title'] ?? $key ),
					'description' => (string) ( $field['description'] ?? '' ),
					'type'        => (string) $field['type'],
					'enum'        => isset( $field['enum'] ) ? array_values( array_map( 'strval', $field['enum'] ) ) : null,
					'options'     => isset( $field['enum'] ) ? self::options( $field ) : null,
					'minimum'     => $field['minimum'] ?? null,
					'maximum'     => $field['maximum'] ?? null,
					'secret'      => $secret,
					'is_set'      => $is_set,
				);
			}
		}
		return array(
			'values'   => (object) $values,
			'fields'   => $fields,
			'sections' => $sections,
		);
	}

	/**
	 * The choices of an enum setting with their translated labels (the value
	 * itself where the declaration has no label).
	 *
	 * @param array $field Setting declaration from MVS_Settings.
	 * @return array<int, array{value: string, label: string}>
	 */
	private static function options( array $field ): array {
		$options = array();
		foreach ( $field['enum'] as $value ) {
			$options[] = array(
				'value' => (string) $value,
				'label' => (string) ( $field['labels'][ $value ] ?? $value ),
			);
		}
		return $options;
	}

	/**
	 * Says why in words where the schema can only say "does not match pattern".
	 *
	 * @param string $key     Setting key.
	 * @param mixed  $value   Submitted value.
	 * @param string $message The schema's message.
	 * @return string
	 */
	private static function clear_message( string $key, $value, string $message ): string {
		$active = 'allowed_mime_types' === $key ? MVS_Active_Content::active_types( $value ) : array();
		if ( ! $active ) {
			return $message;
		}
		return sprintf(
			/* translators: %s: comma-separated MIME types. */
			__( '%s can never be allowed: HTML, SVG, XML and script files would run as pages or scripts of this site.', 'media-community-service' ),
			implode( ', ', $active )
		);
	}

	/**
	 * A setting's schema without the screen-only keys, for rest_validate_value_from_schema.
	 *
	 * @param array $field Setting declaration from MVS_Settings.
	 * @return array
	 */
	private static function validation_schema( array $field ): array {
		unset( $field['title'], $field['description'], $field['secret'], $field['default'], $field['labels'] );
		return $field;
	}
}
