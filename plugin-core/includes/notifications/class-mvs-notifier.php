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
 * to oneself, between members who blocked each other (either way;
 * moderation outcomes are the site speaking and always arrive), and about
 * an item the recipient may not see right now (MVS_Media_Visibility, the
 * predicate every route uses), stores it, invalidates the recipient's
 * cached unread count, fires mvs_notification_created and hands it to push
 * delivery.
 *
 * Folding: a foldable event whose recipient still has an unread
 * notification of the same type about the same object updates that one
 * (newest actor and details, moved to the top) and pushes nothing. The
 * unread row holds the fold key under a unique key, so the outcome does not
 * depend on timing: concurrent events, or the same values written twice in
 * one second, never make a second unread notification nor a second push.
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
	 *                            site (a block between the two does not silence it);
	 *                            item: the mvs_media row of a media notification,
	 *                            when the caller has it (saves a lookup).
	 * @return int Notification ID; 0 when none was created.
	 */
	public static function notify( int $user_id, int $actor_id, string $type, string $object_type, int $object_id, array $data, array $options = array() ): int {
		$options = wp_parse_args(
			$options,
			array(
				'fold'     => false,
				'official' => false,
				'item'     => null,
			)
		);
		if ( $user_id <= 0 || $user_id === $actor_id ) {
			return 0;
		}
		if ( ! $options['official'] && $actor_id > 0 && in_array( $actor_id, MVS_Media_Visibility::blocked_ids( $user_id ), true ) ) {
			return 0;
		}
		if ( 'media' === $object_type ) {
			// Nothing about an item the recipient may not see now: the list would
			// hide it anyway, but a push would already have told the title.
			$item = is_object( $options['item'] ) ? $options['item'] : ( new MVS_Media_Repository() )->find( $object_id );
			if ( ! $item || ! MVS_Media_Visibility::can_view( $item, $user_id ) ) {
				return 0;
			}
		}
		$store  = new MVS_Notification_Repository();
		$capped = ! $options['official'] && $actor_id > 0;
		$id     = $options['fold']
			? self::insert_or_fold( $store, $user_id, $actor_id, $type, $object_type, $object_id, $data, $capped )
			: ( ! $capped || self::within_cap( $user_id, $actor_id ) ? $store->insert( $user_id, $actor_id, $type, $object_type, $object_id, $data ) : 0 );
		MVS_Unread_Count::forget( $user_id );
		if ( ! $id ) {
			return 0;
		}
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

	/**
	 * New notifications one member may cause another in a minute.
	 */
	const PER_ACTOR_PER_MINUTE = 10;

	/**
	 * Whether the actor may cause the recipient one more new notification this
	 * minute. Folding already makes one unread notification per item; this
	 * bounds a member acting on many items of one recipient (comments,
	 * reactions, mentions): past the cap the event is kept (the comment, the
	 * reaction) but notifies nobody, and nothing is pushed.
	 *
	 * @param int $user_id  Recipient.
	 * @param int $actor_id Actor.
	 * @return bool
	 */
	private static function within_cap( int $user_id, int $actor_id ): bool {
		/**
		 * Filters how many new notifications one member may cause another in a
		 * minute (folded events do not count); 0 lifts the cap.
		 *
		 * @param int $cap      Default 10.
		 * @param int $user_id  Recipient.
		 * @param int $actor_id Actor.
		 */
		$cap = (int) apply_filters( 'mvs_notifications_per_actor_per_minute', self::PER_ACTOR_PER_MINUTE, $user_id, $actor_id );
		return MVS_Rate_Limiter::hit( 'notify_' . $user_id . '_from_' . $actor_id, $cap )['allowed'];
	}

	/**
	 * The fold key of an event: one unread notification per recipient and key.
	 *
	 * @param string $type        Type.
	 * @param string $object_type Object type.
	 * @param int    $object_id   Object ID.
	 * @return string
	 */
	public static function fold_key( string $type, string $object_type, int $object_id ): string {
		return $type . ':' . $object_type . ':' . $object_id;
	}

	/**
	 * Folds the event into the unread notification of its key, or inserts one.
	 * Two rounds settle every interleaving: an update that changed nothing
	 * (no unread row, or one already holding these values) is followed by an
	 * insert the unique key refuses while an unread row exists; a refused
	 * insert is followed by an update, and if the owner read it in between,
	 * the second round inserts a fresh one.
	 *
	 * @param MVS_Notification_Repository $store       Store.
	 * @param int                         $user_id     Recipient.
	 * @param int                         $actor_id    Actor.
	 * @param string                      $type        Type.
	 * @param string                      $object_type Object type.
	 * @param int                         $object_id   Object ID.
	 * @param array                       $data        Details.
	 * @param bool                        $capped      Whether a new notification counts against the actor's cap.
	 * @return int ID of a new notification; 0 when the event was folded or over the cap.
	 */
	private static function insert_or_fold( MVS_Notification_Repository $store, int $user_id, int $actor_id, string $type, string $object_type, int $object_id, array $data, bool $capped ): int {
		$key = self::fold_key( $type, $object_type, $object_id );
		for ( $round = 0; $round < 2; $round++ ) {
			if ( $store->fold_into_unread( $user_id, $actor_id, $key, $data ) ) {
				return 0;
			}
			// Only a notification that would be new counts: folding costs the recipient nothing.
			if ( 0 === $round && $capped && ! self::within_cap( $user_id, $actor_id ) ) {
				return 0;
			}
			$id = $store->insert_unless_unread( $user_id, $actor_id, $type, $object_type, $object_id, $data, $key );
			if ( $id ) {
				return $id;
			}
		}
		return 0;
	}
}
