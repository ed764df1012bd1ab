<?php
/**
 * Site settings, stored in one option through the Settings API.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The `mvs_settings` option: defaults, schema, validation and typed reads.
 *
 * Registered with show_in_rest, so administrators (manage_options) read and
 * write it through /wp/v2/settings, validated against the schema below.
 */
final class MVS_Settings {

	const OPTION = 'mvs_settings';

	/**
	 * Per-request cache of the merged settings.
	 *
	 * @var array|null
	 */
	private static $cache = null;

	/**
	 * JSON schema of every setting (types, ranges, enums, defaults).
	 *
	 * @return array
	 */
	public static function schema(): array {
		return array(
			'default_privacy'     => array(
				'type'    => 'string',
				'enum'    => array( 'public', 'members', 'private' ),
				'default' => 'public',
			),
			'max_upload_bytes'    => array(
				'type'    => 'integer',
				'minimum' => 1024,
				'maximum' => 4294967296,
				'default' => 104857600,
			),
			'allowed_mime_types'  => array(
				'type'    => 'array',
				'items'   => array(
					'type'    => 'string',
					'pattern' => '^[a-z0-9.+-]+/[a-z0-9.+-]+$',
				),
				'default' => array(
					'image/jpeg',
					'image/png',
					'image/gif',
					'image/webp',
					'video/mp4',
					'video/webm',
					'audio/mpeg',
					'audio/ogg',
					'audio/wav',
					'application/pdf',
				),
			),
			'duplicate_action'    => array(
				'type'    => 'string',
				'enum'    => array( 'warn', 'skip', 'allow' ),
				'default' => 'warn',
			),
			'allow_downloads'     => array(
				'type'    => 'boolean',
				'default' => true,
			),
			'signed_url_ttl'      => array(
				'type'    => 'integer',
				'minimum' => 60,
				'maximum' => 86400,
				'default' => 3600,
			),
			'moderation_hold'     => array(
				'type'    => 'boolean',
				'default' => false,
			),
			'report_threshold'    => array(
				'type'    => 'integer',
				'minimum' => 1,
				'maximum' => 100,
				'default' => 3,
			),
			'private_community'   => array(
				'type'    => 'boolean',
				'default' => false,
			),
			'dm_access'           => array(
				'type'    => 'string',
				'enum'    => array( 'everyone', 'members', 'followers', 'nobody' ),
				'default' => 'members',
			),
			'deletion_grace_days' => array(
				'type'    => 'integer',
				'minimum' => 0,
				'maximum' => 365,
				'default' => 30,
			),
		);
	}

	/**
	 * Default values.
	 *
	 * @return array
	 */
	public static function defaults(): array {
		return array_map(
			static function ( $field ) {
				return $field['default'];
			},
			self::schema()
		);
	}

	/**
	 * Registers the option with the Settings API and the REST settings route.
	 */
	public static function register(): void {
		add_action( 'init', array( __CLASS__, 'register_setting' ) );
		add_action( 'update_option_' . self::OPTION, array( __CLASS__, 'flush' ) );
		add_action( 'add_option_' . self::OPTION, array( __CLASS__, 'flush' ) );
	}

	/**
	 * Calls register_setting (on init, so REST and admin both see it).
	 */
	public static function register_setting(): void {
		register_setting(
			'mvs',
			self::OPTION,
			array(
				'type'              => 'object',
				'description'       => __( 'Media Community Service settings.', 'media-community-service' ),
				'default'           => self::defaults(),
				'sanitize_callback' => array( __CLASS__, 'sanitize' ),
				'show_in_rest'      => array(
					'schema' => array(
						'type'                 => 'object',
						'properties'           => self::schema(),
						'additionalProperties' => false,
					),
				),
			)
		);
	}

	/**
	 * Keeps known keys with valid values; anything else falls back to the
	 * stored value or the default, so a bad save never corrupts the option.
	 *
	 * @param mixed $value Submitted settings.
	 * @return array
	 */
	public static function sanitize( $value ): array {
		$current = self::all();
		if ( ! is_array( $value ) ) {
			return $current;
		}
		$clean = $current;
		foreach ( self::schema() as $key => $schema ) {
			if ( ! array_key_exists( $key, $value ) ) {
				continue;
			}
			$candidate = rest_sanitize_value_from_schema( $value[ $key ], $schema, $key );
			if ( is_wp_error( $candidate ) || is_wp_error( rest_validate_value_from_schema( $candidate, $schema, $key ) ) ) {
				continue;
			}
			$clean[ $key ] = $candidate;
		}
		return $clean;
	}

	/**
	 * Every setting, stored values over defaults.
	 *
	 * @return array
	 */
	public static function all(): array {
		if ( null === self::$cache ) {
			$stored      = get_option( self::OPTION, array() );
			self::$cache = array_merge( self::defaults(), is_array( $stored ) ? array_intersect_key( $stored, self::schema() ) : array() );
		}
		return self::$cache;
	}

	/**
	 * One setting.
	 *
	 * @param string $key Setting name.
	 * @return mixed
	 */
	public static function get( string $key ) {
		$all = self::all();
		return $all[ $key ] ?? null;
	}

	/**
	 * Stores the defaults on first activation (autoloaded: read on most requests).
	 */
	public static function install_defaults(): void {
		add_option( self::OPTION, self::defaults(), '', true );
	}

	/**
	 * Drops the per-request cache after a write.
	 */
	public static function flush(): void {
		self::$cache = null;
	}
}
