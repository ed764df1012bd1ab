<?php
/**
 * Push device tokens (mvs_device_tokens).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A token belongs to one member at a time: it is keyed by its SHA-256
 * (token_hash, unique), so registering a token again, by anyone, moves it
 * to the caller (the phone changed hands, or another member signed in on
 * it) and no member is ever pushed another's alerts.
 *
 * A member keeps at most MAX_PER_USER tokens. Registering is one REPLACE,
 * which gives the token a new row ID, so ID order is the order of last
 * registration whatever the clock says (apps register their token at each
 * start); past the cap, the least recently registered tokens go, as app
 * reinstalls leave dead tokens behind that nobody unregisters.
 */
final class MVS_Device_Tokens {

	/**
	 * Tokens kept per member.
	 */
	const MAX_PER_USER = 10;

	/**
	 * Registers a token for a member, or moves it to them, then drops the
	 * member's tokens beyond the cap, least recently registered first.
	 *
	 * @param int    $user_id  Member.
	 * @param string $platform ios, android or web.
	 * @param string $token    Token as the platform issued it.
	 * @return bool Whether the row was written.
	 */
	public function upsert( int $user_id, string $platform, string $token ): bool {
		global $wpdb;
		$now = current_time( 'mysql', true );
		// One atomic replace on the unique token_hash, then the trim.
		$ok = $wpdb->query(
			$wpdb->prepare(
				"REPLACE INTO {$wpdb->mvs_device_tokens} (user_id, platform, token, token_hash, created_at, updated_at) VALUES (%d, %s, %s, %s, %s, %s)",
				$user_id,
				$platform,
				$token,
				hash( 'sha256', $token ),
				$now,
				$now
			)
		);
		if ( false === $ok ) {
			return false;
		}
		$stale = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_device_tokens} WHERE user_id = %d ORDER BY id DESC LIMIT 100 OFFSET %d", $user_id, self::MAX_PER_USER ) ) );
		if ( $stale ) {
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_device_tokens} WHERE id IN (" . implode( ', ', array_fill( 0, count( $stale ), '%d' ) ) . ')', $stale ) );
		}
		return true;
	}

	/**
	 * Removes a token, only when it is the member's.
	 *
	 * @param int    $user_id Member.
	 * @param string $token   Token.
	 * @return bool Whether a row was deleted.
	 */
	public function remove( int $user_id, string $token ): bool {
		global $wpdb;
		return (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_device_tokens} WHERE token_hash = %s AND user_id = %d", hash( 'sha256', $token ), $user_id ) ) > 0;
	}

	/**
	 * The member's tokens, least recently registered first.
	 *
	 * @param int $user_id Member.
	 * @return string[]
	 */
	public function of_user( int $user_id ): array {
		global $wpdb;
		return array_map( 'strval', $wpdb->get_col( $wpdb->prepare( "SELECT token FROM {$wpdb->mvs_device_tokens} WHERE user_id = %d ORDER BY id", $user_id ) ) );
	}
}
