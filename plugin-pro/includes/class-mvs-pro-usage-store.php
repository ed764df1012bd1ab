<?php
/**
 * A member's running usage row (mvs_quota_usage).
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Counts and bytes per member, kept exact by conditional UPDATEs: room is
 * reserved before a file is stored by one statement that only succeeds
 * while the member is under the limit, so parallel uploads cannot pass it
 * (no read-modify-write in PHP). The row is seeded once from the member's
 * media; reads never scan the media again. docs/pro-quotas.md, "Enforcement".
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- column names come from the COUNTED whitelist; every value goes through prepare().
 */
final class MVS_Pro_Usage_Store {

	/**
	 * Media types with a count of their own; the others count storage only.
	 */
	const COUNTED = array( 'image', 'video', 'audio' );

	/**
	 * The member's row, seeded from their media the first time.
	 *
	 * @param int $user_id Member.
	 * @return object Row of mvs_quota_usage (all zeros if it could not be written).
	 */
	public function row( int $user_id ) {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$wpdb->mvs_quota_usage} WHERE user_id = %d", $user_id ) );
		if ( $row ) {
			return $row;
		}
		$this->seed( $user_id );
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$wpdb->mvs_quota_usage} WHERE user_id = %d", $user_id ) );
		return $row ? $row : (object) array(
			'user_id'       => $user_id,
			'image_count'   => 0,
			'video_count'   => 0,
			'audio_count'   => 0,
			'storage_bytes' => 0,
			'image_credits' => 0,
			'video_credits' => 0,
			'audio_credits' => 0,
		);
	}

	/**
	 * Creates the row from the member's media, once: INSERT IGNORE, so two
	 * first requests at once write it one time (both counted the same rows).
	 *
	 * @param int $user_id Member.
	 */
	private function seed( int $user_id ): void {
		global $wpdb;
		$totals = $wpdb->get_row(
			$wpdb->prepare(
				"SELECT COALESCE(SUM(CASE WHEN media_type = 'image' THEN 1 ELSE 0 END), 0) AS image_count, COALESCE(SUM(CASE WHEN media_type = 'video' THEN 1 ELSE 0 END), 0) AS video_count, COALESCE(SUM(CASE WHEN media_type = 'audio' THEN 1 ELSE 0 END), 0) AS audio_count, COALESCE(SUM(file_size), 0) AS storage_bytes FROM {$wpdb->mvs_media} WHERE author_id = %d",
				$user_id
			)
		);
		$wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$wpdb->mvs_quota_usage} (user_id, image_count, video_count, audio_count, storage_bytes, image_credits, video_credits, audio_credits) VALUES (%d, %d, %d, %d, %d, 0, 0, 0)",
				$user_id,
				$totals ? (int) $totals->image_count : 0,
				$totals ? (int) $totals->video_count : 0,
				$totals ? (int) $totals->audio_count : 0,
				$totals ? (int) $totals->storage_bytes : 0
			)
		);
	}

	/**
	 * Option: the highest user ID whose usage row seed_missing() has made,
	 * so each list request reads only the accounts created since (a range
	 * of wp_users' primary key) instead of every member. Uninstall deletes it.
	 */
	const SEEDED_OPTION = 'mvs_pro_usage_seeded_to';

	/**
	 * Creates the row of every member who has none yet, from their media, in
	 * one statement (INSERT IGNORE, as seed()), so a list joined to the
	 * usage rows shows and sorts everyone by exact figures. The first run
	 * reads every member; later runs only the accounts above the mark.
	 */
	public function seed_missing(): void {
		global $wpdb;
		$from = (int) get_option( self::SEEDED_OPTION, 0 );
		$to   = (int) $wpdb->get_var( "SELECT MAX(ID) FROM {$wpdb->users}" );
		if ( $to <= $from ) {
			return;
		}
		$seeded = $wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$wpdb->mvs_quota_usage} (user_id, image_count, video_count, audio_count, storage_bytes, image_credits, video_credits, audio_credits)
				SELECT u.ID, COALESCE(SUM(CASE WHEN m.media_type = 'image' THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN m.media_type = 'video' THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN m.media_type = 'audio' THEN 1 ELSE 0 END), 0), COALESCE(SUM(m.file_size), 0), 0, 0, 0
				FROM {$wpdb->users} u LEFT JOIN {$wpdb->mvs_quota_usage} q ON q.user_id = u.ID LEFT JOIN {$wpdb->mvs_media} m ON m.author_id = u.ID
				WHERE u.ID > %d AND u.ID <= %d AND q.user_id IS NULL GROUP BY u.ID",
				$from,
				$to
			)
		);
		if ( false !== $seeded ) {
			update_option( self::SEEDED_OPTION, $to, false );
		}
		if ( $seeded ) {
			// Accounts written around WordPress's hooks (an import) join the kept total too.
			MVS_Pro_Member_Count::forget();
		}
	}

	/**
	 * Applies a change to the member's usage, only if it stays within the
	 * limits: one UPDATE whose WHERE holds the limits, so concurrent callers
	 * serialize on the row and the last one that would pass a limit changes
	 * nothing. Decreases never fail (they floor at 0).
	 *
	 * @param int                $user_id Member (whose row exists: row() first).
	 * @param array<string, int> $counts  Media type => +1 or -1.
	 * @param int                $bytes   Storage change (negative frees).
	 * @param array<string, int> $limits  From MVS_Pro_Member_Packages::limits(); all 0 for no limit.
	 * @param string             $credit  A type whose count may pass its limit by spending one credit of it ('' for none).
	 * @return bool Whether the change was applied.
	 */
	public function apply( int $user_id, array $counts, int $bytes, array $limits, string $credit = '' ): bool {
		global $wpdb;
		$set   = array();
		$where = array( $wpdb->prepare( 'user_id = %d', $user_id ) );
		foreach ( $counts as $type => $delta ) {
			if ( ! in_array( $type, self::COUNTED, true ) || 0 === $delta ) {
				continue;
			}
			// Column names come from the COUNTED whitelist above.
			$column = $type . '_count';
			if ( $delta < 0 ) {
				$set[] = "{$column} = CASE WHEN {$column} > 0 THEN {$column} - 1 ELSE 0 END";
				continue;
			}
			$set[] = "{$column} = {$column} + 1";
			if ( $type === $credit ) {
				$set[]   = "{$type}_credits = {$type}_credits - 1";
				$where[] = "{$type}_credits > 0";
			} elseif ( (int) $limits[ $type . '_limit' ] > 0 ) {
				$where[] = $wpdb->prepare( "{$column} < %d", (int) $limits[ $type . '_limit' ] );
			}
		}
		if ( $bytes > 0 ) {
			$set[] = $wpdb->prepare( 'storage_bytes = storage_bytes + %d', $bytes );
			if ( (int) $limits['storage_bytes'] > 0 ) {
				$where[] = $wpdb->prepare( 'storage_bytes + %d <= %d', $bytes, (int) $limits['storage_bytes'] );
			}
		} elseif ( $bytes < 0 ) {
			$set[] = $wpdb->prepare( 'storage_bytes = CASE WHEN storage_bytes > %d THEN storage_bytes - %d ELSE 0 END', -$bytes, -$bytes );
		}
		if ( ! $set ) {
			return true;
		}
		// Every piece was prepared above or is a whitelisted column.
		$sql = "UPDATE {$wpdb->mvs_quota_usage} SET " . implode( ', ', $set ) . ' WHERE ' . implode( ' AND ', $where );
		return 1 === (int) $wpdb->query( $sql );
	}

	/**
	 * Adds to a credit balance unless it would go below 0.
	 *
	 * @param int    $user_id Member (whose row exists).
	 * @param string $type    image, video or audio.
	 * @param int    $amount  Change.
	 * @return bool Whether it was applied.
	 */
	public function add_credits( int $user_id, string $type, int $amount ): bool {
		global $wpdb;
		if ( ! in_array( $type, self::COUNTED, true ) ) {
			return false;
		}
		$column = $type . '_credits';
		return 1 === (int) $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_quota_usage} SET {$column} = {$column} + %d WHERE user_id = %d AND {$column} + %d >= 0", $amount, $user_id, $amount ) );
	}

	/**
	 * A credit balance as it is now (inside a transaction that changed it: the value it left).
	 *
	 * @param int    $user_id Member.
	 * @param string $type    image, video or audio.
	 * @return int
	 */
	public function credits( int $user_id, string $type ): int {
		global $wpdb;
		if ( ! in_array( $type, self::COUNTED, true ) ) {
			return 0;
		}
		$column = $type . '_credits';
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT {$column} FROM {$wpdb->mvs_quota_usage} WHERE user_id = %d", $user_id ) );
	}
}
