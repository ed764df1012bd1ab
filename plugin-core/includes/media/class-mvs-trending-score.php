<?php
/**
 * The trending score: engagement that loses half its weight every
 * HALF_LIFE_HOURS, kept in an order that never needs a decay pass.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * mvs_media.trending_score holds OFFSET + log2(S) + (t - EPOCH) / H, where
 * S is the item's engagement decayed to a time t (views weigh 1, downloads
 * 3, shares 5) and H the half-life in seconds. That number does not change
 * as time passes: decaying every score by the same factor shifts every
 * logarithm by the same amount, so the stored order is the order of the
 * decayed scores at any time, and no job rewrites rows. An event of weight
 * w at time t adds 2^(log2(w) + (t - EPOCH) / H) to 2^stored: in the
 * logarithm, max(a, b) + log2(1 + 2^-|a - b|), computed by MariaDB in the
 * row's own UPDATE (atomic: no increment lost to a concurrent one). SQLite
 * (Playground) has no POW or LOG2 through its translator: there a
 * compare-and-set loop computes the same number in PHP.
 *
 * The logarithm grows by 1 per half-life (about 650 a year) and a DOUBLE
 * resolves 2^-20 at OFFSET: two single views a second apart still differ
 * 20 times over, and no rebase is needed for millions of years.
 *
 * Scores of installs from before this scale (bigint, decayed 5 % an hour)
 * are below OFFSET; RESCALE_HOOK converts them once (see rescale()).
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- only table names, fixed SQL fragments and placeholders are interpolated.
 * phpcs:disable WordPress.DB.PreparedSQLPlaceholders.UnquotedComplexPlaceholder -- %F fills in a number, which takes no quotes.
 */
final class MVS_Trending_Score {

	/**
	 * Added to every score on this scale: every legacy score (a decayed sum of
	 * weights, far below 2^32) ranks below it, so a value tells its scale.
	 */
	const OFFSET = 4294967296;

	/**
	 * 2026-01-01T00:00:00Z: where the time term is 0 (it is negative before).
	 */
	const EPOCH = 1767225600;

	/**
	 * The half-life of the former 5 %-an-hour decay (ln 2 / -ln 0.95 hours).
	 */
	const HALF_LIFE_HOURS = 13.5;

	/**
	 * One view: a weight of 100 (MVS_Media_Counters::WEIGHTS) scores log2(1) = 0.
	 */
	const UNIT = 100;

	/**
	 * The one-off conversion of legacy scores, and the hourly decay it replaces.
	 */
	const RESCALE_HOOK = 'mvs_trending_rescale';
	const LEGACY_HOOK  = 'mvs_decay_trending';

	/**
	 * 'legacy' from the upgrade until no legacy score is left, then 'log';
	 * autoloaded either way, so reading it costs no query on any request.
	 */
	const SCALE_OPTION = 'mvs_trending_scale';

	/**
	 * The hourly decay's cursor on installs from before this scale (removed by the upgrade).
	 */
	const LEGACY_CURSOR_OPTION = 'mvs_trending_decay_cursor';

	/**
	 * Rows converted per statement, and seconds a conversion run may take.
	 */
	const BATCH       = 500;
	const TIME_BUDGET = 20;

	/**
	 * Adds an event to an item's score in one statement, with an optional fixed
	 * assignment of the same statement (the view counter).
	 *
	 * @param int    $media_id Media ID.
	 * @param int    $weight   The event's weight (MVS_Media_Counters::WEIGHTS).
	 * @param string $also     A fixed "column = expression, " prefix of the SET clause, or ''.
	 * @return bool Whether the statement ran (an unknown item is not a failure).
	 */
	public static function add( int $media_id, int $weight, string $also = '' ): bool {
		global $wpdb;
		$level = self::level( $weight, self::now() );
		if ( MVS_Db::is_sqlite() ) {
			return self::add_by_compare_and_set( $media_id, $weight, $level, $also );
		}
		// A zero score takes the event's level, unless legacy scores remain: then it joins them, to be converted.
		$pending = self::legacy_pending();
		$fresh   = $pending ? 'trending_score + %d' : '%.9F';
		return false !== $wpdb->query(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $fresh holds the fourth placeholder.
			$wpdb->prepare(
				"UPDATE {$wpdb->mvs_media} SET {$also}trending_score = CASE
					WHEN trending_score >= %d THEN GREATEST(trending_score, %.9F) + LOG2(1 + POW(2, -ABS(trending_score - %.9F)))
					ELSE {$fresh} END
				WHERE id = %d",
				self::OFFSET,
				$level,
				$level,
				$pending ? $weight : $level,
				$media_id
			)
		);
	}

