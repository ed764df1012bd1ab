<?php
/**
 * The media item a reaction or favorite route acts on.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Finds the item of /media/{id}/reactions and /media/{id}/favorite with the
 * same answers as every other route under /media/{id}: 404 mvs_not_found when
 * missing, 403 mvs_forbidden when the caller may not see it (the contract's
 * answer for GET /media/{id}; docs/api-conventions.md, "Items the caller may
 * not see"). A 404 here hid nothing the item's own route does not tell.
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
	 * The row, 404 mvs_not_found when missing, 403 mvs_forbidden when hidden from the viewer.
	 *
	 * @param int $id     Media ID.
	 * @param int $viewer Viewer (0: visitor).
	 * @return object|WP_Error
	 */
	public function find( int $id, int $viewer ) {
		return $this->media->find_viewable( $id, $viewer );
	}
}
