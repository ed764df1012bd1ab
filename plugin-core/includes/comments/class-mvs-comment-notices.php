<?php
/**
 * Notifications a new comment produces.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A new comment notifies, once each: the item's owner (media_comment), the
 * author of the comment it replies to (comment_reply), and the first
 * MAX_MENTIONS distinct @logins of its text (mention). MVS_Notifier drops
 * the commenter themself, members blocked either way and members who may
 * not see the item. Each kind folds per recipient and item while unread
 * (MVS_Notifier): a burst of comments on one item is one notification and
 * one push per recipient and kind until they read it. Editing a comment
 * notifies nobody, so an edit cannot be used to ping people repeatedly.
 */
final class MVS_Comment_Notices {

	/**
	 * Distinct @logins of a comment that are looked up, in text order; the
	 * rest are plain text.
	 */
	const MAX_MENTIONS = 5;

	/**
	 * Sends the notifications of a new comment.
	 *
	 * @param object      $item    mvs_media row.
	 * @param int         $id      Comment ID.
	 * @param int         $author  Commenter.
	 * @param string      $content Comment text.
	 * @param object|null $parent  Comment replied to.
	 */
	public static function comment_created( $item, int $id, int $author, string $content, $parent ): void {
		$media_id = (int) $item->id;
		$data     = array(
			'media_id'   => $media_id,
			'comment_id' => $id,
			'title'      => (string) $item->title,
			'excerpt'    => wp_html_excerpt( $content, 100, '…' ),
		);
		$told     = array( $author => true );
		$send     = static function ( int $user_id, string $type ) use ( &$told, $author, $media_id, $data, $item ): void {
			if ( isset( $told[ $user_id ] ) ) {
				return;
			}
			$told[ $user_id ] = true;
			MVS_Notifier::notify(
				$user_id,
				$author,
				$type,
				'media',
				$media_id,
				$data,
				array(
					'fold' => true,
					'item' => $item,
				)
			);
		};
		$send( (int) $item->author_id, 'media_comment' );
		if ( $parent ) {
			$send( (int) $parent->user_id, 'comment_reply' );
		}
		foreach ( self::mentioned( $content ) as $user_id ) {
			$send( $user_id, 'mention' );
		}
	}

	/**
	 * Members named as @login in the text, in the order first named (one
	 * query for all of them).
	 *
	 * @param string $content Comment text.
	 * @return int[] User IDs.
	 */
	private static function mentioned( string $content ): array {
		global $wpdb;
		if ( ! preg_match_all( '/(?<![\w@])@([A-Za-z0-9_.\-]{1,60})/', $content, $found ) ) {
			return array();
		}
		// "@ana." ends a sentence: the punctuation is not part of the login.
		$names  = array_filter(
			array_map(
				static function ( $name ) {
					return strtolower( rtrim( $name, '.-' ) );
				},
				$found[1]
			)
		);
		$logins = array_slice( array_values( array_unique( $names ) ), 0, self::MAX_MENTIONS );
		if ( ! $logins ) {
			return array();
		}
		$list = implode( ', ', array_fill( 0, count( $logins ), '%s' ) );
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.WP.PreparedSQL.NotPrepared -- one %s per login; fresh lookup; the fragment holds placeholders only.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT ID, user_login FROM {$wpdb->users} WHERE user_login IN ($list)", $logins ) );
		$ids  = array();
		foreach ( (array) $rows as $row ) {
			$ids[ strtolower( (string) $row->user_login ) ] = (int) $row->ID;
		}
		$ordered = array();
		foreach ( $logins as $login ) {
			if ( isset( $ids[ $login ] ) ) {
				$ordered[] = $ids[ $login ];
			}
		}
		return $ordered;
	}
}
