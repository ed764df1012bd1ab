<?php
/**
 * Exact list totals from a small counts table kept in step with every write.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * mvs_media_totals holds, per key (term_taxonomy_id: 0 for every item, or a
 * tag's / category's; moderation status; privacy; group for group items;
 * media type), how many items have that key. A list total is then a SUM over
 * a handful of primary-key rows instead of a COUNT over the visibility index,
 * which grows with the table (see docs/list-totals.md).
 *
 * Every write that changes an item's keys goes through change(): it locks the
 * item's row, reads its keys, runs the write, reads them again and applies the
 * difference, all in one transaction, so concurrent writers cannot lose or
 * double a delta. Items above the rebuild cursor are not counted yet: the
 * batched rebuild counts them when it reaches them, and until it is complete
 * the lists count with COUNT(*) as before.
 *
 * The per-term listing (MVS_Media_Term_Index) is kept here too, by the same
 * locks, deltas, cursor, rebuild and daily check: a term's page reads it only
 * when the totals are complete.
 *
 * phpcs:disable WordPress.DB.DirectDatabaseQuery -- custom table; the totals must be read fresh inside the writers' transactions.
 * phpcs:disable WordPress.DB.PreparedSQL.NotPrepared -- fragments are built from placeholders and passed through prepare().
 */
final class MVS_Media_Totals {

	/**
	 * Option (autoloaded: free to read) holding the highest item ID the
	 * rebuild has counted, or COMPLETE.
	 */
	const CURSOR_OPTION = 'mvs_media_totals_cursor';

	/**
	 * Cursor value once every item is counted.
	 */
	const COMPLETE = 'complete';

	/**
	 * Cron hook of one rebuild batch (it schedules the next one).
	 */
	const REBUILD_HOOK = 'mvs_media_totals_rebuild';

	/**
	 * Daily cron hook of the drift check.
	 */
	const VERIFY_HOOK = 'mvs_media_totals_verify';

	/**
	 * Option (not autoloaded) holding the last unit the daily check checked,
	 * while a check spans several runs.
	 */
	const VERIFY_CURSOR_OPTION = 'mvs_media_totals_verify_cursor';

	/**
	 * Seconds one run of the daily check may read before it leaves the rest
	 * to a run a minute later.
	 */
	const VERIFY_BUDGET = 20;

	/**
	 * Items per rebuild batch: one short transaction each.
	 */
	const BATCH = 5000;

	/**
	 * Taxonomies that have keys of their own (the list filters tag and category).
	 */
	const TAXONOMIES = array( 'mvs_tag', 'mvs_category' );

	/**
	 * Hooks the rebuild and the daily check.
	 */
	public static function register(): void {
		add_action( self::REBUILD_HOOK, array( __CLASS__, 'rebuild' ) );
		add_action( self::VERIFY_HOOK, array( __CLASS__, 'verify_and_heal' ) );
		add_action( 'init', array( __CLASS__, 'schedule' ) );
	}

	/**
	 * Creates the cursor on first run (an empty media table is complete at
	 * once; an existing install starts the rebuild) and keeps the daily check
	 * scheduled. Reads autoloaded options only: no query once set up.
	 */
	public static function schedule(): void {
		global $wpdb;
		if ( false === get_option( self::CURSOR_OPTION ) ) {
			$empty = null === $wpdb->get_var( "SELECT id FROM {$wpdb->mvs_media} LIMIT 1" );
			add_option( self::CURSOR_OPTION, $empty ? self::COMPLETE : '0', '', true );
		}
		if ( ! self::ready() && ! wp_next_scheduled( self::REBUILD_HOOK ) ) {
			wp_schedule_single_event( time(), self::REBUILD_HOOK );
		}
		if ( ! wp_next_scheduled( self::VERIFY_HOOK ) ) {
			wp_schedule_event( time() + DAY_IN_SECONDS, 'daily', self::VERIFY_HOOK );
		}
	}

