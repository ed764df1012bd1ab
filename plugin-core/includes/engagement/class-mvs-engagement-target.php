<?php
/**
 * The media item a reaction or favorite route acts on.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Finds the item of /media/{id}/reactions and /media/{id}/favorite: an item
 * the caller may not see answers exactly like a missing one (404), so these
 * routes never confirm that a private, pending or blocked item exists.
 */
final class MVS_Engagement_Target {

	/**
	 * Media data access.
	 *
	 * @var MVS_Media_Repository
	 */
	private $media;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Media_Repository|null $media Media data access.
	 */
	public function __construct( ?MVS_Media_Repository $media = null ) {
		$this->media = $media ? $media : new MVS_Media_Repository();
	}

	/**
	 * The row, or 404 mvs_not_found when missing or hidden from the viewer.
	 *
	 * @param int $id     Media ID.
	 * @param int $viewer Viewer (0: visitor).
	 * @return object|WP_Error
	 */
	public function find( int $id, int $viewer ) {
		$row = $this->media->find( $id );
		if ( ! $row || ! MVS_Media_Visibility::can_view( $row, $viewer ) ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Media item not found.', 'media-community-service' ) );
		}
		return $row;
	}
}
