<?php
/**
 * Counts every item into the list totals, in batches.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The resumable rebuild of the totals, the per-term listing and the
 * overview's day rows (MVS_Media_Daily): each batch
 * counts the next items above the cursor and moves it in one transaction;
 * reset() empties them and starts again (docs/list-totals.md, "Rebuild,
 * and the daily check"). WP-Cron runs it through MVS_Media_Totals.
 */
final class MVS_Media_Totals_Rebuild {

	/**
	 * Cron hook of one rebuild batch (it schedules the next one).
	 */
	const HOOK = 'mvs_media_totals_rebuild';

	/**
	 * Items per rebuild batch: one short transaction each.
	 */
	const BATCH = 5000;

	/**
	 * The rebuild's cursor.
	 *
	 * @var MVS_Media_Totals_Cursor
	 */
	private $cursor;

	/**
	 * The counts table.
	 *
	 * @var MVS_Media_Totals_Table
	 */
	private $table;

	/**
	 * @param MVS_Media_Totals_Cursor|null $cursor The rebuild's cursor.
	 * @param MVS_Media_Totals_Table|null  $table  The counts table.
	 */
	public function __construct( ?MVS_Media_Totals_Cursor $cursor = null, ?MVS_Media_Totals_Table $table = null ) {
		$this->cursor = $cursor ? $cursor : new MVS_Media_Totals_Cursor();
		$this->table  = $table ? $table : new MVS_Media_Totals_Table();
	}

	/**
	 * Counts the next batch of items and schedules the one after (WP-Cron;
	 * resumable: the cursor moves in the same transaction as the counts).
	 *
	 * @param int $batch Items per batch (tools that hold the site, like the seeder, count more at once).
	 * @return bool Whether the totals are complete.
	 */
	public function run( int $batch = self::BATCH ): bool {
		global $wpdb;
		if ( $this->cursor->ready() ) {
			return true;
		}
		MVS_Transaction::begin();
		// Exclusive: writers of items in this batch wait, then see the moved cursor.
		$cursor = $this->cursor->lock();
		if ( MVS_Media_Totals_Cursor::COMPLETE === $cursor ) {
			MVS_Transaction::end( true );
			return true;
		}
		$after = (int) $cursor;
		// The next batch's last ID, read inside the batch's transaction.
		$upto = (int) $wpdb->get_var( $wpdb->prepare( "SELECT MAX(id) FROM ( SELECT id FROM {$wpdb->mvs_media} WHERE id > %d ORDER BY id LIMIT %d ) b", $after, max( 1, $batch ) ) );
		$ok   = true;
		if ( $upto > $after ) {
			$ok = $this->table->count_range( $after, $upto ) && MVS_Media_Term_Index::fill( $after, $upto ) && MVS_Media_Daily::fill( $after, $upto );
		}
		$done = $upto <= $after;
		$ok   = $ok && $this->cursor->save( $done ? MVS_Media_Totals_Cursor::COMPLETE : (string) $upto );
		$ok   = MVS_Transaction::end( $ok );
		if ( $ok && ! $done && self::BATCH === $batch && ! wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_single_event( time(), self::HOOK );
		}
		return $ok && $done;
	}

	/**
	 * Empties the totals and the listing and restarts the rebuild from the first item.
	 */
	public function reset(): void {
		MVS_Transaction::begin();
		$this->cursor->lock();
		$ok = $this->table->clear();
		$ok = $ok && MVS_Media_Term_Index::clear();
		$ok = $ok && MVS_Media_Daily::clear();
		$ok = $ok && $this->cursor->save( '0' );
		MVS_Transaction::end( $ok );
		wp_clear_scheduled_hook( self::HOOK );
		wp_schedule_single_event( time(), self::HOOK );
	}
}
