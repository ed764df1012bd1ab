<?php
/**
 * Where an item may go: the group it is shared with, the album it joins.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The checks an upload, an edit and a bulk move make before they place an
 * item, each answering 400 mvs_invalid_param naming the offending field.
 */
final class MVS_Media_Placement_Checks {

	/**
	 * Album data access.
	 *
	 * @var MVS_Album_Repository
	 */
	private $albums;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Album_Repository|null $albums Album data access.
	 */
	public function __construct( ?MVS_Album_Repository $albums = null ) {
		$this->albums = $albums ? $albums : new MVS_Album_Repository();
	}

	/**
	 * Group privacy needs a group the member belongs to (moderators excepted).
	 *
	 * @param string $privacy  Requested privacy.
	 * @param int    $group_id Requested group.
	 * @param int    $user_id  Uploader or editor.
	 * @return true|WP_Error
	 */
	public function group( string $privacy, int $group_id, int $user_id ) {
		if ( 'group' !== $privacy || MVS_Media_Visibility::is_privileged( $user_id ) ) {
			return true;
		}
		if ( in_array( $group_id, MVS_Media_Visibility::group_ids( $user_id ), true ) ) {
			return true;
		}
		return MVS_Errors::make(
			'mvs_invalid_param',
			__( 'You can only share with a group you belong to.', 'media-community-service' ),
			array( 'params' => array( 'group_id' ) )
		);
	}

	/**
	 * Items may only go into an album the member may edit.
	 *
	 * @param int $album_id Album.
	 * @param int $user_id  Uploader or mover.
	 * @return true|WP_Error
	 */
	public function album( int $album_id, int $user_id ) {
		$author = $this->albums->author_of( $album_id );
		// Putting items into an album is editing it: PUT /albums/{id}'s rule.
		if ( null !== $author && MVS_Core_Owner_Rules::update_album( $author, $user_id ) ) {
			return true;
		}
		return MVS_Errors::make(
			'mvs_invalid_param',
			__( 'That album does not exist or is not yours.', 'media-community-service' ),
			array( 'params' => array( 'album_id' ) )
		);
	}
}
