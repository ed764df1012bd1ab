<?php
/**
 * Where the HTTP AI provider may send the stored key and the members' images.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The endpoint rule, in plain PHP (no WordPress calls, so it is unit-tested
 * on its own): https to a public host, unless the site defines
 * MVS_AI_ALLOW_PRIVATE_ENDPOINTS (a local model server, the e2e suite's
 * loopback mock). A literal private, loopback, link-local or reserved
 * address and localhost names are refused here; a public name that resolves
 * to a private address is refused at request time by wp_safe_remote_post.
 */
final class MVS_AI_Endpoint {

	/**
	 * Whether wp-config.php allows plain http and private hosts.
	 *
	 * @return bool
	 */
	public static function allows_private(): bool {
		return defined( 'MVS_AI_ALLOW_PRIVATE_ENDPOINTS' ) && MVS_AI_ALLOW_PRIVATE_ENDPOINTS;
	}

	/**
	 * Why an endpoint may not be used, or '' when it may.
	 *
	 * @param string $url           Endpoint URL.
	 * @param bool   $allow_private Whether http and private hosts are allowed.
	 * @return string Reason key: '' | invalid | not_https | private_host.
	 */
	public static function refusal( string $url, bool $allow_private ): string {
		$parts  = parse_url( $url ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- plain PHP on purpose (see the class comment).
		$scheme = strtolower( (string) ( $parts['scheme'] ?? '' ) );
		$host   = strtolower( trim( (string) ( $parts['host'] ?? '' ), '[]' ) );
		if ( ! in_array( $scheme, array( 'http', 'https' ), true ) || '' === $host ) {
			return 'invalid';
		}
		if ( $allow_private ) {
			return '';
		}
		if ( 'https' !== $scheme ) {
			return 'not_https';
		}
		if ( 'localhost' === $host || '.localhost' === substr( $host, -10 ) ) {
			return 'private_host';
		}
		if ( false !== filter_var( $host, FILTER_VALIDATE_IP )
			&& false === filter_var( $host, FILTER_VALIDATE_IP, FILTER_FLAG_NO_PRIV_RANGE | FILTER_FLAG_NO_RES_RANGE ) ) {
			return 'private_host';
		}
		return '';
	}

	/**
	 * The origin a key is bound to: scheme, host and port, lower-cased.
	 *
	 * @param string $url Endpoint URL.
	 * @return string e.g. https://api.openai.com:443.
	 */
	public static function origin( string $url ): string {
		$parts  = parse_url( $url ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url
		$scheme = strtolower( (string) ( $parts['scheme'] ?? '' ) );
		$port   = (int) ( $parts['port'] ?? ( 'https' === $scheme ? 443 : 80 ) );
		return $scheme . '://' . strtolower( (string) ( $parts['host'] ?? '' ) ) . ':' . $port;
	}
}
