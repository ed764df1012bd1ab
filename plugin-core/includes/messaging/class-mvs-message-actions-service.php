<?php
/**
 * Domain logic of the routes on one message.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Message_Actions_Handler: delete for the
 * caller, unsend for everyone within the edit window (the comments' one,
 * setting comment_edit_minutes), one emoji reaction
 * per participant. A message the caller may not see (another conversation,
 * before their leave, hidden by them) is absent to them. Choices:
 * docs/messaging.md.
 */
final class MVS_Message_Actions_Service implements MVS_Message_Actions_Handler {

	/**
	 * Conversation rows.
	 *
	 * @var MVS_Conversation_Repository
	 */
	private $conversations;

	/**
	 * Message rows.
	 *
	 * @var MVS_Message_Repository
	 */
	private $messages;

	/**
	 * Access checks.
	 *
	 * @var MVS_Messaging_Gate
	 */
	private $gate;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Conversation_Repository|null $conversations Conversation rows.
	 * @param MVS_Message_Repository|null      $messages      Message rows.
	 */
	public function __construct( ?MVS_Conversation_Repository $conversations = null, ?MVS_Message_Repository $messages = null ) {
		$this->conversations = $conversations ? $conversations : new MVS_Conversation_Repository();
		$this->messages      = $messages ? $messages : new MVS_Message_Repository();
		$this->gate          = new MVS_Messaging_Gate( $this->conversations );
	}

	/**
	 * DELETE /messages/{id}: retry-safe; a message the caller cannot see
	 * answers as one already gone.
	 *
	 * @param MVS_Delete_Message_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function delete_message( MVS_Delete_Message_Args $args ) {
		$closed = $this->gate->closed();
		if ( $closed ) {
			return $closed;
		}
		$message = $this->visible( $args->id );
		return array(
			'deleted' => $message && $this->messages->hide( $args->id, get_current_user_id() ),
			'id'      => $args->id,
		);
	}

	/**
	 * DELETE /messages/{id}/unsend: the sender only (checked by the
	 * controller), within the edit window.
	 *
	 * @param MVS_Unsend_Message_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function unsend_message( MVS_Unsend_Message_Args $args ) {
		$closed = $this->gate->closed();
		if ( $closed ) {
			return $closed;
		}
		$message = $this->messages->find( $args->id );
		if ( ! $message ) {
			return array(
				'deleted' => false,
				'id'      => $args->id,
			);
		}
		// One edit window for comments and message unsend, as the contract names them together.
		$minutes = max( 0, (int) MVS_Settings::get( 'comment_edit_minutes' ) );
		if ( time() >= (int) strtotime( $message->created_at . ' UTC' ) + 60 * $minutes ) {
			return MVS_Errors::make( 'mvs_edit_window_closed', __( 'The time to unsend this message is over.', 'media-community-service' ) );
		}
		$messages    = $this->messages;
		$attachments = new MVS_Message_Attachment_Repository();
		$files       = $attachments->files_of_message( (int) $message->id );
		$ok          = MVS_Transaction::run(
			static function () use ( $messages, $attachments, $message ) {
				return $messages->remove( $message ) && $attachments->delete_of_message( (int) $message->id );
			}
		);
		if ( ! $ok ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		// The attachment's file goes once its row is gone for good.
		$storage = MVS_Storage::driver();
		foreach ( $files as $file ) {
			$storage->delete( (string) $file );
		}
		return array(
			'deleted' => true,
			'id'      => $args->id,
		);
	}

	/**
	 * POST /messages/{id}/reactions: sets the caller's one reaction.
	 *
	 * @param MVS_Add_Message_Reaction_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function add_message_reaction( MVS_Add_Message_Reaction_Args $args ) {
		$closed = $this->gate->closed();
		if ( $closed ) {
			return $closed;
		}
		if ( ! $this->visible( $args->id ) ) {
			return MVS_Errors::make( 'mvs_not_found' );
		}
		// The emoji is one of the DSL's list (MESSAGE_EMOJI), checked by the controller.
		$this->messages->react( $args->id, get_current_user_id(), (string) $args->emoji );
		return $this->reactions( $args->id );
	}

	/**
	 * DELETE /messages/{id}/reactions.
	 *
	 * @param MVS_Remove_Message_Reaction_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function remove_message_reaction( MVS_Remove_Message_Reaction_Args $args ) {
		$closed = $this->gate->closed();
		if ( $closed ) {
			return $closed;
		}
		if ( ! $this->visible( $args->id ) ) {
			return MVS_Errors::make( 'mvs_not_found' );
		}
		$deleted = $this->messages->unreact( $args->id, get_current_user_id() );
		return array_merge( $this->reactions( $args->id ), array( 'deleted' => $deleted ) );
	}

	/**
	 * The message when the caller sees it: in a conversation they see,
	 * after their leave, not hidden by them.
	 *
	 * @param int $id Message.
	 * @return object|null
	 */
	private function visible( int $id ) {
		$me      = get_current_user_id();
		$message = $this->messages->find( $id );
		if ( ! $message ) {
			return null;
		}
		$row = $this->conversations->visible_row( (int) $message->conversation_id, $me, MVS_Media_Visibility::blocked_ids( $me ) );
		if ( ! $row || (int) $message->id <= (int) $row->hidden_before_id || $this->messages->is_hidden( $id, $me ) ) {
			return null;
		}
		return $message;
	}

	/**
	 * The reactions of a message after a change.
	 *
	 * @param int $id Message.
	 * @return array
	 */
	private function reactions( int $id ): array {
		$mine = null;
		$list = $this->messages->reactions( array( $id ) )[ $id ] ?? array();
		foreach ( $list as $reaction ) {
			if ( get_current_user_id() === $reaction['user_id'] ) {
				$mine = $reaction['emoji'];
			}
		}
		return array(
			'message_id' => $id,
			'reactions'  => $list,
			'my_emoji'   => $mine,
		);
	}
}
