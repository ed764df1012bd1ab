<?php
/**
 * Notifications a new comment produces.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A new comment notifies, once each: the item's owner (media_comment), the
 * author of the comment it replies to (comment_reply), and members it
 * @mentions (mention) who may see the item. MVS_Notifier drops the
 * commenter themself and members blocked either way. Editing a comment
 * notifies nobody, so an edit cannot be used to ping people repeatedly.
 */
final class MVS_Comment_Notices {

	/**
	 * Mentions looked up per comment; more are ignored.
	 */
	const MAX_MENTIONS = 10;

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
		$told = array( $author => true );
		$send = static function ( int $user_id, string $type ) use ( &$told, $author, $media_id, $data ): void {
			if ( isset( $told[ $user_id ] ) ) {
				return;
			}
			$told[ $user_id ] = true;
			MVS_Notifier::notify( $user_id, $author, $type, 'media', $media_id, $data );
		};
		$send( (int) $item->author_id, 'media_comment' );
		if ( $parent ) {
			$send( (int) $parent->user_id, 'comment_reply' );
		}
		foreach ( self::mentioned( $content ) as $user_id ) {
			if ( MVS_Media_Visibility::can_view( $item, $user_id ) ) {
				$send( $user_id, 'mention' );
			}
		}
	}

	/**
	 * Members named as @login in the text (one query for all of them).
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
		$list   = implode( ', ', array_fill( 0, count( $logins ), '%s' ) );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- one %s per login; fresh lookup.
		return array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT ID FROM {$wpdb->users} WHERE user_login IN ($list) ORDER BY ID", $logins ) ) );
	}
}
