<?php
/**
 * The settings option in the Settings API and WordPress's /wp/v2/settings route.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers `mvs_settings` with show_in_rest, so administrators
 * (manage_options) read and write it through /wp/v2/settings; a write there
 * is refused exactly as PUT /mvs/v1/settings refuses it (same validator,
 * 400 naming each field).
 */
final class MVS_Settings_Registration {

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
	 * Their validation.
	 *
	 * @var MVS_Settings_Validator
	 */
	private $validator;

	/**
	 * Wires the collaborators.
	 *
	 * @param MVS_Settings_Registry  $registry  The declared settings.
	 * @param MVS_Settings_Store     $store     The option.
	 * @param MVS_Settings_Validator $validator Their validation.
	 */
	public function __construct( MVS_Settings_Registry $registry, MVS_Settings_Store $store, MVS_Settings_Validator $validator ) {
		$this->registry  = $registry;
		$this->store     = $store;
		$this->validator = $validator;
	}

	/**
	 * Adds the hooks: registration where the Settings API is read, the
	 * sanitizer of every save, cache resets, the REST read and the write guard.
	 */
	public function register(): void {
		// Only wp-admin and the REST API read the registration, whose REST schema is built and
		// translated: front-end requests skip it (docs/cost-to-the-site.md).
		add_action( 'admin_init', array( $this, 'register_setting' ) );
		add_action( 'rest_api_init', array( $this, 'register_setting_for_rest' ) );
		// Every save is sanitized, wherever it comes from (WP-Cron, WP-CLI, another plugin).
		add_filter( 'sanitize_option_' . MVS_Settings_Store::OPTION, array( $this->store, 'sanitize' ) );
		add_action( 'update_option_' . MVS_Settings_Store::OPTION, array( $this->store, 'flush' ) );
		add_action( 'add_option_' . MVS_Settings_Store::OPTION, array( $this->store, 'flush' ) );
		add_action( 'change_locale', array( $this->registry, 'forget_schema' ) );
		add_filter( 'rest_pre_get_setting', array( $this, 'rest_value' ), 10, 2 );
		add_filter( 'rest_request_before_callbacks', array( $this, 'guard_wp_settings_route' ), 10, 3 );
	}

	/**
	 * Registers the setting for REST requests that may reach /wp/v2/settings.
	 */
	public function register_setting_for_rest(): void {
		MVS_Rest_Route_Scope::register_routes( 'wp/v2/settings', array( $this, 'register_setting' ) );
	}

	/**
	 * Calls register_setting, once a request (the sanitizer is hooked apart, in register()).
	 */
	public function register_setting(): void {
		if ( isset( get_registered_settings()[ MVS_Settings_Store::OPTION ] ) ) {
			return;
		}
		register_setting(
			'mvs',
			MVS_Settings_Store::OPTION,
			array(
				'type'         => 'object',
				'description'  => __( 'Media Community Service settings.', 'media-community-service' ),
				'default'      => $this->registry->defaults(),
				'show_in_rest' => array(
					'schema' => array(
						'type'                 => 'object',
						// Secret settings are write-only: /wp/v2/settings neither shows nor takes them
						// (GET /mvs/v1/settings sets them and reports only whether one is stored).
						'properties'           => $this->registry->public_schema(),
						'additionalProperties' => false,
					),
				),
			)
		);
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
	public function rest_value( $value, $name ) {
		if ( null !== $value || MVS_Settings_Store::OPTION !== $name ) {
			return $value;
		}
		return array_intersect_key( $this->store->all(), $this->registry->public_schema() );
	}

	/**
	 * Filter rest_request_before_callbacks: a write to /wp/v2/settings that
	 * carries mvs_settings is validated here, after WordPress's own schema
	 * check and before saving, and refused with the validator's 400 (each bad
	 * field named in data.params) instead of WordPress's one-line message or
	 * a save that silently keeps the old value. Callers who may not change
	 * settings get WordPress's 401/403 as before.
	 *
	 * @param WP_REST_Response|WP_Error|mixed $response Result so far (an error when WordPress's validation failed).
	 * @param array                           $handler  Route handler.
	 * @param WP_REST_Request                 $request  Request.
	 * @return WP_REST_Response|WP_Error|mixed
	 */
	public function guard_wp_settings_route( $response, $handler, $request ) {
		if ( '/wp/v2/settings' !== $request->get_route() || 'GET' === $request->get_method() || ! current_user_can( 'manage_options' ) ) {
			return $response;
		}
		$option = MVS_Settings_Store::OPTION;
		// The submitted value, not WordPress's sanitized copy (which drops what it does not know).
		$body = $request->get_json_params();
		if ( ! is_array( $body ) || ! array_key_exists( $option, $body ) ) {
			$body = $request->get_body_params();
		}
		if ( ! array_key_exists( $option, (array) $body ) ) {
			return $response;
		}
		$submitted = $body[ $option ];
		if ( ! is_array( $submitted ) ) {
			return new WP_Error(
				'rest_invalid_param',
				/* translators: %s: option name. */
				sprintf( __( '%s must be an object of settings.', 'media-community-service' ), $option ),
				array(
					'status' => 400,
					'params' => array( $option => __( 'Not an object.', 'media-community-service' ) ),
				)
			);
		}
		$checked = $this->validator->validate( $submitted );
		return is_wp_error( $checked ) ? $checked : $response;
	}
}
