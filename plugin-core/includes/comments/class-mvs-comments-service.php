<?php
/**
 * Domain logic of the comment routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Comments_Handler.
 *
 * - Reading follows the item: whoever may see it reads its comments (403/404
 *   as GET /media/{id}); comments by members blocked either way are left out.
 * - Commenting needs an item the caller may see; an item that is not
 *   approved (pending, flagged, rejected) takes comments from its owner only.
 *   Blocked members never see each other's items, so cannot comment on them.
 * - One level of replies: `parent` must be a top-level comment of the same
 *   item. Deleting a comment deletes its replies.
 * - The generated permission check has already established that the comment
 *   belongs to item {id} and that the caller is its author or a moderator;
 *   authors edit within the comment_edit_minutes setting (default 15).
 * - Text is stored as plain text (the route's sanitizer removes markup) and
 *   returned both as stored and escaped for HTML.
 * - The site's spam check (MVS_Comment_Check) may hold a new comment: it is
 *   answered to its author as usual but listed, counted and notified only
 *   once a moderator approves it on the desk (MVS_Comment_Moderation_Service).
 */
final class MVS_Comments_Service implements MVS_Comments_Handler {

	/**
	 * Comment data access.
	 *
	 * @var MVS_Comment_Repository
	 */
	private $comments;

	/**
	 * Media data access.
	 *
	 * @var MVS_Media_Repository
	 */
	private $media;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Comment_Repository|null $comments Comment data access.
	 * @param MVS_Media_Repository|null   $media    Media data access.
	 */
	public function __construct( ?MVS_Comment_Repository $comments = null, ?MVS_Media_Repository $media = null ) {
		$this->comments = $comments ? $comments : new MVS_Comment_Repository();
		$this->media    = $media ? $media : new MVS_Media_Repository();
	}

	/**
	 * Whether the user may edit the comment now.
	 *
	 * @param object $row     Comment row.
	 * @param int    $user_id User.
	 * @return bool
	 */
	private static function editable( $row, int $user_id ): bool {
		if ( $user_id <= 0 ) {
			return false;
		}
		if ( user_can( $user_id, 'moderate_mvs_media' ) ) {
			return true;
		}
		return (int) $row->user_id === $user_id && self::within_window( $row );
	}

	/**
	 * Whether the comment is still inside its author's edit window.
	 *
	 * @param object $row Comment row.
	 * @return bool
	 */
	private static function within_window( $row ): bool {
		$minutes = (int) MVS_Settings::get( 'comment_edit_minutes' );
		return strtotime( $row->created_at . ' UTC' ) + $minutes * MINUTE_IN_SECONDS > time();
	}

	/**
	 * Comment record.
	 *
	 * @param object $row    Comment row with author_name.
	 * @param int    $viewer Caller.
	 * @return array
	 */
	private static function present( $row, int $viewer ): array {
		$content = (string) $row->content;
		return array(
			'id'           => (int) $row->id,
			'media_id'     => (int) $row->media_id,
			'parent'       => (int) $row->parent_id,
			'author_id'    => (int) $row->user_id,
			'author_name'  => (string) $row->author_name,
			'content'      => $content,
			'content_html' => nl2br( esc_html( $content ), false ),
			'created_at'   => MVS_Time::to_iso8601( (string) $row->created_at ),
			'updated_at'   => MVS_Time::to_iso8601( (string) $row->updated_at ),
			'can_edit'     => self::editable( $row, $viewer ),
			'can_delete'   => $viewer > 0 && ( (int) $row->user_id === $viewer || user_can( $viewer, 'moderate_mvs_media' ) ),
		);
	}

