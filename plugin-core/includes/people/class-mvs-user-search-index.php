<?php
/**
 * The word index of member names that GET /users/search reads.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Keeps mvs_user_search_tokens: one row per word of each member's display
 * name and login, lower case and without accents, so a search for the start
 * of a word is one range of the primary key (wp_users has no index on
 * display_name, and LIKE '%q%' scans it). Written on user_register and
 * profile_update; account erasure deletes the rows (the generated plan);
 * installs with members from before this index are filled by a background
 * job. A name or login holding an e-mail address is not indexed, so no search
 * ever matches an address. docs/people.md, "Search".
 */
final class MVS_User_Search_Index {

	/**
	 * One-off WP-Cron hook of the fill.
	 */
	const HOOK = 'mvs_user_search_fill';

	/**
	 * Option: the last user ID the fill has indexed, or 'done'.
	 */
	const CURSOR_OPTION = 'mvs_user_search_cursor';

	/**
	 * Members indexed per statement batch of the fill.
	 */
	const BATCH = 500;

	/**
	 * Longest stored word (the column's length).
	 */
	const MAX_WORD = 64;

	/**
	 * Wires the hooks that keep the index in step.
	 */
	public static function register(): void {
		add_action( 'user_register', array( __CLASS__, 'index_user' ), 10, 1 );
		add_action( 'profile_update', array( __CLASS__, 'index_user' ), 10, 1 );
	}

	/**
	 * The words of a text as stored and searched: lower case, accents
	 * removed, split on anything but letters and digits.
	 *
	 * @param string $text Text.
	 * @return string[] Unique words.
	 */
	public static function words( string $text ): array {
		$text  = strtolower( remove_accents( $text ) );
		$parts = preg_split( '/[^\p{L}\p{N}]+/u', $text, -1, PREG_SPLIT_NO_EMPTY );
		$words = array();
		foreach ( (array) $parts as $part ) {
			$words[] = function_exists( 'mb_substr' ) ? mb_substr( $part, 0, self::MAX_WORD ) : substr( $part, 0, self::MAX_WORD );
		}
		return array_values( array_unique( $words ) );
	}

	/**
	 * The words a member is found by.
	 *
	 * @param object $user Row or WP_User with user_login and display_name.
	 * @return string[]
	 */
	public static function words_of( $user ): array {
		$words = array();
		foreach ( array( (string) $user->display_name, (string) $user->user_login ) as $name ) {
			// An address is never searchable, not even in part.
			if ( false === strpos( $name, '@' ) ) {
				$words = array_merge( $words, self::words( $name ) );
			}
		}
		return array_slice( array_values( array_unique( $words ) ), 0, 20 );
	}

	/**
	 * (Re)indexes one member: user_register, profile_update.
	 *
	 * @param int $user_id Member.
	 */
	public static function index_user( $user_id ): void {
		$user = get_userdata( (int) $user_id );
		if ( $user ) {
			self::write( array( $user ) );
		}
	}

	/**
	 * Replaces the words of the given members.
	 *
	 * @param object[] $users Rows or WP_User objects with ID, user_login, display_name.
	 */
	private static function write( array $users ): void {
		global $wpdb;
		$ids    = array();
		$values = array();
		$args   = array();
		foreach ( $users as $user ) {
			$id    = (int) $user->ID;
			$ids[] = $id;
			foreach ( self::words_of( $user ) as $word ) {
				$values[] = '( %s, %d )';
				$args[]   = $word;
				$args[]   = $id;
			}
		}
		if ( ! $ids ) {
			return;
		}
		$in = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		// phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $in and $values are lists of placeholders.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_user_search_tokens} WHERE user_id IN ( {$in} )", $ids ) );
		if ( $values ) {
			$wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->mvs_user_search_tokens} ( token, user_id ) VALUES " . implode( ', ', $values ), $args ) );
		}
		// phpcs:enable
	}

	/**
	 * Schedules the fill while members from before the index are left
	 * (init and activation, through MVS_Lifecycle_Registry). Reads an
	 * autoloaded option: no query once it is set.
	 */
	public static function schedule(): void {
		$cursor = get_option( self::CURSOR_OPTION, false );
		if ( 'done' === $cursor ) {
			return;
		}
		if ( false === $cursor ) {
			add_option( self::CURSOR_OPTION, 0, '', true );
		}
		if ( ! wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_single_event( time(), self::HOOK );
		}
	}

	/**
	 * The fill: indexes members in ID order, BATCH at a time, for at most
	 * 20 s, then schedules its next run a minute later.
	 *
	 * @param int $budget Seconds this run may take.
	 * @return bool Whether every member is indexed.
	 */
	public static function fill( int $budget = 20 ): bool {
		global $wpdb;
		$start  = microtime( true );
		$cursor = get_option( self::CURSOR_OPTION, 0 );
		if ( 'done' === $cursor ) {
			return true;
		}
		$last = (int) $cursor;
		do {
			$users = $wpdb->get_results( $wpdb->prepare( "SELECT ID, user_login, display_name FROM {$wpdb->users} WHERE ID > %d ORDER BY ID LIMIT %d", $last, self::BATCH ) );
			if ( $users ) {
				self::write( $users );
				$last = (int) end( $users )->ID;
				update_option( self::CURSOR_OPTION, $last, true );
			}
			$more = self::BATCH === count( $users );
		} while ( $more && microtime( true ) - $start < $budget );
		if ( $more ) {
			wp_schedule_single_event( time() + MINUTE_IN_SECONDS, self::HOOK );
			return false;
		}
		update_option( self::CURSOR_OPTION, 'done', true );
		return true;
	}

	/**
	 * Members whose words start with every word of the query, in index order
	 * (the matching word alphabetically, then user ID): one range of the
	 * primary key read up to a bound, whatever the number of members.
	 *
	 * @param string $query     Search text.
	 * @param int    $limit     How many.
	 * @param int[]  $excluded  Members to leave out (block relations of the viewer).
	 * @return int[] User IDs.
	 */
	public static function search( string $query, int $limit, array $excluded ): array {
		global $wpdb;
		$words = array_slice( self::words( $query ), 0, 3 );
		if ( ! $words || $limit <= 0 ) {
			return array();
		}
		// The longest word narrows the range most; the others must match too.
		usort(
			$words,
			static function ( $a, $b ) {
				return strlen( $b ) - strlen( $a );
			}
		);
		$first = array_shift( $words );
		$sql   = "SELECT t.user_id FROM {$wpdb->mvs_user_search_tokens} t WHERE t.token LIKE %s";
		$args  = array( $wpdb->esc_like( $first ) . '%' );
		foreach ( $words as $word ) {
			$sql   .= " AND EXISTS ( SELECT 1 FROM {$wpdb->mvs_user_search_tokens} o WHERE o.user_id = t.user_id AND o.token LIKE %s )";
			$args[] = $wpdb->esc_like( $word ) . '%';
		}
		if ( $excluded ) {
			$sql .= ' AND t.user_id NOT IN ( ' . implode( ', ', array_fill( 0, count( $excluded ), '%d' ) ) . ' )';
			$args = array_merge( $args, $excluded );
		}
		// A member with two words of the prefix appears twice: read a few rows more, keep each once.
		$sql   .= ' ORDER BY t.token, t.user_id LIMIT %d';
		$args[] = $limit * 3;
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- built from placeholders above.
		$ids = array_values( array_unique( array_map( 'intval', $wpdb->get_col( $wpdb->prepare( $sql, $args ) ) ) ) );
		return array_slice( $ids, 0, $limit );
	}
}
