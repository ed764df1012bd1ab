<?php
/**
 * The hourly decay of the trending score, in short index-ordered batches.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Takes 5 % off every positive trending score once an hour (scores under
 * 20 drop to 0), touching only the rows that have a score, through the
 * `trending` index (moderation status, privacy, then the score; the lists'
 * index, so a view updates no extra index).
 *
 * One pass walks the scores of each (moderation status, privacy) pair
 * upwards in batches of BATCH rows: select the next ids at or above the
 * cursor score (a range of the index, covering), update them by primary
 * key, and move the cursor to the highest score of the batch. A decayed score is always lower than it
 * was (s - s/20 < s for s >= 20, and 0 below), so every decayed row falls
 * behind the cursor and no row is decayed twice in a pass, without a
 * second index or a temporary table. No statement locks more than BATCH
 * rows, and a pass over rows that nobody engaged with for days touches
 * nothing: they are at 0 and outside the range.
 *
 * A pass stops after TIME_BUDGET seconds, stores where it is (option
 * CURSOR_OPTION) and schedules itself a minute later; the hourly event
 * also resumes an unfinished pass instead of starting a new one, so a
 * backlog makes a decay late, never double.
 *
 * phpcs:disable WordPress.DB.DirectDatabaseQuery -- scores change every view: no cache.
 * phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- only the table name is interpolated.
 */
final class MVS_Trending_Decay {

	const HOOK = 'mvs_decay_trending';

	/**
	 * Where an unfinished pass resumes: {part, from}, part being
	 * "status/privacy". Not autoloaded; it
	 * exists only between the runs of one pass.
	 */
	const CURSOR_OPTION = 'mvs_trending_decay_cursor';

	/**
	 * Rows per statement: short row locks on the hottest table (views update
	 * the same rows), few enough round trips for a million scores.
	 */
	const BATCH = 2000;

	/**
	 * Seconds a run may take before it yields to the next one.
	 */
	const TIME_BUDGET = 20;

	/**
	 * Scores decay by score / DIVISOR (5 %); below DIVISOR they drop to 0.
	 */
	const DIVISOR = 20;

	/**
	 * Runs (or resumes) one decay pass within the time budget.
	 *
	 * @return int Rows decayed by this run.
	 */
	public static function run(): int {
		global $wpdb;
		$started = microtime( true );
		$cursor  = get_option( self::CURSOR_OPTION );
		$cursor  = is_array( $cursor ) ? $cursor : array();
		$resume  = isset( $cursor['part'] ) ? (string) $cursor['part'] : null;
		$from    = isset( $cursor['from'] ) ? max( 1, (int) $cursor['from'] ) : 1;
		$decayed = 0;
		// A loose scan of the visibility index's first columns: a handful of pairs, whatever the table size.
		$parts = $wpdb->get_results( "SELECT DISTINCT moderation_status, privacy FROM {$wpdb->mvs_media} ORDER BY moderation_status, privacy" );
		foreach ( $parts as $part ) {
			$name = $part->moderation_status . '/' . $part->privacy;
			if ( null !== $resume && strcmp( $name, $resume ) < 0 ) {
				continue;
			}
			if ( $name !== $resume ) {
				$from = 1;
			}
			while ( true ) {
				$rows = $wpdb->get_results(
					$wpdb->prepare(
						"SELECT id, trending_score FROM {$wpdb->mvs_media} WHERE moderation_status = %s AND privacy = %s AND trending_score >= %d ORDER BY trending_score LIMIT %d",
						$part->moderation_status,
						$part->privacy,
						$from,
						self::BATCH
					)
				);
				if ( ! $rows ) {
					break;
				}
				$ids = array_map( 'intval', wp_list_pluck( $rows, 'id' ) );
				// The same arithmetic in MariaDB and SQLite; the row's current score, so a view landing meanwhile is kept.
				$placeholders = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
				$decayed     += (int) $wpdb->query(
					// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- one %d per id.
					$wpdb->prepare(
						"UPDATE {$wpdb->mvs_media} SET trending_score = CASE WHEN trending_score < %d THEN 0 ELSE trending_score - trending_score / %d END WHERE id IN ($placeholders)",
						array_merge( array( self::DIVISOR, self::DIVISOR ), $ids )
					)
				);
				$from = max( 1, (int) end( $rows )->trending_score );
				if ( count( $rows ) < self::BATCH ) {
					break;
				}
				if ( microtime( true ) - $started > self::TIME_BUDGET ) {
					self::yield_at( $name, $from );
					return $decayed;
				}
			}
		}
		delete_option( self::CURSOR_OPTION );
		return $decayed;
	}

	/**
	 * Schedules the hourly pass when it is not scheduled yet (reads the
	 * autoloaded cron option: no query).
	 */
	public static function schedule(): void {
		if ( ! wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'hourly', self::HOOK );
		}
	}

	/**
	 * Stops the decay and forgets an unfinished pass (deactivation, uninstall).
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::HOOK );
		delete_option( self::CURSOR_OPTION );
	}

	/**
	 * Stores where the pass stopped and schedules its continuation, unless
	 * a run of the hook is due within a minute anyway.
	 *
	 * @param string $part The "status/privacy" pair being walked.
	 * @param int    $from The lowest score not decayed yet.
	 */
	private static function yield_at( string $part, int $from ): void {
		update_option(
			self::CURSOR_OPTION,
			array(
				'part' => $part,
				'from' => $from,
			),
			false
		);
		$next = wp_next_scheduled( self::HOOK );
		if ( ! $next || $next > time() + MINUTE_IN_SECONDS ) {
			wp_schedule_single_event( time() + MINUTE_IN_SECONDS, self::HOOK );
		}
	}
}
