<?php
/**
 * The statements of the long-poll.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * What GET /messages/poll reads: the caller's member rows (the inbox key
 * holds their last_message_id; typing_at is the other member's last typing
 * event there, in Unix milliseconds) and the new messages themselves. All
 * state is in the database, so any web server answers any poll.
 */
final class MVS_Message_Poll_Repository {

	/**
	 * How long a typing event shows, in milliseconds.
	 */
	const TYPING_MS = 5000;

	/**
	 * The check a holding poll repeats: the newest message and typing event
	 * of the caller's conversations (one range of the inbox key, or one
	 * primary-key row).
	 *
	 * @param int $user_id         Caller.
	 * @param int $conversation_id One conversation, or 0 for all.
	 * @return array{0: int, 1: int} Newest message ID, newest typing time (ms).
	 */
	public function state( int $user_id, int $conversation_id ): array {
		global $wpdb;
		$sql  = "SELECT COALESCE( MAX( last_message_id ), 0 ) AS last_id, COALESCE( MAX( typing_at ), 0 ) AS typing_at FROM {$wpdb->mvs_conversation_members} WHERE user_id = %d AND status IN ( 'active', 'request' ) AND has_left = 0";
		$args = array( $user_id );
		if ( $conversation_id > 0 ) {
			$sql   .= ' AND conversation_id = %d';
			$args[] = $conversation_id;
		}
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- placeholders only.
		$row = $wpdb->get_row( $wpdb->prepare( $sql, $args ) );
		return array( $row ? (int) $row->last_id : 0, $row ? (int) $row->typing_at : 0 );
	}

	/**
	 * The messages above $since the caller sees, oldest first: only in
	 * conversations whose last message is above it, after the caller's
	 * leave, not deleted for them, none with a member blocked either way.
	 *
	 * @param int   $user_id         Caller.
	 * @param int   $since           Only IDs above it.
	 * @param int   $conversation_id One conversation, or 0 for all.
	 * @param int[] $blocked         Members blocked either way.
	 * @param int   $limit           At most this many.
	 * @return object[]
	 */
	public function messages_since( int $user_id, int $since, int $conversation_id, array $blocked, int $limit ): array {
		global $wpdb;
		list( $where, $args ) = $this->member_where( $user_id, $conversation_id, $blocked );
		$sql                  = "SELECT m.* FROM {$wpdb->mvs_conversation_members} me JOIN {$wpdb->mvs_messages} m ON m.conversation_id = me.conversation_id AND m.id > %d AND m.id > me.hidden_before_id LEFT JOIN {$wpdb->mvs_conversation_members} o ON o.conversation_id = me.conversation_id AND o.user_id <> me.user_id LEFT JOIN {$wpdb->mvs_message_hidden} h ON h.message_id = m.id AND h.user_id = me.user_id WHERE {$where} AND me.last_message_id > %d AND h.message_id IS NULL ORDER BY m.id ASC LIMIT %d";
		$args                 = array_merge( array( $since ), $args, array( $since, $limit ) );
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- placeholders only.
		$rows = $wpdb->get_results( $wpdb->prepare( $sql, $args ) );
		return $rows ? $rows : array();
	}

	/**
	 * Who typed to the caller in the last few seconds.
	 *
	 * @param int   $user_id         Caller.
	 * @param int   $conversation_id One conversation, or 0 for all.
	 * @param int[] $blocked         Members blocked either way.
	 * @return array[] {conversation_id, user_id}
	 */
	public function typing( int $user_id, int $conversation_id, array $blocked ): array {
		global $wpdb;
		list( $where, $args ) = $this->member_where( $user_id, $conversation_id, $blocked );
		$sql                  = "SELECT me.conversation_id, o.user_id FROM {$wpdb->mvs_conversation_members} me JOIN {$wpdb->mvs_conversation_members} o ON o.conversation_id = me.conversation_id AND o.user_id <> me.user_id WHERE {$where} AND me.typing_at > %d ORDER BY me.conversation_id";
		$args[]               = self::now_ms() - self::TYPING_MS;
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- placeholders only.
		$rows = $wpdb->get_results( $wpdb->prepare( $sql, $args ) );
		$out  = array();
		foreach ( $rows ? $rows : array() as $row ) {
			$out[] = array(
				'conversation_id' => (int) $row->conversation_id,
				'user_id'         => (int) $row->user_id,
			);
		}
		return $out;
	}

	/**
	 * Records a typing event on the recipient's member row.
	 *
	 * @param int $conversation_id Conversation.
	 * @param int $recipient_id    The member it is shown to.
	 */
	public function mark_typing( int $conversation_id, int $recipient_id ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_conversation_members} SET typing_at = %d WHERE conversation_id = %d AND user_id = %d", self::now_ms(), $conversation_id, $recipient_id ) );
	}

	/**
	 * Now, in Unix milliseconds.
	 *
	 * @return int
	 */
	public static function now_ms(): int {
		return (int) floor( microtime( true ) * 1000 );
	}

	/**
	 * The caller's visible member rows (me), their other member (o) not blocked.
	 *
	 * @param int   $user_id         Caller.
	 * @param int   $conversation_id One conversation, or 0 for all.
	 * @param int[] $blocked         Members blocked either way.
	 * @return array{0: string, 1: array}
	 */
	private function member_where( int $user_id, int $conversation_id, array $blocked ): array {
		$where = "me.user_id = %d AND me.status IN ( 'active', 'request' ) AND me.has_left = 0";
		$args  = array( $user_id );
		if ( $conversation_id > 0 ) {
			$where .= ' AND me.conversation_id = %d';
			$args[] = $conversation_id;
		}
		if ( $blocked ) {
			$where .= ' AND ( o.user_id IS NULL OR o.user_id NOT IN ( ' . implode( ', ', array_fill( 0, count( $blocked ), '%d' ) ) . ' ) )';
			$args   = array_merge( $args, array_map( 'intval', $blocked ) );
		}
		return array( $where, $args );
	}
}
