<?php
/**
 * GET/PUT /mvs/v1/settings: the settings screen's view of the site settings.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Serves the settings screen. The settings themselves (types, ranges, titles)
 * are declared once, in MVS_Settings_Registry, and validated in one place,
 * MVS_Settings_Validator; this service describes them to the screen, masks
 * secrets and saves a change as a whole.
 *
 * Not part of the REST contract: the route is an `admin-ui` extension.
 */
final class MVS_Settings_Service implements MVS_Settings_Handler {

	/**
	 * The declared settings.
	 *
	 * @var MVS_Settings_Registry
	 */
	private $registry;

	/**
	 * The option.
	 *
	 * @var MVS_Settings_Store
	 */
	private $store;

	/**
	 * Validation of submitted values.
	 *
	 * @var MVS_Settings_Validator
	 */
	private $validator;

	/**
	 * Wires the collaborators; the generated routes pass none, so the
	 * request's shared ones are used.
	 *
	 * @param MVS_Settings_Registry|null  $registry  The declared settings.
	 * @param MVS_Settings_Store|null     $store     The option.
	 * @param MVS_Settings_Validator|null $validator Validation of submitted values.
	 */
	public function __construct( ?MVS_Settings_Registry $registry = null, ?MVS_Settings_Store $store = null, ?MVS_Settings_Validator $validator = null ) {
		$this->registry  = $registry ?? MVS_Settings::registry();
		$this->store     = $store ?? MVS_Settings::store();
		$this->validator = $validator ?? MVS_Settings::validator();
	}

	/**
	 * Every setting with its descriptor; secret values are never returned.
	 *
	 * @param MVS_Get_Settings_Args $args Arguments (none).
	 * @return array
	 */
	public function get_settings( MVS_Get_Settings_Args $args ) {
		return $this->screen();
	}

	/**
	 * Validates every submitted value first and saves only when all are valid,
	 * so a form with one bad field never half-applies. The keys of
	 * $args->values are open (whatever the registry declares), so they are
	 * checked here by the validator /wp/v2/settings writes go through too.
	 *
	 * @param MVS_Update_Settings_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function update_settings( MVS_Update_Settings_Args $args ) {
		$clean = $this->validator->validate( $args->values );
		if ( is_wp_error( $clean ) ) {
			return $clean;
		}
		if ( $clean ) {
			$this->store->save( $clean );
		}
		return $this->screen();
	}

	/**
	 * The response of both routes: values (secrets masked), fields, sections.
	 *
	 * @return array
	 */
	private function screen(): array {
		$values   = $this->store->all();
		$fields   = array();
		$sections = array();
		foreach ( $this->registry->sections() as $section_key => $section ) {
			$sections[] = array(
				'key'   => (string) $section_key,
				'title' => (string) $section['title'],
			);
			foreach ( $section['fields'] as $key => $field ) {
				// A write-only setting (the AI key: /wp/v2/settings shows its
				// mask) is a secret here too: the screen gets neither value
				// nor mask, only is_set (docs/settings-screen.md).
				$secret = ! empty( $field['secret'] ) || ! empty( $field['write_only'] );
				$is_set = isset( $values[ $key ] ) && '' !== $values[ $key ] && array() !== $values[ $key ];
				if ( $secret ) {
					$values[ $key ] = '';
				}
				$fields[] = array(
					'key'          => (string) $key,
					'section'      => (string) $section_key,
					'title'        => (string) ( $field['title'] ?? $key ),
					'description'  => (string) ( $field['description'] ?? '' ),
					'details'      => (string) ( $field['details'] ?? '' ),
					'type'         => (string) $field['type'],
					'enum'         => isset( $field['enum'] ) ? array_values( array_map( 'strval', $field['enum'] ) ) : null,
					'options'      => isset( $field['enum'] ) ? self::options( $field ) : null,
					'minimum'      => $field['minimum'] ?? null,
					'maximum'      => $field['maximum'] ?? null,
					'secret'       => $secret,
					'is_set'       => $is_set,
					'unit'         => $field['unit'] ?? null,
					'default'      => is_int( $field['default'] ?? null ) || is_float( $field['default'] ?? null ) ? $field['default'] : null,
					'applies_when' => self::applies_when( $field ),
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
	 * The condition under which a setting has an effect, as the screen reads it.
	 *
	 * @param array $field Setting declaration.
	 * @return array{key: string, values: string[]}|null
	 */
	private static function applies_when( array $field ): ?array {
		if ( empty( $field['applies_when'] ) ) {
			return null;
		}
		$key = (string) array_key_first( $field['applies_when'] );
		return array(
			'key'    => $key,
			'values' => array_values( array_map( 'strval', (array) $field['applies_when'][ $key ] ) ),
		);
	}

	/**
	 * The choices of an enum setting with their translated labels (the value
	 * itself where the declaration has no label).
	 *
	 * @param array $field Setting declaration.
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
}
