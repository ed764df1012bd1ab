<?php
/**
 * The daily check of the list totals, and its heal.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Walks the check's units (MVS_Media_Totals_Checks) resumably within a time
 * budget; a difference is a write made outside the plugin (e.g. terms edited
 * by another plugin, rows changed by SQL): it is logged, a term's is healed
 * by rewriting that term's listing and totals, a site-wide key's by
 * rebuilding every total (docs/list-totals.md, "The daily check").
 */
final class MVS_Media_Totals_Verifier {

	/**
	 * Daily cron hook of the check.
	 */
	const HOOK = 'mvs_media_totals_verify';

	/**
	 * Option (not autoloaded) holding the last unit the daily check checked,
	 * while a check spans several runs.
	 */
	const CURSOR_OPTION = 'mvs_media_totals_verify_cursor';

	/**
	 * Seconds one run of the daily check may read before it leaves the rest
	 * to a run a minute later.
	 */
	const BUDGET = 20;

	/**
	 * The rebuild's cursor.
	 *
	 * @var MVS_Media_Totals_Cursor
	 */
	private $cursor;

	/**
	 * The units' statements.
	 *
	 * @var MVS_Media_Totals_Checks
	 */
	private $checks;

	/**
	 * Holds a healed term's items, as every writer does.
	 *
	 * @var MVS_Media_Totals_Writer
	 */
	private $writer;

	/**
	 * Rewrites a healed term's counts.
	 *
	 * @var MVS_Media_Totals_Table
	 */
	private $table;

	/**
	 * Restarts the count when a site-wide key differs.
	 *
	 * @var MVS_Media_Totals_Rebuild
	 */
	private $rebuild;

	/**
	 * @param MVS_Media_Totals_Cursor|null  $cursor  The rebuild's cursor.
	 * @param MVS_Media_Totals_Checks|null  $checks  The units' statements.
	 * @param MVS_Media_Totals_Writer|null  $writer  The writer whose locks a heal takes.
	 * @param MVS_Media_Totals_Table|null   $table   The counts table.
	 * @param MVS_Media_Totals_Rebuild|null $rebuild The rebuild.
	 */
	public function __construct( ?MVS_Media_Totals_Cursor $cursor = null, ?MVS_Media_Totals_Checks $checks = null, ?MVS_Media_Totals_Writer $writer = null, ?MVS_Media_Totals_Table $table = null, ?MVS_Media_Totals_Rebuild $rebuild = null ) {
		$this->cursor  = $cursor ? $cursor : new MVS_Media_Totals_Cursor();
		$this->checks  = $checks ? $checks : new MVS_Media_Totals_Checks();
		$this->table   = $table ? $table : new MVS_Media_Totals_Table();
		$this->writer  = $writer ? $writer : new MVS_Media_Totals_Writer( $this->cursor, $this->table );
		$this->rebuild = $rebuild ? $rebuild : new MVS_Media_Totals_Rebuild( $this->cursor, $this->table );
	}

	/**
	 * Every difference between the totals, the per-term listing and the
	 * media table, checked from the start without a time budget (the tests
	 * and the end of every e2e run; the daily job is verify_and_heal()).
	 *
	 * @return array<int, array{key: array, stored: int, actual: int}> Drifted totals keys, and the listing's differences
	 *         (key array( 'term_index', term ), with `matching`), or nothing while the rebuild runs.
	 */
	public function drift(): array {
		if ( ! $this->cursor->ready() ) {
			return array();
		}
		$drift = array();
		$this->check( '', INF, $drift, false );
		return $drift;
	}

