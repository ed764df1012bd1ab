<?php
/**
 * What a given user may do to a media item, for any user, not only the
 * current one.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The generated permission checks of PUT and DELETE /media/{id} decide for
 * the current user (owner lookup, then require_owner_or_capability with the
 * DSL rules editMedia and deleteMedia of codegen/src/api/core/media.ts).
 * Responses and batches must give the same answer for a viewer id that is
 * not necessarily the current user, so the same rule is computed here, with
 * user_can(); media.spec proves can_edit equals the real PUT outcome for
 * every fixture role. Albums (editAlbum, deleteAlbum) declare the same
 * capabilities over their author_id, so they use the same checks.
 */
final class MVS_Media_Permissions {

	/**
	 * Whether PUT /media/{id} would pass its permission check for the user:
	 * the author holding edit_mvs_medias, or any holder of edit_others_mvs_medias.
	 *
	 * @param object $row     mvs_media or mvs_albums row (author_id).
	 * @param int    $user_id User; 0 for a visitor.
	 * @return bool
	 */
	public static function may_edit( $row, int $user_id ): bool {
		return self::owner_or_others( $row, $user_id, 'edit_mvs_medias', 'edit_others_mvs_medias' );
	}

	/**
	 * Whether DELETE /media/{id} would pass its permission check for the user:
	 * the author holding delete_mvs_medias, or any holder of delete_others_mvs_medias.
	 *
	 * @param object $row     mvs_media or mvs_albums row (author_id).
	 * @param int    $user_id User; 0 for a visitor.
	 * @return bool
	 */
	public static function may_delete( $row, int $user_id ): bool {
		return self::owner_or_others( $row, $user_id, 'delete_mvs_medias', 'delete_others_mvs_medias' );
	}

	/**
	 * The owner rule of the generated controllers, for any user.
	 *
	 * @param object $row     mvs_media row.
	 * @param int    $user_id User.
	 * @param string $own     Capability the author needs.
	 * @param string $others  Capability that covers anyone's item.
	 * @return bool
	 */
	private static function owner_or_others( $row, int $user_id, string $own, string $others ): bool {
		if ( $user_id <= 0 ) {
			return false;
		}
		if ( user_can( $user_id, $others ) ) {
			return true;
		}
		return (int) $row->author_id === $user_id && user_can( $user_id, $own );
	}
}
