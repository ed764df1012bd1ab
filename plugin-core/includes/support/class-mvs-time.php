<?php
/**
 * The one timestamp format of every response.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Tables store UTC as MySQL DATETIME ('2026-11-23 22:37:01'); responses send
 * RFC 3339 with an explicit Z ('2026-11-23T22:37:01Z'). Without the Z,
 * Swift's ISO8601DateFormatter, Kotlin's Instant.parse and OpenAPI-generated
 * models refuse the value and JavaScript reads it as local time, so every
 * timestamp a route returns goes through this class.
 */
final class MVS_Time {

	/**
	 * A stored UTC DATETIME as RFC 3339 UTC.
	 *
	 * @param string|null $mysql_utc 'Y-m-d H:i:s' in UTC, as the tables store it.
	 * @return string|null Null for null, '', or the zero date (no time known).
	 */
	public static function to_iso8601( ?string $mysql_utc ): ?string {
		if ( null === $mysql_utc || '' === $mysql_utc || 0 === strpos( $mysql_utc, '0000-00-00' ) ) {
			return null;
		}
		// The common case, a well-formed DATETIME, is rewritten in place: a page
		// converts a date per item, and parsing it costs ten times as much.
		if ( 19 === strlen( $mysql_utc ) && 1 === preg_match( '/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/', $mysql_utc ) ) {
			return substr( $mysql_utc, 0, 10 ) . 'T' . substr( $mysql_utc, 11 ) . 'Z';
		}
		// One zone object for the whole request.
		static $utc = null;
		if ( null === $utc ) {
			$utc = new DateTimeZone( 'UTC' );
		}
		$time = date_create_immutable( $mysql_utc, $utc );
		return $time ? $time->format( 'Y-m-d\TH:i:s\Z' ) : null;
	}

	/**
	 * A Unix timestamp as RFC 3339 UTC.
	 *
	 * @param int $timestamp Seconds since the epoch.
	 * @return string
	 */
	public static function from_unix( int $timestamp ): string {
		return gmdate( 'Y-m-d\TH:i:s\Z', $timestamp );
	}

	/**
	 * The current time as RFC 3339 UTC.
	 *
	 * @return string
	 */
	public static function now(): string {
		return self::from_unix( time() );
	}
}
