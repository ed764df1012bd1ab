<?php
/**
 * Domain logic of POST /push/register-device.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Pro_Push_Handler: checks the Expo token's
 * format and upserts it for the caller. docs/pro-quotas.md, "Push".
 */
final class MVS_Pro_Push_Service implements MVS_Pro_Push_Handler {

	/**
	 * What Expo issues: ExponentPushToken[…] (or the newer ExpoPushToken[…])
	 * around a base64url-like identifier; the route caps the whole at 255.
	 */
	const TOKEN_PATTERN = '/^Expo(?:nent)?PushToken\[[A-Za-z0-9_-]{1,200}\]$/';

	/**
	 * Data access.
	 *
	 * @var MVS_Pro_Push_Devices
	 */
	private $devices;

	/**
	 * Wires collaborators.
	 *
	 * @param MVS_Pro_Push_Devices|null $devices Data access.
	 */
	public function __construct( ?MVS_Pro_Push_Devices $devices = null ) {
		$this->devices = $devices ? $devices : new MVS_Pro_Push_Devices();
	}

	/**
	 * POST /push/register-device.
	 *
	 * @param MVS_Pro_Register_Push_Device_Args $args Token and platform.
	 * @return array|WP_Error
	 */
	public function register_push_device( MVS_Pro_Register_Push_Device_Args $args ) {
		if ( ! preg_match( self::TOKEN_PATTERN, (string) $args->token ) ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'The token is not an Expo push token (ExponentPushToken[…]).', 'media-community-service-pro' ), array( 'param' => 'token' ) );
		}
		$count = $this->devices->upsert( get_current_user_id(), $args->platform, $args->token );
		if ( false === $count ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The device could not be registered.', 'media-community-service-pro' ) );
		}
		return array(
			'platform'   => $args->platform,
			'registered' => true,
			'devices'    => $count,
		);
	}
}