	/**
	 * The score of one event: OFFSET + log2(weight in views) + its time in half-lives.
	 *
	 * @param int $weight Event weight (100 = one view).
	 * @param int $at     Unix time of the event.
	 * @return float
	 */
	public static function level( int $weight, int $at ): float {
		return self::OFFSET + log( max( 1, $weight ) / self::UNIT, 2 ) + ( $at - self::EPOCH ) / ( self::HALF_LIFE_HOURS * HOUR_IN_SECONDS );
	}

	/**
	 * A score after one more event: log2(2^score + 2^level) on the OFFSET scale,
	 * without overflow; a legacy score takes the weight as it always did.
	 *
	 * @param float $score  Stored score.
	 * @param int   $weight Event weight.
	 * @param float $level  The event's level().
	 * @return float
	 */
	public static function plus( float $score, int $weight, float $level ): float {
		if ( $score >= self::OFFSET ) {
			return max( $score, $level ) + log( 1 + pow( 2, -abs( $score - $level ) ), 2 );
		}
		if ( self::legacy_pending() ) {
			return $score + $weight;
		}
		return $level;
	}

	/**
	 * The time events are scored at (a harness may pin it, to test ordering
	 * across hours without waiting for them).
	 *
	 * @return int Unix time.
	 */
	public static function now(): int {
		/**
		 * Filters the time a trending event is scored at.
		 *
		 * @param int $now Unix time.
		 */
		return (int) apply_filters( 'mvs_trending_now', time() );
	}

	/**
	 * Whether legacy (linear) scores may remain: until the conversion ends.
	 * Reads an autoloaded option: no query.
	 *
	 * @return bool
	 */
	public static function legacy_pending(): bool {
		return 'log' !== get_option( self::SCALE_OPTION );
	}

	/**
	 * Upgrade step (mvs_schema_migrated): a first install has no legacy score;
	 * an upgraded one converts its scores in the background, and the hourly
	 * decay of the former scale stops.
	 *
	 * @param string $plugin    Plugin id whose schema migrated.
	 * @param string $installed Previously installed schema version ('' on first install).
	 */
	public static function on_migrated( string $plugin, string $installed ): void {
		if ( 'core' !== $plugin ) {
			return;
		}
		wp_clear_scheduled_hook( self::LEGACY_HOOK );
		delete_option( self::LEGACY_CURSOR_OPTION );
		if ( '' === $installed ) {
			update_option( self::SCALE_OPTION, 'log', true );
			return;
		}
		if ( false === get_option( self::SCALE_OPTION ) ) {
			update_option( self::SCALE_OPTION, 'legacy', true );
		}
		self::schedule();
	}

	/**
	 * Schedules the conversion while legacy scores may remain (init, so a
	 * conversion stopped by a deactivation resumes; reads autoloaded options
	 * only).
	 */
	public static function schedule(): void {
		if ( self::legacy_pending() && ! wp_next_scheduled( self::RESCALE_HOOK ) ) {
			wp_schedule_single_event( time(), self::RESCALE_HOOK );
		}
	}

