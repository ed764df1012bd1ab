<?php
/**
 * Hand-off of new notifications to push delivery.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The contract's mvs_push_send event: the plugin sends nothing itself; a
 * push-delivery integration listens and sends to the member's devices.
 */
final class MVS_Push {

	/**
	 * Fires mvs_push_send when the recipient has device tokens (core's, or
	 * an integration's per mvs_push_has_devices) and mvs_push_should_send
	 * does not veto it.
	 *
	 * @param int   $user_id Recipient.
	 * @param array $payload notification_id, type, object_type, object_id, data.
	 */
	public static function send( int $user_id, array $payload ): void {
		$tokens = ( new MVS_Device_Tokens() )->of_user( $user_id );
		/**
		 * Filters whether the member has devices beyond core's own: a delivery
		 * integration with its own registry (Pro's Expo tokens) says true, and
		 * mvs_push_send then fires with core's tokens, possibly none.
		 *
		 * @param bool $has     Whether the member has other devices (false).
		 * @param int  $user_id Recipient.
		 */
		if ( ! $tokens && ! apply_filters( 'mvs_push_has_devices', false, $user_id ) ) {
			return;
		}
		/**
		 * Filters whether a notification is pushed to the user's devices.
		 *
		 * @param bool  $send    Whether to send (true).
		 * @param int   $user_id Recipient.
		 * @param array $payload Push payload.
		 */
		if ( ! apply_filters( 'mvs_push_should_send', true, $user_id, $payload ) ) {
			return;
		}
		/**
		 * Asks a push-delivery integration to send a new in-app notification.
		 *
		 * @param int      $user_id Recipient.
		 * @param string[] $tokens  The recipient's device tokens (core's; empty when only an integration's registry has some).
		 * @param array    $payload notification_id, type, object_type, object_id, data.
		 */
		do_action( 'mvs_push_send', $user_id, $tokens, $payload );
	}
}
