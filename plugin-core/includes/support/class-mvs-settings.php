<?php
/**
 * Site settings, stored in one option through the Settings API.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The `mvs_settings` option: declarations (schema, defaults, titles) and the
 * one place that reads it. Values are validated by MVS_Settings_Validator.
 *
 * Registered with show_in_rest, so administrators (manage_options) read and
 * write it through /wp/v2/settings; a write there is refused exactly as
 * PUT /mvs/v1/settings refuses it (same validator, 400 naming each field).
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
	 * Per-request cache of schema(), built once per locale: every route
	 * reads a setting, and each build translates about ninety labels.
	 *
	 * @var array|null
	 */
	private static $schema = null;

	/**
	 * JSON schema of every setting (types, ranges, enums, defaults, and the
	 * translated title and description the settings screen shows).
	 *
	 * @return array
	 */
	public static function schema(): array {
		if ( null === self::$schema ) {
			$schema = array();
			foreach ( self::sections() as $section ) {
				$schema = array_merge( $schema, $section['fields'] );
			}
			self::$schema = $schema;
		}
		return self::$schema;
	}

	/**
	 * Forgets the built schema (action change_locale: its labels are translated).
	 */
	public static function forget_schema(): void {
		self::$schema = null;
	}

	/**
	 * The settings grouped the way the settings screen shows them. One method
	 * per section keeps each feature's settings next to each other.
	 *
	 * @return array<string, array{title: string, fields: array}>
	 */
	public static function sections(): array {
		$sections = array(
			'privacy'    => array(
				'title'  => __( 'Privacy and community', 'media-community-service' ),
				'fields' => self::privacy_fields(),
			),
			'uploads'    => array(
				'title'  => __( 'Uploads', 'media-community-service' ),
				'fields' => self::upload_fields(),
			),
			'files'      => array(
				'title'  => __( 'Downloads and file delivery', 'media-community-service' ),
				'fields' => self::file_fields(),
			),
			'moderation' => array(
				'title'  => __( 'Moderation', 'media-community-service' ),
				'fields' => self::moderation_fields(),
			),
			'ai'         => array(
				'title'  => __( 'AI analysis', 'media-community-service' ),
				'fields' => self::ai_fields(),
			),
			'account'    => array(
				'title'  => __( 'Accounts', 'media-community-service' ),
				'fields' => self::account_fields(),
			),
			'comments'   => array(
				'title'  => __( 'Comments', 'media-community-service' ),
				'fields' => self::comment_fields(),
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
	 * Privacy defaults, the private-community switch and who may message whom.
	 *
	 * @return array
	 */
	private static function privacy_fields(): array {
		return array(
			'default_privacy'   => array(
				'title'       => __( 'Default privacy', 'media-community-service' ),
				'description' => __( 'Privacy of a new upload when the uploader does not choose one.', 'media-community-service' ),
				'type'        => 'string',
				'enum'        => MVS_Core_Enums::UNGROUPED_PRIVACY,
				'labels'      => array(
					'public'  => __( 'Public: everyone, visitors included', 'media-community-service' ),
					'members' => __( 'Members: logged-in users only', 'media-community-service' ),
					'private' => __( 'Private: the uploader only', 'media-community-service' ),
				),
				'default'     => 'public',
			),
			'private_community' => array(
				'title'       => __( 'Private community', 'media-community-service' ),
				'description' => __( 'Only logged-in users may use the API: visitors get 401 mvs_community_private on every route of the mvs/v1 and mvs-pro/v1 namespaces, public reads and the app configuration included.', 'media-community-service' ),
				'type'        => 'boolean',
				'default'     => false,
			),
			'dm_access'         => array(
				'title'       => __( 'Direct messages', 'media-community-service' ),
				'description' => __( 'Who may start a conversation with a member.', 'media-community-service' ),
				'type'        => 'string',
				'enum'        => array( 'everyone', 'members', 'followers', 'nobody' ),
				'labels'      => array(
					'everyone'  => __( 'Everyone', 'media-community-service' ),
					'members'   => __( 'Logged-in members', 'media-community-service' ),
					'followers' => __( 'Followers of the member', 'media-community-service' ),
					'nobody'    => __( 'Nobody (messages off)', 'media-community-service' ),
				),
				'default'     => 'members',
			),
		);
	}

	/**
	 * What may be uploaded.
	 *
	 * @return array
	 */
	private static function upload_fields(): array {
		return array(
			'max_upload_bytes'    => array(
				'title'       => __( 'Maximum upload size (bytes)', 'media-community-service' ),
				'description' => __( 'Larger files are refused with mvs_file_too_large.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 1024,
				'maximum'     => 4294967296,
				'default'     => 104857600,
			),
			'max_image_pixels'    => array(
				'title'       => __( 'Maximum image size (pixels)', 'media-community-service' ),
				'description' => __( 'Width times height, read from the image header before anything is decoded; larger images are refused with mvs_image_too_large. Decoding takes about 4 bytes of memory per pixel.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 1000000,
				'maximum'     => 100000000,
				'default'     => 25000000,
			),
			'allowed_mime_types'  => array(
				'title'       => __( 'Allowed file types', 'media-community-service' ),
				'description' => __( 'MIME types accepted, decided from the file content, never from its name. HTML, SVG, XML and script types can never be allowed.', 'media-community-service' ),
				'type'        => 'array',
				'items'       => array(
					'type'    => 'string',
					'pattern' => MVS_Active_Content::allowed_type_pattern(),
				),
				'default'     => array(
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
				'title'       => __( 'Duplicate uploads', 'media-community-service' ),
				'description' => __( 'What happens when a member uploads a file they already uploaded: warn, skip (409) or allow.', 'media-community-service' ),
				'type'        => 'string',
				'enum'        => array( 'warn', 'skip', 'allow' ),
				'labels'      => array(
					'warn'  => __( 'Accept and warn', 'media-community-service' ),
					'skip'  => __( 'Refuse (409)', 'media-community-service' ),
					'allow' => __( 'Accept silently', 'media-community-service' ),
				),
				'default'     => 'warn',
			),
			'keep_image_location' => array(
				'title'       => __( 'Keep the location of photos', 'media-community-service' ),
				'description' => __( 'Off: the EXIF block of uploaded JPEG, PNG and WebP images, which holds the GPS position of phone photos, is removed with all other metadata. On: the EXIF block stays in the original file (GPS included) and anyone who may see the item can read where it was taken. Comments, XMP and text chunks are always removed.', 'media-community-service' ),
				'type'        => 'boolean',
				'default'     => false,
			),
			'watermark_text'      => array(
				'title'       => __( 'Watermark text', 'media-community-service' ),
				'description' => __( 'Text drawn on the watermark size of every uploaded image (ASCII; other characters print as "?"). Empty uses the site\'s domain name.', 'media-community-service' ),
				'type'        => 'string',
				'maxLength'   => 60,
				'default'     => '',
			),
		);
	}

	/**
	 * Downloads and signed file URLs.
	 *
	 * @return array
	 */
	private static function file_fields(): array {
		return array(
			'allow_downloads'     => array(
				'title'       => __( 'Allow downloads', 'media-community-service' ),
				'description' => __( 'When off, download routes answer 403 for every item.', 'media-community-service' ),
				'type'        => 'boolean',
				'default'     => true,
			),
			'signed_url_ttl'      => array(
				'title'       => __( 'Signed URL lifetime (seconds)', 'media-community-service' ),
				'description' => __( 'How long a signed file URL stays valid when the client does not ask for less.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 60,
				'maximum'     => 86400,
				'default'     => 3600,
			),
			'signed_url_max_ttl'  => array(
				'title'       => __( 'Longest signed URL lifetime (seconds)', 'media-community-service' ),
				'description' => __( 'Upper bound of the lifetime a client may ask for with the ttl parameter; longer requests get this lifetime.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 60,
				'maximum'     => 604800,
				'default'     => 86400,
			),
			'serve_cache_max_age' => array(
				'title'       => __( 'Browser cache lifetime of public files (seconds)', 'media-community-service' ),
				'description' => __( 'Cache-Control max-age sent with public files; private files are never cached.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => 31536000,
				'default'     => 3600,
			),
			'serve_offload'       => array(
				'title'       => __( 'Hand file delivery to the web server', 'media-community-service' ),
				'description' => __( 'After the plugin has authorised a file request, let nginx (X-Accel-Redirect, needs an internal location /mvs-internal/ aliased to the uploads folder) or Apache (X-Sendfile, needs mod_xsendfile) send the bytes. Off streams the file from PHP.', 'media-community-service' ),
				'type'        => 'string',
				'enum'        => array( 'off', 'x-accel-redirect', 'x-sendfile' ),
				'labels'      => array(
					'off'              => __( 'Off: PHP streams the file', 'media-community-service' ),
					'x-accel-redirect' => __( 'nginx (X-Accel-Redirect)', 'media-community-service' ),
					'x-sendfile'       => __( 'Apache (X-Sendfile)', 'media-community-service' ),
				),
				'default'     => 'off',
			),
			'view_log_days'       => array(
				'title'       => __( 'Keep individual view records (days)', 'media-community-service' ),
				'description' => __( 'View records (time, viewer, hashed IP) older than this are deleted every day; view counts and trending are kept. 0 keeps them forever.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => 3650,
				'default'     => 90,
			),
		);
	}

	/**
	 * How long authors may edit their comments.
	 *
	 * @return array
	 */
	private static function comment_fields(): array {
		return array(
			'comment_edit_minutes' => array(
				'title'       => __( 'Comment edit window (minutes)', 'media-community-service' ),
				'description' => __( 'How long after posting authors may edit their own comment. Moderators may edit and delete any comment at any time; authors may delete theirs at any time. 0: authors cannot edit.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => 10080,
				'default'     => 15,
			),
		);
	}

	/**
	 * Moderation hold and report threshold.
	 *
	 * @return array
	 */
	private static function moderation_fields(): array {
		return array(
			'moderation_hold'       => array(
				'title'       => __( 'Hold uploads for moderation', 'media-community-service' ),
				'description' => __( 'New uploads stay pending, visible only to their owner and moderators, until approved.', 'media-community-service' ),
				'type'        => 'boolean',
				'default'     => false,
			),
			'report_threshold'      => array(
				'title'       => __( 'Report threshold', 'media-community-service' ),
				'description' => __( 'Open reports after which an item is flagged for moderators.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 100,
				'default'     => 3,
			),
			'moderation_hold_roles' => array(
				'title'       => __( 'Roles held for moderation', 'media-community-service' ),
				'description' => __( 'When holding uploads, hold only uploads from users with one of these roles (role slugs, e.g. mvs_member). Empty holds everyone except moderators.', 'media-community-service' ),
				'type'        => 'array',
				'items'       => array(
					'type'    => 'string',
					'pattern' => '^[a-z0-9_-]+$',
				),
				'default'     => array(),
			),
		);
	}

	/**
	 * AI analysis provider and budget.
	 *
	 * @return array
	 */
	private static function ai_fields(): array {
		return array(
			'ai_provider'         => array(
				'title'       => __( 'AI provider', 'media-community-service' ),
				'description' => __( 'local analyses files on this server, offline (GD image statistics and title tokens); openai calls an OpenAI-compatible chat-completions endpoint.', 'media-community-service' ),
				'type'        => 'string',
				'enum'        => array( 'local', 'openai' ),
				'labels'      => array(
					'local'  => __( 'Local analysis on this server (offline)', 'media-community-service' ),
					'openai' => __( 'OpenAI-compatible HTTP API', 'media-community-service' ),
				),
				'default'     => 'local',
			),
			'ai_endpoint'         => array(
				'title'       => __( 'AI endpoint URL', 'media-community-service' ),
				'description' => __( 'Full URL of the chat-completions endpoint, e.g. https://api.openai.com/v1/chat/completions: https on a public host (MVS_AI_ALLOW_PRIVATE_ENDPOINTS in wp-config.php also allows http and private hosts, e.g. a local model server). Moving it to another host clears the stored API key.', 'media-community-service' ),
				'type'        => 'string',
				'format'      => 'uri',
				'default'     => 'https://api.openai.com/v1/chat/completions',
			),
			'ai_model'            => array(
				'title'       => __( 'AI model', 'media-community-service' ),
				'description' => __( 'Model name sent to the endpoint.', 'media-community-service' ),
				'type'        => 'string',
				'pattern'     => '^[A-Za-z0-9._:/-]{1,100}$',
				'default'     => 'gpt-4o-mini',
			),
			'ai_api_key'          => array(
				'title'       => __( 'AI API key', 'media-community-service' ),
				'description' => __( 'Secret key for the endpoint. Write-only: it is stored apart from the other settings and only a masked form is ever shown. Send an empty string to remove it.', 'media-community-service' ),
				'type'        => 'string',
				'maxLength'   => 500,
				'default'     => '',
			),
			'ai_monthly_budget'   => array(
				'title'       => __( 'Monthly AI budget (analyses)', 'media-community-service' ),
				'description' => __( 'Analyses allowed per calendar month (UTC), all providers together; further requests are refused with mvs_ai_budget_exceeded. 0 disables analysis.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => 1000000,
				'default'     => 500,
			),
			'ai_safety_threshold' => array(
				'title'       => __( 'AI safety threshold', 'media-community-service' ),
				'description' => __( 'Safety scores (0 to 1) at or above this value flag the item for moderators.', 'media-community-service' ),
				'type'        => 'number',
				'minimum'     => 0,
				'maximum'     => 1,
				'default'     => 0.6,
			),
		);
	}

	/**
	 * Account life cycle.
	 *
	 * @return array
	 */
	private static function account_fields(): array {
		return array(
			'deletion_grace_days' => array(
				'title'       => __( 'Account deletion grace period (days)', 'media-community-service' ),
				'description' => __( 'Days between a deletion request and the permanent deletion of the account data.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => 365,
				'default'     => 30,
			),
		);
	}

	/**
	 * The schema without secret settings (fields marked `'secret' => true`).
	 *
	 * @return array
	 */
	public static function public_schema(): array {
		$public = array();
		foreach ( self::schema() as $key => $field ) {
			if ( empty( $field['secret'] ) ) {
				// Option labels are for the settings screen, not JSON Schema.
				unset( $field['labels'] );
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
		add_action( 'change_locale', array( __CLASS__, 'forget_schema' ) );
		add_filter( 'rest_pre_get_setting', array( __CLASS__, 'rest_value' ), 10, 2 );
		add_filter( 'rest_request_before_callbacks', array( 'MVS_Settings_Validator', 'guard_wp_settings_route' ), 10, 3 );
	}

	/**
	 * What /wp/v2/settings reads: every setting but the secrets, which its
	 * schema leaves out (a stored secret would otherwise fail that schema and
	 * turn the whole value into null).
	 *
	 * @param mixed  $value Value another filter chose, or null.
	 * @param string $name  Setting name as registered.
	 * @return mixed
	 */
	public static function rest_value( $value, $name ) {
		if ( null !== $value || self::OPTION !== $name ) {
			return $value;
		}
		return array_intersect_key( self::all(), self::public_schema() );
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
						// Secret settings are write-only: /wp/v2/settings neither shows nor takes them
						// (GET /mvs/v1/settings sets them and reports only whether one is stored).
						'properties'           => self::public_schema(),
						'additionalProperties' => false,
					),
				),
			)
		);
	}

	/**
	 * The option's sanitize callback, for update_option() from code (both
	 * routes have refused invalid values before saving): known keys with
	 * valid values are kept, anything else keeps the stored value or the
	 * default, so a bad save never corrupts the option.
	 *
	 * @param mixed $value Submitted settings.
	 * @return array
	 */
	public static function sanitize( $value ): array {
		$clean = self::all();
		if ( ! is_array( $value ) ) {
			return $clean;
		}
		foreach ( array_intersect_key( $value, self::schema() ) as $key => $candidate ) {
			$checked = MVS_Settings_Validator::check( (string) $key, $candidate );
			if ( ! is_wp_error( $checked ) ) {
				$clean[ $key ] = $checked;
			}
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
