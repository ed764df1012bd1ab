<?php
/**
 * Rows of the list totals table.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * mvs_media_totals holds, per key (term_taxonomy_id: 0 for every item, or a
 * tag's / category's; moderation status; privacy; group for group items;
 * media type), how many items have that key (docs/list-totals.md). This
 * class writes those rows; the writer, the rebuild and the daily check
 * decide when, inside their transactions.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- fragments are built from placeholders and passed through prepare().
 */
final class MVS_Media_Totals_Table {

	/**
	 * Adds $n (positive or negative) to one key's count.
	 *
	 * @param array $key array( term_taxonomy_id, status, privacy, group, type ).
	 * @param int   $n   Delta.
	 * @return bool
	 */
	public function add( array $key, int $n ): bool {
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
	 * Adds the counts of items with IDs in (after, upto], recounted from the
	 * media table (one rebuild batch, in its transaction).
	 *
	 * @param int $after Lowest ID excluded.
	 * @param int $upto  Highest ID included.
	 * @return bool Whether every statement ran.
	 */
	public function count_range( int $after, int $upto ): bool {
		global $wpdb;
		$taxes = implode( ', ', array_fill( 0, count( MVS_Taxonomies::MEDIA ), '%s' ) );
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
		$args  = array_merge( array( $after, $upto, $after, $upto ), MVS_Taxonomies::MEDIA );
		$ok    = true;
		foreach ( (array) $wpdb->get_results( $wpdb->prepare( $sql, $args ), ARRAY_N ) as $row ) {
			$ok = $this->add( array( (int) $row[0], (string) $row[1], (string) $row[2], (int) $row[3], (string) $row[4] ), (int) $row[5] ) && $ok;
		}
		return $ok;
	}

	/**
	 * Rewrites one term's counts from its listing rows (the daily check's
	 * heal, after the listing was rewritten in the same transaction).
	 *
	 * @param int $term_taxonomy_id Term.
	 * @return bool
	 */
	public function recount_term( int $term_taxonomy_id ): bool {
		global $wpdb;
		return false !== $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_media_totals} WHERE term_taxonomy_id = %d", $term_taxonomy_id ) )
			&& false !== $wpdb->query(
				$wpdb->prepare(
					"INSERT INTO {$wpdb->mvs_media_totals} (term_taxonomy_id, moderation_status, privacy, group_id, media_type, items)"
					. " SELECT term_taxonomy_id, moderation_status, privacy, group_id, media_type, COUNT(*) FROM {$wpdb->mvs_media_term_index}"
					. ' WHERE term_taxonomy_id = %d GROUP BY term_taxonomy_id, moderation_status, privacy, group_id, media_type',
					$term_taxonomy_id
				)
			);
	}

	/**
	 * Empties the table (the reset before a full rebuild).
	 *
	 * @return bool
	 */
	public function clear(): bool {
		global $wpdb;
		return false !== $wpdb->query( "DELETE FROM {$wpdb->mvs_media_totals}" );
	}
}
