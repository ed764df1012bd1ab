<?php
/**
 * Domain logic of the device-token routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Devices_Handler: POST /me/devices upserts
 * the caller's token (moving it to them if another member had it), DELETE
 * removes it only when it is the caller's.
 */
final class MVS_Devices_Service implements MVS_Devices_Handler {

	/**
	 * Data access.
	 *
	 * @var MVS_Device_Tokens
	 */
	private $tokens;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Device_Tokens|null $tokens Data access.
	 */
	public function __construct( ?MVS_Device_Tokens $tokens = null ) {
		$this->tokens = $tokens ? $tokens : new MVS_Device_Tokens();
	}

	/**
	 * POST /me/devices.
	 *
	 * @param MVS_Register_Device_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function register_device( MVS_Register_Device_Args $args ) {
		if ( ! $this->tokens->upsert( get_current_user_id(), $args->platform, $args->token ) ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The device could not be registered.', 'media-community-service' ) );
		}
		return array(
			'platform'   => $args->platform,
			'registered' => true,
		);
	}

	/**
	 * DELETE /me/devices: idempotent; another member's token is left alone
	 * and answered like an unknown one.
	 *
	 * @param MVS_Unregister_Device_Args $args Arguments.
	 * @return array
	 */
	public function unregister_device( MVS_Unregister_Device_Args $args ) {
		return array( 'deleted' => $this->tokens->remove( get_current_user_id(), $args->token ) );
	}
}
