<?php
/**
 * Writes items' copies of their terms where they have none.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The refill of `mvs_media.terms_copy` (MVS_Media_Terms_Copy): a WP-Cron
 * job that writes the copies of rows without one, in batches within a time
 * budget, and the write-back of a route's own items. A copy is written only
 * where the row's `terms_rev` is still the one read before its terms were
 * (MVS_Media_Terms_Copy_Invalidation says why).
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- every fragment is built from placeholders and passed through prepare().
 */
final class MVS_Media_Terms_Copy_Refill {

	/**
	 * Cron hook of one refill run.
	 */
	const REFILL_HOOK = 'mvs_refill_terms_copies';

	/**
	 * Rows per refill statement: 500 copies of a few hundred bytes each.
	 */
	const BATCH = 500;

	/**
	 * Seconds a refill run may take before it hands over to the next run.
	 */
	const TIME_BUDGET = 10.0;

	/**
	 * Schedules the refill after a schema upgrade (MVS_Lifecycle_Registry
	 * hooks the job itself).
	 */
	public static function register(): void {
		// An upgraded install's rows have no copies yet.
		add_action( 'mvs_schema_migrated', array( __CLASS__, 'schedule' ) );
	}

	/**
	 * Schedules a refill run unless one is pending.
	 */
	public static function schedule(): void {
		if ( ! wp_next_scheduled( self::REFILL_HOOK ) ) {
			wp_schedule_single_event( time(), self::REFILL_HOOK );
		}
	}

	/**
	 * Schedules a refill run when some row has no copy (activation: a refill
	 * pending at deactivation was cleared with it). One indexed read; no
	 * job for an install whose copies are all there.
	 */
	public static function schedule_if_needed(): void {
		global $wpdb;
		if ( null !== $wpdb->get_var( "SELECT id FROM {$wpdb->mvs_media} WHERE terms_copy IS NULL LIMIT 1" ) ) {
			self::schedule();
		}
	}

	/**
	 * Writes the copies of items that have none, each only if its revision
	 * is still the one read before its terms were.
	 *
	 * @param int[] $ids Media IDs.
	 * @return int|false Copies written, false when the write failed.
	 */
	public function refill_items( array $ids ) {
		global $wpdb;
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $ids ) ) ) );
		if ( ! $ids ) {
			return 0;
		}
		$in = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholders are in the interpolated fragment.
		$revs = $wpdb->get_results( $wpdb->prepare( "SELECT id, terms_rev FROM {$wpdb->mvs_media} WHERE id IN ({$in}) AND terms_copy IS NULL", $ids ) );
		return $this->write( (array) $revs );
	}

	/**
	 * One refill step: the next items without a copy, by the `terms_copy`
	 * index (rows without a copy only, whatever the table size; no ORDER BY,
	 * which MariaDB would sort: the index gives them in ID order). A row a
	 * concurrent change skipped is NULL again and comes back in a later step.
	 *
	 * @param int $limit Rows.
	 * @return array{rows: int, written: int|false} Rows read, copies written (false: the write failed).
	 */
	public function refill( int $limit = self::BATCH ): array {
		global $wpdb;
		$revs = (array) $wpdb->get_results( $wpdb->prepare( "SELECT id, terms_rev FROM {$wpdb->mvs_media} WHERE terms_copy IS NULL LIMIT %d", $limit ) );
		return array(
			'rows'    => count( $revs ),
			'written' => $revs ? $this->write( $revs ) : 0,
		);
	}

	/**
	 * The WP-Cron job: refills within the time budget, and schedules the
	 * next run a minute later while rows without a copy remain.
	 *
	 * @return int Copies written by this run.
	 */
	public static function refill_job(): int {
		$refill  = new self();
		$started = microtime( true );
		$written = 0;
		while ( microtime( true ) - $started < self::TIME_BUDGET ) {
			$step = $refill->refill();
			if ( false === $step['written'] ) {
				break;
			}
			$written += $step['written'];
			if ( $step['rows'] < self::BATCH ) {
				return $written;
			}
		}
		wp_schedule_single_event( time() + MINUTE_IN_SECONDS, self::REFILL_HOOK );
		return $written;
	}

	/**
	 * Reads the terms of rows {id, terms_rev} and writes their copies in one
	 * statement, each row matched only while its revision is the one read.
	 *
	 * @param object[] $revs Rows {id, terms_rev}.
	 * @return int|false Copies written.
	 */
	private function write( array $revs ) {
		global $wpdb;
		if ( ! $revs ) {
			return 0;
		}
		$ids   = array_map( 'intval', wp_list_pluck( $revs, 'id' ) );
		$terms = MVS_Media_Terms_Copy::from_terms( $ids );
		$cases = array();
		$args  = array();
		$where = array();
		$keys  = array();
		foreach ( $revs as $rev ) {
			$id   = (int) $rev->id;
			$copy = wp_json_encode( $terms[ $id ] );
			if ( ! is_string( $copy ) || strlen( $copy ) > MVS_Media_Terms_Copy::MAX_BYTES ) {
				$copy = '';
			}
			$cases[] = 'WHEN %d THEN %s';
			array_push( $args, $id, $copy );
			// The guard is in the WHERE clause, so that a row a concurrent change
			// bumped is not matched at all: SQLite counts every matched row as
			// changed, MariaDB only the changed ones, and both then report copies written.
			$where[] = '( id = %d AND terms_rev = %d )';
			array_push( $keys, $id, (int) $rev->terms_rev );
		}
		$sql = "UPDATE {$wpdb->mvs_media} SET terms_copy = CASE id " . implode( ' ', $cases ) . ' ELSE terms_copy END WHERE ' . implode( ' OR ', $where );
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- two values per case and two per row guard.
		$done = $wpdb->query( $wpdb->prepare( $sql, array_merge( $args, $keys ) ) );
		return false === $done ? false : (int) $done;
	}
}
