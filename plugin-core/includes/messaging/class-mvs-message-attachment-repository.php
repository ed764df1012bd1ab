<?php
/**
 * Rows of mvs_message_attachments.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Files uploaded for messages: owned by the uploader until one message
 * carries it, then fetched by that conversation's participants only
 * (docs/messaging.md, "Attachments").
 */
final class MVS_Message_Attachment_Repository {

	/**
	 * Inserts an attachment.
	 *
	 * @param array $row user_id, media_type, mime_type, file_path, file_size, width, height.
	 * @return int New ID; 0 on failure.
	 */
	public function insert( array $row ): int {
		global $wpdb;
		$row['created_at'] = current_time( 'mysql', true );
		$ok                = $wpdb->insert( $wpdb->mvs_message_attachments, $row, array( '%d', '%s', '%s', '%s', '%d', '%d', '%d', '%s' ) );
		return $ok ? (int) $wpdb->insert_id : 0;
	}

	/**
	 * One attachment by ID.
	 *
	 * @param int $id Attachment.
	 * @return object|null
	 */
	public function find( int $id ) {
		global $wpdb;
		return $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$wpdb->mvs_message_attachments} WHERE id = %d", $id ) );
	}

	/**
	 * The uploader's attachment that no message carries yet.
	 *
	 * @param int $id      Attachment.
	 * @param int $user_id Uploader.
	 * @return bool
	 */
	public function is_unsent_own( int $id, int $user_id ): bool {
		global $wpdb;
		return (bool) $wpdb->get_var( $wpdb->prepare( "SELECT 1 FROM {$wpdb->mvs_message_attachments} WHERE id = %d AND user_id = %d AND message_id = 0", $id, $user_id ) );
	}

	/**
	 * Binds an unsent own attachment to the message that carries it; once
	 * only, so two sends racing for one attachment cannot both have it.
	 *
	 * @param int $id              Attachment.
	 * @param int $user_id         Uploader.
	 * @param int $conversation_id Conversation.
	 * @param int $message_id      Message.
	 * @return bool Whether it was bound by this call.
	 */
	public function bind( int $id, int $user_id, int $conversation_id, int $message_id ): bool {
		global $wpdb;
		return 1 === (int) $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_message_attachments} SET conversation_id = %d, message_id = %d WHERE id = %d AND user_id = %d AND message_id = 0", $conversation_id, $message_id, $id, $user_id ) );
	}

	/**
	 * Storage keys of a member's uploads (read before the erasure deletes
	 * their rows, removed once it has committed).
	 *
	 * @param int $user_id Uploader.
	 * @return string[]
	 */
	public function files_of_user( int $user_id ): array {
		global $wpdb;
		return $wpdb->get_col( $wpdb->prepare( "SELECT file_path FROM {$wpdb->mvs_message_attachments} WHERE user_id = %d", $user_id ) );
	}

	/**
	 * Storage keys of what one message carries.
	 *
	 * @param int $message_id Message.
	 * @return string[]
	 */
	public function files_of_message( int $message_id ): array {
		global $wpdb;
		return $wpdb->get_col( $wpdb->prepare( "SELECT file_path FROM {$wpdb->mvs_message_attachments} WHERE message_id = %d", $message_id ) );
	}

	/**
	 * Deletes the rows of what one message carries (an unsent message).
	 *
	 * @param int $message_id Message.
	 * @return bool
	 */
	public function delete_of_message( int $message_id ): bool {
		global $wpdb;
		return false !== $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_message_attachments} WHERE message_id = %d", $message_id ) );
	}

	/**
	 * What the messages of one conversation carried (shared media items the
	 * viewer may see now, attachments), as the participant sees the
	 * messages, newest first: one query on the (conversation_id,
	 * message_type, id) key, which skips the text messages.
	 *
	 * @param int $conversation_id Conversation.
	 * @param int $user_id         Participant.
	 * @param int $after           Their hidden_before_id.
	 * @param int $before          Only messages with an ID below it; 0 for none.
	 * @param int $limit           At most this many.
	 * @return object[]
	 */
	public function conversation_files( int $conversation_id, int $user_id, int $after, int $before, int $limit ): array {
		global $wpdb;
		list( $visible, $visible_args ) = MVS_Media_Visibility::viewer_predicate( $user_id, 'md' );
		$sql                            = "SELECT m.id AS message_id, m.sender_id, m.created_at, m.media_id, m.attachment_id, md.id AS md_id, md.privacy, md.moderation_status, md.media_type AS md_type, md.mime_type AS md_mime, a.id AS a_id, a.media_type AS a_type, a.mime_type AS a_mime FROM {$wpdb->mvs_messages} m LEFT JOIN {$wpdb->mvs_message_hidden} h ON h.message_id = m.id AND h.user_id = %d LEFT JOIN {$wpdb->mvs_media} md ON md.id = m.media_id AND m.media_id > 0 LEFT JOIN {$wpdb->mvs_message_attachments} a ON a.id = m.attachment_id AND a.message_id = m.id WHERE m.conversation_id = %d AND m.message_type = 'media' AND m.id > %d AND m.id < %d AND h.message_id IS NULL AND ( a.id IS NOT NULL OR ( md.id IS NOT NULL AND {$visible} ) ) ORDER BY m.id DESC LIMIT %d";
		$args                           = array_merge( array( $user_id, $conversation_id, $after, $before > 0 ? $before : PHP_INT_MAX ), $visible_args, array( $limit ) );
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the visibility predicate is built from placeholders.
		$rows = $wpdb->get_results( $wpdb->prepare( $sql, $args ) );
		return $rows ? $rows : array();
	}
}