	/**
	 * Converts legacy scores to this scale, highest first, within the time
	 * budget, and schedules the next run a minute later while any remain.
	 *
	 * Highest first keeps the order while the conversion runs: every converted
	 * score (>= OFFSET) was a higher legacy score than every one left (< OFFSET),
	 * so the lists read the same order throughout. Each batch takes the global
	 * top BATCH of the legacy band (the top of each (status, privacy) branch of
	 * the `trending` index, merged), and converts a row only if its score is
	 * still the one read (a view landing meanwhile leaves it for the next batch):
	 * no increment is lost. The run that finds none left records the new scale,
	 * and one more run a minute later converts what a request that read the
	 * former state still wrote on the legacy scale.
	 *
	 * @return int Rows converted by this run.
	 */
	public static function rescale(): int {
		global $wpdb;
		$started   = microtime( true );
		$converted = 0;
		$level     = self::level( self::UNIT, self::now() );
		// A loose scan of the index's first columns: a handful of pairs, whatever the table size.
		$parts = $wpdb->get_results( "SELECT DISTINCT moderation_status, privacy FROM {$wpdb->mvs_media} ORDER BY moderation_status, privacy" );
		while ( microtime( true ) - $started < self::TIME_BUDGET ) {
			$rows = array();
			foreach ( $parts as $part ) {
				$rows = array_merge(
					$rows,
					$wpdb->get_results(
						$wpdb->prepare(
							"SELECT id, trending_score FROM {$wpdb->mvs_media} WHERE moderation_status = %s AND privacy = %s AND trending_score > 0 AND trending_score < %d ORDER BY trending_score DESC LIMIT %d",
							$part->moderation_status,
							$part->privacy,
							self::OFFSET,
							self::BATCH
						)
					)
				);
			}
			if ( ! $rows ) {
				if ( self::legacy_pending() ) {
					update_option( self::SCALE_OPTION, 'log', true );
					wp_schedule_single_event( time() + MINUTE_IN_SECONDS, self::RESCALE_HOOK );
				}
				return $converted;
			}
			usort(
				$rows,
				static function ( $a, $b ) {
					return (float) $b->trending_score <=> (float) $a->trending_score;
				}
			);
			$converted += self::convert( array_slice( $rows, 0, self::BATCH ), $level );
		}
		wp_schedule_single_event( time() + MINUTE_IN_SECONDS, self::RESCALE_HOOK );
		return $converted;
	}

	/**
	 * Converts legacy rows in one statement, each only if its score is still
	 * the one read. A legacy score s is S decayed to now, in hundredths of views.
	 *
	 * @param object[] $rows  Rows {id, trending_score}.
	 * @param float    $level level() of one view now.
	 * @return int Rows converted.
	 */
	private static function convert( array $rows, float $level ): int {
		global $wpdb;
		$cases = array();
		$args  = array();
		$ids   = array();
		foreach ( $rows as $row ) {
			$score   = (int) $row->trending_score;
			$cases[] = 'WHEN id = %d AND trending_score = %d THEN %.9F';
			$ids[]   = (int) $row->id;
			array_push( $args, (int) $row->id, $score, $level + log( $score / self::UNIT, 2 ) );
		}
		$placeholders = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$sql          = "UPDATE {$wpdb->mvs_media} SET trending_score = CASE " . implode( ' ', $cases ) . " ELSE trending_score END WHERE id IN ($placeholders)";
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- three values per case, one %d per id.
		return (int) $wpdb->query( $wpdb->prepare( $sql, array_merge( $args, $ids ) ) );
	}

	/**
	 * SQLite: read, compute, and write back only if nobody wrote meanwhile;
	 * SQLite runs one writer at a time, so a retry is rare. The score is read
	 * and compared relative to OFFSET: the translator hands REALs over as text
	 * of 15 significant digits, too few for a number near 2^32 but 13 decimals
	 * of the small difference, and any write changes the score by at least
	 * its resolution (2^-20), far above the 1e-9 the comparison allows.
	 *
	 * @param int    $media_id Media ID.
	 * @param int    $weight   Event weight.
	 * @param float  $level    The event's level().
	 * @param string $also     Fixed SET prefix, or ''.
	 * @return bool
	 */
	private static function add_by_compare_and_set( int $media_id, int $weight, float $level, string $also ): bool {
		global $wpdb;
		for ( $attempt = 0; $attempt < 100; $attempt++ ) {
			$relative = $wpdb->get_var( $wpdb->prepare( "SELECT trending_score - %d FROM {$wpdb->mvs_media} WHERE id = %d", self::OFFSET, $media_id ) );
			if ( null === $relative ) {
				return '' === $wpdb->last_error;
			}
			$written = $wpdb->query(
				$wpdb->prepare(
					"UPDATE {$wpdb->mvs_media} SET {$also}trending_score = %.9F WHERE id = %d AND ABS(trending_score - %d - %.13F) < 0.000000001",
					self::plus( self::OFFSET + (float) $relative, $weight, $level ),
					$media_id,
					self::OFFSET,
					(float) $relative
				)
			);
			if ( false === $written ) {
				return false;
			}
			if ( $written > 0 ) {
				return true;
			}
		}
		return false;
	}
}
