<?php
/**
 * Expo push tokens of the extension (mvs_pro_push_devices).
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Expo tokens, apart from core's mvs_device_tokens. A token belongs to one
 * member at a time (unique on token): registering it again, by anyone,
 * moves it to the caller, so nobody is pushed another's alerts. A member
 * keeps at most MAX_PER_USER; REPLACE gives a re-registered token a new ID,
 * so the lowest IDs are the least recently registered and go first.
 * docs/pro-quotas.md, "Push".
 */
final class MVS_Pro_Push_Devices {

	/**
	 * Tokens kept per member.
	 */
	const MAX_PER_USER = 10;

	/**
	 * Registers a token for a member, or moves it to them, then drops the
	 * member's tokens beyond the cap.
	 *
	 * @param int    $user_id  Member.
	 * @param string $platform ios or android.
	 * @param string $token    Expo token.
	 * @return int|false The member's token count after the change; false when the write failed.
	 */
	public function upsert( int $user_id, string $platform, string $token ) {
		global $wpdb;
		$now = current_time( 'mysql', true );
		$ok  = $wpdb->query(
			$wpdb->prepare(
				"REPLACE INTO {$wpdb->mvs_pro_push_devices} (user_id, platform, token, created_at, updated_at) VALUES (%d, %s, %s, %s, %s)",
				$user_id,
				$platform,
				$token,
				$now,
				$now
			)
		);
		if ( false === $ok ) {
			return false;
		}
		$ids   = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_pro_push_devices} WHERE user_id = %d ORDER BY id DESC LIMIT 100", $user_id ) ) );
		$stale = array_slice( $ids, self::MAX_PER_USER );
		if ( $stale ) {
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_pro_push_devices} WHERE id IN (" . implode( ', ', array_fill( 0, count( $stale ), '%d' ) ) . ')', $stale ) );
		}
		return min( count( $ids ), self::MAX_PER_USER );
	}

	/**
	 * Whether the member has a token.
	 *
	 * @param int $user_id Member.
	 * @return bool
	 */
	public function has_any( int $user_id ): bool {
		global $wpdb;
		return (bool) $wpdb->get_var( $wpdb->prepare( "SELECT 1 FROM {$wpdb->mvs_pro_push_devices} WHERE user_id = %d LIMIT 1", $user_id ) );
	}

	/**
	 * The tokens of several members, least recently registered first.
	 *
	 * @param int[] $user_ids Members.
	 * @return array<int, string[]> User ID => tokens.
	 */
	public function of_users( array $user_ids ): array {
		global $wpdb;
		$user_ids = array_values( array_unique( array_map( 'intval', $user_ids ) ) );
		if ( ! $user_ids ) {
			return array();
		}
		$rows   = $wpdb->get_results( $wpdb->prepare( "SELECT user_id, token FROM {$wpdb->mvs_pro_push_devices} WHERE user_id IN (" . implode( ', ', array_fill( 0, count( $user_ids ), '%d' ) ) . ') ORDER BY id', $user_ids ) );
		$tokens = array();
		foreach ( $rows as $row ) {
			$tokens[ (int) $row->user_id ][] = (string) $row->token;
		}
		return $tokens;
	}

	/**
	 * Removes tokens whoever holds them (Expo reported them dead).
	 *
	 * @param string[] $tokens Tokens.
	 * @return int Rows deleted.
	 */
	public function remove( array $tokens ): int {
		global $wpdb;
		$tokens = array_values( array_unique( array_map( 'strval', $tokens ) ) );
		if ( ! $tokens ) {
			return 0;
		}
		return (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_pro_push_devices} WHERE token IN (" . implode( ', ', array_fill( 0, count( $tokens ), '%s' ) ) . ')', $tokens ) );
	}

	/**
	 * Keeps each token's newest ticket until its receipt is read (one a
	 * token: the newest receipt says whether the device is still there).
	 *
	 * @param array<string, string> $tickets Token => ticket ID.
	 */
	public function remember_tickets( array $tickets ): void {
		global $wpdb;
		$now = current_time( 'mysql', true );
		foreach ( array_chunk( $tickets, 100, true ) as $chunk ) {
			$cases = array();
			$args  = array();
			foreach ( $chunk as $token => $id ) {
				$cases[] = 'WHEN %s THEN %s';
				array_push( $args, (string) $token, (string) $id );
			}
			$args[] = $now;
			$args   = array_merge( $args, array_map( 'strval', array_keys( $chunk ) ) );
			// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- $cases holds placeholders only, one per argument.
			$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_pro_push_devices} SET receipt_id = CASE token " . implode( ' ', $cases ) . ' END, receipt_at = %s WHERE token IN (' . implode( ', ', array_fill( 0, count( $chunk ), '%s' ) ) . ')', $args ) );
		}
	}

	/**
	 * Tokens with a ticket waiting for its receipt, after a row ID.
	 *
	 * @param int $after Row ID to continue after.
	 * @param int $limit Rows.
	 * @return object[] id, token, receipt_id.
	 */
	public function pending_receipts( int $after, int $limit ): array {
		global $wpdb;
		return (array) $wpdb->get_results( $wpdb->prepare( "SELECT id, token, receipt_id FROM {$wpdb->mvs_pro_push_devices} WHERE receipt_at IS NOT NULL AND id > %d ORDER BY id LIMIT %d", $after, $limit ) );
	}

	/**
	 * Forgets tickets whose receipt was read (a newer ticket of the token stays).
	 *
	 * @param string[] $ids Ticket IDs.
	 */
	public function forget_tickets( array $ids ): void {
		global $wpdb;
		$ids = array_values( array_unique( array_map( 'strval', $ids ) ) );
		if ( $ids ) {
			$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_pro_push_devices} SET receipt_id = NULL, receipt_at = NULL WHERE receipt_id IN (" . implode( ', ', array_fill( 0, count( $ids ), '%s' ) ) . ')', $ids ) );
		}
	}

	/**
	 * Forgets tickets sent before a time (Expo keeps receipts for a day).
	 *
	 * @param string $before UTC MySQL time.
	 */
	public function expire_tickets( string $before ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_pro_push_devices} SET receipt_id = NULL, receipt_at = NULL WHERE receipt_at < %s", $before ) );
	}
}
