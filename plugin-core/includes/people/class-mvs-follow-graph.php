<?php
/**
 * Who follows whom, and the counts kept with it.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The only writer of mvs_follows and mvs_user_stats. A follow row and the
 * two counts it changes are written in one transaction, and a count moves
 * only when the INSERT or DELETE actually changed a row, in SQL
 * (`count = count + 1`), so concurrent follows and unfollows never lose or
 * double a change. Counts rows are updated in ascending user ID order, so two
 * members following each other at once cannot deadlock. Why:
 * docs/people.md, "Counts".
 */
final class MVS_Follow_Graph {

	/**
	 * Makes $follower follow $followed.
	 *
	 * @param int $follower Follower.
	 * @param int $followed Member followed.
	 * @return bool|null True when the follow is new, false when it existed, null when the write failed.
	 */
	public static function follow( int $follower, int $followed ): ?bool {
		global $wpdb;
		$result = MVS_Transaction::run(
			static function () use ( $wpdb, $follower, $followed ) {
				$added = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->mvs_follows} ( follower_id, followed_id, created_at ) VALUES ( %d, %d, %s )", $follower, $followed, current_time( 'mysql', true ) ) );
				if ( false === $added ) {
					return false;
				}
				if ( 0 === (int) $added ) {
					return 'kept';
				}
				return self::move( $follower, $followed, 1 ) ? 'added' : false;
			}
		);
		return false === $result ? null : 'added' === $result;
	}

	/**
	 * Ends $follower following $followed.
	 *
	 * @param int $follower Follower.
	 * @param int $followed Member followed.
	 * @return bool|null True when a follow was removed, false when there was none, null when the write failed.
	 */
	public static function unfollow( int $follower, int $followed ): ?bool {
		$result = MVS_Transaction::run(
			static function () use ( $follower, $followed ) {
				return self::remove( $follower, $followed );
			}
		);
		return false === $result ? null : 'removed' === $result;
	}

	/**
	 * Ends follows in both directions (a block between the two).
	 *
	 * @param int $a One member.
	 * @param int $b The other.
	 * @return bool Whether the write succeeded.
	 */
	public static function sever( int $a, int $b ): bool {
		return false !== MVS_Transaction::run(
			static function () use ( $a, $b ) {
				return false !== self::remove( $a, $b ) && false !== self::remove( $b, $a );
			}
		);
	}

	/**
	 * Removes every follow of and by a member being erased, taking each
	 * removed row off the other member's count. Runs inside the erasure's
	 * transaction (MVS_Account_Eraser); the rows are locked first, so an
	 * unfollow racing it waits and then finds nothing to remove.
	 *
	 * @param int $user_id Member being erased.
	 * @return bool Whether every statement succeeded.
	 */
	public static function forget_user( int $user_id ): bool {
		global $wpdb;
		return false !== MVS_Transaction::run(
			static function () use ( $wpdb, $user_id ) {
				$followed  = $wpdb->get_col( $wpdb->prepare( "SELECT followed_id FROM {$wpdb->mvs_follows} WHERE follower_id = %d FOR UPDATE", $user_id ) );
				$followers = $wpdb->get_col( $wpdb->prepare( "SELECT follower_id FROM {$wpdb->mvs_follows} WHERE followed_id = %d FOR UPDATE", $user_id ) );
				if ( ! self::decrement_many( 'follower_count', array_map( 'intval', $followed ) ) || ! self::decrement_many( 'following_count', array_map( 'intval', $followers ) ) ) {
					return false;
				}
				if ( false === $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_follows} WHERE follower_id = %d OR followed_id = %d", $user_id, $user_id ) ) ) {
					return false;
				}
				return false !== $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_user_stats} WHERE user_id = %d", $user_id ) );
			}
		);
	}

	/**
	 * Follower and following counts of members (one query on the primary key).
	 *
	 * @param int[] $ids User IDs.
	 * @return array<int, array{follower_count: int, following_count: int}> Every ID given, zeros where no row exists.
	 */
	public static function counts( array $ids ): array {
		global $wpdb;
		$ids    = array_values( array_unique( array_map( 'intval', $ids ) ) );
		$counts = array_fill_keys(
			$ids,
			array(
				'follower_count'  => 0,
				'following_count' => 0,
			)
		);
		if ( ! $ids ) {
			return $counts;
		}
		$in = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $in is a list of %d placeholders.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT user_id, follower_count, following_count FROM {$wpdb->mvs_user_stats} WHERE user_id IN ( {$in} )", $ids ) );
		foreach ( (array) $rows as $row ) {
			$counts[ (int) $row->user_id ] = array(
				'follower_count'  => (int) $row->follower_count,
				'following_count' => (int) $row->following_count,
			);
		}
		return $counts;
	}

	/**
	 * Rebuilds every count from mvs_follows (the seeder, and a repair by hand:
	 * the routes keep the counts in step themselves).
	 */
	public static function rebuild_counts(): void {
		global $wpdb;
		$wpdb->query( "DELETE FROM {$wpdb->mvs_user_stats}" );
		$wpdb->query(
			"INSERT INTO {$wpdb->mvs_user_stats} ( user_id, follower_count, following_count )"
			. " SELECT u, SUM( fr ), SUM( fg ) FROM ( SELECT followed_id AS u, COUNT(*) AS fr, 0 AS fg FROM {$wpdb->mvs_follows} GROUP BY followed_id"
			. " UNION ALL SELECT follower_id AS u, 0 AS fr, COUNT(*) AS fg FROM {$wpdb->mvs_follows} GROUP BY follower_id ) c GROUP BY u"
		);
	}

	/**
	 * Deletes one follow row and, when it existed, takes it off both counts.
	 *
	 * @param int $follower Follower.
	 * @param int $followed Member followed.
	 * @return string|false 'removed', 'absent', or false when a statement failed.
	 */
	private static function remove( int $follower, int $followed ) {
		global $wpdb;
		$removed = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_follows} WHERE follower_id = %d AND followed_id = %d", $follower, $followed ) );
		if ( false === $removed ) {
			return false;
		}
		if ( 0 === (int) $removed ) {
			return 'absent';
		}
		return self::move( $follower, $followed, -1 ) ? 'removed' : false;
	}

	/**
	 * Adds $delta to the follower's following_count and the followed member's
	 * follower_count, lower user ID first.
	 *
	 * @param int $follower Follower.
	 * @param int $followed Member followed.
	 * @param int $delta    1 or -1.
	 * @return bool
	 */
	private static function move( int $follower, int $followed, int $delta ): bool {
		$changes = array(
			array( $follower, 'following_count' ),
			array( $followed, 'follower_count' ),
		);
		if ( $followed < $follower ) {
			$changes = array_reverse( $changes );
		}
		foreach ( $changes as $change ) {
			if ( ! self::add( $change[0], $change[1], $delta ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * One atomic change of one count, creating the member's row when missing.
	 *
	 * @param int    $user_id Member.
	 * @param string $column  follower_count or following_count.
	 * @param int    $delta   1 or -1.
	 * @return bool
	 */
	private static function add( int $user_id, string $column, int $delta ): bool {
		global $wpdb;
		$column = 'follower_count' === $column ? 'follower_count' : 'following_count';
		if ( $delta > 0 ) {
			$other = 'follower_count' === $column ? 'following_count' : 'follower_count';
			// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- $column and $other are one of two literals.
			return false !== $wpdb->query( $wpdb->prepare( "INSERT INTO {$wpdb->mvs_user_stats} ( user_id, {$column}, {$other} ) VALUES ( %d, 1, 0 ) ON DUPLICATE KEY UPDATE {$column} = {$column} + 1", $user_id ) );
		}
		return self::decrement_many( $column, array( $user_id ) );
	}

	/**
	 * Takes one off a count of each member (never below zero: the column is unsigned).
	 *
	 * @param string $column follower_count or following_count.
	 * @param int[]  $ids    Members, each once.
	 * @return bool
	 */
	private static function decrement_many( string $column, array $ids ): bool {
		global $wpdb;
		$column = 'follower_count' === $column ? 'follower_count' : 'following_count';
		sort( $ids );
		foreach ( array_chunk( $ids, 500 ) as $chunk ) {
			$in = implode( ', ', array_fill( 0, count( $chunk ), '%d' ) );
			// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $column is one of two literals, $in a list of %d placeholders.
			if ( false === $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_user_stats} SET {$column} = CASE WHEN {$column} > 0 THEN {$column} - 1 ELSE 0 END WHERE user_id IN ( {$in} )", $chunk ) ) ) {
				return false;
			}
		}
		return true;
	}
}
