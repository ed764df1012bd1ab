<?php
/**
 * Domain logic of the media routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Media_Handler. Requests arrive authorized,
 * validated and sanitized by the generated controller; this class decides
 * what they mean.
 */
final class MVS_Media_Service implements MVS_Media_Handler {

	/**
	 * Data access.
	 *
	 * @var MVS_Media_Repository
	 */
	private $media;

	/**
	 * File storage.
	 *
	 * @var MVS_Local_Storage
	 */
	private $storage;

	/**
	 * Response shaping.
	 *
	 * @var MVS_Media_Presenter
	 */
	private $presenter;

	/**
	 * Upload checks.
	 *
	 * @var MVS_Upload_Validator
	 */
	private $validator;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Media_Repository|null $media     Data access.
	 * @param MVS_Local_Storage|null    $storage   Storage driver.
	 * @param MVS_Upload_Validator|null $validator Upload checks.
	 */
	public function __construct( ?MVS_Media_Repository $media = null, ?MVS_Local_Storage $storage = null, ?MVS_Upload_Validator $validator = null ) {
		$this->media     = $media ? $media : new MVS_Media_Repository();
		$this->storage   = $storage ? $storage : new MVS_Local_Storage();
		$this->validator = $validator ? $validator : new MVS_Upload_Validator();
		$this->presenter = new MVS_Media_Presenter( $this->storage );
	}

	/**
	 * GET /media.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return MVS_Page
	 */
	public function list_media( WP_REST_Request $request ) {
		return $this->page( $request, (string) $request['scope'] );
	}

	/**
	 * GET /me/media: the caller's items, whatever their privacy or state.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return MVS_Page
	 */
	public function list_my_media( WP_REST_Request $request ) {
		return $this->page( $request, 'mine' );
	}

	/**
	 * POST /media.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param array           $file    Uploaded file.
	 * @return array|WP_REST_Response|WP_Error
	 */
	public function create_media( WP_REST_Request $request, array $file ) {
		$user_id = get_current_user_id();
		$privacy = null !== $request['privacy'] ? (string) $request['privacy'] : (string) MVS_Settings::get( 'default_privacy' );
		$checked = $this->check_group( $privacy, (int) $request['group_id'], $user_id );
		if ( is_wp_error( $checked ) ) {
			return $checked;
		}
		$album_id = (int) $request['album_id'];
		if ( $album_id ) {
			$checked = $this->check_album( $album_id, $user_id );
			if ( is_wp_error( $checked ) ) {
				return $checked;
			}
		}

		$upload = $this->validator->validate( $file );
		if ( is_wp_error( $upload ) ) {
			return $upload;
		}
		$duplicate_of = $this->media->find_own_duplicate( $user_id, $upload['hash'] );
		if ( $duplicate_of && 'skip' === MVS_Settings::get( 'duplicate_action' ) ) {
			return MVS_Errors::make( 'mvs_duplicate', __( 'You have already uploaded this file.', 'media-community-service' ), array( 'media_id' => $duplicate_of ) );
		}

		$stored = $this->storage->store( $file['tmp_name'], $upload['extension'] );
		if ( is_wp_error( $stored ) ) {
			return $stored;
		}
		$title = null !== $request['title'] && '' !== trim( (string) $request['title'] )
			? (string) $request['title']
			: sanitize_text_field( pathinfo( $upload['name'], PATHINFO_FILENAME ) );
		$now   = current_time( 'mysql', true );
		$id    = $this->media->insert(
			array(
				'author_id'         => $user_id,
				'title'             => mb_substr( '' !== $title ? $title : __( 'Untitled', 'media-community-service' ), 0, 200 ),
				'description'       => (string) $request['description'],
				'media_type'        => $upload['media_type'],
				'mime_type'         => $upload['mime'],
				'file_path'         => $stored,
				'file_size'         => $upload['size'],
				'file_hash'         => $upload['hash'],
				'width'             => $upload['width'],
				'height'            => $upload['height'],
				'privacy'           => $privacy,
				'group_id'          => 'group' === $privacy ? (int) $request['group_id'] : 0,
				'album_id'          => $album_id,
				'album_position'    => $album_id ? $this->media->next_album_position( $album_id ) : 0,
				'is_story'          => $request['is_story'] ? 1 : 0,
				'moderation_status' => $this->initial_status( $user_id ),
				'created_at'        => $now,
				'updated_at'        => $now,
			)
		);
		if ( null === $id ) {
			// No row, no orphan: the file goes too.
			$this->storage->delete( $stored );
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		$this->media->update( $id, array( 'slug' => sanitize_title( $title ) . '-' . $id ) );
		$this->media->refresh_album_count( $album_id );

		/**
		 * Fires after a media item was uploaded.
		 *
		 * @param int $id      Media ID.
		 * @param int $user_id Uploader.
		 */
		do_action( 'mvs_media_created', $id, $user_id );

		// The controller sets 201 and Location.
		$response = new WP_REST_Response( $this->present_one( $this->media->find( $id ), $user_id ) );
		if ( $duplicate_of ) {
			$response->header( 'X-MVS-Duplicate-Of', (string) $duplicate_of );
		}
		return $response;
	}

	/**
	 * GET /media/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array|WP_Error
	 */
	public function get_media( WP_REST_Request $request ) {
		$row = $this->media->find( (int) $request['id'] );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Media item not found.', 'media-community-service' ) );
		}
		$viewer = get_current_user_id();
		if ( ! MVS_Media_Visibility::can_view( $row, $viewer ) ) {
			return MVS_Errors::make( 'mvs_forbidden', __( 'You are not allowed to view this media item.', 'media-community-service' ) );
		}
		return $this->present_one( $row, $viewer );
	}

