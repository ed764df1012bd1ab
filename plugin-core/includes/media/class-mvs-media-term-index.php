<?php
/**
 * The per-term listing: a tag's or category's items in visibility-key order.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * mvs_media_term_index holds one row per (tag or category, item), carrying
 * the item's moderation status, privacy, group, type and author. Its primary
 * key (term_taxonomy_id, moderation_status, privacy, media_id) makes each
 * visibility branch of a term's page one range read in id order, stopping
 * after per_page entries, where the EXISTS over term_relationships had to
 * gather and sort every item of the term (docs/list-totals.md).
 *
 * The rows are written only by the totals (MVS_Media_Totals_Writer, the
 * rebuild and the daily check's heal), in the same transaction and
 * under the same item locks and rebuild cursor as the totals: both are exact
 * together, or neither is read.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- fragments are built from placeholders and passed through prepare(); the sniffs cannot follow or count them.
 */
final class MVS_Media_Term_Index {

	/**
	 * Columns of a row, in the order rows() builds them.
	 */
	const COLUMNS = 'term_taxonomy_id, moderation_status, privacy, media_id, group_id, media_type, author_id';

	/**
	 * The same columns of an expected row, read from the media table and the
	 * relationships (see expected_from()).
	 */
	const EXPECTED = "tr.term_taxonomy_id, m.moderation_status, m.privacy, m.id, CASE WHEN m.privacy = 'group' THEN m.group_id ELSE 0 END, m.media_type, m.author_id";

	/**
	 * Brings one item's rows from its keys before a write to its keys after.
	 * Only rows that differ are touched: a tag added to an item is one insert.
	 *
	 * @param int        $id     Item ID.
	 * @param array|null $before Keys before (MVS_Media_Totals_Writer::keys()), null when the item did not exist.
	 * @param array|null $after  Keys after, null when the item is gone.
	 * @return bool Whether every statement ran.
	 */
	public static function apply( int $id, ?array $before, ?array $after ): bool {
		global $wpdb;
		$old  = self::rows( $id, $before );
		$new  = self::rows( $id, $after );
		$gone = array();
		foreach ( $old as $tt => $row ) {
			if ( ! isset( $new[ $tt ] ) || $new[ $tt ] !== $row ) {
				$gone[] = $tt;
			}
		}
		$added = array();
		foreach ( $new as $tt => $row ) {
			if ( ! isset( $old[ $tt ] ) || $old[ $tt ] !== $row ) {
				$added[] = $row;
			}
		}
		if ( $gone ) {
			// Primary-key lookups: the old status and privacy are part of the key.
			$ok = false !== $wpdb->query(
				$wpdb->prepare(
					"DELETE FROM {$wpdb->mvs_media_term_index} WHERE term_taxonomy_id IN (" . implode( ', ', array_fill( 0, count( $gone ), '%d' ) ) . ') AND moderation_status = %s AND privacy = %s AND media_id = %d',
					array_merge( $gone, array( $before['status'], $before['privacy'], $id ) )
				)
			);
			if ( ! $ok ) {
				return false;
			}
		}
		if ( ! $added ) {
			return true;
		}
		$values = implode( ', ', array_fill( 0, count( $added ), '(%d, %s, %s, %d, %d, %s, %d)' ) );
		return false !== $wpdb->query( $wpdb->prepare( 'INSERT INTO ' . $wpdb->mvs_media_term_index . ' (' . self::COLUMNS . ") VALUES {$values}", array_merge( ...$added ) ) );
	}

	/**
	 * An item's rows, by term.
	 *
	 * @param int        $id   Item ID.
	 * @param array|null $keys Its keys (MVS_Media_Totals_Writer::keys()), or null.
	 * @return array<int, array> term_taxonomy_id => row values in COLUMNS order.
	 */
	private static function rows( int $id, ?array $keys ): array {
		$rows = array();
		foreach ( null === $keys ? array() : $keys['terms'] as $tt ) {
			$rows[ $tt ] = array( $tt, $keys['status'], $keys['privacy'], $id, $keys['group'], $keys['type'], $keys['author'] );
		}
		return $rows;
	}