	/**
	 * Stops the scheduled work (deactivation and uninstall).
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::REBUILD_HOOK );
		wp_clear_scheduled_hook( self::VERIFY_HOOK );
	}

	/**
	 * Whether every item is counted, so that totals may be read from the table.
	 *
	 * @return bool
	 */
	public static function ready(): bool {
		return self::COMPLETE === get_option( self::CURSOR_OPTION );
	}

	/**
	 * Runs a write that may change items' keys and keeps their counts exact.
	 *
	 * @param int[]    $ids   Items the write touches.
	 * @param callable $write Performs the write; false means it failed (rolled back).
	 * @return mixed What $write returned.
	 */
	public static function change( array $ids, callable $write ) {
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $ids ) ) ) );
		sort( $ids );
		return MVS_Transaction::run(
			static function () use ( $ids, $write ) {
				$before = self::keys( $ids );
				$result = $write();
				$after  = self::keys( $ids );
				// A failed delta fails the write too.
				if ( false === $result || ! self::apply( $ids, $before, $after ) ) {
					return false;
				}
				$changed = self::visibility_changed( $ids, $before, $after );
				if ( $changed ) {
					MVS_Transaction::after_commit(
						static function () use ( $changed ) {
							/**
							 * Fires once a write that changed who may see these items
							 * (moderation state, privacy, group, author, or deleted) is
							 * committed: caches of what viewers see are stale
							 * (MVS_Unread_Count).
							 *
							 * @param int[] $changed Media IDs.
							 */
							do_action( 'mvs_media_visibility_changed', $changed );
						}
					);
				}
				return $result;
			}
		);
	}

	/**
	 * Items whose visibility keys differ before and after a write.
	 *
	 * @param int[] $ids    Items.
	 * @param array $before Keys before (see keys()).
	 * @param array $after  Keys after.
	 * @return int[]
	 */
	private static function visibility_changed( array $ids, array $before, array $after ): array {
		$changed = array();
		foreach ( $ids as $id ) {
			$old = $before[ $id ] ?? null;
			$new = $after[ $id ] ?? null;
			if ( null === $old && null === $new ) {
				continue;
			}
			if ( null === $old || null === $new || array( $old['status'], $old['privacy'], $old['group'], $old['author'] ) !== array( $new['status'], $new['privacy'], $new['group'], $new['author'] ) ) {
				$changed[] = $id;
			}
		}
		return $changed;
	}

	/**
	 * Runs a write to every item of one term (tag merge, tag delete). The
	 * locking read of the term's relationships also keeps new ones from
	 * being added until the write commits.
	 *
	 * @param int      $term_taxonomy_id Term.
	 * @param callable $write            Performs the write; false means it failed.
	 * @return mixed What $write returned.
	 */
	public static function change_term( int $term_taxonomy_id, callable $write ) {
		global $wpdb;
		return MVS_Transaction::run(
			static function () use ( $wpdb, $term_taxonomy_id, $write ) {
				// Every tagging updates the term's count row in its transaction: holding
				// that row keeps new items from getting the term until this commits.
				$wpdb->get_var( $wpdb->prepare( "SELECT term_taxonomy_id FROM {$wpdb->term_taxonomy} WHERE term_taxonomy_id = %d FOR UPDATE", $term_taxonomy_id ) );
				$ids = $wpdb->get_col( $wpdb->prepare( "SELECT object_id FROM {$wpdb->term_relationships} WHERE term_taxonomy_id = %d", $term_taxonomy_id ) );
				return self::change( $ids, $write );
			}
		);
	}

	/**
	 * Runs an insert of one item and counts the new item.
	 *
	 * @param callable $insert Inserts the row; returns its ID, or false on failure.
	 * @return int|false The new ID.
	 */
	public static function create( callable $insert ) {
		$id = MVS_Transaction::run(
			static function () use ( $insert ) {
				$id = $insert();
				return false !== $id && self::apply( array( (int) $id ), array(), self::keys( array( (int) $id ) ) ) ? (int) $id : false;
			}
		);
		return false === $id ? false : (int) $id;
	}

	/**
	 * Locks the items' rows and reads their keys.
	 *
	 * @param int[] $ids Item IDs.
	 * @return array<int, array{status: string, privacy: string, group: int, type: string, author: int, terms: int[]}> Keys of the items that exist.
	 */
	private static function keys( array $ids ): array {
		global $wpdb;
		if ( ! $ids ) {
			return array();
		}
		$in   = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$keys = array();
		// The item rows are locked, so no other writer changes their keys or
		// terms until this transaction ends (every writer goes through change()).
		foreach ( (array) $wpdb->get_results( $wpdb->prepare( "SELECT id, moderation_status, privacy, group_id, media_type, author_id FROM {$wpdb->mvs_media} WHERE id IN ({$in}) FOR UPDATE", $ids ) ) as $row ) {
			$keys[ (int) $row->id ] = array(
				'status'  => (string) $row->moderation_status,
				'privacy' => (string) $row->privacy,
				'group'   => 'group' === $row->privacy ? (int) $row->group_id : 0,
				'type'    => (string) $row->media_type,
				// Not a totals key, but the listing's block filter reads it.
				'author'  => (int) $row->author_id,
				'terms'   => array(),
			);
		}
		if ( ! $keys ) {
			return $keys;
		}
		$in    = implode( ', ', array_fill( 0, count( $keys ), '%d' ) );
		$taxes = implode( ', ', array_fill( 0, count( self::TAXONOMIES ), '%s' ) );
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT tr.object_id, tr.term_taxonomy_id FROM {$wpdb->term_relationships} tr"
				. " INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id"
				. " WHERE tr.object_id IN ({$in}) AND tt.taxonomy IN ({$taxes})",
				array_merge( array_keys( $keys ), self::TAXONOMIES )
			)
		);
		foreach ( (array) $rows as $row ) {
			$keys[ (int) $row->object_id ]['terms'][] = (int) $row->term_taxonomy_id;
		}
		return $keys;
	}

	/**
	 * Applies the difference between the keys before and after a write, for
	 * the items the rebuild has already counted.
	 *
	 * @param int[] $ids    Items.
	 * @param array $before Keys before (see keys()).
	 * @param array $after  Keys after.
	 * @return bool Whether every statement ran.
	 */
	private static function apply( array $ids, array $before, array $after ): bool {
		$delta = array();
		foreach ( $ids as $id ) {
			$old = $before[ $id ] ?? null;
			$new = $after[ $id ] ?? null;
			if ( $old === $new || ! self::counted( $id ) ) {
				continue;
			}
			// Item rows are locked in ID order, so listing rows are written in one order too.
			if ( ! MVS_Media_Term_Index::apply( $id, $old, $new ) ) {
				return false;
			}
			foreach ( array( -1 => $old, 1 => $new ) as $sign => $item ) {
				if ( null === $item ) {
					continue;
				}
				foreach ( array_merge( array( 0 ), $item['terms'] ) as $tt ) {
					$key           = wp_json_encode( array( $tt, $item['status'], $item['privacy'], $item['group'], $item['type'] ) );
					$delta[ $key ] = ( $delta[ $key ] ?? 0 ) + $sign;
				}
			}
		}
		// One order for every writer: two transactions never wait on each other's totals rows in a cycle.
		ksort( $delta );
		foreach ( $delta as $key => $n ) {
			// Stop at the first failure, so that it is the transaction's last error.
			if ( 0 !== $n && ! self::add( json_decode( $key, true ), $n ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Whether the rebuild has counted this item (then its writes carry deltas).
	 * While it runs, the cursor is read with a shared lock: a rebuild batch
	 * holds it exclusively, so a write sees either the cursor before the
	 * batch (and the batch counts the written row) or after it (and the write
	 * applies its own delta).
	 *
	 * @param int $id Item ID.
	 * @return bool
	 */
	private static function counted( int $id ): bool {
		global $wpdb;
		static $cursor = null;
		if ( self::ready() || self::COMPLETE === $cursor ) {
			return true;
		}
		$cursor = (string) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s LOCK IN SHARE MODE", self::CURSOR_OPTION ) );
		return self::COMPLETE === $cursor || $id <= (int) $cursor;
	}

	/**
	 * Adds $n (positive or negative) to one key's count.
	 *
	 * @param array $key array( term_taxonomy_id, status, privacy, group, type ).
	 * @param int   $n   Delta.
	 * @return bool
	 */
	private static function add( array $key, int $n ): bool {
		global $wpdb;
		list( $tt, $status, $privacy, $group, $type ) = $key;
		if ( $n > 0 ) {
			return false !== $wpdb->query(
				$wpdb->prepare(
					"INSERT INTO {$wpdb->mvs_media_totals} (term_taxonomy_id, moderation_status, privacy, group_id, media_type, items) VALUES (%d, %s, %s, %d, %s, %d) ON DUPLICATE KEY UPDATE items = items + %d",
					$tt,
					$status,
					$privacy,
					$group,
					$type,
					$n,
					$n
				)
			);
		}
		// Unsigned: never below zero (a drift the daily check repairs, not an error here).
		return false !== $wpdb->query(
			$wpdb->prepare(
				"UPDATE {$wpdb->mvs_media_totals} SET items = CASE WHEN items > %d THEN items - %d ELSE 0 END WHERE term_taxonomy_id = %d AND moderation_status = %s AND privacy = %s AND group_id = %d AND media_type = %s",
				-$n,
				-$n,
				$tt,
				$status,
				$privacy,
				$group,
				$type
			)
		);
	}

	/**
	 * The SQL that recounts items per key from the media table, for IDs in (after, upto].
	 *
	 * @param int $after Lowest ID excluded.
	 * @param int $upto  Highest ID included.
	 * @return array{0: string, 1: array} SELECT of (term_taxonomy_id, moderation_status, privacy, group_id, media_type, items).
	 */
	private static function recount_sql( int $after, int $upto ): array {
		global $wpdb;
		$taxes = implode( ', ', array_fill( 0, count( self::TAXONOMIES ), '%s' ) );
		$group = "CASE WHEN m.privacy = 'group' THEN m.group_id ELSE 0 END";
		$sql   = "SELECT 0 AS term_taxonomy_id, m.moderation_status, m.privacy, {$group} AS group_id, m.media_type, COUNT(*) AS items"
			. " FROM {$wpdb->mvs_media} m WHERE m.id > %d AND m.id <= %d"
			. " GROUP BY m.moderation_status, m.privacy, {$group}, m.media_type"
			. ' UNION ALL'
			. " SELECT tr.term_taxonomy_id, m.moderation_status, m.privacy, {$group} AS group_id, m.media_type, COUNT(*) AS items"
			. " FROM {$wpdb->mvs_media} m INNER JOIN {$wpdb->term_relationships} tr ON tr.object_id = m.id"
			. " INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id"
			. " WHERE m.id > %d AND m.id <= %d AND tt.taxonomy IN ({$taxes})"
			. " GROUP BY tr.term_taxonomy_id, m.moderation_status, m.privacy, {$group}, m.media_type";
		return array( $sql, array_merge( array( $after, $upto, $after, $upto ), self::TAXONOMIES ) );
	}

	/**
	 * Counts the next batch of items and schedules the one after (WP-Cron;
	 * resumable: the cursor moves in the same transaction as the counts).
	 *
	 * @param int $batch Items per batch (tools that hold the site, like the seeder, count more at once).
	 * @return bool Whether the totals are complete.
	 */
	public static function rebuild( int $batch = self::BATCH ): bool {
		global $wpdb;
		if ( self::ready() ) {
			return true;
		}
		MVS_Transaction::begin();
		// Exclusive: writers of items in this batch wait, then see the moved cursor.
		$cursor = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s FOR UPDATE", self::CURSOR_OPTION ) );
		if ( self::COMPLETE === $cursor ) {
			MVS_Transaction::end( true );
			return true;
		}
		$after = (int) $cursor;
		$upto  = (int) $wpdb->get_var( $wpdb->prepare( "SELECT MAX(id) FROM ( SELECT id FROM {$wpdb->mvs_media} WHERE id > %d ORDER BY id LIMIT %d ) b", $after, max( 1, $batch ) ) );
		$ok    = true;
		if ( $upto > $after ) {
			list( $sql, $args ) = self::recount_sql( $after, $upto );
			foreach ( (array) $wpdb->get_results( $wpdb->prepare( $sql, $args ), ARRAY_N ) as $row ) {
				$ok = self::add( array( (int) $row[0], (string) $row[1], (string) $row[2], (int) $row[3], (string) $row[4] ), (int) $row[5] ) && $ok;
			}
			$ok = $ok && MVS_Media_Term_Index::fill( $after, $upto );
		}
		$done = $upto <= $after;
		$ok   = $ok && self::save_cursor( $done ? self::COMPLETE : (string) $upto );
		$ok   = MVS_Transaction::end( $ok );
		if ( $ok && ! $done && self::BATCH === $batch && ! wp_next_scheduled( self::REBUILD_HOOK ) ) {
			wp_schedule_single_event( time(), self::REBUILD_HOOK );
		}
		return $ok && $done;
	}

	/**
	 * Moves the cursor on the row this transaction locked. update_option()
	 * would compare with this worker's cached value and skip the write when
	 * another worker moved the cursor since.
	 *
	 * @param string $value New cursor.
	 * @return bool
	 */
	private static function save_cursor( string $value ): bool {
		global $wpdb;
		$ok = false !== $wpdb->update( $wpdb->options, array( 'option_value' => $value ), array( 'option_name' => self::CURSOR_OPTION ) );
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( self::CURSOR_OPTION, 'options' );
		return $ok;
	}

	/**
	 * Empties the table and restarts the rebuild from the first item.
	 */
	public static function reset(): void {
		global $wpdb;
		MVS_Transaction::begin();
		$wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s FOR UPDATE", self::CURSOR_OPTION ) );
		$ok = false !== $wpdb->query( "DELETE FROM {$wpdb->mvs_media_totals}" );
		$ok = $ok && MVS_Media_Term_Index::clear();
		$ok = $ok && self::save_cursor( '0' );
		MVS_Transaction::end( $ok );
		wp_clear_scheduled_hook( self::REBUILD_HOOK );
		wp_schedule_single_event( time(), self::REBUILD_HOOK );
	}

	/**
	 * Every difference between the totals, the per-term listing and the
	 * media table, checked from the start without a time budget (the tests
	 * and the end of every e2e run; the daily job is verify_and_heal()).
	 *
	 * @return array<int, array{key: array, stored: int, actual: int}> Drifted totals keys, and the listing's differences
	 *         (key array( 'term_index', term ), with `matching`), or nothing while the rebuild runs.
	 */
	public static function drift(): array {
		if ( ! self::ready() ) {
			return array();
		}
		$drift = array();
		self::check( '', INF, $drift, false );
		return $drift;
	}

	/**
	 * The daily check, in units that each read one term or one site-wide
	 * key with one statement (docs/list-totals.md), resumed where the last
	 * run stopped: a run checks units until its time budget is spent and
	 * schedules the next run a minute later. A difference is a write made
	 * outside the plugin (e.g. terms edited by another plugin, rows changed
	 * by SQL): it is logged; a term's is healed by rewriting that term's
	 * listing and totals, a site-wide key's by rebuilding every total.
	 *
	 * No false alarm from the plugin's own writes: each unit compares what
	 * it reads in one statement, so in one read view, and every plugin write
	 * changes an item, its relationships, its listing rows and its totals in
	 * one transaction, which that view sees whole or not at all.
	 *
	 * @return array<int, array{key: array, stored: int, actual: int}> The differences found (the cron ignores it; the tests read it).
	 */
	public static function verify_and_heal(): array {
		if ( ! self::ready() ) {
			// The rebuild counts everything anew; the check starts over once it is complete.
			delete_option( self::VERIFY_CURSOR_OPTION );
			return array();
		}
		/**
		 * Filters how long one run of the daily check may read, in seconds
		 * (at least one unit is checked per run, so it always moves on).
		 *
		 * @param float $budget Seconds.
		 */
		$budget = (float) apply_filters( 'mvs_media_totals_verify_budget', self::VERIFY_BUDGET );
		$drift  = array();
		$cursor = self::check( (string) get_option( self::VERIFY_CURSOR_OPTION, '' ), $budget, $drift, true );
		if ( $drift ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- an operator must learn that something writes around the plugin.
			error_log( sprintf( 'Media Community Service: %d list total(s) drifted from the media table (first: %s); %s.', count( $drift ), wp_json_encode( $drift[0] ), null === $cursor ? 'rebuilding them all' : 'rewrote their terms' ) );
		}
		if ( null === $cursor ) {
			delete_option( self::VERIFY_CURSOR_OPTION );
			self::reset();
			return $drift;
		}
		if ( '' === $cursor ) {
			delete_option( self::VERIFY_CURSOR_OPTION );
			return $drift;
		}
		update_option( self::VERIFY_CURSOR_OPTION, $cursor, false );
		wp_schedule_single_event( time() + MINUTE_IN_SECONDS, self::VERIFY_HOOK );
		return $drift;
	}

	/**
	 * Checks units after $cursor until the budget is spent (one at least).
	 * Healing, a term that differs is rewritten and checked again; a
	 * site-wide key that differs (or a term still differing) stops the check
	 * for a full rebuild.
	 *
	 * @param string $cursor Last unit checked (JSON, see next_unit()), '' to start.
	 * @param float  $budget Seconds.
	 * @param array  $drift  Receives the differences found.
	 * @param bool   $heal   Whether to heal (the daily job) or only report (drift()).
	 * @return string|null The last unit checked, '' when every unit was, null when everything must be rebuilt.
	 */
	private static function check( string $cursor, float $budget, array &$drift, bool $heal ): ?string {
		$started = microtime( true );
		$keys    = null;
		do {
			$cursor = self::next_unit( $cursor, $keys );
			if ( '' === $cursor ) {
				return '';
			}
			$unit  = json_decode( $cursor, true );
			$term  = 'term' === $unit[0] ? (int) $unit[1] : 0;
			$found = $term ? self::check_term( $term ) : self::check_key( (string) $unit[1], (string) $unit[2], (string) $unit[3] );
			$drift = array_merge( $drift, $found );
			if ( $found && $heal && ! ( $term && self::heal_term( $term ) && ! self::check_term( $term ) ) ) {
				return null;
			}
		} while ( microtime( true ) - $started < $budget );
		return $cursor;
	}

	/**
	 * Rewrites one term's listing rows from its relationships and its totals
	 * from those rows, holding what change_term() holds: the term's count row
	 * (no item gets the term until this commits) and the rows of its items,
	 * those of its relationships and those its listing still names (no
	 * writer applies a delta to them meanwhile).
	 *
	 * @param int $term_taxonomy_id Term.
	 * @return bool Whether it committed.
	 */
	private static function heal_term( int $term_taxonomy_id ): bool {
		global $wpdb;
		$healed = MVS_Transaction::run(
			static function () use ( $wpdb, $term_taxonomy_id ) {
				$wpdb->get_var( $wpdb->prepare( "SELECT term_taxonomy_id FROM {$wpdb->term_taxonomy} WHERE term_taxonomy_id = %d FOR UPDATE", $term_taxonomy_id ) );
				$ids = array_merge(
					$wpdb->get_col( $wpdb->prepare( "SELECT object_id FROM {$wpdb->term_relationships} WHERE term_taxonomy_id = %d", $term_taxonomy_id ) ),
					$wpdb->get_col( $wpdb->prepare( "SELECT media_id FROM {$wpdb->mvs_media_term_index} WHERE term_taxonomy_id = %d", $term_taxonomy_id ) )
				);
				// The items' keys do not change: change() only locks them and applies no delta.
				return self::change(
					$ids,
					static function () use ( $wpdb, $term_taxonomy_id, $ids ) {
						// What made the drift went past the term hooks: the items' copies of their terms (MVS_Media_Terms_Copy) go too.
						MVS_Media_Terms_Copy::invalidate( $ids );
						return MVS_Media_Term_Index::refill_term( $term_taxonomy_id )
							&& false !== $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_media_totals} WHERE term_taxonomy_id = %d", $term_taxonomy_id ) )
							&& false !== $wpdb->query(
								$wpdb->prepare(
									"INSERT INTO {$wpdb->mvs_media_totals} (term_taxonomy_id, moderation_status, privacy, group_id, media_type, items)"
									. " SELECT term_taxonomy_id, moderation_status, privacy, group_id, media_type, COUNT(*) FROM {$wpdb->mvs_media_term_index}"
									. ' WHERE term_taxonomy_id = %d GROUP BY term_taxonomy_id, moderation_status, privacy, group_id, media_type',
									$term_taxonomy_id
								)
							);
					}
				);
			}
		);
		return false !== $healed;
	}

	/**
	 * The unit after $cursor: every term with totals, listing rows or a
	 * term of the listed taxonomies, in ID order (array( 'term', id )), then
	 * every site-wide key (array( 'key', type, status, privacy )).
	 *
	 * @param string     $cursor Last unit checked, '' for none.
	 * @param array|null $keys   The site-wide keys, read once per run (null until then).
	 * @return string The next unit (JSON), or '' after the last.
	 */
	private static function next_unit( string $cursor, ?array &$keys ): string {
		global $wpdb;
		$unit = json_decode( $cursor, true );
		if ( ! is_array( $unit ) || ! in_array( $unit[0] ?? null, array( 'term', 'key' ), true ) ) {
			// No cursor (or one this version cannot read): from the first unit.
			$unit = array( 'term', 0 );
		}
		if ( 'term' === $unit[0] ) {
			// Each part is one step on an index: the lowest term above the cursor.
			$after = (int) ( $unit[1] ?? 0 );
			$parts = array(
				"SELECT MIN(term_taxonomy_id) AS n FROM {$wpdb->mvs_media_totals} WHERE term_taxonomy_id > %d",
				"SELECT MIN(term_taxonomy_id) AS n FROM {$wpdb->mvs_media_term_index} WHERE term_taxonomy_id > %d",
			);
			$args  = array( $after, $after );
			foreach ( self::TAXONOMIES as $taxonomy ) {
				$parts[] = "SELECT MIN(term_taxonomy_id) AS n FROM {$wpdb->term_taxonomy} WHERE taxonomy = %s AND term_taxonomy_id > %d";
				array_push( $args, $taxonomy, $after );
			}
			$next = $wpdb->get_var( $wpdb->prepare( 'SELECT MIN(n) FROM ( ' . implode( ' UNION ALL ', $parts ) . ' ) t', $args ) );
			if ( null !== $next ) {
				return (string) wp_json_encode( array( 'term', (int) $next ) );
			}
			$unit = array( 'key' );
		}
		if ( null === $keys ) {
			// A handful of rows: the media table's by a loose scan of type_visibility.
			$keys = array();
			$rows = $wpdb->get_results(
				"SELECT media_type, moderation_status, privacy FROM {$wpdb->mvs_media} GROUP BY media_type, moderation_status, privacy"
				. " UNION SELECT media_type, moderation_status, privacy FROM {$wpdb->mvs_media_totals} WHERE term_taxonomy_id = 0",
				ARRAY_N
			);
			foreach ( (array) $rows as $row ) {
				$keys[] = array( 'key', (string) $row[0], (string) $row[1], (string) $row[2] );
			}
			sort( $keys );
		}
		foreach ( $keys as $key ) {
			// Element by element: type, then status, then privacy.
			if ( $key > $unit ) {
				return (string) wp_json_encode( $key );
			}
		}
		return '';
	}

	/**
	 * One term: its totals against its listing rows per key, and its listing
	 * against its relationships (MVS_Media_Term_Index::check_sql()), in one
	 * statement. Together with the other terms' checks this proves the
	 * term keys equal a recount: the listing equals the relationships row
	 * for row, and the totals equal the listing key for key.
	 *
	 * @param int $term_taxonomy_id Term.
	 * @return array Differences (see drift()).
	 */
	private static function check_term( int $term_taxonomy_id ): array {
		global $wpdb;
		$parts = MVS_Media_Term_Index::check_sql( $term_taxonomy_id );
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT 'stored' AS source, moderation_status, privacy, group_id, media_type, items, 0 AS matching FROM {$wpdb->mvs_media_totals} WHERE term_taxonomy_id = %d"
				. " UNION ALL SELECT 'listed', l.moderation_status, l.privacy, l.group_id, l.media_type, l.items, 0 FROM ( {$parts['listed'][0]} ) l"
				. " UNION ALL SELECT 'related', '', '', 0, '', r.related, r.matching FROM ( {$parts['related'][0]} ) r",
				array_merge( array( $term_taxonomy_id ), $parts['listed'][1], $parts['related'][1] )
			),
			ARRAY_N
		);
		$counts  = array();
		$related = 0;
		$listed  = 0;
		$matched = 0;
		foreach ( (array) $rows as $row ) {
			if ( 'related' === $row[0] ) {
				$related = (int) $row[5];
				$matched = (int) $row[6];
				continue;
			}
			$key  = wp_json_encode( array( $term_taxonomy_id, (string) $row[1], (string) $row[2], (int) $row[3], (string) $row[4] ) );
			$pair = $counts[ $key ] ?? array( 0, 0 );
			if ( 'stored' === $row[0] ) {
				$pair[0] = (int) $row[5];
			} else {
				$pair[1] = (int) $row[5];
				$listed += (int) $row[5];
			}
			$counts[ $key ] = $pair;
		}
		$drift = self::differences( $counts );
		if ( $listed !== $related || $matched !== $related ) {
			$drift[] = array(
				'key'      => array( 'term_index', $term_taxonomy_id ),
				'stored'   => $listed,
				'actual'   => $related,
				'matching' => $matched,
			);
		}
		return $drift;
	}

	/**
	 * One site-wide key (term_taxonomy_id 0) of a type, status and privacy,
	 * per group: the totals against a count on type_visibility in one
	 * statement. Outside `group` the count reads only that index; `group`
	 * items are read for their group.
	 *
	 * @param string $type    Media type.
	 * @param string $status  Moderation status.
	 * @param string $privacy Privacy.
	 * @return array Differences (see drift()).
	 */
	private static function check_key( string $type, string $status, string $privacy ): array {
		global $wpdb;
		$counted = 'group' === $privacy
			? "SELECT 'counted' AS source, m.group_id, COUNT(*) FROM {$wpdb->mvs_media} m WHERE m.media_type = %s AND m.moderation_status = %s AND m.privacy = %s GROUP BY m.group_id"
			: "SELECT 'counted' AS source, 0, COUNT(*) FROM {$wpdb->mvs_media} m WHERE m.media_type = %s AND m.moderation_status = %s AND m.privacy = %s";
		$rows    = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT 'stored' AS source, group_id, items FROM {$wpdb->mvs_media_totals} WHERE term_taxonomy_id = 0 AND moderation_status = %s AND privacy = %s AND media_type = %s"
				. " UNION ALL {$counted}",
				$status,
				$privacy,
				$type,
				$type,
				$status,
				$privacy
			),
			ARRAY_N
		);
		$counts = array();
		foreach ( (array) $rows as $row ) {
			$key  = wp_json_encode( array( 0, $status, $privacy, (int) $row[1], $type ) );
			$pair = $counts[ $key ] ?? array( 0, 0 );
			$pair[ 'stored' === $row[0] ? 0 : 1 ] = (int) $row[2];
			$counts[ $key ]                       = $pair;
		}
		return self::differences( $counts );
	}

	/**
	 * The keys whose stored and actual counts differ.
	 *
	 * @param array<string, array{0: int, 1: int}> $counts JSON key => array( stored, actual ).
	 * @return array Differences (see drift()).
	 */
	private static function differences( array $counts ): array {
		$drift = array();
		foreach ( $counts as $key => $pair ) {
			if ( $pair[0] !== $pair[1] ) {
				$drift[] = array(
					'key'    => json_decode( $key, true ),
					'stored' => $pair[0],
					'actual' => $pair[1],
				);
			}
		}
		return $drift;
	}
}
