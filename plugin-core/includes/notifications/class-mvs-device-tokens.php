<?php
/**
 * Push device tokens (mvs_device_tokens).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A token belongs to one member at a time: it is keyed by its SHA-256
 * (token_hash, unique), so registering a token again, by anyone, is one
 * upsert that moves it to the caller (the phone changed hands, or another
 * member signed in on it) and no member is ever pushed another's alerts.
 */
final class MVS_Device_Tokens {

	/**
	 * Registers a token for a member, or moves it to them.
	 *
	 * @param int    $user_id  Member.
	 * @param string $platform ios, android or web.
	 * @param string $token    Token as the platform issued it.
	 * @return bool Whether the row was written.
	 */
	public function upsert( int $user_id, string $platform, string $token ): bool {
		global $wpdb;
		$now = current_time( 'mysql', true );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- custom table; one atomic upsert on the unique token_hash.
		$ok = $wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$wpdb->mvs_device_tokens} (user_id, platform, token, token_hash, created_at, updated_at) VALUES (%d, %s, %s, %s, %s, %s) ON DUPLICATE KEY UPDATE user_id = VALUES(user_id), platform = VALUES(platform), updated_at = VALUES(updated_at)",
				$user_id,
				$platform,
				$token,
				hash( 'sha256', $token ),
				$now,
				$now
			)
		);
		return false !== $ok;
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
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- custom table.
		return (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_device_tokens} WHERE token_hash = %s AND user_id = %d", hash( 'sha256', $token ), $user_id ) ) > 0;
	}

	/**
	 * The member's tokens, oldest registration first.
	 *
	 * @param int $user_id Member.
	 * @return string[]
	 */
	public function of_user( int $user_id ): array {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- custom table.
		return array_map( 'strval', $wpdb->get_col( $wpdb->prepare( "SELECT token FROM {$wpdb->mvs_device_tokens} WHERE user_id = %d ORDER BY id", $user_id ) ) );
	}
}
