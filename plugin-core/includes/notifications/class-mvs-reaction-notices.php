<?php
/**
 * Notifications about reactions on a member's items.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Listens to mvs_reaction_set (fired by the reaction routes). A new
 * reaction notifies the item's owner; while that notification is unread,
 * later reactions on the same item fold into it (newest reactor as its
 * actor, moved to the top, no push) instead of adding one each, so a
 * popular item makes one badge, not fifty, and a reaction removed and set
 * again, however fast, is one more fold (MVS_Notifier). Changing one's
 * reaction type notifies nobody.
 */
final class MVS_Reaction_Notices {

	/**
	 * Hooks the listener.
	 */
	public static function register(): void {
		add_action( 'mvs_reaction_set', array( __CLASS__, 'on_reaction_set' ), 10, 4 );
	}

	/**
	 * A reaction was added or changed.
	 *
	 * @param int    $media_id      Item.
	 * @param int    $user_id       Who reacted.
	 * @param string $type          Reaction type.
	 * @param string $previous_type Previous type; '' when the reaction is new.
	 */
	public static function on_reaction_set( $media_id, $user_id, $type, $previous_type ): void {
		if ( '' !== (string) $previous_type ) {
			return;
		}
		$item = ( new MVS_Media_Repository() )->find( (int) $media_id );
		if ( ! $item ) {
			return;
		}
		MVS_Notifier::notify(
			(int) $item->author_id,
			(int) $user_id,
			'media_reaction',
			'media',
			(int) $media_id,
			array(
				'media_id'      => (int) $media_id,
				'title'         => (string) $item->title,
				'reaction_type' => (string) $type,
			),
			array(
				'fold' => true,
				'item' => $item,
			)
		);
	}
}
