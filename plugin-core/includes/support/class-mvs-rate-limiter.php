<?php
/**
 * Fixed-window rate limiting shared by every PHP worker and server.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Counts requests per action and caller in one-minute windows.
 *
 * The counter lives in the persistent object cache when the site has one
 * (atomic wp_cache_incr), otherwise in the mvs_rate_limits table with an
 * atomic upsert. Never in process memory: PHP workers share nothing.
 */
final class MVS_Rate_Limiter {

	const WINDOW    = 60;
	const CRON_HOOK = 'mvs_purge_rate_limits';
	const GROUP     = 'mvs_rate_limits';

	/**
	 * Records one request and tells whether it is within the limits: the
	 * caller's (the member, or the address of an anonymous caller) and, when
	 * $per_address is set, the client address's whoever is signed in, so one
	 * person rotating accounts behind one address meets a limit too.
	 *
	 * @param string $action      Stable action name (the route name).
	 * @param int    $limit       Requests allowed per window and caller.
	 * @param int    $per_address Requests allowed per window and client address, members included; 0: not counted.
	 * @return array{allowed: bool, limit: int, remaining: int, retry_after: int}
	 */
	public static function hit( string $action, int $limit, int $per_address = 0 ): array {
		/**
		 * Filters the per-minute limit of an action; 0 disables limiting.
		 *
		 * @param int    $limit  Requests per minute.
		 * @param string $action Route name.
		 */
		$limit = (int) apply_filters( 'mvs_rate_limit', $limit, $action );
		/**
		 * Filters the limiter's clock (a Unix timestamp). The test harness pins
		 * it so a threshold test stays inside one window however slow the site.
		 *
		 * @param int    $now    Current time.
		 * @param string $action Route name.
		 */
		$now   = (int) apply_filters( 'mvs_rate_limit_now', time(), $action );
		$start = $now - ( $now % self::WINDOW );
		if ( $limit <= 0 ) {
			return array(
				'allowed'     => true,
				'limit'       => 0,
				'remaining'   => 0,
				'retry_after' => 0,
			);
		}
		$user_id = get_current_user_id();
		$hits    = self::count( $action, $user_id ? 'u' . $user_id : 'ip' . MVS_Client_Address::hash(), $start );
		$result  = array(
			'allowed'     => $hits <= $limit,
			'limit'       => $limit,
			'remaining'   => max( 0, $limit - $hits ),
			'retry_after' => max( 1, $start + self::WINDOW - $now ),
		);
		/**
		 * Filters the per-minute limit of an action for one client address,
		 * members included (anonymous callers are already counted per
		 * address); 0 disables it.
		 *
		 * @param int    $per_address Requests per minute and address.
		 * @param string $action      Route name.
		 */
		$per_address = $user_id ? (int) apply_filters( 'mvs_rate_limit_per_address', $per_address, $action ) : 0;
		// A member already refused is not counted against the address: their flood must not lock out their neighbours.
		if ( $per_address > 0 && $result['allowed'] ) {
			$address_hits = self::count( $action, 'addr' . MVS_Client_Address::hash(), $start );
			if ( $address_hits > $per_address ) {
				$result['allowed']   = false;
				$result['limit']     = $per_address;
				$result['remaining'] = 0;
			} else {
				$result['remaining'] = min( $result['remaining'], $per_address - $address_hits );
			}
		}
		return $result;
	}

	/**
	 * The answer to a refused hit, the same wherever a limit applies.
	 *
	 * @param array $result A refused hit's result (retry_after, limit).
	 * @return WP_Error 429 mvs_rate_limited.
	 */
	public static function refusal( array $result ): WP_Error {
		return MVS_Errors::make(
			'mvs_rate_limited',
			__( 'Too many requests. Please wait a moment and try again.', 'media-community-service' ),
			array(
				'retry_after' => $result['retry_after'],
				'limit'       => $result['limit'],
			)
		);
	}

	/**
	 * Records one request of an action for a subject the caller names instead
	 * of for the caller, e.g. the user name a sign-in submits, so tries on one
	 * account from many addresses meet one limit (docs/sign-in.md). The same
	 * filters apply as in hit().
	 *
	 * @param string $action  Stable action name.
	 * @param string $subject What is counted; hash it first when it is personal data.
	 * @param int    $limit   Requests allowed per window and subject.
	 * @return array{allowed: bool, limit: int, remaining: int, retry_after: int}
	 */
	public static function hit_subject( string $action, string $subject, int $limit ): array {
		$limit = (int) apply_filters( 'mvs_rate_limit', $limit, $action );
		$now   = (int) apply_filters( 'mvs_rate_limit_now', time(), $action );
		$start = $now - ( $now % self::WINDOW );
		$hits  = $limit > 0 ? self::count( $action, $subject, $start ) : 0;
		return array(
			'allowed'     => $hits <= $limit || $limit <= 0,
			'limit'       => max( 0, $limit ),
			'remaining'   => max( 0, $limit - $hits ),
			'retry_after' => max( 1, $start + self::WINDOW - $now ),
		);
	}

