<?php
/**
 * The one Conversation shape.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Turns inbox rows (MVS_Conversation_Repository::INBOX_COLUMNS) into
 * Conversation arrays for the caller in a fixed number of queries whatever
 * the number of rows: one for the last messages, two for the member cards.
 */
final class MVS_Conversation_Presenter {

	/**
	 * Message rows.
	 *
	 * @var MVS_Message_Repository
	 */
	private $messages;

	/**
	 * Member cards.
	 *
	 * @var MVS_User_Cards
	 */
	private $cards;

	/**
	 * Wires collaborators.
	 *
	 * @param MVS_Message_Repository $messages Message rows.
	 * @param MVS_User_Cards         $cards    Member cards.
	 */
	public function __construct( MVS_Message_Repository $messages, MVS_User_Cards $cards ) {
		$this->messages = $messages;
		$this->cards    = $cards;
	}

	/**
	 * Conversations of the caller, in the order given.
	 *
	 * @param object[] $rows Inbox rows.
	 * @param int      $me   Caller.
	 * @return array[]
	 */
	public function present_all( array $rows, int $me ): array {
		if ( ! $rows ) {
			return array();
		}
		$last  = array();
		$users = array( $me );
		foreach ( $rows as $row ) {
			if ( (int) $row->last_message_id > (int) $row->hidden_before_id ) {
				$last[] = (int) $row->last_message_id;
			}
			$users[] = (int) $row->other_id;
		}
		$previews = $this->messages->previews( $last, $me );
		$cards    = $this->cards->cards( $users, $me );
		$out      = array();
		foreach ( $rows as $row ) {
			$other   = (int) $row->other_id;
			$preview = $previews[ (int) $row->last_message_id ] ?? null;
			$item    = array(
				'id'                => (int) $row->id,
				'status'            => 'request' === $row->status ? 'request' : 'active',
				'is_request_sender' => 'request' !== $row->status && in_array( $row->other_status, array( 'request', 'declined' ), true ),
				'participants'      => array_values( array_filter( array( $cards[ $me ] ?? null, $cards[ $other ] ?? null ) ) ),
				'unread_count'      => (int) $row->unread_count,
				'is_muted'          => (bool) $row->is_muted,
				'is_pinned'         => (bool) $row->is_pinned,
				'is_archived'       => (bool) $row->is_archived,
				'created_at'        => MVS_Time::to_iso8601( (string) $row->created_at ),
			);
			if ( isset( $cards[ $other ] ) ) {
				$item['other_user'] = $cards[ $other ];
			}
			if ( $preview && (int) $preview->id > (int) $row->hidden_before_id ) {
				$item['last_message'] = array(
					'id'           => (int) $preview->id,
					'sender_id'    => (int) $preview->sender_id,
					'excerpt'      => (string) $preview->excerpt,
					'message_type' => 'media' === $preview->message_type ? 'media' : 'text',
					'created_at'   => MVS_Time::to_iso8601( (string) $preview->created_at ),
				);
			}
			$out[] = $item;
		}
		return $out;
	}
}
