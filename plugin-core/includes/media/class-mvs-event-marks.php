<?php
/**
 * Once per viewer and window: what keeps views, downloads and shares honest.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Decides whether an engagement event counts, through marks in
 * mvs_view_marks (one row per viewer, item, event and window; the table's
 * primary key makes the first of concurrent repeats the only one that
 * inserts).
 *
 * - A member is one viewer: one counted event of each kind per item and window.
 * - Anonymous callers are told apart by client address and User-Agent (people
 *   behind one address with their own browsers), but one address gets at most
 *   anonymous_viewers() counted viewers per item, event and window, whatever
 *   User-Agents it sends: changing a header cannot multiply counts, and a
 *   scripted caller writes at most twice that many rows per item and window.
 *
 * Why a cap and not one view per address: carrier-grade NAT, schools and
 * offices put many real visitors behind one address (docs/security.md,
 * "Counters strangers cannot inflate").
 */
final class MVS_Event_Marks {

	/**
	 * One counted event per viewer, item and kind in each window of this many seconds.
	 */
	const WINDOW = 1800;

	/**
	 * Counted anonymous viewers per client address, item, event and window.
	 */
	const ANONYMOUS_VIEWERS = 3;

	/**
	 * Rows deleted per statement, and statements per run, by the clean-up.
	 */
	const PURGE_BATCH   = 2000;
	const PURGE_BATCHES = 25;

	/**
	 * Whether this event is the first of its viewer in the window, and so counts.
	 *
	 * @param int    $media_id   Media ID.
	 * @param string $event      view | download | share.
	 * @param int    $user_id    Viewer (0 when anonymous).
	 * @param string $user_agent The caller's User-Agent ('' when the route does not read it).
	 * @return bool|null True: count it; false: a repeat, or over the address's share; null: a query failed.
	 */
	public static function claim( int $media_id, string $event, int $user_id, string $user_agent = '' ): ?bool {
		/**
		 * Filters the time whose window a view or download is counted in.
		 *
		 * @param int $now Unix time.
		 */
		$now    = (int) apply_filters( 'mvs_event_marks_now', time() );
		$window = $now - ( $now % self::WINDOW );
		if ( $user_id > 0 ) {
			return self::mark( $media_id, hash( 'sha256', $event . '|u' . $user_id ), $window );
		}
		global $wpdb;
		$address = MVS_Client_Address::hash();
		$viewer  = hash_hmac( 'sha256', $event . '|' . $address . '|' . sanitize_text_field( $user_agent ), wp_salt( 'nonce' ) );
		$slots   = array();
		$cap     = self::anonymous_viewers();
		for ( $slot = 1; $slot <= $cap; $slot++ ) {
			$slots[] = hash( 'sha256', $event . '|slot' . $slot . '|' . $address );
		}
		// One read on the primary key: is this viewer counted already, and which of the address's slots are taken?
		$keys         = array_merge( array( $viewer ), $slots );
		$placeholders = implode( ', ', array_fill( 0, count( $keys ), '%s' ) );
		// phpcs:disable WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber, WordPress.WP.PreparedSQL.NotPrepared -- one %s per key in $placeholders.
		$taken = $wpdb->get_col(
			$wpdb->prepare(
				"SELECT viewer FROM {$wpdb->mvs_view_marks} WHERE media_id = %d AND window_start = %d AND viewer IN ($placeholders)",
				array_merge( array( $media_id, $window ), $keys )
			)
		);
		// phpcs:enable WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber, WordPress.WP.PreparedSQL.NotPrepared
		if ( in_array( $viewer, $taken, true ) ) {
			return false;
		}
		foreach ( array_diff( $slots, $taken ) as $slot ) {
			$claimed = self::mark( $media_id, $slot, $window );
			if ( true === $claimed ) {
				// The same viewer racing this request finds its own mark here and counts nothing (its slot stays used).
				return self::mark( $media_id, $viewer, $window );
			}
			if ( null === $claimed ) {
				return null;
			}
		}
		return false;
	}

	/**
	 * How many anonymous viewers one address may count per item, event and window.
	 *
	 * @return int At least 1.
	 */
	private static function anonymous_viewers(): int {
		/**
		 * Filters how many anonymous viewers behind one client address count
		 * per item, event (view, download, share) and 30-minute window.
		 *
		 * @param int $viewers Default 3.
		 */
		return max( 1, min( 20, (int) apply_filters( 'mvs_anonymous_viewers_per_address', self::ANONYMOUS_VIEWERS ) ) );
	}

	/**
	 * Inserts a mark unless it exists.
	 *
	 * @param int    $media_id Media ID.
	 * @param string $key      64 hex characters.
	 * @param int    $window   Window start.
	 * @return bool|null Whether this call inserted it; null when the query failed.
	 */
	private static function mark( int $media_id, string $key, int $window ): ?bool {
		global $wpdb;
		$inserted = $wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$wpdb->mvs_view_marks} (media_id, viewer, window_start) VALUES (%d, %s, %d)",
				$media_id,
				$key,
				$window
			)
		);
		return false === $inserted ? null : 1 === (int) $inserted;
	}

	/**
	 * Deletes the marks of finished windows (they only matter while their
	 * window lasts), in short statements on the window_start index.
	 */
	public static function purge(): void {
		global $wpdb;
		$cutoff = time() - self::WINDOW;
		if ( MVS_Db::is_sqlite() ) {
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_view_marks} WHERE window_start < %d", $cutoff ) );
			return;
		}
		for ( $batch = 0; $batch < self::PURGE_BATCHES; $batch++ ) {
			$deleted = (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_view_marks} WHERE window_start < %d LIMIT %d", $cutoff, self::PURGE_BATCH ) );
			if ( $deleted < self::PURGE_BATCH ) {
				return;
			}
		}
	}
}
