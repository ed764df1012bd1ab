<?php
/**
 * Who may use messaging, and which conversations a caller sees.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The checks every messaging route starts with: the site setting
 * dm_access (nobody: 403 mvs_messaging_off everywhere), and the caller's
 * view of one conversation, null (answered 404 like a missing one) for
 * outsiders, members who left or declined, and conversations with a
 * member blocked either way. Choices: docs/messaging.md.
 */
final class MVS_Messaging_Gate {

	/**
	 * Conversation rows.
	 *
	 * @var MVS_Conversation_Repository
	 */
	private $conversations;

	/**
	 * Wires collaborators.
	 *
	 * @param MVS_Conversation_Repository $conversations Conversation rows.
	 */
	public function __construct( MVS_Conversation_Repository $conversations ) {
		$this->conversations = $conversations;
	}

	/**
	 * 403 mvs_messaging_off while the site turns direct messages off.
	 *
	 * @return WP_Error|null
	 */
	public function closed() {
		if ( 'nobody' !== (string) MVS_Settings::get( 'dm_access' ) ) {
			return null;
		}
		return MVS_Errors::make( 'mvs_messaging_off', __( 'Direct messages are turned off on this site.', 'media-community-service' ) );
	}

	/**
	 * The caller's inbox row of a conversation, or 404.
	 *
	 * @param int $conversation_id Conversation.
	 * @param int $user_id         Caller.
	 * @return object|WP_Error
	 */
	public function row( int $conversation_id, int $user_id ) {
		$closed = $this->closed();
		if ( $closed ) {
			return $closed;
		}
		$row = $this->conversations->visible_row( $conversation_id, $user_id, MVS_Media_Visibility::blocked_ids( $user_id ) );
		return $row ? $row : MVS_Errors::make( 'mvs_not_found' );
	}

	/**
	 * The one refusal of a member who may not message another (blocked
	 * either way, or outside what dm_access lets through): it says neither
	 * which, so a block is not revealed.
	 *
	 * @return WP_Error
	 */
	public static function refused() {
		return MVS_Errors::make( 'mvs_forbidden', __( 'This member cannot receive messages from you.', 'media-community-service' ) );
	}
}
