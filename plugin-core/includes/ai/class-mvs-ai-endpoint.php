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
 * loopback mock).
 *
 * Refused when saved (refusal()): localhost names and every address outside
 * the public internet (is_public_address(): loopback, private, link-local,
 * carrier-grade NAT, unspecified, multicast, reserved and documentation
 * ranges) in any spelling a resolver accepts: dotted, a single number
 * (2852039166), hexadecimal (0x7f000001), octal (0177.0.0.1), short-dotted
 * (127.1), and IPv6 forms that embed an IPv4 address (::ffff:127.0.0.1,
 * ::127.0.0.1, 64:ff9b::/96, 2002::/16). Any other spelling of an address
 * than four decimal octets is refused too, public or not, as is a host
 * name ending in a number ("ends in a number": resolvers read it as an
 * address). A public name can still resolve to a private address, now or
 * after the check (DNS rebinding): connect_address() resolves it right
 * before each request and refuses it when any address is not public; the
 * provider then pins the connection to the address checked.
 */
final class MVS_AI_Endpoint {

	/**
	 * IPv4 ranges that are not the public internet: [network, prefix length].
	 */
	const PRIVATE_V4 = array(
		array( '0.0.0.0', 8 ),       // "This network", unspecified.
		array( '10.0.0.0', 8 ),      // Private.
		array( '100.64.0.0', 10 ),   // Carrier-grade NAT.
		array( '127.0.0.0', 8 ),     // Loopback.
		array( '169.254.0.0', 16 ),  // Link-local (cloud metadata services).
		array( '172.16.0.0', 12 ),   // Private.
		array( '192.0.0.0', 24 ),    // IETF protocol assignments.
		array( '192.0.2.0', 24 ),    // Documentation.
		array( '192.88.99.0', 24 ),  // 6to4 relay anycast.
		array( '192.168.0.0', 16 ),  // Private.
		array( '198.18.0.0', 15 ),   // Benchmarking.
		array( '198.51.100.0', 24 ), // Documentation.
		array( '203.0.113.0', 24 ),  // Documentation.
		array( '224.0.0.0', 4 ),     // Multicast.
		array( '240.0.0.0', 4 ),     // Reserved, broadcast.
	);

	/**
	 * IPv6 ranges that are not the public internet (those embedding an IPv4
	 * address are judged by that address instead: see is_public_address()).
	 */
	const PRIVATE_V6 = array(
		array( '::', 128 ),         // Unspecified.
		array( '::1', 128 ),        // Loopback.
		array( '100::', 64 ),       // Discard.
		array( '2001::', 23 ),      // IETF protocol assignments (Teredo, ORCHID...).
		array( '2001:db8::', 32 ),  // Documentation.
		array( 'fc00::', 7 ),       // Unique local (private).
		array( 'fe80::', 10 ),      // Link-local.
		array( 'fec0::', 10 ),      // Site-local (deprecated).
		array( 'ff00::', 8 ),       // Multicast.
	);

	/**
	 * Whether the site allows plain http and private hosts: wp-config.php's
	 * MVS_AI_ALLOW_PRIVATE_ENDPOINTS, then the filter (code, as trusted as
	 * wp-config.php; where WordPress is not loaded, the constant alone).
	 *
	 * @return bool
	 */
	public static function allows_private(): bool {
		$allowed = defined( 'MVS_AI_ALLOW_PRIVATE_ENDPOINTS' ) && MVS_AI_ALLOW_PRIVATE_ENDPOINTS;
		if ( ! function_exists( 'apply_filters' ) ) {
			return $allowed;
		}
		/**
		 * Filters whether the AI endpoint may be plain http or a private,
		 * loopback or link-local host (a local model server).
		 *
		 * @param bool $allowed MVS_AI_ALLOW_PRIVATE_ENDPOINTS.
		 */
		return (bool) apply_filters( 'mvs_ai_allow_private_endpoints', $allowed );
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
		$host   = self::host( $url );
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
		$address = self::literal_address( $host );
		if ( false === $address ) {
			return 'invalid';
		}
		if ( null === $address ) {
			return 1 === preg_match( '/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/D', $host ) ? '' : 'invalid';
		}
		if ( ! self::is_public_address( $address ) ) {
			return 'private_host';
		}
		// A public address, but spelled otherwise than a plain dotted quad or IPv6 (one number, hex, octal, short).
		return ( false === strpos( $host, ':' ) && $address !== $host ) ? 'invalid' : '';
	}

