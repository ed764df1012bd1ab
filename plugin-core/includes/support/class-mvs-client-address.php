<?php
/**
 * The caller's network address, as flood control and counters see it.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * One reading of the client address for every limit and counter, so a rate
 * limit, a view and a download agree on who "one address" is.
 *
 * The address is REMOTE_ADDR: a header any client can send (X-Forwarded-For)
 * is never trusted by default. A site behind a reverse proxy or CDN names the
 * real client through the `mvs_client_ip` filter (docs/security.md, "Client
 * addresses"). Only a salted hash ever leaves this class.
 */
final class MVS_Client_Address {

	/**
	 * The client address: REMOTE_ADDR after the `mvs_client_ip` filter, or ''
	 * when it is not an IP address (CLI, a broken proxy set-up).
	 *
	 * @return string
	 */
	public static function ip(): string {
		$ip = isset( $_SERVER['REMOTE_ADDR'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REMOTE_ADDR'] ) ) : '';
		/**
		 * Filters the client address used by flood control and counters, e.g.
		 * behind a trusted reverse proxy: read its header only when REMOTE_ADDR
		 * is the proxy's, since any client can send that header.
		 *
		 * @param string $ip REMOTE_ADDR.
		 */
		$ip = trim( (string) apply_filters( 'mvs_client_ip', $ip ) );
		return false === filter_var( $ip, FILTER_VALIDATE_IP ) ? '' : $ip;
	}

	/**
	 * Salted hash of the address (64 hex characters): callers can be told
	 * apart and counted without storing where they are.
	 *
	 * @return string
	 */
	public static function hash(): string {
		return hash_hmac( 'sha256', self::ip(), wp_salt( 'nonce' ) );
	}
}
