<?php
/**
 * Domain logic of the desk's Comments tab.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Comment_Moderation_Handler: the comments the
 * site's spam check held (MVS_Comment_Check), and a moderator's approve
 * (published as if just posted: counted, notified, in the activity feed) or
 * delete (with its replies, as DELETE /media/{id}/comments/{comment_id}).
 * See docs/moderation.md, "Comments and members".
 */
final class MVS_Comment_Moderation_Service implements MVS_Comment_Moderation_Handler {

	/**
	 * Held comments.
	 *
	 * @var MVS_Held_Comment_Repository
	 */
	private $held;

	/**
	 * Comment writes.
	 *
	 * @var MVS_Comment_Repository
	 */
	private $comments;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Held_Comment_Repository|null $held     Held comments.
	 * @param MVS_Comment_Repository|null      $comments Comment writes.
	 */
	public function __construct( ?MVS_Held_Comment_Repository $held = null, ?MVS_Comment_Repository $comments = null ) {
		$this->held     = $held ? $held : new MVS_Held_Comment_Repository();
		$this->comments = $comments ? $comments : new MVS_Comment_Repository();
	}

	/**
	 * GET /moderation/comments: two queries whatever per_page.
	 *
	 * @param MVS_List_Held_Comments_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_held_comments( MVS_List_Held_Comments_Args $args ) {
		list( $rows, $total ) = $this->held->page( $args->status, $args->page, $args->per_page );
		$profiles             = current_user_can( 'edit_users' );
		$items                = array();
		foreach ( $rows as $row ) {
			$content = (string) $row->content;
			$author  = (int) $row->user_id;
			$items[] = array(
				'id'           => (int) $row->id,
				'status'       => (string) $row->status,
				'content'      => $content,
				'content_html' => nl2br( esc_html( $content ), false ),
				'created_at'   => MVS_Time::to_iso8601( (string) $row->created_at ),
				'parent'       => (int) $row->parent_id,
				'author'       => array(
					'id'          => $author,
					'name'        => null === $row->author_name ? null : (string) $row->author_name,
					'profile_url' => $profiles && null !== $row->author_name ? admin_url( 'user-edit.php?user_id=' . $author ) : null,
				),
				'media'        => array(
					'id'    => (int) $row->media_id,
					'title' => (string) $row->media_title,
				),
			);
		}
		return new MVS_Page( $items, $total );
	}

	/**
	 * POST /moderation/comments/{comment_id}.
	 *
	 * @param MVS_Moderate_Comment_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function moderate_comment( MVS_Moderate_Comment_Args $args ) {
		$row = $this->held->find( $args->comment_id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Comment not found.', 'media-community-service' ) );
		}
		$media_id = (int) $row->media_id;
		if ( 'delete' === $args->action ) {
			$deleted = $this->comments->delete_thread( $args->comment_id, $media_id );
			if ( false === $deleted ) {
				return MVS_Errors::make( 'mvs_storage_failed', __( 'The comment could not be deleted.', 'media-community-service' ) );
			}
			return self::outcome( $args, 'deleted', $deleted > 0 );
		}
		$approved = $this->comments->approve( $args->comment_id, $media_id );
		if ( false === $approved ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The comment could not be approved.', 'media-community-service' ) );
		}
		if ( true === $approved ) {
			$item   = ( new MVS_Media_Repository() )->find( $media_id );
			$parent = (int) $row->parent_id > 0 ? $this->comments->find( (int) $row->parent_id, $media_id ) : null;
			if ( $item ) {
				MVS_Comments_Service::published( $item, $args->comment_id, (int) $row->user_id, (string) $row->content, $parent );
			}
		}
		return self::outcome( $args, 'approved', true === $approved );
	}

	/**
	 * The answer of an action.
	 *
	 * @param MVS_Moderate_Comment_Args $args    Arguments.
	 * @param string                    $status  approved or deleted.
	 * @param bool                      $changed Whether this call changed it.
	 * @return array
	 */
	private static function outcome( MVS_Moderate_Comment_Args $args, string $status, bool $changed ): array {
		return array(
			'id'      => $args->comment_id,
			'action'  => $args->action,
			'status'  => $status,
			'changed' => $changed,
		);
	}
}
