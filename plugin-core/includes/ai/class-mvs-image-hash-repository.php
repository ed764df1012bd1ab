<?php
/**
 * Data access of the image hashes (mvs_media_hashes).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prepared queries behind hashing, matching and the desk's display: each
 * is one statement whatever the number of items (see docs/moderation.md,
 * "Image hashes").
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- every fragment is built from placeholders (one per value) and the values go through prepare() as one array.
 */
final class MVS_Image_Hash_Repository {

	/**
	 * Stores an item's hash; a replaced file's earlier hash and match go.
	 *
	 * @param int    $media_id Media ID.
	 * @param string $hash     16 hex digits.
	 * @param bool   $rejected Whether the item is rejected now.
	 */
	public function save( int $media_id, string $hash, bool $rejected ): void {
		global $wpdb;
		$bands = MVS_Image_Hash::bands( $hash );
		$wpdb->replace(
			$wpdb->mvs_media_hashes,
			array(
				'media_id'   => $media_id,
				'phash'      => $hash,
				'band0'      => $bands[0],
				'band1'      => $bands[1],
				'band2'      => $bands[2],
				'band3'      => $bands[3],
				'rejected'   => $rejected ? 1 : 0,
				'created_at' => current_time( 'mysql', true ),
			)
		);
	}

	/**
	 * Forgets an item's hash (its file is no image any more).
	 *
	 * @param int $media_id Media ID.
	 */
	public function delete( int $media_id ): void {
		global $wpdb;
		$wpdb->delete( $wpdb->mvs_media_hashes, array( 'media_id' => $media_id ) );
	}

	/**
	 * An item's stored hash.
	 *
	 * @param int $media_id Media ID.
	 * @return string|null
	 */
	public function hash( int $media_id ): ?string {
		global $wpdb;
		$hash = $wpdb->get_var( $wpdb->prepare( "SELECT phash FROM {$wpdb->mvs_media_hashes} WHERE media_id = %d", $media_id ) );
		return null === $hash ? null : (string) $hash;
	}

	/**
	 * Marks an item as rejected or not: only rejected items are matched against.
	 *
	 * @param int  $media_id Media ID.
	 * @param bool $rejected Whether it is rejected now.
	 * @return bool Whether a hash row exists for it.
	 */
	public function set_rejected( int $media_id, bool $rejected ): bool {
		global $wpdb;
		$wpdb->update( $wpdb->mvs_media_hashes, array( 'rejected' => $rejected ? 1 : 0 ), array( 'media_id' => $media_id ) );
		return $wpdb->rows_affected > 0 || null !== $this->hash( $media_id );
	}

	/**
	 * Rejected items whose hash has a band within one bit of the given
	 * hash's (every item within 7 bits among them: MVS_Image_Hash::near()),
	 * with their latest rejection. One query: each band's index is read
	 * for 17 values behind rejected = 1 (an index merge), the join keeps
	 * only items still rejected, and on MariaDB BIT_COUNT keeps only those
	 * within MATCH_DISTANCE, so a band value many pictures share (a plain
	 * sky) cannot crowd the true match out of the LIMIT. SQLite has no
	 * BIT_COUNT: there the caller measures every candidate.
	 *
	 * @param string $hash    16 hex digits.
	 * @param int    $exclude The item being matched.
	 * @return object[] media_id, phash, log_id.
	 */
	public function candidates( string $hash, int $exclude ): array {
		global $wpdb;
		$bands = MVS_Image_Hash::bands( $hash );
		$where = array();
		$args  = array();
		foreach ( $bands as $i => $band ) {
			$near    = MVS_Image_Hash::near( $band );
			$where[] = "h.band{$i} IN (" . implode( ', ', array_fill( 0, count( $near ), '%d' ) ) . ')';
			$args    = array_merge( $args, $near );
		}
		$args[]   = $exclude;
		$distance = '';
		if ( ! MVS_Db::is_sqlite() ) {
			$distance = ' AND BIT_COUNT( h.band0 ^ %d ) + BIT_COUNT( h.band1 ^ %d ) + BIT_COUNT( h.band2 ^ %d ) + BIT_COUNT( h.band3 ^ %d ) <= %d';
			$args     = array_merge( $args, $bands, array( MVS_Image_Hash::MATCH_DISTANCE ) );
		}
		return $wpdb->get_results(
			$wpdb->prepare(
				'SELECT h.media_id, h.phash,'
				. " ( SELECT MAX(l.id) FROM {$wpdb->mvs_moderation_log} l WHERE l.media_id = h.media_id AND l.action = 'reject' ) AS log_id"
				. " FROM {$wpdb->mvs_media_hashes} h JOIN {$wpdb->mvs_media} m ON m.id = h.media_id AND m.moderation_status = 'rejected'"
				. ' WHERE h.rejected = 1 AND ( ' . implode( ' OR ', $where ) . " ) AND h.media_id <> %d{$distance} LIMIT 50",
				$args
			)
		);
	}

	/**
	 * Records the earlier rejection an item resembles.
	 *
	 * @param int $media_id Media ID.
	 * @param int $match_id The earlier item.
	 * @param int $log_id   Its rejection (mvs_moderation_log).
	 * @param int $distance Bits in which the hashes differ.
	 */
	public function set_match( int $media_id, int $match_id, int $log_id, int $distance ): void {
		global $wpdb;
		$wpdb->update(
			$wpdb->mvs_media_hashes,
			array(
				'match_media_id' => $match_id,
				'match_log_id'   => $log_id,
				'match_distance' => $distance,
			),
			array( 'media_id' => $media_id )
		);
	}

	/**
	 * Hash and match of the given items, with the earlier item's title and
	 * its rejection (who, when, reason): one query for a page of the desk.
	 *
	 * @param int[] $ids Media IDs.
	 * @return object[]
	 */
	public function for_items( array $ids ): array {
		global $wpdb;
		if ( ! $ids ) {
			return array();
		}
		$in = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		return $wpdb->get_results(
			$wpdb->prepare(
				'SELECT h.media_id, h.phash, h.match_media_id, h.match_distance, mm.title AS match_title,'
				. ' l.actor_id AS match_actor_id, u.display_name AS match_actor_name, l.reason AS match_reason, l.created_at AS match_decided_at'
				. " FROM {$wpdb->mvs_media_hashes} h"
				. " LEFT JOIN {$wpdb->mvs_media} mm ON mm.id = h.match_media_id"
				. " LEFT JOIN {$wpdb->mvs_moderation_log} l ON l.id = h.match_log_id"
				. " LEFT JOIN {$wpdb->users} u ON u.ID = l.actor_id"
				. " WHERE h.media_id IN ({$in})",
				$ids
			)
		);
	}
}