	/**
	 * PUT /media/{id} (also PATCH and POST).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array|WP_Error
	 */
	public function update_media( WP_REST_Request $request ) {
		$id  = (int) $request['id'];
		$row = $this->media->find( $id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found' );
		}
		$changes = array();
		foreach ( array( 'title', 'description', 'privacy' ) as $field ) {
			if ( null !== $request[ $field ] ) {
				$changes[ $field ] = (string) $request[ $field ];
			}
		}
		if ( isset( $changes['privacy'] ) ) {
			$group_id = 'group' === $changes['privacy'] ? (int) $request['group_id'] : 0;
			$checked  = $this->check_group( $changes['privacy'], $group_id, get_current_user_id() );
			if ( is_wp_error( $checked ) ) {
				return $checked;
			}
			$changes['group_id'] = $group_id;
		}
		if ( $changes ) {
			$changes['updated_at'] = current_time( 'mysql', true );
			if ( ! $this->media->update( $id, $changes ) ) {
				return MVS_Errors::make( 'mvs_storage_failed' );
			}
		}
		return $this->present_one( $this->media->find( $id ), get_current_user_id() );
	}

	/**
	 * DELETE /media/{id}: the row, everything attached to it, and the file.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array|WP_Error
	 */
	public function delete_media( WP_REST_Request $request ) {
		$id  = (int) $request['id'];
		$row = $this->media->find( $id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found' );
		}
		if ( ! $this->media->delete( $id ) ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		$this->storage->delete( (string) $row->file_path );
		$this->media->refresh_album_count( (int) $row->album_id );

		/**
		 * Fires after a media item and its file were deleted.
		 *
		 * @param int    $id  Media ID.
		 * @param object $row The deleted row.
		 */
		do_action( 'mvs_media_deleted', $id, $row );
		return array(
			'deleted' => true,
			'id'      => $id,
		);
	}

	/**
	 * A page of media for the caller: 2 queries for rows and total, 2 for
	 * viewer state, whatever per_page is.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param string          $scope   public | all | mine.
	 * @return MVS_Page
	 */
	private function page( WP_REST_Request $request, string $scope ): MVS_Page {
		$viewer = get_current_user_id();
		list( $rows, $total ) = $this->media->search(
			array(
				'viewer'       => $viewer,
				'scope'        => $scope,
				'media_type'   => $request['media_type'],
				'author'       => $request['author'],
				'slug'         => $request['slug'],
				'tag'          => $request['tag'],
				'category'     => $request['category'],
				's'            => $request['s'],
				'orderby'      => (string) $request['orderby'],
				'group_covers' => (bool) $request['group_covers'],
				'page'         => (int) $request['page'],
				'per_page'     => (int) $request['per_page'],
			)
		);
		$ids   = array_map( 'intval', wp_list_pluck( $rows, 'id' ) );
		$state = $this->media->viewer_state( $ids, $viewer );
		$items = array();
		foreach ( $rows as $row ) {
			$items[] = $this->presenter->item( $row, $viewer, $state );
		}
		return new MVS_Page( $items, $total );
	}

	/**
	 * One item with its viewer state.
	 *
	 * @param object $row    mvs_media row.
	 * @param int    $viewer Viewer.
	 * @return array
	 */
	private function present_one( $row, int $viewer ): array {
		return $this->presenter->item( $row, $viewer, $this->media->viewer_state( array( (int) $row->id ), $viewer ) );
	}

	/**
	 * Group privacy needs a group the uploader belongs to (moderators excepted).
	 *
	 * @param string $privacy  Requested privacy.
	 * @param int    $group_id Requested group.
	 * @param int    $user_id  Uploader.
	 * @return true|WP_Error
	 */
	private function check_group( string $privacy, int $group_id, int $user_id ) {
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
	 * An upload may only go into an album the uploader may edit.
	 *
	 * @param int $album_id Album.
	 * @param int $user_id  Uploader.
	 * @return true|WP_Error
	 */
	private function check_album( int $album_id, int $user_id ) {
		$author = $this->media->album_author( $album_id );
		if ( null !== $author && ( $author === $user_id || user_can( $user_id, 'edit_others_mvs_medias' ) ) ) {
			return true;
		}
		return MVS_Errors::make(
			'mvs_invalid_param',
			__( 'That album does not exist or is not yours.', 'media-community-service' ),
			array( 'params' => array( 'album_id' ) )
		);
	}

	/**
	 * New uploads are approved unless the site holds uploads for moderation
	 * (moderators' own uploads are never held). With `moderation_hold_roles`
	 * set, only uploaders holding one of those roles are held, so a site can
	 * trust e.g. authors while holding new community members.
	 *
	 * @param int $user_id Uploader.
	 * @return string
	 */
	private function initial_status( int $user_id ): string {
		if ( ! MVS_Settings::get( 'moderation_hold' ) || user_can( $user_id, 'moderate_mvs_media' ) ) {
			return 'approved';
		}
		$roles = (array) MVS_Settings::get( 'moderation_hold_roles' );
		if ( ! $roles ) {
			return 'pending';
		}
		$user = get_userdata( $user_id );
		return $user && array_intersect( $roles, (array) $user->roles ) ? 'pending' : 'approved';
	}
}
