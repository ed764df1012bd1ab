<?php
/**
 * Domain logic of the conversation inbox routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Conversation_Inbox_Handler: starting a
 * conversation (active or a request, per the contract's state table), the
 * inbox tabs, one conversation, preferences, accept, decline, leave and
 * read marks. Choices: docs/messaging.md.
 */
final class MVS_Conversations_Service implements MVS_Conversation_Inbox_Handler {

	/**
	 * Conversation rows.
	 *
	 * @var MVS_Conversation_Repository
	 */
	private $conversations;

	/**
	 * Access checks.
	 *
	 * @var MVS_Messaging_Gate
	 */
	private $gate;

	/**
	 * The Conversation shape.
	 *
	 * @var MVS_Conversation_Presenter
	 */
	private $presenter;

	/**
	 * Member cards (and who follows whom among them).
	 *
	 * @var MVS_User_Cards
	 */
	private $cards;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Conversation_Repository|null $conversations Conversation rows.
	 * @param MVS_User_Cards|null              $cards         Member cards.
	 */
	public function __construct( ?MVS_Conversation_Repository $conversations = null, ?MVS_User_Cards $cards = null ) {
		$this->conversations = $conversations ? $conversations : new MVS_Conversation_Repository();
		$this->cards         = $cards ? $cards : new MVS_User_Cards();
		$this->gate          = new MVS_Messaging_Gate( $this->conversations );
		$this->presenter     = new MVS_Conversation_Presenter( new MVS_Message_Repository(), $this->cards );
	}

	/**
	 * GET /me/conversations: five queries whatever per_page.
	 *
	 * @param MVS_List_My_Conversations_Args $args Arguments.
	 * @return MVS_Page|WP_Error
	 */
	public function list_my_conversations( MVS_List_My_Conversations_Args $args ) {
		$closed = $this->gate->closed();
		if ( $closed ) {
			return $closed;
		}
		$me                   = get_current_user_id();
		list( $rows, $total ) = $this->conversations->inbox_page( $me, $args->tab, MVS_Media_Visibility::blocked_ids( $me ), $args->page, $args->per_page );
		return new MVS_Page( $this->presenter->present_all( $rows, $me ), $total );
	}

	/**
	 * POST /conversations: the state table of the contract. A request when
	 * as_request is set or the recipient does not follow the caller; under
	 * dm_access followers such a caller is refused instead. One row per
	 * pair: starting it again returns it (and brings the caller back).
	 *
	 * @param MVS_Create_Conversation_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function create_conversation( MVS_Create_Conversation_Args $args ) {
		$closed = $this->gate->closed();
		if ( $closed ) {
			return $closed;
		}
		$me        = get_current_user_id();
		$recipient = (int) $args->recipient_id;
		if ( $recipient === $me ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'You cannot start a conversation with yourself.', 'media-community-service' ) );
		}
		if ( ! get_userdata( $recipient ) ) {
			return MVS_Errors::make( 'mvs_user_not_found' );
		}
		if ( in_array( $recipient, MVS_Media_Visibility::blocked_ids( $me ), true ) ) {
			return MVS_Messaging_Gate::refused();
		}
		$followed = isset( $this->cards->followed_among( $recipient, array( $me ) )[ $me ] );
		if ( ! $followed && 'followers' === (string) MVS_Settings::get( 'dm_access' ) ) {
			return MVS_Messaging_Gate::refused();
		}
		$id = $this->conversations->find_or_create( $me, $recipient );
		if ( ! $id ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		$this->conversations->add_member( $id, $me, 'active' );
		$this->conversations->add_member( $id, $recipient, $args->as_request || ! $followed ? 'request' : 'active' );
		$this->conversations->rejoin( $id, $me );
		return $this->one( $id, $me );
	}

	/**
	 * GET /conversations/{id}.
	 *
	 * @param MVS_Get_Conversation_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_conversation( MVS_Get_Conversation_Args $args ) {
		$row = $this->gate->row( $args->id, get_current_user_id() );
		return is_wp_error( $row ) ? $row : $this->presenter->present_all( array( $row ), get_current_user_id() )[0];
	}

	/**
	 * PATCH /conversations/{id}: only the preferences sent change.
	 *
	 * @param MVS_Update_Conversation_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function update_conversation( MVS_Update_Conversation_Args $args ) {
		$me  = get_current_user_id();
		$row = $this->gate->row( $args->id, $me );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$prefs = array();
		foreach ( array(
			'is_muted'    => $args->is_muted,
			'is_pinned'   => $args->is_pinned,
			'is_archived' => $args->is_archived,
		) as $column => $value ) {
			if ( null !== $value ) {
				$prefs[ $column ] = $value ? 1 : 0;
			}
		}
		$this->conversations->set_prefs( $args->id, $me, $prefs );
		return $this->one( $args->id, $me );
	}

	/**
	 * DELETE /conversations/{id}: retry-safe; an outsider's or a repeated
	 * leave answers deleted: false, as for an ID that never existed.
	 *
	 * @param MVS_Leave_Conversation_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function leave_conversation( MVS_Leave_Conversation_Args $args ) {
		$closed = $this->gate->closed();
		if ( $closed ) {
			return $closed;
		}
		return array(
			'deleted' => $this->conversations->leave( $args->id, get_current_user_id() ),
			'id'      => $args->id,
		);
	}

	/**
	 * POST /conversations/{id}/accept: idempotent on an active conversation.
	 *
	 * @param MVS_Accept_Conversation_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function accept_conversation( MVS_Accept_Conversation_Args $args ) {
		$me  = get_current_user_id();
		$row = $this->gate->row( $args->id, $me );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$this->conversations->move( $args->id, $me, 'request', 'active' );
		return $this->one( $args->id, $me );
	}

	/**
	 * POST /conversations/{id}/decline: a request of the caller's only (an
	 * active conversation is left, not declined: 404 as no such request).
	 *
	 * @param MVS_Decline_Conversation_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function decline_conversation( MVS_Decline_Conversation_Args $args ) {
		$me  = get_current_user_id();
		$row = $this->gate->row( $args->id, $me );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		if ( 'request' !== $row->status ) {
			return MVS_Errors::make( 'mvs_not_found' );
		}
		$this->conversations->move( $args->id, $me, 'request', 'declined' );
		return array(
			'id'     => $args->id,
			'status' => 'declined',
		);
	}

	/**
	 * POST /conversations/{id}/read.
	 *
	 * @param MVS_Mark_Conversation_Read_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function mark_conversation_read( MVS_Mark_Conversation_Read_Args $args ) {
		$me  = get_current_user_id();
		$row = $this->gate->row( $args->id, $me );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$this->conversations->mark_read( $args->id, $me );
		return array(
			'id'           => $args->id,
			'unread_total' => $this->conversations->unread_total( $me, MVS_Media_Visibility::blocked_ids( $me ) ),
		);
	}

	/**
	 * The caller's Conversation after a change.
	 *
	 * @param int $id Conversation.
	 * @param int $me Caller.
	 * @return array|WP_Error
	 */
	private function one( int $id, int $me ) {
		$row = $this->conversations->visible_row( $id, $me, MVS_Media_Visibility::blocked_ids( $me ) );
		return $row ? $this->presenter->present_all( array( $row ), $me )[0] : MVS_Errors::make( 'mvs_not_found' );
	}
}
