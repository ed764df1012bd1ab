<?php
/**
 * Domain logic of the notification routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Notifications_Handler: the caller's list
 * (all or unread, newest first), the cached unread count, and marking read.
 */
final class MVS_Notifications_Service implements MVS_Notifications_Handler {

	/**
	 * Data access.
	 *
	 * @var MVS_Notification_Repository
	 */
	private $store;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Notification_Repository|null $store Data access.
	 */
	public function __construct( ?MVS_Notification_Repository $store = null ) {
		$this->store = $store ? $store : new MVS_Notification_Repository();
	}

	/**
	 * Notification record. An item's title is the one it has now (a
	 * notification created before a rename, or before the item was private
	 * for a while, shows what the recipient would see on the item).
	 *
	 * @param object $row mvs_notifications row, with current_title.
	 * @return array
	 */
	private static function present( $row ): array {
		$data = json_decode( (string) $row->data, true );
		$data = is_array( $data ) ? $data : array();
		if ( 'media' === $row->object_type && array_key_exists( 'title', $data ) ) {
			$data['title'] = (string) $row->current_title;
		}
		return array(
			'id'          => (int) $row->id,
			'type'        => (string) $row->type,
			'actor_id'    => (int) $row->actor_id,
			'object_type' => (string) $row->object_type,
			'object_id'   => (int) $row->object_id,
			'data'        => (object) $data, // An object even when empty: `{}`, never `[]`.
			'is_read'     => (bool) $row->is_read,
			'created_at'  => MVS_Time::to_iso8601( (string) $row->created_at ),
		);
	}

	/**
	 * GET /me/notifications: two queries whatever per_page.
	 *
	 * @param MVS_List_My_Notifications_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_my_notifications( MVS_List_My_Notifications_Args $args ) {
		list( $rows, $total ) = $this->store->page( get_current_user_id(), 'unread' === $args->filter, $args->page, $args->per_page );
		return new MVS_Page( array_map( array( __CLASS__, 'present' ), $rows ), $total );
	}

	/**
	 * GET /me/notifications/count: cached (see MVS_Unread_Count).
	 *
	 * @param MVS_Get_My_Notification_Count_Args $args Arguments (none).
	 * @return array
	 */
	public function get_my_notification_count( MVS_Get_My_Notification_Count_Args $args ) {
		return array( 'count' => MVS_Unread_Count::get( get_current_user_id() ) );
	}

	/**
	 * POST /me/notifications/read: IDs that are not the caller's match
	 * nothing (and are not revealed); no ids marks all.
	 *
	 * @param MVS_Mark_Notifications_Read_Args $args Arguments.
	 * @return array
	 */
	public function mark_notifications_read( MVS_Mark_Notifications_Read_Args $args ) {
		$me     = get_current_user_id();
		$ids    = null === $args->ids ? null : array_values( array_unique( array_map( 'intval', $args->ids ) ) );
		$marked = $this->store->mark_read( $me, $ids );
		MVS_Unread_Count::forget( $me );
		return array(
			'marked' => $marked,
			'unread' => MVS_Unread_Count::get( $me ),
		);
	}
}
