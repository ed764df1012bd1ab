<?php
/**
 * The declared settings, grouped in sections, with their schema and defaults.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * What settings exist: the sections of the settings screen, each setting's
 * JSON Schema (with the translated title and description the screen shows)
 * and its default. Extensions add sections through the
 * `mvs_settings_sections` filter.
 */
final class MVS_Settings_Registry {

	/**
	 * Declaration keys only the settings screen reads (how to show a field),
	 * not JSON Schema: left out of validation and of /wp/v2/settings.
	 */
	const SCREEN_KEYS = array( 'title', 'description', 'details', 'secret', 'default', 'labels', 'unit', 'applies_when', 'write_only' );

	/**
	 * The schema, built once per locale: every route reads a setting, and
	 * each build translates about ninety labels (docs/list-routes-at-scale.md).
	 *
	 * @var array|null
	 */
	private $schema = null;

	/**
	 * Declarations of privacy, moderation, AI, accounts, comments and apps.
	 *
	 * @var MVS_Settings_Community_Fields
	 */
	private $community;

	/**
	 * Declarations of uploads and file delivery.
	 *
	 * @var MVS_Settings_Media_Fields
	 */
	private $media;

	/**
	 * Wires the declarations.
	 *
	 * @param MVS_Settings_Community_Fields $community Community settings.
	 * @param MVS_Settings_Media_Fields     $media     Upload and delivery settings.
	 */
	public function __construct( MVS_Settings_Community_Fields $community, MVS_Settings_Media_Fields $media ) {
		$this->community = $community;
		$this->media     = $media;
	}

	/**
	 * JSON schema of every setting (types, ranges, enums, defaults, and the
	 * translated title and description the settings screen shows).
	 *
	 * @return array
	 */
	public function schema(): array {
		if ( null === $this->schema ) {
			$schema = array();
			foreach ( $this->sections() as $section ) {
				$schema = array_merge( $schema, $section['fields'] );
			}
			$this->schema = $schema;
		}
		return $this->schema;
	}

	/**
	 * Forgets the built schema (action change_locale: its labels are translated).
	 */
	public function forget_schema(): void {
		$this->schema = null;
	}

	/**
	 * The settings grouped the way the settings screen shows them.
	 *
	 * @return array<string, array{title: string, fields: array}>
	 */
	public function sections(): array {
		$sections = array(
			'privacy'    => array(
				'title'  => __( 'Privacy and community', 'media-community-service' ),
				'fields' => $this->community->privacy_fields(),
			),
			'uploads'    => array(
				'title'  => __( 'Uploads', 'media-community-service' ),
				'fields' => $this->media->upload_fields(),
			),
			'files'      => array(
				'title'  => __( 'Downloads and file delivery', 'media-community-service' ),
				'fields' => $this->media->file_fields(),
			),
			'moderation' => array(
				'title'  => __( 'Moderation', 'media-community-service' ),
				'fields' => $this->community->moderation_fields(),
			),
			'ai'         => array(
				'title'  => __( 'AI analysis', 'media-community-service' ),
				'fields' => $this->community->ai_fields(),
			),
			'account'    => array(
				'title'  => __( 'Accounts', 'media-community-service' ),
				'fields' => $this->community->account_fields(),
			),
			'comments'   => array(
				'title'  => __( 'Comments', 'media-community-service' ),
				'fields' => $this->community->comment_fields(),
			),
			'app'        => array(
				'title'  => __( 'Native apps', 'media-community-service' ),
				'fields' => $this->community->app_fields(),
			),
		);
		/**
		 * Filters the settings sections, so an extension (or a test site) can
		 * add its own settings. Add it when the plugin loads: the schema is
		 * built once per request, on the first read of a setting. A field marked `'secret' => true` is never
		 * sent back by GET /mvs/v1/settings (the screen only learns is_set).
		 *
		 * @param array $sections Section key => array{title: string, fields: array}.
		 */
		return (array) apply_filters( 'mvs_settings_sections', $sections );
	}

	/**
	 * The schema without secret settings (fields marked `'secret' => true`).
	 *
	 * @return array
	 */
	public function public_schema(): array {
		$public = array();
		foreach ( $this->schema() as $key => $field ) {
			if ( empty( $field['secret'] ) ) {
				// What only the settings screen reads is no JSON Schema.
				unset( $field['labels'], $field['details'], $field['unit'], $field['applies_when'], $field['write_only'] );
				$public[ $key ] = $field;
			}
		}
		return $public;
	}

	/**
	 * Default values.
	 *
	 * @return array
	 */
	public function defaults(): array {
		return array_map(
			static function ( $field ) {
				return $field['default'];
			},
			$this->schema()
		);
	}
}
