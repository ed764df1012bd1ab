<?php
/**
 * Rows of mvs_conversations and mvs_conversation_members.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every statement on conversations and their members. Member rows hold the
 * caller's side: status (active, request, declined), has_left with
 * hidden_before_id, preferences, and the unread counter that sends
 * increment and reads zero in SQL, never read-modify-write in PHP
 * (docs/messaging.md).
 */
final class MVS_Conversation_Repository {

	/**
	 * Columns of one inbox row: the caller's member row (me), the other
	 * member's (o, absent once their account is gone) and the conversation.
	 */
	const INBOX_COLUMNS = 'me.conversation_id AS id, me.status, me.is_muted, me.is_pinned, me.is_archived, me.unread_count, me.last_message_id, me.hidden_before_id, o.user_id AS other_id, o.status AS other_status, o.is_muted AS other_muted, c.created_at';

	/**
	 * The pair key of two members: one conversation per pair (unique key).
	 *
	 * @param int $a Member.
	 * @param int $b Member.
	 * @return string
	 */
	public static function pair_key( int $a, int $b ): string {
		return min( $a, $b ) . ':' . max( $a, $b );
	}

	/**
	 * The conversation of two members, created when missing. INSERT IGNORE
	 * against the unique pair key: two members starting one at the same
	 * moment get the same row.
	 *
	 * @param int $creator   Caller.
	 * @param int $recipient Other member.
	 * @return int Conversation ID; 0 on a database failure.
	 */
	public function find_or_create( int $creator, int $recipient ): int {
		global $wpdb;
		$key = self::pair_key( $creator, $recipient );
		$now = current_time( 'mysql', true );
		$wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->mvs_conversations} ( created_by, pair_key, last_message_id, created_at, updated_at ) VALUES ( %d, %s, 0, %s, %s )", $creator, $key, $now, $now ) );
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_conversations} WHERE pair_key = %s", $key ) );
	}

	/**
	 * Adds a member unless their row exists (either starter may write it first).
	 *
	 * @param int    $conversation_id Conversation.
	 * @param int    $user_id         Member.
	 * @param string $status          active or request.
	 */
	public function add_member( int $conversation_id, int $user_id, string $status ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->mvs_conversation_members} ( conversation_id, user_id, status, joined_at ) VALUES ( %d, %d, %s, %s )", $conversation_id, $user_id, $status, current_time( 'mysql', true ) ) );
	}

	/**
	 * The caller starts a conversation they are in: back from leaving
	 * (history before the leave stays hidden) and active, a request or a
	 * decline of theirs counting as accepted.
	 *
	 * @param int $conversation_id Conversation.
	 * @param int $user_id         Caller.
	 */
	public function rejoin( int $conversation_id, int $user_id ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_conversation_members} SET status = 'active', has_left = 0 WHERE conversation_id = %d AND user_id = %d", $conversation_id, $user_id ) );
	}

	/**
	 * One inbox row of the caller, when the conversation is theirs to see:
	 * a member, not left, not declined, the other member not blocked.
	 *
	 * @param int   $conversation_id Conversation.
	 * @param int   $user_id         Caller.
	 * @param int[] $blocked         Members blocked either way.
	 * @return object|null
	 */
	public function visible_row( int $conversation_id, int $user_id, array $blocked ) {
		list( $sql, $args ) = $this->inbox_sql( $user_id, array( 'active', 'request' ), false, $blocked );
		global $wpdb;
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- built from placeholders by inbox_sql().
		return $wpdb->get_row( $wpdb->prepare( 'SELECT ' . self::INBOX_COLUMNS . " {$sql} AND me.conversation_id = %d", array_merge( $args, array( $conversation_id ) ) ) );
	}

	/**
	 * One page of the caller's inbox, pinned first then by last message, and its total.
	 *
	 * @param int    $user_id  Caller.
	 * @param string $tab      all, unread or requests.
	 * @param int[]  $blocked  Members blocked either way.
	 * @param int    $page     Page.
	 * @param int    $per_page Rows per page.
	 * @return array{0: object[], 1: int}
	 */
	public function inbox_page( int $user_id, string $tab, array $blocked, int $page, int $per_page ): array {
		global $wpdb;
		list( $sql, $args ) = $this->inbox_sql( $user_id, array( 'requests' === $tab ? 'request' : 'active' ), 'unread' === $tab, $blocked );
		$offset             = ( max( 1, $page ) - 1 ) * $per_page;
		// phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders -- built from placeholders by inbox_sql(); the values go in as one array.
		$rows  = $wpdb->get_results( $wpdb->prepare( 'SELECT ' . self::INBOX_COLUMNS . " {$sql} ORDER BY me.is_pinned DESC, me.last_message_id DESC, me.conversation_id DESC LIMIT %d OFFSET %d", array_merge( $args, array( $per_page, $offset ) ) ) );
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) {$sql}", $args ) );
		// phpcs:enable
		return array( $rows ? $rows : array(), $total );
	}

	/**
	 * FROM and WHERE of the caller's inbox rows.
	 *
	 * @param int      $user_id     Caller.
	 * @param string[] $statuses    The caller's statuses to include.
	 * @param bool     $unread_only Only rows with unread messages.
	 * @param int[]    $blocked     Members blocked either way.
	 * @return array{0: string, 1: array}
	 */
	private function inbox_sql( int $user_id, array $statuses, bool $unread_only, array $blocked ): array {
		global $wpdb;
		$sql  = "FROM {$wpdb->mvs_conversation_members} me JOIN {$wpdb->mvs_conversations} c ON c.id = me.conversation_id LEFT JOIN {$wpdb->mvs_conversation_members} o ON o.conversation_id = me.conversation_id AND o.user_id <> me.user_id";
		$sql .= ' WHERE me.user_id = %d AND me.has_left = 0 AND me.status IN ( ' . implode( ', ', array_fill( 0, count( $statuses ), '%s' ) ) . ' )';
		$args = array_merge( array( $user_id ), $statuses );
		if ( $unread_only ) {
			$sql .= ' AND me.unread_count > 0';
		}
		if ( $blocked ) {
			$sql .= ' AND ( o.user_id IS NULL OR o.user_id NOT IN ( ' . implode( ', ', array_fill( 0, count( $blocked ), '%d' ) ) . ' ) )';
			$args = array_merge( $args, $blocked );
		}
		return array( $sql, $args );
	}

	/**
	 * Sets some of the caller's preferences.
	 *
	 * @param int               $conversation_id Conversation.
	 * @param int               $user_id         Caller.
	 * @param array<string,int> $prefs           Column => 0 or 1 (is_muted, is_pinned, is_archived only).
	 */
	public function set_prefs( int $conversation_id, int $user_id, array $prefs ): void {
		global $wpdb;
		$prefs = array_intersect_key( $prefs, array_flip( array( 'is_muted', 'is_pinned', 'is_archived' ) ) );
		if ( $prefs ) {
			$wpdb->update(
				$wpdb->mvs_conversation_members,
				$prefs,
				array(
					'conversation_id' => $conversation_id,
					'user_id'         => $user_id,
				),
				'%d',
				'%d'
			);
		}
	}

	/**
	 * Changes the caller's status from one value to another.
	 *
	 * @param int    $conversation_id Conversation.
	 * @param int    $user_id         Caller.
	 * @param string $from            Current status.
	 * @param string $to              New status.
	 * @return bool Whether a row changed.
	 */
	public function move( int $conversation_id, int $user_id, string $from, string $to ): bool {
		global $wpdb;
		return (bool) $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_conversation_members} SET status = %s, unread_count = CASE WHEN %s = 'declined' THEN 0 ELSE unread_count END WHERE conversation_id = %d AND user_id = %d AND status = %s AND has_left = 0", $to, $to, $conversation_id, $user_id, $from ) );
	}

	/**
	 * The caller leaves: what was said so far stays hidden from them.
	 *
	 * @param int $conversation_id Conversation.
	 * @param int $user_id         Caller.
	 * @return bool Whether they were in it.
	 */
	public function leave( int $conversation_id, int $user_id ): bool {
		global $wpdb;
		return (bool) $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_conversation_members} SET has_left = 1, hidden_before_id = last_message_id, unread_count = 0, is_pinned = 0 WHERE conversation_id = %d AND user_id = %d AND has_left = 0 AND status <> 'declined'", $conversation_id, $user_id ) );
	}

	/**
	 * Zeroes the caller's unread counter and moves their read mark to the last message.
	 *
	 * @param int $conversation_id Conversation.
	 * @param int $user_id         Caller.
	 */
	public function mark_read( int $conversation_id, int $user_id ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_conversation_members} SET unread_count = 0, last_read_message_id = last_message_id WHERE conversation_id = %d AND user_id = %d", $conversation_id, $user_id ) );
	}

	/**
	 * The caller's unread messages over the active conversations they see:
	 * one range of the inbox key, summing counters.
	 *
	 * @param int   $user_id Caller.
	 * @param int[] $blocked Members blocked either way.
	 * @return int
	 */
	public function unread_total( int $user_id, array $blocked ): int {
		global $wpdb;
		if ( ! $blocked ) {
			return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COALESCE( SUM( unread_count ), 0 ) FROM {$wpdb->mvs_conversation_members} WHERE user_id = %d AND status = 'active' AND has_left = 0", $user_id ) );
		}
		list( $sql, $args ) = $this->inbox_sql( $user_id, array( 'active' ), false, $blocked );
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders -- built from placeholders by inbox_sql(); the values go in as one array.
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COALESCE( SUM( me.unread_count ), 0 ) {$sql}", $args ) );
	}

	/**
	 * Records a new message on the conversation and its members: the
	 * others' counters go up by one in SQL (and one who left sees the
	 * conversation again, its earlier history still hidden); the sender's
	 * read mark moves past it. A member who declined is left alone.
	 *
	 * @param int $conversation_id Conversation.
	 * @param int $sender_id       Sender.
	 * @param int $message_id      New message.
	 * @return bool
	 */
	public function record_message( int $conversation_id, int $sender_id, int $message_id ): bool {
		global $wpdb;
		$ok = false !== $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_conversations} SET last_message_id = CASE WHEN last_message_id < %d THEN %d ELSE last_message_id END, updated_at = %s WHERE id = %d", $message_id, $message_id, current_time( 'mysql', true ), $conversation_id ) );
		$ok = $ok && false !== $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_conversation_members} SET unread_count = unread_count + 1, has_left = 0, last_message_id = CASE WHEN last_message_id < %d THEN %d ELSE last_message_id END WHERE conversation_id = %d AND user_id <> %d AND status <> 'declined'", $message_id, $message_id, $conversation_id, $sender_id ) );
		$ok = $ok && false !== $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_conversation_members} SET status = 'active', last_message_id = CASE WHEN last_message_id < %d THEN %d ELSE last_message_id END, last_read_message_id = CASE WHEN last_read_message_id < %d THEN %d ELSE last_read_message_id END WHERE conversation_id = %d AND user_id = %d", $message_id, $message_id, $message_id, $message_id, $conversation_id, $sender_id ) );
		return $ok;
	}
}