	/**
	 * Where a request to the endpoint may connect, checked right before it
	 * is made: the host's addresses as the resolver gives them now, all of
	 * them public (a name that resolves to a private address, or to one of
	 * several, is refused, whatever it resolved to when it was saved).
	 *
	 * @param string        $url      Endpoint URL (already passed by refusal()).
	 * @param callable|null $resolver Host name to a list of IPv4 addresses (default gethostbynamel()).
	 * @return array{0: string, 1: string} Reason ('' | private_host | unresolved) and the address to
	 *                                     connect to ('' when the host is itself an address).
	 */
	public static function connect_address( string $url, ?callable $resolver = null ): array {
		$host    = self::host( $url );
		$literal = self::literal_address( $host );
		if ( is_string( $literal ) ) {
			return array( self::is_public_address( $literal ) ? '' : 'private_host', '' );
		}
		if ( false === $literal || '' === $host ) {
			return array( 'unresolved', '' );
		}
		$addresses = null === $resolver ? gethostbynamel( $host ) : $resolver( $host );
		if ( ! is_array( $addresses ) || array() === $addresses ) {
			return array( 'unresolved', '' );
		}
		foreach ( $addresses as $address ) {
			if ( ! is_string( $address ) || false === filter_var( $address, FILTER_VALIDATE_IP ) || ! self::is_public_address( $address ) ) {
				return array( 'private_host', '' );
			}
		}
		return array( '', (string) reset( $addresses ) );
	}

