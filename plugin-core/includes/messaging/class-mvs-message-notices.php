<?php
/**
 * Notifications of new messages.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A new message notifies its recipient through MVS_Notifier (which fires
 * mvs_push_send), folded per conversation: while the recipient has not
 * read the notification of a conversation, later messages update it and
 * push nothing more, so a burst of messages is one notification and one push.
 */
final class MVS_Message_Notices {

	/**
	 * Notifies the recipient of a message (the caller skips muted and declined ones).
	 *
	 * @param int    $recipient       Recipient.
	 * @param int    $sender          Sender.
	 * @param int    $conversation_id Conversation.
	 * @param string $content         Message text.
	 */
	public static function message_sent( int $recipient, int $sender, int $conversation_id, string $content ): void {
		MVS_Notifier::notify(
			$recipient,
			$sender,
			'message',
			'conversation',
			$conversation_id,
			array( 'excerpt' => wp_html_excerpt( $content, 100 ) ),
			array( 'fold' => true )
		);
	}
}
