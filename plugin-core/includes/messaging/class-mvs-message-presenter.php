<?php
/**
 * The one Message shape.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Turns message rows into Message arrays for one viewer, reactions of the
 * whole page in one query.
 */
final class MVS_Message_Presenter {

	/**
	 * Data access.
	 *
	 * @var MVS_Message_Repository
	 */
	private $messages;

	/**
	 * Wires collaborators.
	 *
	 * @param MVS_Message_Repository $messages Data access.
	 */
	public function __construct( MVS_Message_Repository $messages ) {
		$this->messages = $messages;
	}

	/**
	 * Messages of one page, in the order given.
	 *
	 * @param object[] $rows      mvs_messages rows.
	 * @param int      $viewer_id Viewer.
	 * @return array[]
	 */
	public function present_all( array $rows, int $viewer_id ): array {
		$reactions = $this->messages->reactions( wp_list_pluck( $rows, 'id' ) );
		$out       = array();
		foreach ( $rows as $row ) {
			$out[] = self::present( $row, $viewer_id, $reactions[ (int) $row->id ] ?? array() );
		}
		return $out;
	}

	/**
	 * One message.
	 *
	 * @param object  $row       mvs_messages row.
	 * @param int     $viewer_id Viewer.
	 * @param array[] $reactions Its reactions.
	 * @return array
	 */
	public static function present( $row, int $viewer_id, array $reactions ): array {
		$metadata = json_decode( (string) $row->metadata, true );
		return array(
			'id'              => (int) $row->id,
			'conversation_id' => (int) $row->conversation_id,
			'sender_id'       => (int) $row->sender_id,
			'content'         => (string) $row->content,
			'message_type'    => 'media' === $row->message_type ? 'media' : 'text',
			'media_id'        => (int) $row->media_id > 0 ? (int) $row->media_id : null,
			'attachment_id'   => (int) $row->attachment_id > 0 ? (int) $row->attachment_id : null,
			'attachment_url'  => (int) $row->attachment_id > 0 ? MVS_Message_Attachment_Files::url( (int) $row->attachment_id, $viewer_id ) : null,
			'parent_id'       => (int) $row->parent_id > 0 ? (int) $row->parent_id : null,
			'metadata'        => (object) ( is_array( $metadata ) ? $metadata : array() ),
			'reactions'       => $reactions,
			'is_mine'         => (int) $row->sender_id === $viewer_id,
			'created_at'      => MVS_Time::to_iso8601( (string) $row->created_at ),
		);
	}
}
