<?php
/**
 * A copy of each item's tags and category on its own row, so that a page of
 * items reads them with its rows instead of joining WordPress's three term
 * tables for every page.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * `mvs_media.terms_copy` holds an item's tags (sorted as the API lists them)
 * and category as JSON: `{"tags":[{id,name,slug}…],"category":{id,name,slug}|null}`.
 * It is a cache, never the truth: WordPress's term tables stay the record,
 * and every read falls back to them for a row without a copy.
 *
 *   NULL  no copy: the page loader joins the term tables for the row, and the
 *         refill job (REFILL_HOOK) writes its copy.
 *   ''    too large to copy (a TEXT column holds 64 KB): always joined.
 *   JSON  the copy.
 *
 * Every write that changes what a copy holds sets it to NULL for the items
 * it touches, after the change (the hooks of register(): an item's terms set
 * or removed, a tag or category renamed or its slug changed, a shared term
 * split; POST /tags/merge, which moves relationships in SQL, calls
 * invalidate() itself). Each invalidation also bumps `terms_rev`, and a
 * refill writes a copy only where the revision is still the one it read
 * before reading the terms: a refill that read the terms before a concurrent
 * rename never writes what it read over the rename's NULL. Writes of our own
 * routes (MVS_Media_Terms::apply()) write the copy back in their own
 * transaction (write_through()); a new item starts with an empty copy
 * (MVS_Media_Repository::insert()), so an upload's item is never without one.
 *
 * What no hook reports, a plugin writing term_relationships in SQL, leaves
 * copies stale: such code calls MVS_Media_Terms_Copy::invalidate( $ids ), or
 * do_action( 'mvs_media_terms_changed', $ids ).
 *
 * phpcs:disable WordPress.DB.DirectDatabaseQuery -- a cache column of the plugin's own table, written and read by ID.
 * phpcs:disable WordPress.DB.PreparedSQL.NotPrepared -- every fragment is built from placeholders and passed through prepare().
 */
final class MVS_Media_Terms_Copy {

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
	 * Largest copy stored (TEXT holds 65,535 bytes); a larger one is '' (always joined).
	 */
	const MAX_BYTES = 65535;

	/**
	 * IDs per invalidating UPDATE.
	 */
	const CHUNK = 1000;

	/**
	 * The copy of an item without tags or category (a new item's).
	 */
	const EMPTY_COPY = '{"tags":[],"category":null}';

	/**
	 * Depth of writes that refresh their items' copies before they return:
	 * their invalidations schedule no refill.
	 *
	 * @var int
	 */
	private static $inline = 0;

	/**
	 * Name and slug of terms being edited (edit_terms), to tell a rename from
	 * an edit that leaves every copy as it is (a description).
	 *
	 * @var array<int, string>
	 */
	private static $editing = array();

