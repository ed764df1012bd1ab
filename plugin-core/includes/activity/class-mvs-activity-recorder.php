<?php
/**
 * Writes activity events from the actions of the services that act.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Listens to mvs_media_created, mvs_album_created, mvs_comment_created and
 * mvs_reaction_set and records one event each (a changed reaction type is
 * not news: only a new reaction records one, replacing the member's older
 * reaction event on the same item). Nothing about privacy is stored: what an
 * event shows is decided when it is read (MVS_Activity_Query), so an event
 * written for an item made private later never shows. Removals need no
 * listener for that (the read asks that the comment or reaction still
 * exists and the item or album is still visible); an album deleted takes its
 * events with it, and an item deleted takes its events through the media
 * delete plan. Choices: docs/activity-and-feed.md.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- every fragment is built from placeholders and table names and passed through prepare().
 */
final class MVS_Activity_Recorder {

	/**
	 * Hooks the listeners.
	 */
	public static function register(): void {
		add_action( 'mvs_media_created', array( __CLASS__, 'on_media_created' ), 10, 2 );
		add_action( 'mvs_album_created', array( __CLASS__, 'on_album_created' ), 10, 2 );
		add_action( 'mvs_comment_created', array( __CLASS__, 'on_comment_created' ), 10, 3 );
		add_action( 'mvs_reaction_set', array( __CLASS__, 'on_reaction_set' ), 10, 4 );
		add_action( 'mvs_album_deleted', array( __CLASS__, 'on_album_deleted' ), 10, 1 );
	}

	/**
	 * An item was uploaded.
	 *
	 * @param int $media_id Item.
	 * @param int $user_id  Uploader.
	 */
	public static function on_media_created( $media_id, $user_id ): void {
		self::record( (int) $user_id, 'upload', (int) $media_id, 0, 0 );
	}

	/**
	 * An album was created.
	 *
	 * @param int $album_id Album.
	 * @param int $user_id  Its author.
	 */
	public static function on_album_created( $album_id, $user_id ): void {
		self::record( (int) $user_id, 'album', 0, (int) $album_id, 0 );
	}

	/**
	 * A comment (or reply) was posted.
	 *
	 * @param int $comment_id Comment.
	 * @param int $media_id   Item.
	 * @param int $user_id    Author.
	 */
	public static function on_comment_created( $comment_id, $media_id, $user_id ): void {
		self::record( (int) $user_id, 'comment', (int) $media_id, 0, (int) $comment_id );
	}

	/**
	 * A reaction was added or changed.
	 *
	 * @param int    $media_id      Item.
	 * @param int    $user_id       Who reacted.
	 * @param string $type          Reaction type.
	 * @param string $previous_type '' when the reaction is new.
	 */
	public static function on_reaction_set( $media_id, $user_id, $type, $previous_type ): void {
		if ( '' !== (string) $previous_type ) {
			return;
		}
		global $wpdb;
		// A reaction removed and set again is one event, the newest (the read
		// would show the older one as well: the reaction exists again).
		$old = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_activity} WHERE media_id = %d AND user_id = %d AND type = 'reaction'", (int) $media_id, (int) $user_id ) );
		self::forget( array_map( 'intval', $old ) );
		self::record( (int) $user_id, 'reaction', (int) $media_id, 0, 0 );
	}

	/**
	 * An album was deleted: its creation event goes.
	 *
	 * @param int $album_id Album.
	 */
	public static function on_album_deleted( $album_id ): void {
		global $wpdb;
		self::forget( array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_activity} WHERE album_id = %d", (int) $album_id ) ) ) );
	}

	/**
	 * Stores one event and hands it to the followers' inboxes.
	 *
	 * @param int    $user_id  Actor.
	 * @param string $type     One of MVS_Core_Enums::ACTIVITY_TYPE.
	 * @param int    $media_id Item (0 for an album event).
	 * @param int    $album_id Album (0 for an item event).
	 * @param int    $ref_id   The comment of a comment event; 0 otherwise.
	 */
	private static function record( int $user_id, string $type, int $media_id, int $album_id, int $ref_id ): void {
		global $wpdb;
		if ( $user_id <= 0 || ( $media_id <= 0 && $album_id <= 0 ) ) {
			return;
		}
		$ok = $wpdb->insert(
			$wpdb->mvs_activity,
			array(
				'user_id'    => $user_id,
				'type'       => $type,
				'media_id'   => $media_id,
				'album_id'   => $album_id,
				'ref_id'     => $ref_id,
				'created_at' => current_time( 'mysql', true ),
			),
			array( '%d', '%s', '%d', '%d', '%d', '%s' )
		);
		if ( $ok ) {
			MVS_Activity_Fanout::fan_out( (int) $wpdb->insert_id, $user_id );
		}
	}

	/**
	 * Deletes events and their inbox rows.
	 *
	 * @param int[] $ids Event IDs.
	 */
	private static function forget( array $ids ): void {
		global $wpdb;
		if ( ! $ids ) {
			return;
		}
		$in = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $in is a list of %d placeholders.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_activity_inbox} WHERE activity_id IN ({$in})", $ids ) );
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- as above.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_activity} WHERE id IN ({$in})", $ids ) );
	}
}
