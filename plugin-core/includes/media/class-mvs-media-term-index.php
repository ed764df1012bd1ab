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
 * The rows are written only by MVS_Media_Totals, in the same transaction and
 * under the same item locks and rebuild cursor as the totals: both are exact
 * together, or neither is read.
 *
 * phpcs:disable WordPress.DB.DirectDatabaseQuery -- custom table; written inside the writers' transactions.
 * phpcs:disable WordPress.DB.PreparedSQL.NotPrepared -- fragments are built from placeholders and passed through prepare().
 */
final class MVS_Media_Term_Index {

	/**
	 * Columns of a row, in the order rows() builds them.
	 */
	const COLUMNS = 'term_taxonomy_id, moderation_status, privacy, media_id, group_id, media_type, author_id';

	/**
	 * Brings one item's rows from its keys before a write to its keys after.
	 * Only rows that differ are touched: a tag added to an item is one insert.
	 *
	 * @param int        $id     Item ID.
	 * @param array|null $before Keys before (MVS_Media_Totals::keys()), null when the item did not exist.
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
	 * @param array|null $keys Its keys (MVS_Media_Totals::keys()), or null.
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
	 * The rows of items in (after, upto], as one SELECT (the rebuild inserts
	 * it; the drift check compares with it).
	 *
	 * @param int $after Lowest ID excluded.
	 * @param int $upto  Highest ID included.
	 * @return array{0: string, 1: array} SELECT of COLUMNS, and its arguments.
	 */
	private static function expected_sql( int $after, int $upto ): array {
		global $wpdb;
		$taxes = implode( ', ', array_fill( 0, count( MVS_Media_Totals::TAXONOMIES ), '%s' ) );
		return array(
			"SELECT tr.term_taxonomy_id, m.moderation_status, m.privacy, m.id AS media_id, CASE WHEN m.privacy = 'group' THEN m.group_id ELSE 0 END AS group_id, m.media_type, m.author_id"
			. " FROM {$wpdb->mvs_media} m INNER JOIN {$wpdb->term_relationships} tr ON tr.object_id = m.id"
			. " INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id"
			. " WHERE m.id > %d AND m.id <= %d AND tt.taxonomy IN ({$taxes})",
			array_merge( array( $after, $upto ), MVS_Media_Totals::TAXONOMIES ),
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
		list( $sql, $args ) = self::expected_sql( $after, $upto );
		return false !== $wpdb->query( $wpdb->prepare( 'INSERT INTO ' . $wpdb->mvs_media_term_index . ' (' . self::COLUMNS . ") {$sql}", $args ) );
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
	 * Whether the listing differs from the media table: it equals it exactly
	 * when it holds as many rows as expected and each expected row finds its
	 * listing row with every column equal (a row per term and item, so
	 * matches pair them one to one). Linear: for the daily check and the
	 * tests only. The match is driven from the relationships and probes the
	 * listing's primary key (term, status, privacy, item) row by row: joining
	 * the expected rows as a derived table materialized them twice and read
	 * 20 million rows in 80 s at a million items.
	 *
	 * @return array{key: string[], stored: int, actual: int, matching: int}|null The difference, or null.
	 */
	public static function drift(): ?array {
		global $wpdb;
		list( $sql, $args ) = self::expected_sql( 0, PHP_INT_MAX );
		$from               = substr( $sql, strpos( $sql, ' FROM ' ) );
		$row                = $wpdb->get_row(
			$wpdb->prepare(
				// Named columns: wpdb keys a row by column name, and the last two
				// expressions begin alike (unnamed, their names could collide).
				"SELECT ( SELECT COUNT(*) FROM {$wpdb->mvs_media_term_index} ) AS stored, ( SELECT COUNT(*){$from} ) AS actual,"
				. " ( SELECT COUNT(*){$from} AND EXISTS ( SELECT 1 FROM {$wpdb->mvs_media_term_index} k"
				. ' WHERE k.term_taxonomy_id = tr.term_taxonomy_id AND k.moderation_status = m.moderation_status AND k.privacy = m.privacy AND k.media_id = m.id'
				. " AND k.group_id = CASE WHEN m.privacy = 'group' THEN m.group_id ELSE 0 END AND k.media_type = m.media_type AND k.author_id = m.author_id ) ) AS matching",
				array_merge( $args, $args )
			),
			ARRAY_N
		);
		$stored   = (int) ( $row[0] ?? 0 );
		$actual   = (int) ( $row[1] ?? 0 );
		$matching = (int) ( $row[2] ?? 0 );
		if ( $stored === $actual && $actual === $matching ) {
			return null;
		}
		return array(
			'key'      => array( 'term_index' ),
			'stored'   => $stored,
			'actual'   => $actual,
			'matching' => $matching,
		);
	}
}
