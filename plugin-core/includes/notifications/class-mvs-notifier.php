<?php
/**
 * The one way notifications are created.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every producer (moderation outcomes, reactions, comments, mentions, and
 * later follows and messages) calls notify(). It refuses a notification
 * to oneself and between members who blocked each other (either way;
 * moderation outcomes are the site speaking and always arrive),
 * stores it, invalidates the recipient's cached unread count, fires
 * mvs_notification_created and hands it to push delivery.
 */
final class MVS_Notifier {

	/**
	 * Creates a notification.
	 *
	 * @param int    $user_id     Recipient.
	 * @param int    $actor_id    Who caused it (0: the site).
	 * @param string $type        Type, e.g. media_rejected.
	 * @param string $object_type Object type, e.g. media.
	 * @param int    $object_id   Object ID.
	 * @param array  $data        Type-specific details.
	 * @param array  $options     fold: fold into an unread notification of the
	 *                            same type and object instead of adding one (no
	 *                            push then); official: a moderator acting for the
	 *                            site (a block between the two does not silence it).
	 * @return int Notification ID; 0 when none was created.
	 */
	public static function notify( int $user_id, int $actor_id, string $type, string $object_type, int $object_id, array $data, array $options = array() ): int {
		$options = wp_parse_args(
			$options,
			array(
				'fold'     => false,
				'official' => false,
			)
		);
		if ( $user_id <= 0 || $user_id === $actor_id ) {
			return 0;
		}
		if ( ! $options['official'] && $actor_id > 0 && in_array( $actor_id, MVS_Media_Visibility::blocked_ids( $user_id ), true ) ) {
			return 0;
		}
		$store = new MVS_Notification_Repository();
		if ( $options['fold'] && $store->fold_into_unread( $user_id, $actor_id, $type, $object_type, $object_id, $data ) ) {
			MVS_Unread_Count::forget( $user_id );
			return 0;
		}
		$id = $store->insert( $user_id, $actor_id, $type, $object_type, $object_id, $data );
		if ( ! $id ) {
			return 0;
		}
		MVS_Unread_Count::forget( $user_id );
		/**
		 * Fires after an in-app notification was created.
		 *
		 * @param int    $id      Notification ID.
		 * @param int    $user_id Recipient.
		 * @param string $type    Notification type.
		 * @param array  $data    Details.
		 */
		do_action( 'mvs_notification_created', $id, $user_id, $type, $data );
		MVS_Push::send(
			$user_id,
			array(
				'notification_id' => $id,
				'type'            => $type,
				'object_type'     => $object_type,
				'object_id'       => $object_id,
				'data'            => $data,
			)
		);
		return $id;
	}
}
