<?php
/**
 * Drops items' copies of their terms when the terms change.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every write that changes what a copy (MVS_Media_Terms_Copy) holds sets it
 * to NULL for the items it touches, after the change (the hooks of
 * register(): an item's terms set or removed, a tag or category renamed or
 * its slug changed, a shared term split; POST /tags/merge, which moves
 * relationships in SQL, calls invalidate() itself). Each invalidation also
 * bumps `terms_rev`, and a refill writes a copy only where the revision is
 * still the one it read before reading the terms: a refill that read the
 * terms before a concurrent rename never writes what it read over the
 * rename's NULL. Writes of our own routes (MVS_Media_Terms::apply()) write
 * the copy back in their own transaction (write_through()); a new item
 * starts with an empty copy, so an upload's item is never without one.
 *
 * What no hook reports, a plugin writing term_relationships in SQL, leaves
 * copies stale: such code calls invalidate( $ids ), or
 * do_action( 'mvs_media_terms_changed', $ids ).
 *
 * Static: WordPress's term hooks call it, and the write-through depth and
 * the names of terms being edited are one per request, shared by those hooks.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- every fragment is built from placeholders and passed through prepare().
 */
final class MVS_Media_Terms_Copy_Invalidation {

	/**
	 * IDs per invalidating UPDATE.
	 */
	const CHUNK = 1000;

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
	 * Wires the invalidating hooks.
	 */
	public static function register(): void {
		add_action( 'set_object_terms', array( __CLASS__, 'on_object_terms' ), 10, 4 );
		add_action( 'deleted_term_relationships', array( __CLASS__, 'on_deleted_relationships' ), 10, 3 );
		add_action( 'edit_terms', array( __CLASS__, 'before_term_edit' ), 10, 2 );
		add_action( 'edited_term', array( __CLASS__, 'on_term_edited' ), 10, 3 );
		add_action( 'split_shared_term', array( __CLASS__, 'on_term_split' ), 10, 4 );
		add_action( 'mvs_media_terms_changed', array( __CLASS__, 'invalidate' ) );
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
		if ( in_array( $taxonomy, MVS_Taxonomies::MEDIA, true ) ) {
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
		if ( in_array( $taxonomy, MVS_Taxonomies::MEDIA, true ) ) {
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
		if ( in_array( $taxonomy, MVS_Taxonomies::MEDIA, true ) ) {
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
		if ( ! in_array( $taxonomy, MVS_Taxonomies::MEDIA, true ) ) {
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
		if ( in_array( $taxonomy, MVS_Taxonomies::MEDIA, true ) ) {
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
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholders are in the interpolated fragment.
			$changed += (int) $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media} SET terms_copy = NULL, terms_rev = ( terms_rev + 1 ) %% 4294967296 WHERE id IN ({$in})", $chunk ) );
		}
		if ( $changed > 0 && 0 === self::$inline ) {
			MVS_Media_Terms_Copy_Refill::schedule();
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
		$refill = new MVS_Media_Terms_Copy_Refill();
		if ( false !== $result && false === $refill->refill_items( $ids ) ) {
			MVS_Media_Terms_Copy_Refill::schedule();
		}
		return $result;
	}
}
