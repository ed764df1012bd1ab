<?php
/**
 * Rows of mvs_messages and what hangs off them.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Messages as one participant may see them: after the point they left, not
 * hidden by them (mvs_message_hidden), newest first on the
 * (conversation_id, id) key.
 */
final class MVS_Message_Repository {

	/**
	 * Inserts a message.
	 *
	 * @param array $row conversation_id, sender_id, content, message_type, media_id, attachment_id, parent_id, metadata.
	 * @return int New ID; 0 on failure.
	 */
	public function insert( array $row ): int {
		global $wpdb;
		$row['created_at'] = current_time( 'mysql', true );
		$ok                = $wpdb->insert( $wpdb->mvs_messages, $row, array( '%d', '%d', '%s', '%s', '%d', '%d', '%d', '%s', '%s' ) );
		return $ok ? (int) $wpdb->insert_id : 0;
	}

	/**
	 * One message by ID.
	 *
	 * @param int $id Message.
	 * @return object|null
	 */
	public function find( int $id ) {
		global $wpdb;
		return $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$wpdb->mvs_messages} WHERE id = %d", $id ) );
	}

	/**
	 * A page of messages the participant sees, newest first: the thread's
	 * (conversation_id, id) key read backwards until the page is full. The
	 * messages the participant hid are excluded by NOT EXISTS, never by a
	 * LEFT JOIN … IS NULL: MariaDB joined that through a join buffer and
	 * sorted the whole thread first (80 ms at 50,000 messages, 6.4 s at
	 * 495,000; docs/measurements/2026-11-28-bench-1m.md).
	 *
	 * @param int $conversation_id Conversation.
	 * @param int $user_id         Participant.
	 * @param int $after           Their hidden_before_id: only later messages.
	 * @param int $before          Only IDs below it; 0 for none.
	 * @param int $limit           At most this many.
	 * @return object[]
	 */
	public function page( int $conversation_id, int $user_id, int $after, int $before, int $limit ): array {
		global $wpdb;
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT m.* FROM {$wpdb->mvs_messages} m WHERE m.conversation_id = %d AND m.id > %d AND m.id < %d AND NOT EXISTS ( SELECT 1 FROM {$wpdb->mvs_message_hidden} h WHERE h.message_id = m.id AND h.user_id = %d ) ORDER BY m.id DESC LIMIT %d",
				$conversation_id,
				$after,
				$before > 0 ? $before : PHP_INT_MAX,
				$user_id,
				$limit
			)
		);
		return $rows ? $rows : array();
	}

	/**
	 * The previews of the given messages, without those the viewer hid.
	 *
	 * @param int[] $ids     Message IDs.
	 * @param int   $user_id Viewer.
	 * @return array<int, object> Keyed by message ID.
	 */
	public function previews( array $ids, int $user_id ): array {
		global $wpdb;
		$ids = array_values( array_filter( array_map( 'intval', $ids ) ) );
		if ( ! $ids ) {
			return array();
		}
		$in = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $in is a list of %d placeholders.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT m.id, m.sender_id, SUBSTRING( m.content, 1, 100 ) AS excerpt, m.message_type, m.created_at FROM {$wpdb->mvs_messages} m LEFT JOIN {$wpdb->mvs_message_hidden} h ON h.message_id = m.id AND h.user_id = %d WHERE m.id IN ( {$in} ) AND h.message_id IS NULL", array_merge( array( $user_id ), $ids ) ) );
		$out  = array();
		foreach ( $rows ? $rows : array() as $row ) {
			$out[ (int) $row->id ] = $row;
		}
		return $out;
	}

	/**
	 * Reactions of the given messages (one query).
	 *
	 * @param int[] $ids Message IDs.
	 * @return array<int, array[]> Message ID => list of {user_id, emoji}.
	 */
	public function reactions( array $ids ): array {
		global $wpdb;
		$ids = array_values( array_filter( array_map( 'intval', $ids ) ) );
		if ( ! $ids ) {
			return array();
		}
		$in = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $in is a list of %d placeholders.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT message_id, user_id, emoji FROM {$wpdb->mvs_message_reactions} WHERE message_id IN ( {$in} ) ORDER BY created_at, user_id", $ids ) );
		$out  = array();
		foreach ( $rows ? $rows : array() as $row ) {
			$out[ (int) $row->message_id ][] = array(
				'user_id' => (int) $row->user_id,
				'emoji'   => (string) $row->emoji,
			);
		}
		return $out;
	}

	/**
	 * Hides a message for one participant (idempotent).
	 *
	 * @param int $message_id Message.
	 * @param int $user_id    Participant.
	 * @return bool Whether it was visible to them before.
	 */
	public function hide( int $message_id, int $user_id ): bool {
		global $wpdb;
		return (bool) $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->mvs_message_hidden} ( message_id, user_id, created_at ) VALUES ( %d, %d, %s )", $message_id, $user_id, current_time( 'mysql', true ) ) );
	}

	/**
	 * Whether a participant hid a message.
	 *
	 * @param int $message_id Message.
	 * @param int $user_id    Participant.
	 * @return bool
	 */
	public function is_hidden( int $message_id, int $user_id ): bool {
		global $wpdb;
		return (bool) $wpdb->get_var( $wpdb->prepare( "SELECT 1 FROM {$wpdb->mvs_message_hidden} WHERE message_id = %d AND user_id = %d", $message_id, $user_id ) );
	}

	/**
	 * Removes a message for everyone with what hangs off it, and the unread
	 * count it added for members who had not read it yet (in SQL).
	 *
	 * @param object $message mvs_messages row.
	 * @return bool
	 */
	public function remove( $message ): bool {
		global $wpdb;
		$id   = (int) $message->id;
		$conv = (int) $message->conversation_id;
		$ok   = false !== $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_conversation_members} SET unread_count = unread_count - 1 WHERE conversation_id = %d AND user_id <> %d AND unread_count > 0 AND last_read_message_id < %d AND status <> 'declined' AND hidden_before_id < %d", $conv, (int) $message->sender_id, $id, $id ) );
		$ok   = $ok && false !== $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_messages} WHERE id = %d", $id ) );
		$ok   = $ok && false !== $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_message_reactions} WHERE message_id = %d", $id ) );
		$ok   = $ok && false !== $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_message_hidden} WHERE message_id = %d", $id ) );
		$last = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COALESCE( MAX( id ), 0 ) FROM {$wpdb->mvs_messages} WHERE conversation_id = %d", $conv ) );
		$ok   = $ok && false !== $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_conversations} SET last_message_id = %d WHERE id = %d AND last_message_id = %d", $last, $conv, $id ) );
		return $ok && false !== $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_conversation_members} SET last_message_id = %d WHERE conversation_id = %d AND last_message_id = %d", $last, $conv, $id ) );
	}

	/**
	 * Sets a participant's reaction (one per participant and message).
	 *
	 * @param int    $message_id Message.
	 * @param int    $user_id    Participant.
	 * @param string $emoji      Allowed emoji.
	 */
	public function react( int $message_id, int $user_id, string $emoji ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "REPLACE INTO {$wpdb->mvs_message_reactions} ( message_id, user_id, emoji, created_at ) VALUES ( %d, %d, %s, %s )", $message_id, $user_id, $emoji, current_time( 'mysql', true ) ) );
	}

	/**
	 * Removes a participant's reaction.
	 *
	 * @param int $message_id Message.
	 * @param int $user_id    Participant.
	 * @return bool Whether there was one.
	 */
	public function unreact( int $message_id, int $user_id ): bool {
		global $wpdb;
		return (bool) $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_message_reactions} WHERE message_id = %d AND user_id = %d", $message_id, $user_id ) );
	}

	/**
	 * Messages of one conversation whose text contains $q (LIKE, the input
	 * escaped), as the participant sees them, newest first (read as page()
	 * reads them, so the scan stops at the limit).
	 *
	 * @param int    $conversation_id Conversation.
	 * @param int    $user_id         Participant.
	 * @param int    $after           Their hidden_before_id.
	 * @param string $q               Search text.
	 * @param int    $limit           At most this many.
	 * @return object[]
	 */
	public function search( int $conversation_id, int $user_id, int $after, string $q, int $limit ): array {
		global $wpdb;
		$like = '%' . $wpdb->esc_like( $q ) . '%';
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT m.* FROM {$wpdb->mvs_messages} m WHERE m.conversation_id = %d AND m.id > %d AND NOT EXISTS ( SELECT 1 FROM {$wpdb->mvs_message_hidden} h WHERE h.message_id = m.id AND h.user_id = %d ) AND m.content LIKE %s ORDER BY m.id DESC LIMIT %d", $conversation_id, $after, $user_id, $like, $limit ) );
		return $rows ? $rows : array();
	}
}
