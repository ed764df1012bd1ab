<?php
/**
 * Domain logic of the routes on one conversation's messages.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Conversation_Messages_Handler: the page of
 * messages (newest first, before cursor) and sending one. Choices:
 * docs/messaging.md.
 */
final class MVS_Conversation_Messages_Service implements MVS_Conversation_Messages_Handler {

	/**
	 * Largest metadata object, in bytes of its JSON.
	 */
	const METADATA_MAX_BYTES = 2048;

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
	 * The Message shape.
	 *
	 * @var MVS_Message_Presenter
	 */
	private $presenter;

	/**
	 * Attachment rows.
	 *
	 * @var MVS_Message_Attachment_Repository
	 */
	private $attachments;

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
		$this->presenter     = new MVS_Message_Presenter( $this->messages );
		$this->attachments   = new MVS_Message_Attachment_Repository();
	}

	/**
	 * GET /conversations/{id}/messages: three queries whatever per_page.
	 *
	 * @param MVS_List_Conversation_Messages_Args $args Arguments.
	 * @return MVS_Page|WP_Error
	 */
	public function list_conversation_messages( MVS_List_Conversation_Messages_Args $args ) {
		$me  = get_current_user_id();
		$row = $this->gate->row( $args->id, $me );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$rows  = $this->messages->page( $args->id, $me, (int) $row->hidden_before_id, $args->before, max( 1, $args->per_page ) );
		$items = $this->presenter->present_all( $rows, $me );
		return new MVS_Page( $items, count( $items ) );
	}

	/**
	 * POST /conversations/{id}/messages. Replying to a request accepts it.
	 *
	 * @param MVS_Send_Message_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function send_message( MVS_Send_Message_Args $args ) {
		$me  = get_current_user_id();
		$row = $this->gate->row( $args->id, $me );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$other = (int) $row->other_id;
		if ( $other <= 0 || ! get_userdata( $other ) ) {
			return MVS_Messaging_Gate::refused();
		}
		$fields = $this->validated( $args, $me, $other );
		if ( is_wp_error( $fields ) ) {
			return $fields;
		}
		$fields['conversation_id'] = $args->id;
		$fields['sender_id']       = $me;
		$conversations             = $this->conversations;
		$messages                  = $this->messages;
		$attachments               = $this->attachments;
		$id                        = MVS_Transaction::run(
			static function () use ( $conversations, $messages, $attachments, $fields, $me ) {
				$id = $messages->insert(
					array(
						'conversation_id' => $fields['conversation_id'],
						'sender_id'       => $me,
						'content'         => $fields['content'],
						'message_type'    => $fields['message_type'],
						'media_id'        => $fields['media_id'],
						'attachment_id'   => $fields['attachment_id'],
						'parent_id'       => $fields['parent_id'],
						'metadata'        => $fields['metadata'],
					)
				);
				// The attachment goes to this message only: a concurrent send of it binds nothing and rolls back.
				if ( $id && $fields['attachment_id'] > 0 && ! $attachments->bind( $fields['attachment_id'], $me, $fields['conversation_id'], $id ) ) {
					return false;
				}
				return $id && $conversations->record_message( $fields['conversation_id'], $me, $id ) ? $id : false;
			}
		);
		if ( ! $id ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		MVS_Message_Poll_Signal::bump( array( $me, $other ) );
		$message = $this->messages->find( (int) $id );
		if ( ! $row->other_muted && 'declined' !== $row->other_status ) {
			MVS_Message_Notices::message_sent( $other, $me, $args->id, (string) $message->content );
		}
		return MVS_Message_Presenter::present( $message, $me, array() );
	}

	/**
	 * The columns of a new message, or 400 mvs_invalid_param (403 when the
	 * recipient may no longer be messaged).
	 *
	 * @param MVS_Send_Message_Args $args  Arguments.
	 * @param int                   $me    Sender.
	 * @param int                   $other Recipient.
	 * @return array|WP_Error
	 */
	private function validated( MVS_Send_Message_Args $args, int $me, int $other ) {
		if ( in_array( $other, MVS_Media_Visibility::blocked_ids( $me ), true ) ) {
			return MVS_Messaging_Gate::refused();
		}
		$content       = trim( (string) $args->content );
		$media_id      = (int) $args->media_id;
		$attachment_id = (int) $args->attachment_id;
		// Only the sender's own upload that no message carries yet: anything else is one answer, unknown.
		if ( null !== $args->attachment_id && ( $media_id > 0 || ! $this->attachments->is_unsent_own( $attachment_id, $me ) ) ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'Unknown attachment.', 'media-community-service' ) );
		}
		if ( '' === $content && $media_id <= 0 && $attachment_id <= 0 ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'A message needs content or a media item.', 'media-community-service' ) );
		}
		if ( 'media' === $args->message_type && $media_id <= 0 && $attachment_id <= 0 ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'A media message needs a media item.', 'media-community-service' ) );
		}
		if ( $media_id > 0 ) {
			// Both must be able to see it: the recipient would otherwise learn of an item hidden from them.
			$item = ( new MVS_Media_Repository() )->find( $media_id );
			if ( ! $item || ! MVS_Media_Visibility::can_view( $item, $me ) || ! MVS_Media_Visibility::can_view( $item, $other ) ) {
				return MVS_Errors::make( 'mvs_invalid_param', __( 'This item cannot be shared in this conversation.', 'media-community-service' ) );
			}
		}
		$parent_id = (int) $args->parent_id;
		if ( $parent_id > 0 ) {
			$parent = $this->messages->find( $parent_id );
			if ( ! $parent || (int) $parent->conversation_id !== (int) $args->id ) {
				return MVS_Errors::make( 'mvs_invalid_param', __( 'The reply target is not a message of this conversation.', 'media-community-service' ) );
			}
		}
		$metadata = null === $args->metadata ? '' : (string) wp_json_encode( (object) $args->metadata );
		if ( strlen( $metadata ) > self::METADATA_MAX_BYTES ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'The metadata object is too large (2 KB at most).', 'media-community-service' ) );
		}
		return array(
			'content'       => $content,
			'message_type'  => $media_id > 0 || $attachment_id > 0 ? 'media' : 'text',
			'media_id'      => max( 0, $media_id ),
			'attachment_id' => max( 0, $attachment_id ),
			'parent_id'     => max( 0, $parent_id ),
			'metadata'      => $metadata,
		);
	}

	/**
	 * GET /conversations/{id}/media: what the messages the caller sees
	 * carried, newest first; shared items only while the caller may see
	 * them (the visibility predicate in the query). Two queries besides
	 * the access check, whatever per_page.
	 *
	 * @param MVS_List_Conversation_Media_Args $args Arguments.
	 * @return MVS_Page|WP_Error
	 */
	public function list_conversation_media( MVS_List_Conversation_Media_Args $args ) {
		$me  = get_current_user_id();
		$row = $this->gate->row( $args->id, $me );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$items = array();
		foreach ( $this->attachments->conversation_files( $args->id, $me, (int) $row->hidden_before_id, $args->before, max( 1, $args->per_page ) ) as $file ) {
			$attachment = null !== $file->a_id;
			$items[]    = array(
				'message_id'    => (int) $file->message_id,
				'sender_id'     => (int) $file->sender_id,
				'kind'          => $attachment ? 'attachment' : 'media',
				'media_id'      => $attachment ? null : (int) $file->md_id,
				'attachment_id' => $attachment ? (int) $file->a_id : null,
				'media_type'    => (string) ( $attachment ? $file->a_type : $file->md_type ),
				'mime_type'     => (string) ( $attachment ? $file->a_mime : $file->md_mime ),
				'url'           => $attachment
					? MVS_Message_Attachment_Files::url( (int) $file->a_id, $me )
					: MVS_Url_Signer::file_url(
						(object) array(
							'id'                => (int) $file->md_id,
							'privacy'           => $file->privacy,
							'moderation_status' => $file->moderation_status,
						),
						$me
					),
				'created_at'    => MVS_Time::to_iso8601( (string) $file->created_at ),
			);
		}
		return new MVS_Page( $items, count( $items ) );
	}

	/**
	 * GET /conversations/{id}/messages/search: this conversation only, as
	 * the caller sees it; two queries besides the access check.
	 *
	 * @param MVS_Search_Conversation_Messages_Args $args Arguments.
	 * @return MVS_Page|WP_Error
	 */
	public function search_conversation_messages( MVS_Search_Conversation_Messages_Args $args ) {
		$me  = get_current_user_id();
		$row = $this->gate->row( $args->id, $me );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$rows  = $this->messages->search( $args->id, $me, (int) $row->hidden_before_id, (string) $args->q, max( 1, $args->per_page ) );
		$items = $this->presenter->present_all( $rows, $me );
		return new MVS_Page( $items, count( $items ) );
	}

	/**
	 * POST /conversations/{id}/typing: stores nothing; fires mvs_typing for
	 * real-time integrations (docs/messaging.md), not to a member who
	 * blocked or was blocked by the caller, nor to one who declined.
	 *
	 * @param MVS_Send_Typing_Event_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function send_typing_event( MVS_Send_Typing_Event_Args $args ) {
		$me  = get_current_user_id();
		$row = $this->gate->row( $args->id, $me );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$other = (int) $row->other_id;
		if ( $other > 0 && 'declined' !== $row->other_status ) {
			/**
			 * Fires when a member is typing in a conversation (POST
			 * /conversations/{id}/typing), for a real-time integration
			 * (WebSocket, push channel) to tell the other member. Nothing is stored.
			 *
			 * @param int $conversation_id Conversation.
			 * @param int $user_id         Who is typing.
			 * @param int $recipient_id    The other participant.
			 */
			do_action( 'mvs_typing', $args->id, $me, $other );
			// The long-poll's signal: the other member's poll answers with it for a few seconds.
			( new MVS_Message_Poll_Repository() )->mark_typing( $args->id, $other );
			MVS_Message_Poll_Signal::bump( array( $other ) );
		}
		return array(
			'conversation_id' => $args->id,
			'typing'          => true,
		);
	}
}