	/**
	 * Counts one request of a caller in the window.
	 *
	 * @param string $action  Route name.
	 * @param string $subject Who is counted: "u<user ID>", "ip<hash>" (anonymous) or "addr<hash>" (the address of members).
	 * @param int    $start   Window start.
	 * @return int Hits in the window, this one included.
	 */
	private static function count( string $action, string $subject, int $start ): int {
		/**
		 * Filters who a request is counted for (default: "u<user ID>", or
		 * "ip<HMAC of the IP>" for anonymous callers, and "addr<HMAC of the
		 * IP>" for the address bucket of members), e.g. to count by API key
		 * or to give a trusted client its own bucket.
		 *
		 * @param string $key    Caller key.
		 * @param string $action Route name.
		 */
		$key    = (string) apply_filters( 'mvs_rate_limit_key', $subject, $action );
		$bucket = hash( 'sha256', $action . '|' . $key );
		return wp_using_ext_object_cache() ? self::hit_cache( $bucket, $start ) : self::hit_table( $bucket, $start );
	}

	/**
	 * Atomic increment in the persistent object cache.
	 *
	 * @param string $bucket Hashed action and subject.
	 * @param int    $start  Window start.
	 * @return int Hits in the window, this one included.
	 */
	private static function hit_cache( string $bucket, int $start ): int {
		$key = $bucket . ':' . $start;
		wp_cache_add( $key, 0, self::GROUP, 2 * self::WINDOW );
		$hits = wp_cache_incr( $key, 1, self::GROUP );
		return false === $hits ? 1 : (int) $hits;
	}

	/**
	 * Atomic upsert of the counter in the table.
	 *
	 * On MySQL and MariaDB this is one statement: LAST_INSERT_ID(expr) hands
	 * the incremented count back through the connection's insert ID, so the
	 * hottest routes pay one query for their limit instead of two. A first hit
	 * inserts the row (one affected row) and counts 1. SQLite (WordPress
	 * Playground's translator) has no LAST_INSERT_ID(expr): there the counter
	 * is read back in a second query.
	 *
	 * @param string $bucket Hashed action and subject.
	 * @param int    $start  Window start.
	 * @return int Hits in the window, this one included.
	 */
	private static function hit_table( string $bucket, int $start ): int {
		global $wpdb;
		if ( ! MVS_Db::is_sqlite() ) {
			$wpdb->query(
				$wpdb->prepare(
					"INSERT INTO {$wpdb->mvs_rate_limits} (bucket, window_start, hits) VALUES (%s, %d, 1) ON DUPLICATE KEY UPDATE hits = LAST_INSERT_ID(hits + 1)",
					$bucket,
					$start
				)
			);
			return 1 === (int) $wpdb->rows_affected ? 1 : max( 1, (int) $wpdb->insert_id );
		}
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$wpdb->mvs_rate_limits} (bucket, window_start, hits) VALUES (%s, %d, 1) ON DUPLICATE KEY UPDATE hits = hits + 1",
				$bucket,
				$start
			)
		);
		$hits = (int) $wpdb->get_var(
			$wpdb->prepare( "SELECT hits FROM {$wpdb->mvs_rate_limits} WHERE bucket = %s AND window_start = %d", $bucket, $start )
		);
		return max( 1, $hits );
	}

	/**
	 * Rows deleted per statement, and statements per run, by the clean-up:
	 * an hour of a busy site's callers is many rows, and one statement
	 * deleting them all would hold locks the counting upserts wait on.
	 */
	const PURGE_BATCH   = 2000;
	const PURGE_BATCHES = 50;

	/**
	 * Hourly clean-up of finished windows (WP-Cron), in short statements on
	 * the window_start index. A backlog left after PURGE_BATCHES statements
	 * goes with the next hour's run: an expired row only takes space. SQLite
	 * (a one-process Playground site, no concurrent writers to wait) has no
	 * DELETE … LIMIT: one statement there.
	 *
	 * @return int Rows deleted.
	 */
	public static function purge_expired(): int {
		global $wpdb;
		$cutoff = time() - 2 * self::WINDOW;
		if ( MVS_Db::is_sqlite() ) {
			return (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_rate_limits} WHERE window_start < %d", $cutoff ) );
		}
		$deleted = 0;
		for ( $batch = 0; $batch < self::PURGE_BATCHES; $batch++ ) {
			$gone     = (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_rate_limits} WHERE window_start < %d LIMIT %d", $cutoff, self::PURGE_BATCH ) );
			$deleted += $gone;
			if ( $gone < self::PURGE_BATCH ) {
				break;
			}
		}
		return $deleted;
	}
}
