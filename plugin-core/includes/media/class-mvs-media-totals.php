<?php
/**
 * Exact list totals from a small counts table kept in step with every write.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The WordPress side of the list totals (docs/list-totals.md): the cron
 * hooks of the rebuild (MVS_Media_Totals_Rebuild) and the daily check
 * (MVS_Media_Totals_Verifier), and the entry points of the writes that
 * change items' keys (MVS_Media_Totals_Writer).
 *
 * Static, and holding one writer per request, because its callers are
 * hook callbacks and repositories built without arguments, and the writer
 * remembers the rebuild cursor once it is complete.
 */
final class MVS_Media_Totals {

	/**
	 * The request's writer.
	 *
	 * @var MVS_Media_Totals_Writer|null
	 */
	private static $writer = null;

	/**
	 * Creates the cursor on first run (an empty media table is complete at
	 * once; an existing install starts the rebuild). Init and activation run
	 * it (MVS_Lifecycle_Registry). Reads autoloaded options only: no query
	 * once set up.
	 */
	public static function schedule(): void {
		$cursor = new MVS_Media_Totals_Cursor();
		$cursor->init();
		if ( ! $cursor->ready() && ! wp_next_scheduled( MVS_Media_Totals_Rebuild::HOOK ) ) {
			wp_schedule_single_event( time(), MVS_Media_Totals_Rebuild::HOOK );
		}
	}

	/**
	 * Whether every item is counted, so that totals may be read from the table.
	 *
	 * @return bool
	 */
	public static function ready(): bool {
		return ( new MVS_Media_Totals_Cursor() )->ready();
	}

	/**
	 * Runs a write that may change items' keys (MVS_Media_Totals_Writer::change()).
	 *
	 * @param int[]    $ids   Items the write touches.
	 * @param callable $write Performs the write; false means it failed (rolled back).
	 * @return mixed What $write returned.
	 */
	public static function change( array $ids, callable $write ) {
		return self::writer()->change( $ids, $write );
	}

	/**
	 * Runs a write to every item of one term (MVS_Media_Totals_Writer::change_term()).
	 *
	 * @param int      $term_taxonomy_id Term.
	 * @param callable $write            Performs the write; false means it failed.
	 * @return mixed What $write returned.
	 */
	public static function change_term( int $term_taxonomy_id, callable $write ) {
		return self::writer()->change_term( $term_taxonomy_id, $write );
	}

	/**
	 * Runs an insert of one item and counts it (MVS_Media_Totals_Writer::create()).
	 *
	 * @param callable $insert Inserts the row; returns its ID, or false on failure.
	 * @return int|false The new ID.
	 */
	public static function create( callable $insert ) {
		return self::writer()->create( $insert );
	}

	/**
	 * One rebuild batch (the cron hook; the seeder and the tests pass a larger batch).
	 *
	 * @param int $batch Items per batch.
	 * @return bool Whether the totals are complete.
	 */
	public static function rebuild( int $batch = MVS_Media_Totals_Rebuild::BATCH ): bool {
		return ( new MVS_Media_Totals_Rebuild() )->run( $batch );
	}

	/**
	 * One run of the daily check (the cron hook).
	 *
	 * @return array Differences found (MVS_Media_Totals_Verifier::verify_and_heal()).
	 */
	public static function verify_and_heal(): array {
		return ( new MVS_Media_Totals_Verifier( null, null, self::writer() ) )->verify_and_heal();
	}

	/**
	 * The request's writer.
	 *
	 * @return MVS_Media_Totals_Writer
	 */
	private static function writer(): MVS_Media_Totals_Writer {
		if ( null === self::$writer ) {
			self::$writer = new MVS_Media_Totals_Writer();
		}
		return self::$writer;
	}
}
