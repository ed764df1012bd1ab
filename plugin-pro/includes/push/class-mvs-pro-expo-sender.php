<?php
/**
 * Sends push messages through Expo's push API.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Posts messages to Expo in batches (Expo takes up to 100 a request), logs
 * what failed, answers the tokens Expo called dead (DeviceNotRegistered
 * tickets) and the ticket IDs whose receipts are to be read later, and reads
 * those receipts (up to 1,000 IDs a request). The URLs, batch size and request
 * arguments are filterable, and mvs_pro_push_pre_send / mvs_pro_push_pre_receipts
 * replace the HTTP calls (another provider, a queue). docs/pro-quotas.md, "Push".
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
	 * Most ticket IDs Expo answers receipts for in one request.
	 */
	const MAX_RECEIPTS = 1000;

	/**
	 * Sends the messages; answers the tokens to forget and the tickets to
	 * read receipts of.
	 *
	 * @param array[] $messages Expo messages (`to` is one token each).
	 * @return array{dead: string[], tickets: array<string, string>} Tokens Expo
	 *         reported as no longer registered; token => ticket ID of the accepted messages.
	 */
	public function send( array $messages ): array {
		$url = self::endpoint();
		/**
		 * Filters how many messages go in one request (1–100).
		 *
		 * @param int $size Batch size (100, Expo's maximum).
		 */
		$size = max( 1, min( self::MAX_BATCH, (int) apply_filters( 'mvs_pro_push_batch_size', self::MAX_BATCH ) ) );

		$out = array(
			'dead'    => array(),
			'tickets' => array(),
		);
		foreach ( array_chunk( array_values( $messages ), $size ) as $batch ) {
			/**
			 * Short-circuits the HTTP call: return the tickets (Expo's shape, one
			 * per message in order) or a WP_Error to send through something else.
			 *
			 * @param array|WP_Error|null $tickets Null to post to Expo.
			 * @param array[]             $batch   Messages.
			 * @param string              $url     Endpoint.
			 */
			$tickets = $this->post( $url, $batch, apply_filters( 'mvs_pro_push_pre_send', null, $batch, $url ) );
			if ( is_string( $tickets ) ) {
				self::log( sprintf( '%d message(s) not sent: %s', count( $batch ), $tickets ) );
				continue;
			}
			$read           = $this->read_tickets( $batch, $tickets );
			$out['dead']    = array_merge( $out['dead'], $read['dead'] );
			$out['tickets'] = array_merge( $out['tickets'], $read['tickets'] );
		}
		return $out;
	}

	/**
	 * Reads the receipts of tickets (at most MAX_RECEIPTS IDs).
	 *
	 * @param string[] $ids Ticket IDs.
	 * @return array|string Receipts by ticket ID (those not ready yet are
	 *                      missing), or why the request failed (for the log).
	 */
	public function receipts( array $ids ) {
		$ids  = array_slice( array_values( $ids ), 0, self::MAX_RECEIPTS );
		$send = self::endpoint();
		/**
		 * Filters the URL receipts are read from: by default the push URL with
		 * `getReceipts` for its last segment, as Expo's API has it.
		 *
		 * @param string $url      Endpoint.
		 * @param string $send_url The push URL (mvs_pro_push_endpoint).
		 */
		$url = (string) apply_filters( 'mvs_pro_push_receipts_endpoint', (string) preg_replace( '#/send$#', '/getReceipts', $send ), $send );
		/**
		 * Short-circuits the HTTP call: return the receipts (Expo's shape, by
		 * ticket ID) or a WP_Error, for tickets sent through something else.
		 *
		 * @param array|WP_Error|null $receipts Null to ask Expo.
		 * @param string[]            $ids      Ticket IDs.
		 * @param string              $url      Endpoint.
		 */
		return $this->post( $url, array( 'ids' => $ids ), apply_filters( 'mvs_pro_push_pre_receipts', null, $ids, $url ) );
	}

	/**
	 * The push URL (Expo's push API unless filtered).
	 *
	 * @return string
	 */
	private static function endpoint(): string {
		/**
		 * Filters the URL messages are posted to (Expo's push API).
		 *
		 * @param string $url Endpoint.
		 */
		return (string) apply_filters( 'mvs_pro_push_endpoint', self::ENDPOINT );
	}

	/**
	 * One request; answers the `data` of Expo's answer (tickets, one per
	 * message in order; or receipts by ticket ID), or why the request failed
	 * (for the log).
	 *
	 * @param string              $url  Endpoint.
	 * @param array               $body Messages, or {ids}.
	 * @param array|WP_Error|null $pre  A short-circuit's answer; null to post.
	 * @return array|string
	 */
	private function post( string $url, array $body, $pre ) {
		if ( null !== $pre ) {
			return is_wp_error( $pre ) ? $pre->get_error_message() : (array) $pre;
		}
		/**
		 * Filters the request arguments (e.g. an Authorization header for
		 * Expo's enhanced push security).
		 *
		 * @param array $args wp_remote_post() arguments.
		 * @param array $body Messages, or {ids} for receipts.
		 */
		$args     = apply_filters(
			'mvs_pro_push_request_args',
			array(
				'timeout' => 5,
				'headers' => array(
					'Content-Type' => 'application/json',
					'Accept'       => 'application/json',
				),
				'body'    => wp_json_encode( $body ),
			),
			$body
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
	 * Logs the error tickets; answers the dead tokens among them and the
	 * ticket IDs of the accepted messages.
	 *
	 * @param array[] $batch   Messages sent.
	 * @param array   $tickets Tickets, one per message in order.
	 * @return array{dead: string[], tickets: array<string, string>}
	 */
	private function read_tickets( array $batch, array $tickets ): array {
		$dead   = array();
		$ids    = array();
		$errors = array();
		foreach ( array_values( $tickets ) as $i => $ticket ) {
			if ( ! isset( $batch[ $i ] ) || ! is_array( $ticket ) ) {
				continue;
			}
			$to = (string) $batch[ $i ]['to'];
			if ( 'ok' === ( $ticket['status'] ?? '' ) && isset( $ticket['id'] ) && is_string( $ticket['id'] ) && '' !== $ticket['id'] && strlen( $ticket['id'] ) <= 64 ) {
				$ids[ $to ] = $ticket['id'];
			}
			if ( 'error' !== ( $ticket['status'] ?? '' ) ) {
				continue;
			}
			$reason = self::reason( $ticket );
			if ( 'DeviceNotRegistered' === $reason ) {
				$dead[] = $to;
			} else {
				$errors[ $reason ] = ( $errors[ $reason ] ?? 0 ) + 1;
			}
		}
		self::log_refused( $errors );
		return array(
			'dead'    => $dead,
			'tickets' => $ids,
		);
	}

	/**
	 * Why Expo refused a message (a ticket's or a receipt's error).
	 *
	 * @param array $answer Ticket or receipt with status error.
	 * @return string
	 */
	public static function reason( array $answer ): string {
		return (string) ( $answer['details']['error'] ?? ( $answer['message'] ?? 'unknown' ) );
	}

	/**
	 * Logs refused messages, counted by reason.
	 *
	 * @param array<string, int> $errors Count by reason.
	 */
	public static function log_refused( array $errors ): void {
		foreach ( $errors as $reason => $count ) {
			self::log( sprintf( '%d message(s) refused: %s', $count, $reason ) );
		}
	}

	/**
	 * Writes a failure to the PHP error log (the project's log, as core's
	 * list-total check does): an operator must learn that pushes fail.
	 *
	 * @param string $what What went wrong.
	 */
	public static function log( string $what ): void {
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- see above.
		error_log( 'Media Community Service Pro, push: ' . $what );
	}
}
