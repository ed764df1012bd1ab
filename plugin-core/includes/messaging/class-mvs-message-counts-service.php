<?php
/**
 * GET /me/messages/unread-count.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Message_Counts_Handler: the sum of the
 * caller's per-conversation unread counters (active conversations they
 * see; requests have their own tab), one indexed range read.
 */
final class MVS_Message_Counts_Service implements MVS_Message_Counts_Handler {

	/**
	 * Conversation rows.
	 *
	 * @var MVS_Conversation_Repository
	 */
	private $conversations;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Conversation_Repository|null $conversations Conversation rows.
	 */
	public function __construct( ?MVS_Conversation_Repository $conversations = null ) {
		$this->conversations = $conversations ? $conversations : new MVS_Conversation_Repository();
	}

	/**
	 * GET /me/messages/unread-count.
	 *
	 * @param MVS_Get_Unread_Message_Count_Args $args Arguments (none).
	 * @return array|WP_Error
	 */
	public function get_unread_message_count( MVS_Get_Unread_Message_Count_Args $args ) {
		$closed = ( new MVS_Messaging_Gate( $this->conversations ) )->closed();
		if ( $closed ) {
			return $closed;
		}
		$me = get_current_user_id();
		return array( 'count' => $this->conversations->unread_total( $me, MVS_Media_Visibility::blocked_ids( $me ) ) );
	}
}