	/**
	 * The text as stored, or an error when nothing is left of it.
	 *
	 * @param string $content Sanitized text.
	 * @return string|WP_Error
	 */
	private static function text( string $content ) {
		$content = trim( $content );
		if ( '' === $content ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'A comment needs some text.', 'media-community-service' ), array( 'params' => array( 'content' ) ) );
		}
		return $content;
	}

	/**
	 * GET /media/{id}/comments: two queries whatever per_page (after the
	 * item's own check).
	 *
	 * @param MVS_List_Media_Comments_Args $args Arguments.
	 * @return MVS_Page|WP_Error
	 */
	public function list_media_comments( MVS_List_Media_Comments_Args $args ) {
		$viewer = get_current_user_id();
		$item   = $this->media->find_viewable( $args->id, $viewer );
		if ( is_wp_error( $item ) ) {
			return $item;
		}
		list( $rows, $total ) = $this->comments->page( $args->id, $viewer, $args->page, $args->per_page );
		$items                = array();
		foreach ( $rows as $row ) {
			$items[] = self::present( $row, $viewer );
		}
		return new MVS_Page( $items, $total );
	}

	/**
	 * POST /media/{id}/comments.
	 *
	 * @param MVS_Create_Media_Comment_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function create_media_comment( MVS_Create_Media_Comment_Args $args ) {
		$me   = get_current_user_id();
		$item = $this->media->find_viewable( $args->id, $me );
		if ( is_wp_error( $item ) ) {
			return $item;
		}
		if ( 'approved' !== $item->moderation_status && (int) $item->author_id !== $me ) {
			return MVS_Errors::make( 'mvs_forbidden', __( 'This item cannot take comments until it is approved.', 'media-community-service' ) );
		}
		$content = self::text( $args->content );
		if ( is_wp_error( $content ) ) {
			return $content;
		}
		$parent = null;
		if ( $args->parent > 0 ) {
			$parent = $this->comments->find( $args->parent, $args->id );
			if ( ! $parent || 0 !== (int) $parent->parent_id || 'approved' !== $parent->status ) {
				return MVS_Errors::make( 'mvs_invalid_param', __( 'A reply needs a top-level comment of the same item as its parent.', 'media-community-service' ), array( 'params' => array( 'parent' ) ) );
			}
		}
		$status = MVS_Comment_Check::status( $me, $args->id, $content );
		$id     = $this->comments->insert( $args->id, $me, $args->parent, $args->from_activity, $content, $status );
		if ( ! $id ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The comment could not be saved.', 'media-community-service' ) );
		}
		if ( 'approved' === $status ) {
			self::published( $item, $id, $me, $content, $parent );
		}
		return self::present( $this->comments->find( $id, $args->id ), $me );
	}

	/**
	 * What a comment does once it is published: its notifications and its
	 * activity event (at posting, or when a moderator approves a held one).
	 *
	 * @param object      $item    mvs_media row.
	 * @param int         $id      Comment ID.
	 * @param int         $author  Commenter.
	 * @param string      $content Comment text.
	 * @param object|null $parent  Comment replied to.
	 */
	public static function published( $item, int $id, int $author, string $content, $parent ): void {
		MVS_Comment_Notices::comment_created( $item, $id, $author, $content, $parent );
		/**
		 * A member's comment or reply was published (the activity feed records it).
		 *
		 * @param int $comment_id Comment ID.
		 * @param int $media_id   Media ID.
		 * @param int $user_id    Author.
		 */
		do_action( 'mvs_comment_created', $id, (int) $item->id, $author );
	}

	/**
	 * PUT /media/{id}/comments/{comment_id}.
	 *
	 * @param MVS_Update_Media_Comment_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function update_media_comment( MVS_Update_Media_Comment_Args $args ) {
		$me   = get_current_user_id();
		$item = $this->media->find_viewable( $args->id, $me );
		if ( is_wp_error( $item ) ) {
			return $item;
		}
		$row = $this->comments->find( $args->comment_id, $args->id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Comment not found.', 'media-community-service' ) );
		}
		if ( ! self::editable( $row, $me ) ) {
			return MVS_Errors::make( 'mvs_edit_window_closed', __( 'The time to edit this comment is over.', 'media-community-service' ) );
		}
		$content = self::text( $args->content );
		if ( is_wp_error( $content ) ) {
			return $content;
		}
		$this->comments->update( $args->comment_id, $content );
		return self::present( $this->comments->find( $args->comment_id, $args->id ), $me );
	}

	/**
	 * DELETE /media/{id}/comments/{comment_id}: the comment and its replies.
	 *
	 * @param MVS_Delete_Media_Comment_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function delete_media_comment( MVS_Delete_Media_Comment_Args $args ) {
		$deleted = $this->comments->delete_thread( $args->comment_id, $args->id );
		if ( false === $deleted ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The comment could not be deleted.', 'media-community-service' ) );
		}
		if ( 0 === $deleted ) {
			// Already absent (a retry, or a concurrent delete of it or its parent):
			// deleted: false, once the item answers as GET /media/{id} would
			// (404 missing, 403 hidden), docs/api-conventions.md "Retry-safe writes".
			$item = $this->media->find_viewable( $args->id, get_current_user_id() );
			if ( is_wp_error( $item ) ) {
				return $item;
			}
		}
		return array(
			'deleted' => $deleted > 0,
			'id'      => $args->comment_id,
		);
	}
}