	/**
	 * Wires the invalidating hooks and the refill job.
	 */
	public static function register(): void {
		add_action( 'set_object_terms', array( __CLASS__, 'on_object_terms' ), 10, 4 );
		add_action( 'deleted_term_relationships', array( __CLASS__, 'on_deleted_relationships' ), 10, 3 );
		add_action( 'edit_terms', array( __CLASS__, 'before_term_edit' ), 10, 2 );
		add_action( 'edited_term', array( __CLASS__, 'on_term_edited' ), 10, 3 );
		add_action( 'split_shared_term', array( __CLASS__, 'on_term_split' ), 10, 4 );
		add_action( 'mvs_media_terms_changed', array( __CLASS__, 'invalidate' ) );
		add_action( self::REFILL_HOOK, array( __CLASS__, 'refill_job' ) );
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
	 * Stops the refill (deactivation, uninstall); the next invalidation or
	 * migration schedules it again, and reads stay right meanwhile.
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::REFILL_HOOK );
	}

	/**
	 * An item's terms were set (wp_set_object_terms(), after the write).
	 *
	 * @param int    $object_id Object ID.
	 * @param array  $terms     Terms given.
	 * @param array  $tt_ids    Term taxonomy IDs set.
	 * @param string $taxonomy  Taxonomy.
	 */
	public static function on_object_terms( $object_id, $terms, $tt_ids, $taxonomy ): void {
		if ( in_array( $taxonomy, MVS_Media_Totals::TAXONOMIES, true ) ) {
			self::invalidate( array( (int) $object_id ) );
		}
	}

	/**
	 * Terms were removed from an item (wp_remove_object_terms(), wp_delete_term()).
	 *
	 * @param int    $object_id Object ID.
	 * @param array  $tt_ids    Term taxonomy IDs removed.
	 * @param string $taxonomy  Taxonomy.
	 */
	public static function on_deleted_relationships( $object_id, $tt_ids, $taxonomy ): void {
		if ( in_array( $taxonomy, MVS_Media_Totals::TAXONOMIES, true ) ) {
			self::invalidate( array( (int) $object_id ) );
		}
	}

	/**
	 * Remembers a term's name and slug before wp_update_term() writes it.
	 *
	 * @param int    $term_id  Term ID.
	 * @param string $taxonomy Taxonomy.
	 */
	public static function before_term_edit( $term_id, $taxonomy ): void {
		if ( in_array( $taxonomy, MVS_Media_Totals::TAXONOMIES, true ) ) {
			$term                            = get_term( (int) $term_id, $taxonomy );
			self::$editing[ (int) $term_id ] = $term instanceof WP_Term ? $term->name . "\0" . $term->slug : '';
		}
	}

	/**
	 * A term was updated: its items' copies go if its name or slug changed.
	 *
	 * @param int    $term_id  Term ID.
	 * @param int    $tt_id    Term taxonomy ID.
	 * @param string $taxonomy Taxonomy.
	 */
	public static function on_term_edited( $term_id, $tt_id, $taxonomy ): void {
		if ( ! in_array( $taxonomy, MVS_Media_Totals::TAXONOMIES, true ) ) {
			return;
		}
		$before = self::$editing[ (int) $term_id ] ?? null;
		unset( self::$editing[ (int) $term_id ] );
		$term = get_term( (int) $term_id, $taxonomy );
		if ( null === $before || ! $term instanceof WP_Term || $term->name . "\0" . $term->slug !== $before ) {
			self::invalidate_term( (int) $tt_id );
		}
	}

	/**
	 * A term shared between taxonomies was split: its items now carry a new term ID.
	 *
	 * @param int    $term_id          Former term ID.
	 * @param int    $new_term_id      New term ID.
	 * @param int    $term_taxonomy_id Term taxonomy ID.
	 * @param string $taxonomy         Taxonomy.
	 */
	public static function on_term_split( $term_id, $new_term_id, $term_taxonomy_id, $taxonomy ): void {
		if ( in_array( $taxonomy, MVS_Media_Totals::TAXONOMIES, true ) ) {
			self::invalidate_term( (int) $term_taxonomy_id );
		}
	}

	/**
	 * Drops the copies of every item of a term (by its relationships' index).
	 *
	 * @param int $term_taxonomy_id Term taxonomy ID.
	 */
	public static function invalidate_term( int $term_taxonomy_id ): void {
		global $wpdb;
		$ids = $wpdb->get_col( $wpdb->prepare( "SELECT object_id FROM {$wpdb->term_relationships} WHERE term_taxonomy_id = %d", $term_taxonomy_id ) );
		self::invalidate( array_map( 'intval', $ids ) );
	}

	/**
	 * Drops the copies of items and bumps their revision, then schedules a
	 * refill when any row changed (unless the write refreshes its items
	 * itself): IDs that are not media (term relationships share their object
	 * IDs with posts) or items being deleted schedule nothing.
	 *
	 * @param int[] $ids Media IDs.
	 */
	public static function invalidate( $ids ): void {
		global $wpdb;
		$ids = array_values( array_unique( array_filter( array_map( 'intval', (array) $ids ) ) ) );
		if ( ! $ids ) {
			return;
		}
		$changed = 0;
		foreach ( array_chunk( $ids, self::CHUNK ) as $chunk ) {
			$in = implode( ', ', array_fill( 0, count( $chunk ), '%d' ) );
			// The revision wraps at 2^32 instead of overflowing the column.
			$changed += (int) $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media} SET terms_copy = NULL, terms_rev = ( terms_rev + 1 ) % 4294967296 WHERE id IN ({$in})", $chunk ) );
		}
		if ( $changed > 0 && 0 === self::$inline ) {
			self::schedule();
		}
	}

	/**
	 * Runs a write that changes the terms of the given items, then writes
	 * their copies back at once (in the caller's transaction, if any).
	 *
	 * @param int[]    $ids   Media IDs the write touches.
	 * @param callable $write The write; false when it failed.
	 * @return mixed The write's result.
	 */
	public static function write_through( array $ids, callable $write ) {
		++self::$inline;
		try {
			$result = $write();
		} finally {
			--self::$inline;
		}
		// A refill that failed leaves the rows without a copy (read from the term tables meanwhile): the job retries them.
		if ( false !== $result && false === self::refill_items( $ids ) ) {
			self::schedule();
		}
		return $result;
	}

	/**
	 * Decodes a row's copy.
	 *
	 * @param object $row mvs_media row.
	 * @return array{tags: array[], category: array|null}|null Null when the row has no usable copy.
	 */
	public static function read( $row ): ?array {
		if ( ! isset( $row->terms_copy ) || '' === $row->terms_copy ) {
			return null;
		}
		$copy = json_decode( (string) $row->terms_copy, true );
		return is_array( $copy ) && isset( $copy['tags'] ) && is_array( $copy['tags'] ) && array_key_exists( 'category', $copy ) ? $copy : null;
	}

	/**
	 * Terms of items from WordPress's term tables, in the shape of a copy.
	 *
	 * @param int[] $ids Media IDs.
	 * @return array<int, array{tags: array[], category: array|null}> Every ID, with or without terms.
	 */
	public static function from_terms( array $ids ): array {
		global $wpdb;
		$terms = array_fill_keys( $ids, array() );
		if ( ! $ids ) {
			return $terms;
		}
		$in   = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT tt.taxonomy AS kind, r.object_id, t.term_id, t.name AS term_name, t.slug AS term_slug' . self::terms_from( $in ), $ids ) );
		foreach ( (array) $rows as $row ) {
			self::collect( $terms, $row );
		}
		return self::finish( $terms );
	}

	/**
	 * FROM and WHERE of the join that reads items' tags and category (tt,
	 * the term taxonomy; r, the relationship; t, the term), for an IN list of
	 * placeholders: one place for both readers (from_terms(), the page loader).
	 *
	 * @param string $in Placeholders of the IDs.
	 * @return string
	 */
	public static function terms_from( string $in ): string {
		global $wpdb;
		return " FROM {$wpdb->term_relationships} r"
			. " INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = r.term_taxonomy_id"
			. " INNER JOIN {$wpdb->terms} t ON t.term_id = tt.term_id"
			. " WHERE r.object_id IN ({$in}) AND tt.taxonomy IN ('mvs_tag', 'mvs_category')";
	}

	/**
	 * Adds one row of the join (kind = the taxonomy, object_id, term_id, term_name, term_slug) to items' terms.
	 *
	 * @param array  $terms Terms by media ID (tags, category), added to.
	 * @param object $row   Row with kind, object_id, term_id, term_name, term_slug.
	 */
	public static function collect( array &$terms, $row ): void {
		$term = array(
			'id'   => (int) $row->term_id,
			'name' => (string) $row->term_name,
			'slug' => (string) $row->term_slug,
		);
		if ( MVS_Tag_Repository::TAXONOMY === $row->kind ) {
			$terms[ (int) $row->object_id ]['tags'][] = $term;
		} else {
			$terms[ (int) $row->object_id ]['category'] = $term;
		}
	}

	/**
	 * Puts collected terms in the copy's shape: tags sorted, both keys set.
	 *
	 * @param array $terms Terms by media ID from collect().
	 * @return array<int, array{tags: array[], category: array|null}>
	 */
	public static function finish( array $terms ): array {
		foreach ( $terms as $id => $item ) {
			$terms[ $id ] = array(
				'tags'     => isset( $item['tags'][1] ) ? self::sort_tags( $item['tags'] ) : ( $item['tags'] ?? array() ),
				'category' => $item['category'] ?? null,
			);
		}
		return $terms;
	}

	/**
	 * Writes the copies of items that have none, each only if its revision
	 * is still the one read before its terms were.
	 *
	 * @param int[] $ids Media IDs.
	 * @return int|false Copies written, false when the write failed.
	 */
	public static function refill_items( array $ids ) {
		global $wpdb;
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $ids ) ) ) );
		if ( ! $ids ) {
			return 0;
		}
		$in   = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$revs = $wpdb->get_results( $wpdb->prepare( "SELECT id, terms_rev FROM {$wpdb->mvs_media} WHERE id IN ({$in}) AND terms_copy IS NULL", $ids ) );
		return self::write( (array) $revs );
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
	public static function refill( int $limit = self::BATCH ): array {
		global $wpdb;
		$revs = (array) $wpdb->get_results( $wpdb->prepare( "SELECT id, terms_rev FROM {$wpdb->mvs_media} WHERE terms_copy IS NULL LIMIT %d", $limit ) );
		return array(
			'rows'    => count( $revs ),
			'written' => $revs ? self::write( $revs ) : 0,
		);
	}

	/**
	 * The WP-Cron job: refills within the time budget, and schedules the
	 * next run a minute later while rows without a copy remain.
	 *
	 * @return int Copies written by this run.
	 */
	public static function refill_job(): int {
		$started = microtime( true );
		$written = 0;
		while ( microtime( true ) - $started < self::TIME_BUDGET ) {
			$step = self::refill();
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
	private static function write( array $revs ) {
		global $wpdb;
		if ( ! $revs ) {
			return 0;
		}
		$ids   = array_map( 'intval', wp_list_pluck( $revs, 'id' ) );
		$terms = self::from_terms( $ids );
		$cases = array();
		$args  = array();
		$where = array();
		$keys  = array();
		foreach ( $revs as $rev ) {
			$id   = (int) $rev->id;
			$copy = wp_json_encode( $terms[ $id ] );
			if ( ! is_string( $copy ) || strlen( $copy ) > self::MAX_BYTES ) {
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

	/**
	 * An item's tags by name as the terms table's collation orders them
	 * (utf8mb4_unicode_ci: case and accents aside), then by slug: what an
	 * ORDER BY of the join gave. Accents are folded only for names that have
	 * any, so an all-ASCII item pays a case-insensitive compare alone.
	 *
	 * @param array[] $tags {id, name, slug} of one item.
	 * @return array[]
	 */
	public static function sort_tags( array $tags ): array {
		$keys = array();
		foreach ( $tags as $i => $tag ) {
			$name       = $tag['name'];
			$keys[ $i ] = strtolower( preg_match( '/[\x80-\xff]/', $name ) ? remove_accents( $name ) : $name ) . "\0" . $tag['slug'];
		}
		asort( $keys, SORT_STRING );
		$sorted = array();
		foreach ( array_keys( $keys ) as $i ) {
			$sorted[] = $tags[ $i ];
		}
		return $sorted;
	}
}
