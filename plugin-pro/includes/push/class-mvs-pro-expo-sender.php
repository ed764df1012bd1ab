<?php
/**
 * Sends push messages through Expo's push API.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Posts messages to Expo in batches (Expo takes up to 100 a request), logs
 * what failed and answers the tokens Expo called dead (DeviceNotRegistered
 * tickets). The URL, batch size and request arguments are filterable, and
 * mvs_pro_push_pre_send replaces the HTTP call (another provider, a queue).
 * docs/pro-quotas.md, "Push".
 */
final class MVS_Pro_Expo_Sender {

	/**
	 * Expo's push API.
	 */
	const ENDPOINT = 'https://exp.host/--/api/v2/push/send';

	/**
	 * Most messages Expo accepts in one request.
	 */
	const MAX_BATCH = 100;

	/**
	 * Sends the messages; answers the tokens to forget.
	 *
	 * @param array[] $messages Expo messages (`to` is one token each).
	 * @return string[] Tokens Expo reported as no longer registered.
	 */
	public function send( array $messages ): array {
		/**
		 * Filters the URL messages are posted to (Expo's push API).
		 *
		 * @param string $url Endpoint.
		 */
		$url = (string) apply_filters( 'mvs_pro_push_endpoint', self::ENDPOINT );
		/**
		 * Filters how many messages go in one request (1–100).
		 *
		 * @param int $size Batch size (100, Expo's maximum).
		 */
		$size = max( 1, min( self::MAX_BATCH, (int) apply_filters( 'mvs_pro_push_batch_size', self::MAX_BATCH ) ) );
		$dead = array();
		foreach ( array_chunk( array_values( $messages ), $size ) as $batch ) {
			$tickets = $this->post( $url, $batch );
			if ( is_string( $tickets ) ) {
				self::log( sprintf( '%d message(s) not sent: %s', count( $batch ), $tickets ) );
				continue;
			}
			$dead = array_merge( $dead, $this->read_tickets( $batch, $tickets ) );
		}
		return $dead;
	}

	/**
	 * One request; answers Expo's tickets, one per message in order, or
	 * why the request failed (for the log).
	 *
	 * @param string  $url   Endpoint.
	 * @param array[] $batch Messages.
	 * @return array|string
	 */
	private function post( string $url, array $batch ) {
		/**
		 * Short-circuits the HTTP call: return the tickets (Expo's shape, one
		 * per message in order) or a WP_Error to send through something else.
		 *
		 * @param array|WP_Error|null $tickets Null to post to Expo.
		 * @param array[]             $batch   Messages.
		 * @param string              $url     Endpoint.
		 */
		$pre = apply_filters( 'mvs_pro_push_pre_send', null, $batch, $url );
		if ( null !== $pre ) {
			return is_wp_error( $pre ) ? $pre->get_error_message() : (array) $pre;
		}
		/**
		 * Filters the request arguments (e.g. an Authorization header for
		 * Expo's enhanced push security).
		 *
		 * @param array   $args  wp_remote_post() arguments.
		 * @param array[] $batch Messages.
		 */
		$args     = apply_filters(
			'mvs_pro_push_request_args',
			array(
				'timeout' => 5,
				'headers' => array(
					'Content-Type' => 'application/json',
					'Accept'       => 'application/json',
				),
				'body'    => wp_json_encode( $batch ),
			),
			$batch
		);
		$response = wp_remote_post( $url, $args );
		if ( is_wp_error( $response ) ) {
			return $response->get_error_message();
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		$body   = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		if ( 200 !== $status || ! is_array( $body ) || ! isset( $body['data'] ) || ! is_array( $body['data'] ) ) {
			return sprintf( 'HTTP %d %s', $status, substr( (string) wp_remote_retrieve_body( $response ), 0, 300 ) );
		}
		return $body['data'];
	}

	/**
	 * Logs the error tickets; answers the dead tokens among them.
	 *
	 * @param array[] $batch   Messages sent.
	 * @param array   $tickets Tickets, one per message in order.
	 * @return string[]
	 */
	private function read_tickets( array $batch, array $tickets ): array {
		$dead   = array();
		$errors = array();
		foreach ( array_values( $tickets ) as $i => $ticket ) {
			if ( ! isset( $batch[ $i ] ) || ! is_array( $ticket ) || 'error' !== ( $ticket['status'] ?? '' ) ) {
				continue;
			}
			$reason = (string) ( $ticket['details']['error'] ?? ( $ticket['message'] ?? 'unknown' ) );
			if ( 'DeviceNotRegistered' === $reason ) {
				$dead[] = (string) $batch[ $i ]['to'];
			} else {
				$errors[ $reason ] = ( $errors[ $reason ] ?? 0 ) + 1;
			}
		}
		foreach ( $errors as $reason => $count ) {
			self::log( sprintf( '%d message(s) refused: %s', $count, $reason ) );
		}
		return $dead;
	}

	/**
	 * Writes a failure to the PHP error log (the project's log, as core's
	 * list-total check does): an operator must learn that pushes fail.
	 *
	 * @param string $what What went wrong.
	 */
	private static function log( string $what ): void {
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- see above.
		error_log( 'Media Community Service Pro, push: ' . $what );
	}
}
