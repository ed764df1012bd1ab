<?php
/**
 * Domain logic of the dismissal routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Dismissals_Handler: any banner key for the
 * apps, and the wp-admin welcome banner (MVS_Admin_Welcome).
 */
final class MVS_Dismissals_Service implements MVS_Dismissals_Handler {

	/**
	 * Dismissed record.
	 *
	 * @param string $key Banner key.
	 * @return array
	 */
	private static function dismissed( string $key ): array {
		MVS_Dismissals::dismiss( get_current_user_id(), $key );
		return array(
			'key'       => $key,
			'dismissed' => true,
		);
	}

	/**
	 * POST /me/dismiss: the key arrives sanitized as a key (sanitize_key);
	 * one with nothing left after sanitizing is refused.
	 *
	 * @param MVS_Dismiss_Banner_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function dismiss_banner( MVS_Dismiss_Banner_Args $args ) {
		if ( '' === $args->key ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'A banner key needs at least one letter or digit.', 'media-community-service' ), array( 'params' => array( 'key' ) ) );
		}
		return self::dismissed( $args->key );
	}

	/**
	 * POST /admin/welcome/dismiss.
	 *
	 * @param MVS_Dismiss_Admin_Welcome_Args $args Arguments (none).
	 * @return array
	 */
	public function dismiss_admin_welcome( MVS_Dismiss_Admin_Welcome_Args $args ) {
		return self::dismissed( MVS_Dismissals::ADMIN_WELCOME );
	}
}
