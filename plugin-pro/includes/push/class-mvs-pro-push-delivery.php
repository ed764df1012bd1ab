<?php
/**
 * Delivers core's mvs_push_send notifications to the member's Expo tokens.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Collects the request's mvs_push_send calls and sends them once, at the
 * end of the request, after the response has gone out where PHP-FPM allows
 * it (fastcgi_finish_request): the member's request stays fast, and no
 * payload waits in WP-Cron's single option, which concurrent requests
 * rewrite. Dead tokens are forgotten; tickets wait for their receipts
 * (MVS_Pro_Push_Receipts). docs/pro-quotas.md, "Push".
 */
final class MVS_Pro_Push_Delivery {

	/**
	 * Pending pushes: "user:notification" => [user ID, payload].
	 *
	 * @var array<string, array{0: int, 1: array}>
	 */
	private $queue = array();

	/**
	 * Tokens.
	 *
	 * @var MVS_Pro_Push_Devices
	 */
	private $devices;

	/**
	 * HTTP side.
	 *
	 * @var MVS_Pro_Expo_Sender
	 */
	private $sender;

	/**
	 * Wires collaborators.
	 *
	 * @param MVS_Pro_Push_Devices|null $devices Tokens.
	 * @param MVS_Pro_Expo_Sender|null  $sender  HTTP side.
	 */
	public function __construct( ?MVS_Pro_Push_Devices $devices = null, ?MVS_Pro_Expo_Sender $sender = null ) {
		$this->devices = $devices ? $devices : new MVS_Pro_Push_Devices();
		$this->sender  = $sender ? $sender : new MVS_Pro_Expo_Sender();
	}

	/**
	 * Hooks core's push hand-off.
	 */
	public static function register(): void {
		$delivery = new self();
		add_filter( 'mvs_push_has_devices', array( $delivery, 'has_devices' ), 10, 2 );
		add_action( 'mvs_push_send', array( $delivery, 'enqueue' ), 10, 3 );
	}

	/**
	 * Filter mvs_push_has_devices: a member with only Expo tokens is pushed too.
	 *
	 * @param bool $has     Whether another registry has devices.
	 * @param int  $user_id Recipient.
	 * @return bool
	 */
	public function has_devices( $has, $user_id ): bool {
		return $has || $this->devices->has_any( (int) $user_id );
	}

	/**
	 * Action mvs_push_send: queues the push for the end of the request. Core's
	 * tokens are not Expo's and are left to their own integration.
	 *
	 * @param int   $user_id Recipient.
	 * @param array $tokens  Core's device tokens (unused).
	 * @param array $payload notification_id, type, object_type, object_id, data.
	 */
	public function enqueue( $user_id, $tokens, $payload ): void {
		$payload = (array) $payload;
		if ( ! $this->queue ) {
			add_action( 'shutdown', array( $this, 'flush' ), 100 );
		}
		// One push per notification, whatever fires the action twice.
		$this->queue[ (int) $user_id . ':' . (int) ( $payload['notification_id'] ?? 0 ) ] = array( (int) $user_id, $payload );
	}

	/**
	 * Sends the queued pushes to every Expo token of their recipients.
	 */
	public function flush(): void {
		$queue       = $this->queue;
		$this->queue = array();
		if ( ! $queue ) {
			return;
		}
		/**
		 * Filters whether the response is sent before the pushes go out
		 * (fastcgi_finish_request, where PHP-FPM has it).
		 *
		 * @param bool $after Whether to finish the response first (true).
		 */
		if ( function_exists( 'fastcgi_finish_request' ) && apply_filters( 'mvs_pro_push_after_response', true ) ) {
			fastcgi_finish_request();
		}
		$tokens   = $this->devices->of_users( array_column( $queue, 0 ) );
		$messages = array();
		foreach ( $queue as list( $user_id, $payload ) ) {
			if ( empty( $tokens[ $user_id ] ) ) {
				continue;
			}
			$switched = switch_to_user_locale( $user_id );
			foreach ( $tokens[ $user_id ] as $token ) {
				$messages[] = self::message( $user_id, $token, $payload );
			}
			if ( $switched ) {
				restore_previous_locale();
			}
		}
		if ( ! $messages ) {
			return;
		}
		$sent = $this->sender->send( $messages );
		$this->devices->remove( $sent['dead'] );
		if ( $sent['tickets'] ) {
			// Receipts say later what tickets could not: MVS_Pro_Push_Receipts reads them.
			$this->devices->remember_tickets( $sent['tickets'] );
			MVS_Pro_Push_Receipts::schedule();
		}
	}

	/**
	 * One Expo message for one token.
	 *
	 * @param int    $user_id Recipient.
	 * @param string $token   Expo token.
	 * @param array  $payload Core's payload, sent as the message's data.
	 * @return array
	 */
	private static function message( int $user_id, string $token, array $payload ): array {
		/**
		 * Filters a push message (Expo's fields: title, body, sound, badge,
		 * channelId…); `to` and `data` are set.
		 *
		 * @param array $message Message.
		 * @param int   $user_id Recipient.
		 * @param array $payload notification_id, type, object_type, object_id, data.
		 */
		$message       = (array) apply_filters(
			'mvs_pro_push_message',
			array(
				'title' => wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES ),
				'body'  => __( 'You have a new notification.', 'media-community-service-pro' ),
				'sound' => 'default',
			),
			$user_id,
			$payload
		);
		$message['to'] = $token;
		if ( ! isset( $message['data'] ) ) {
			$message['data'] = $payload;
		}
		return $message;
	}
}
