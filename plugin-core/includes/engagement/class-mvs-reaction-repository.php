<?php
/**
 * Data access for reactions: every SQL statement of the reaction routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * One row per member and item (unique key media_user). The item's
 * reactions_count moves by one in the same transaction as the row that
 * changes it, decided by the rows the statement affected, never by a
 * count read in PHP: 50 members reacting at once end at exactly +50.
 */
final class MVS_Reaction_Repository {

	/**
	 * What reactions_count counts, as a correlated subquery on the media
	 * alias m: every reaction to the item. set() and remove() keep it by
	 * deltas; a recount (the account eraser's) uses this definition.
	 *
	 * @return string SQL.
	 */
	public static function count_sql(): string {
		global $wpdb;
		return "( SELECT COUNT(*) FROM {$wpdb->mvs_reactions} r WHERE r.media_id = m.id )";
	}

	/**
	 * The caller's current reaction on an item, '' for none.
	 *
	 * @param int $media_id Media ID.
	 * @param int $user_id  Member.
	 * @return string
	 */
	public function of_user( int $media_id, int $user_id ): string {
		global $wpdb;
		return (string) $wpdb->get_var( $wpdb->prepare( "SELECT reaction_type FROM {$wpdb->mvs_reactions} WHERE media_id = %d AND user_id = %d", $media_id, $user_id ) );
	}

	/**
	 * Adds or changes the member's reaction; a new row adds one to the
	 * item's counter, a changed type leaves it.
	 *
	 * @param int    $media_id Media ID.
	 * @param int    $user_id  Member.
	 * @param string $type     Allowed slug.
	 * @return bool Whether both statements succeeded (rolled back otherwise).
	 */
	public function set( int $media_id, int $user_id, string $type ): bool {
		global $wpdb;
		$wpdb->query( 'START TRANSACTION' );
		$now = current_time( 'mysql', true );
		if ( ! MVS_Db::is_sqlite() ) {
			// One statement takes the row's exclusive lock at once. INSERT IGNORE
			// then UPDATE took a shared lock first, so two concurrent changes of
			// one member's reaction each waited for the other's: a deadlock, a 500.
			// Affected rows: 1 inserted, 2 changed, 0 the same type again.
			$written = $wpdb->query(
				$wpdb->prepare(
					"INSERT INTO {$wpdb->mvs_reactions} (media_id, user_id, reaction_type, created_at) VALUES (%d, %d, %s, %s) ON DUPLICATE KEY UPDATE reaction_type = VALUES(reaction_type)",
					$media_id,
					$user_id,
					$type,
					$now
				)
			);
			$ok      = false !== $written;
			if ( $ok && 1 === (int) $written ) {
				$ok = false !== $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media} SET reactions_count = reactions_count + 1 WHERE id = %d", $media_id ) );
			}
			return self::finish( $ok );
		}
		// SQLite (one writer at a time, no lock cycles): INSERT IGNORE affects 1 row
		// for a new reaction and 0 for an existing one; the translated upsert's
		// affected rows do not follow MySQL's 1/2/0 convention.
		$inserted = $wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$wpdb->mvs_reactions} (media_id, user_id, reaction_type, created_at) VALUES (%d, %d, %s, %s)",
				$media_id,
				$user_id,
				$type,
				$now
			)
		);
		$ok       = false !== $inserted;
		if ( $ok && 1 === (int) $inserted ) {
			$ok = false !== $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media} SET reactions_count = reactions_count + 1 WHERE id = %d", $media_id ) );
		} elseif ( $ok ) {
			$ok = false !== $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_reactions} SET reaction_type = %s WHERE media_id = %d AND user_id = %d", $type, $media_id, $user_id ) );
		}
		return self::finish( $ok );
	}

	/**
	 * Removes the member's reaction, if any, and takes one off the counter
	 * only when a row was really deleted (a repeated DELETE changes nothing).
	 *
	 * @param int $media_id Media ID.
	 * @param int $user_id  Member.
	 * @return int|false 1 when a reaction was removed, 0 when there was none, false on failure.
	 */
	public function remove( int $media_id, int $user_id ) {
		global $wpdb;
		$wpdb->query( 'START TRANSACTION' );
		$deleted = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_reactions} WHERE media_id = %d AND user_id = %d", $media_id, $user_id ) );
		$ok      = false !== $deleted;
		if ( $ok && $deleted > 0 ) {
			// GREATEST: the column is unsigned; a counter never wraps below zero.
			$ok = false !== $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media} SET reactions_count = GREATEST(reactions_count, 1) - 1 WHERE id = %d", $media_id ) );
		}
		return self::finish( $ok ) ? (int) $deleted : false;
	}

	/**
	 * Counts by type and the viewer's own type, in one grouped query on the
	 * media_user index.
	 *
	 * @param int $media_id Media ID.
	 * @param int $viewer   Viewer (0: visitor).
	 * @return array{counts: array<string, int>, mine: string}
	 */
	public function summary( int $media_id, int $viewer ): array {
		global $wpdb;
		$rows   = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT reaction_type, COUNT(*) AS n, SUM(user_id = %d) AS mine FROM {$wpdb->mvs_reactions} WHERE media_id = %d GROUP BY reaction_type",
				$viewer,
				$media_id
			)
		);
		$counts = array();
		$mine   = '';
		foreach ( (array) $rows as $row ) {
			$counts[ (string) $row->reaction_type ] = (int) $row->n;
			if ( $viewer > 0 && (int) $row->mine > 0 ) {
				$mine = (string) $row->reaction_type;
			}
		}
		return array(
			'counts' => $counts,
			'mine'   => $mine,
		);
	}

	/**
	 * Commits the transaction a write opened, or rolls it back.
	 *
	 * @param bool $ok Whether every statement succeeded.
	 * @return bool $ok.
	 */
	private static function finish( bool $ok ): bool {
		global $wpdb;
		if ( $ok ) {
			$wpdb->query( 'COMMIT' );
		} else {
			$wpdb->query( 'ROLLBACK' );
		}
		return $ok;
	}
}
