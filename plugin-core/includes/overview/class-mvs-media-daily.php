<?php
/**
 * Items and bytes per upload day and media type, kept with the list totals.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The rows of mvs_media_daily: how many existing items were uploaded on each
 * UTC day, per media type, and their original files' bytes. Written only by
 * the totals' writer (apply(), in each write's transaction), the rebuild
 * (fill()) and its reset (clear()), like the per-term listing, so it is as
 * exact as the list totals (docs/community-overview.md).
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- table names only; values go through prepare().
 */
final class MVS_Media_Daily {

	/**
	 * Moves one item's day row from its keys before a write to its keys after.
	 *
	 * @param int        $id  Item (unused: the keys carry what the row needs).
	 * @param array|null $old Keys before (MVS_Media_Totals_Writer::keys()), null for a new item.
	 * @param array|null $new Keys after, null for a deleted item.
	 * @return bool Whether every statement ran.
	 */
	public static function apply( int $id, ?array $old, ?array $new ): bool {
		unset( $id );
		$old_key = null === $old ? null : array( $old['day'], $old['type'], $old['bytes'] );
		$new_key = null === $new ? null : array( $new['day'], $new['type'], $new['bytes'] );
		if ( $old_key === $new_key ) {
			return true;
		}
		return ( null === $old_key || self::add( $old_key[0], $old_key[1], -1, -$old_key[2] ) )
			&& ( null === $new_key || self::add( $new_key[0], $new_key[1], 1, $new_key[2] ) );
	}

	/**
	 * Adds items and bytes (positive or negative) to one day's row.
	 *
	 * @param string $day   Midnight of the day, Y-m-d 00:00:00.
	 * @param string $type  Media type.
	 * @param int    $items Delta of items.
	 * @param int    $bytes Delta of bytes.
	 * @return bool
	 */
	private static function add( string $day, string $type, int $items, int $bytes ): bool {
		global $wpdb;
		if ( $items > 0 ) {
			return false !== $wpdb->query(
				$wpdb->prepare(
					"INSERT INTO {$wpdb->mvs_media_daily} (day, media_type, items, bytes) VALUES (%s, %s, %d, %d) ON DUPLICATE KEY UPDATE items = items + %d, bytes = bytes + %d",
					$day,
					$type,
					$items,
					max( 0, $bytes ),
					$items,
					max( 0, $bytes )
				)
			);
		}
		// Unsigned columns: never below zero (a drift a rebuild repairs, not an error here).
		return false !== $wpdb->query(
			$wpdb->prepare(
				"UPDATE {$wpdb->mvs_media_daily} SET items = CASE WHEN items > %d THEN items - %d ELSE 0 END, bytes = CASE WHEN bytes > %d THEN bytes - %d ELSE 0 END WHERE day = %s AND media_type = %s",
				-$items,
				-$items,
				-$bytes,
				-$bytes,
				$day,
				$type
			)
		);
	}

	/**
	 * Counts the items with IDs in (after, upto] (one rebuild batch, in its transaction).
	 *
	 * @param int $after Lowest ID excluded.
	 * @param int $upto  Highest ID included.
	 * @return bool
	 */
	public static function fill( int $after, int $upto ): bool {
		global $wpdb;
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT DATE(created_at) AS day, media_type, COUNT(*) AS items, COALESCE(SUM(file_size), 0) AS bytes FROM {$wpdb->mvs_media} WHERE id > %d AND id <= %d GROUP BY DATE(created_at), media_type",
				$after,
				$upto
			)
		);
		$ok   = true;
		foreach ( (array) $rows as $row ) {
			$ok = $ok && self::add( self::midnight( (string) $row->day ), (string) $row->media_type, (int) $row->items, (int) $row->bytes );
		}
		return $ok;
	}

	/**
	 * Empties the table (the reset before a full rebuild).
	 *
	 * @return bool
	 */
	public static function clear(): bool {
		global $wpdb;
		return false !== $wpdb->query( "DELETE FROM {$wpdb->mvs_media_daily}" );
	}

	/**
	 * Midnight of a stored datetime's day, as the table keys it.
	 *
	 * @param string $datetime Y-m-d H:i:s or Y-m-d (UTC).
	 * @return string
	 */
	public static function midnight( string $datetime ): string {
		return substr( $datetime, 0, 10 ) . ' 00:00:00';
	}
}