	/**
	 * The daily check, resumed where the last run stopped: a run checks
	 * units until its time budget is spent and schedules the next run a
	 * minute later.
	 *
	 * @return array<int, array{key: array, stored: int, actual: int}> The differences found (the cron ignores it; the tests read it).
	 */
	public function verify_and_heal(): array {
		if ( ! $this->cursor->ready() ) {
			// The rebuild counts everything anew; the check starts over once it is complete.
			delete_option( self::CURSOR_OPTION );
			return array();
		}
		/**
		 * Filters how long one run of the daily check may read, in seconds
		 * (at least one unit is checked per run, so it always moves on).
		 *
		 * @param float $budget Seconds.
		 */
		$budget = (float) apply_filters( 'mvs_media_totals_verify_budget', self::BUDGET );
		$drift  = array();
		$cursor = $this->check( (string) get_option( self::CURSOR_OPTION, '' ), $budget, $drift, true );
		if ( $drift ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- an operator must learn that something writes around the plugin.
			error_log( sprintf( 'Media Community Service: %d list total(s) drifted from the media table (first: %s); %s.', count( $drift ), wp_json_encode( $drift[0] ), null === $cursor ? 'rebuilding them all' : 'rewrote their terms' ) );
		}
		if ( null === $cursor ) {
			delete_option( self::CURSOR_OPTION );
			$this->rebuild->reset();
			return $drift;
		}
		if ( '' === $cursor ) {
			delete_option( self::CURSOR_OPTION );
			return $drift;
		}
		update_option( self::CURSOR_OPTION, $cursor, false );
		wp_schedule_single_event( time() + MINUTE_IN_SECONDS, self::HOOK );
		return $drift;
	}

	/**
	 * Checks units after $cursor until the budget is spent (one at least).
	 * Healing, a term that differs is rewritten and checked again; a
	 * site-wide key that differs (or a term still differing) stops the check
	 * for a full rebuild.
	 *
	 * @param string $cursor Last unit checked (JSON, see MVS_Media_Totals_Checks::next_unit()), '' to start.
	 * @param float  $budget Seconds.
	 * @param array  $drift  Receives the differences found.
	 * @param bool   $heal   Whether to heal (the daily job) or only report (drift()).
	 * @return string|null The last unit checked, '' when every unit was, null when everything must be rebuilt.
	 */
	private function check( string $cursor, float $budget, array &$drift, bool $heal ): ?string {
		$started = microtime( true );
		$keys    = null;
		do {
			$cursor = $this->checks->next_unit( $cursor, $keys );
			if ( '' === $cursor ) {
				return '';
			}
			$unit  = json_decode( $cursor, true );
			$term  = 'term' === $unit[0] ? (int) $unit[1] : 0;
			$found = $term ? $this->checks->check_term( $term ) : $this->checks->check_key( (string) $unit[1], (string) $unit[2], (string) $unit[3] );
			$drift = array_merge( $drift, $found );
			if ( $found && $heal && ! ( $term && $this->heal_term( $term ) && ! $this->checks->check_term( $term ) ) ) {
				return null;
			}
		} while ( microtime( true ) - $started < $budget );
		return $cursor;
	}

	/**
	 * Rewrites one term's listing rows from its relationships and its totals
	 * from those rows, holding what a tag merge holds: the term's count row
	 * (no item gets the term until this commits) and the rows of its items,
	 * those of its relationships and those its listing still names (no
	 * writer applies a delta to them meanwhile).
	 *
	 * @param int $term_taxonomy_id Term.
	 * @return bool Whether it committed.
	 */
	private function heal_term( int $term_taxonomy_id ): bool {
		$table  = $this->table;
		$healed = $this->writer->change_term(
			$term_taxonomy_id,
			// The items' keys do not change: the writer only locks them and applies no delta.
			static function ( array $ids ) use ( $table, $term_taxonomy_id ) {
				// What made the drift went past the term hooks: the items' copies of their terms go too (MVS_Media_Terms_Copy).
				do_action( 'mvs_media_terms_changed', $ids );
				return MVS_Media_Term_Index::refill_term( $term_taxonomy_id ) && $table->recount_term( $term_taxonomy_id );
			},
			true
		);
		return false !== $healed;
	}
}
