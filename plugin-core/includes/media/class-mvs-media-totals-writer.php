<?php
/**
 * Keeps the list totals and the per-term listing exact on every write.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every write that changes an item's keys goes through change(): it locks
 * the item's row, reads its keys, runs the write, reads them again and
 * applies the difference to the totals (MVS_Media_Totals_Table) and the
 * per-term listing (MVS_Media_Term_Index), all in one transaction, so
 * concurrent writers cannot lose or double a delta. Items above the rebuild
 * cursor carry no delta: the rebuild counts them when it reaches them
 * (docs/list-totals.md, "Every write keeps it exact").
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- fragments are built from placeholders and passed through prepare(); the sniffs cannot follow them or count their placeholders.
 */
final class MVS_Media_Totals_Writer {

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
	 * Runs a write that may change items' keys and keeps their counts exact.
	 *
	 * @param int[]    $ids   Items the write touches.
	 * @param callable $write Performs the write; false means it failed (rolled back).
	 * @return mixed What $write returned.
	 */
	public function change( array $ids, callable $write ) {
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $ids ) ) ) );
		sort( $ids );
		return MVS_Transaction::run(
			function () use ( $ids, $write ) {
				$before = $this->keys( $ids );
				$result = $write();
				$after  = $this->keys( $ids );
				// A failed delta fails the write too.
				if ( false === $result || ! $this->apply( $ids, $before, $after ) ) {
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
	 * @param callable $write            Performs the write (given the IDs of the items held); false means it failed.
	 * @param bool     $listed           Also hold the items the term's listing still names (the daily check's heal).
	 * @return mixed What $write returned.
	 */
	public function change_term( int $term_taxonomy_id, callable $write, bool $listed = false ) {
		global $wpdb;
		return MVS_Transaction::run(
			function () use ( $wpdb, $term_taxonomy_id, $write, $listed ) {
				// Every tagging updates the term's count row in its transaction: holding
				// that row keeps new items from getting the term until this commits.
				$wpdb->get_var( $wpdb->prepare( "SELECT term_taxonomy_id FROM {$wpdb->term_taxonomy} WHERE term_taxonomy_id = %d FOR UPDATE", $term_taxonomy_id ) );
				$ids = $wpdb->get_col( $wpdb->prepare( "SELECT object_id FROM {$wpdb->term_relationships} WHERE term_taxonomy_id = %d", $term_taxonomy_id ) );
				if ( $listed ) {
					$ids = array_merge( $ids, $wpdb->get_col( $wpdb->prepare( "SELECT media_id FROM {$wpdb->mvs_media_term_index} WHERE term_taxonomy_id = %d", $term_taxonomy_id ) ) );
				}
				return $this->change(
					$ids,
					static function () use ( $write, $ids ) {
						return $write( $ids );
					}
				);
			}
		);
	}

	/**
	 * Runs an insert of one item and counts the new item.
	 *
	 * @param callable $insert Inserts the row; returns its ID, or false on failure.
	 * @return int|false The new ID.
	 */
	public function create( callable $insert ) {
		$id = MVS_Transaction::run(
			function () use ( $insert ) {
				$id = $insert();
				return false !== $id && $this->apply( array( (int) $id ), array(), $this->keys( array( (int) $id ) ) ) ? (int) $id : false;
			}
		);
		return false === $id ? false : (int) $id;
	}

	/**
	 * Locks the items' rows and reads their keys.
	 *
	 * @param int[] $ids Item IDs.
	 * @return array<int, array{status: string, privacy: string, group: int, type: string, author: int, day: string, bytes: int, terms: int[]}> Keys of the items that exist.
	 */
	private function keys( array $ids ): array {
		global $wpdb;
		if ( ! $ids ) {
			return array();
		}
		$in   = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$keys = array();
		// The item rows are locked, so no other writer changes their keys or
		// terms until this transaction ends (every writer goes through change()).
		foreach ( (array) $wpdb->get_results( $wpdb->prepare( "SELECT id, moderation_status, privacy, group_id, media_type, author_id, file_size, created_at FROM {$wpdb->mvs_media} WHERE id IN ({$in}) FOR UPDATE", $ids ) ) as $row ) {
			$keys[ (int) $row->id ] = array(
				'status'  => (string) $row->moderation_status,
				'privacy' => (string) $row->privacy,
				'group'   => 'group' === $row->privacy ? (int) $row->group_id : 0,
				'type'    => (string) $row->media_type,
				// Not a totals key, but the listing's block filter reads it.
				'author'  => (int) $row->author_id,
				// Not totals keys either: the overview's day rows (MVS_Media_Daily).
				'day'     => MVS_Media_Daily::midnight( (string) $row->created_at ),
				'bytes'   => (int) $row->file_size,
				'terms'   => array(),
			);
		}
		if ( ! $keys ) {
			return $keys;
		}
		$in    = implode( ', ', array_fill( 0, count( $keys ), '%d' ) );
		$taxes = implode( ', ', array_fill( 0, count( MVS_Taxonomies::MEDIA ), '%s' ) );
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT tr.object_id, tr.term_taxonomy_id FROM {$wpdb->term_relationships} tr"
				. " INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id"
				. " WHERE tr.object_id IN ({$in}) AND tt.taxonomy IN ({$taxes})",
				array_merge( array_keys( $keys ), MVS_Taxonomies::MEDIA )
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
	private function apply( array $ids, array $before, array $after ): bool {
		$delta = array();
		foreach ( $ids as $id ) {
			$old = $before[ $id ] ?? null;
			$new = $after[ $id ] ?? null;
			if ( $old === $new || ! $this->cursor->counted( $id ) ) {
				continue;
			}
			// Item rows are locked in ID order, so listing rows are written in one order too.
			if ( ! MVS_Media_Term_Index::apply( $id, $old, $new ) || ! MVS_Media_Daily::apply( $id, $old, $new ) ) {
				return false;
			}
			$sides = array(
				-1 => $old,
				1  => $new,
			);
			foreach ( $sides as $sign => $item ) {
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
			if ( 0 !== $n && ! $this->table->add( json_decode( $key, true ), $n ) ) {
				return false;
			}
		}
		return true;
	}
}