	/**
	 * The URL's host, lower-cased, without IPv6 brackets and one final dot.
	 *
	 * @param string $url Endpoint URL.
	 * @return string
	 */
	public static function host( string $url ): string {
		$host = strtolower( (string) ( parse_url( $url, PHP_URL_HOST ) ?? '' ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- plain PHP on purpose (see the class comment).
		$host = trim( $host, '[]' );
		return '.' === substr( $host, -1 ) ? substr( $host, 0, -1 ) : $host;
	}

	/**
	 * The address a host names in a resolver's eyes, in canonical form.
	 *
	 * IPv4 as inet_aton() reads it: one to four parts, each decimal, octal
	 * (leading 0) or hexadecimal (0x), the last one filling the remaining
	 * bytes (127.1 is 127.0.0.1, 2130706433 too).
	 *
	 * @param string $host Lower-cased host without brackets.
	 * @return string|false|null The address (dotted quad or compressed IPv6); null: a name;
	 *                           false: a number no resolver reads as one address (refused).
	 */
	public static function literal_address( string $host ) {
		if ( false !== strpos( $host, ':' ) ) {
			$packed = false !== filter_var( $host, FILTER_VALIDATE_IP, FILTER_FLAG_IPV6 ) ? inet_pton( $host ) : false;
			return false === $packed ? false : (string) inet_ntop( $packed );
		}
		$labels = explode( '.', $host );
		$number = '/^(0x[0-9a-f]*|[0-9]+)$/D';
		// "Ends in a number" (WHATWG URL): a host whose last label is numeric is an address or nothing.
		if ( ! preg_match( $number, (string) end( $labels ) ) ) {
			return null;
		}
		if ( count( $labels ) > 4 ) {
			return false;
		}
		$values = array();
		foreach ( $labels as $label ) {
			if ( ! preg_match( $number, $label ) || '0x' === $label ) {
				return false;
			}
			if ( '0x' === substr( $label, 0, 2 ) ) {
				$digits = ltrim( substr( $label, 2 ), '0' );
				$base   = 16;
			} elseif ( strlen( $label ) > 1 && '0' === $label[0] ) {
				$digits = ltrim( $label, '0' );
				$base   = 8;
				if ( preg_match( '/[89]/', $digits ) ) {
					return false;
				}
			} else {
				$digits = $label;
				$base   = 10;
			}
			// Longer than any 32-bit value in its base: out of range (and beyond what intdiv-free math holds).
			if ( strlen( $digits ) > ( 16 === $base ? 8 : ( 8 === $base ? 11 : 10 ) ) ) {
				return false;
			}
			$values[] = '' === $digits ? 0 : (int) base_convert( $digits, $base, 10 );
		}
		$last  = (int) array_pop( $values );
		$value = 0;
		foreach ( $values as $index => $part ) {
			if ( $part > 255 ) {
				return false;
			}
			$value += $part << ( 8 * ( 3 - $index ) );
		}
		if ( $last >= 2 ** ( 8 * ( 4 - count( $values ) ) ) ) {
			return false;
		}
		return long2ip( $value + $last );
	}

	/**
	 * Whether an address is on the public internet: IPv4 outside
	 * PRIVATE_V4, IPv6 outside PRIVATE_V6, and an IPv6 address that embeds
	 * an IPv4 one (mapped ::ffff:0:0/96, compatible ::/96, NAT64
	 * 64:ff9b::/96, 6to4 2002::/16) only when that IPv4 address is.
	 *
	 * @param string $address IPv4 or IPv6 address.
	 * @return bool
	 */
	public static function is_public_address( string $address ): bool {
		$packed = false !== filter_var( $address, FILTER_VALIDATE_IP ) ? inet_pton( $address ) : false;
		if ( false === $packed ) {
			return false;
		}
		if ( 16 === strlen( $packed ) ) {
			$embedded = null;
			if ( str_repeat( "\0", 10 ) . "\xff\xff" === substr( $packed, 0, 12 )
				|| "\0\x64\xff\x9b" . str_repeat( "\0", 8 ) === substr( $packed, 0, 12 )
				|| ( str_repeat( "\0", 12 ) === substr( $packed, 0, 12 ) && ! self::in_ranges( $packed, self::PRIVATE_V6 ) ) ) {
				$embedded = substr( $packed, 12, 4 );
			} elseif ( "\x20\x02" === substr( $packed, 0, 2 ) ) {
				$embedded = substr( $packed, 2, 4 );
			}
			if ( null !== $embedded ) {
				return ! self::in_ranges( $embedded, self::PRIVATE_V4 );
			}
			return ! self::in_ranges( $packed, self::PRIVATE_V6 );
		}
		return ! self::in_ranges( $packed, self::PRIVATE_V4 );
	}

	/**
	 * Whether a packed address falls in one of the ranges (of its own family).
	 *
	 * @param string                      $packed Address as inet_pton() packs it.
	 * @param array<int, array{0: string, 1: int}> $ranges Network and prefix length.
	 * @return bool
	 */
	private static function in_ranges( string $packed, array $ranges ): bool {
		foreach ( $ranges as $range ) {
			$network = inet_pton( $range[0] );
			if ( false === $network || strlen( $network ) !== strlen( $packed ) ) {
				continue;
			}
			$bytes = intdiv( $range[1], 8 );
			$bits  = $range[1] % 8;
			if ( substr( $packed, 0, $bytes ) !== substr( $network, 0, $bytes ) ) {
				continue;
			}
			if ( 0 === $bits || ( ord( $packed[ $bytes ] ) >> ( 8 - $bits ) ) === ( ord( $network[ $bytes ] ) >> ( 8 - $bits ) ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The origin a key is bound to: scheme, host and port, lower-cased.
	 *
	 * @param string $url Endpoint URL.
	 * @return string e.g. https://api.openai.com:443.
	 */
	public static function origin( string $url ): string {
		$parts  = parse_url( $url ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- plain PHP on purpose (see the class comment).
		$scheme = strtolower( (string) ( $parts['scheme'] ?? '' ) );
		$port   = (int) ( $parts['port'] ?? ( 'https' === $scheme ? 443 : 80 ) );
		return $scheme . '://' . strtolower( (string) ( $parts['host'] ?? '' ) ) . ':' . $port;
	}
}