	/**
	 * The expected rows' tables: every relationship of an item with a term of
	 * the listed taxonomies. Built apart from its columns and conditions so
	 * that the rebuild (a range of items) and the daily check (one term, by
	 * the relationships' term index) each add their own.
	 *
	 * @return array{0: string, 1: array} FROM ... joins, and the condition on the taxonomies (with its arguments) to AND into a WHERE.
	 */
	private static function expected_from(): array {
		global $wpdb;
		$taxes = implode( ', ', array_fill( 0, count( MVS_Taxonomies::MEDIA ), '%s' ) );
		return array(
			" FROM {$wpdb->mvs_media} m INNER JOIN {$wpdb->term_relationships} tr ON tr.object_id = m.id"
			. " INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id",
			"tt.taxonomy IN ({$taxes})",
			MVS_Taxonomies::MEDIA,
		);
	}

	/**
	 * Adds the rows of items in (after, upto]: one batch of the rebuild, in its transaction.
	 *
	 * @param int $after Lowest ID excluded.
	 * @param int $upto  Highest ID included.
	 * @return bool
	 */
	public static function fill( int $after, int $upto ): bool {
		global $wpdb;
		list( $from, $taxonomies, $args ) = self::expected_from();
		return false !== $wpdb->query(
			$wpdb->prepare(
				'INSERT INTO ' . $wpdb->mvs_media_term_index . ' (' . self::COLUMNS . ') SELECT ' . self::EXPECTED . "{$from} WHERE m.id > %d AND m.id <= %d AND {$taxonomies}",
				array_merge( array( $after, $upto ), $args )
			)
		);
	}

	/**
	 * Rewrites one term's rows from its relationships (the daily check's
	 * heal, inside a transaction that holds the term and its items).
	 *
	 * @param int $term_taxonomy_id Term.
	 * @return bool
	 */
	public static function refill_term( int $term_taxonomy_id ): bool {
		global $wpdb;
		list( $from, $taxonomies, $args ) = self::expected_from();
		return false !== $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_media_term_index} WHERE term_taxonomy_id = %d", $term_taxonomy_id ) )
			&& false !== $wpdb->query(
				$wpdb->prepare(
					'INSERT INTO ' . $wpdb->mvs_media_term_index . ' (' . self::COLUMNS . ') SELECT ' . self::EXPECTED . "{$from} WHERE tr.term_taxonomy_id = %d AND {$taxonomies}",
					array_merge( array( $term_taxonomy_id ), $args )
				)
			);
	}

	/**
	 * Empties the listing (the totals' reset restarts the rebuild).
	 *
	 * @return bool
	 */
	public static function clear(): bool {
		global $wpdb;
		return false !== $wpdb->query( "DELETE FROM {$wpdb->mvs_media_term_index}" );
	}

	/**
	 * One term's listing against its relationships, as parts of the daily
	 * check's statement (MVS_Media_Totals_Checks::check_term(), which adds the
	 * term's totals so that one read view sees all three).
	 *
	 * The listing holds exactly the term's expected rows when it has as many
	 * rows as the term has relationships with items, and each relationship
	 * finds its listing row by primary key with every column equal (one row
	 * per term and item, so matches pair them one to one). Both read only
	 * the term: its range of the listing's primary key, its range of the
	 * relationships' term index and one item row per relationship.
	 *
	 * @param int $term_taxonomy_id Term.
	 * @return array{listed: array{0: string, 1: array}, related: array{0: string, 1: array}} SELECTs of the listing's rows per totals key
	 *         (moderation_status, privacy, group_id, media_type, items), and of (related, matching).
	 */
	public static function check_sql( int $term_taxonomy_id ): array {
		global $wpdb;
		list( $from, $taxonomies, $args ) = self::expected_from();
		return array(
			'listed'  => array(
				"SELECT moderation_status, privacy, group_id, media_type, COUNT(*) AS items FROM {$wpdb->mvs_media_term_index}"
				. ' WHERE term_taxonomy_id = %d GROUP BY moderation_status, privacy, group_id, media_type',
				array( $term_taxonomy_id ),
			),
			'related' => array(
				// COUNT(k.media_id) counts the relationships whose listing row matched.
				"SELECT COUNT(*) AS related, COUNT(k.media_id) AS matching{$from}"
				. " LEFT JOIN {$wpdb->mvs_media_term_index} k ON k.term_taxonomy_id = tr.term_taxonomy_id AND k.moderation_status = m.moderation_status"
				. " AND k.privacy = m.privacy AND k.media_id = m.id AND k.group_id = CASE WHEN m.privacy = 'group' THEN m.group_id ELSE 0 END"
				. ' AND k.media_type = m.media_type AND k.author_id = m.author_id'
				. " WHERE tr.term_taxonomy_id = %d AND {$taxonomies}",
				array_merge( array( $term_taxonomy_id ), $args ),
			),
		);
	}
}
