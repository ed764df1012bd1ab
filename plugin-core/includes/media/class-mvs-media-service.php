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
	 * Most items GET /media/{id}/group returns (the first ones uploaded).
	 */
	const GROUP_MAX = 100;

	/**
	 * Data access.
	 *
	 * @var MVS_Media_Repository
	 */
	private $media;

	/**
	 * File storage.
	 *
	 * @var MVS_Storage_Driver
	 */
	private $storage;

	/**
	 * Derived image sizes.
	 *
	 * @var MVS_Image_Sizes
	 */
	private $sizes;

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
	 * Files (original key, sizes) of items deleted in the current batch, null outside a batch.
	 *
	 * @var array[]|null
	 */
	private $deferred_files = null;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Media_Repository|null $media     Data access.
	 * @param MVS_Storage_Driver|null   $storage   Storage driver (default: MVS_Storage::driver()).
	 * @param MVS_Upload_Validator|null $validator Upload checks.
	 */
	public function __construct( ?MVS_Media_Repository $media = null, ?MVS_Storage_Driver $storage = null, ?MVS_Upload_Validator $validator = null ) {
		$this->media     = $media ? $media : new MVS_Media_Repository();
		$this->storage   = $storage ? $storage : MVS_Storage::driver();
		$this->validator = $validator ? $validator : new MVS_Upload_Validator();
		$this->sizes     = new MVS_Image_Sizes( $this->storage );
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

		// Before anything is stored: a bad category must not leave a row or a file.
		$category = MVS_Media_Terms::resolve_category( $request['category'] );
		if ( is_wp_error( $category ) ) {
			return $category;
		}

		$upload = $this->validator->validate( $file );
		if ( is_wp_error( $upload ) ) {
			return $upload;
		}
		$duplicate_of = $this->media->find_own_duplicate( $user_id, $upload['hash'] );
		if ( $duplicate_of && 'skip' === MVS_Settings::get( 'duplicate_action' ) ) {
			return MVS_Errors::make( 'mvs_duplicate', __( 'You have already uploaded this file.', 'media-community-service' ), array( 'media_id' => $duplicate_of ) );
		}

		$stored = $this->store_with_sizes( $file['tmp_name'], $upload );
		if ( is_wp_error( $stored ) ) {
			return $stored;
		}
		list( $stored, $sizes ) = $stored;
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
				'upload_group'      => self::group_key( $user_id, (string) $request['upload_group'] ),
				'moderation_status' => $this->initial_status( $user_id ),
				'created_at'        => $now,
				'updated_at'        => $now,
			)
		);
		if ( null === $id ) {
			// No row, no orphan: the file and its sizes go too.
			$this->storage->delete( $stored );
			$this->sizes->delete_sizes( $sizes );
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		MVS_Image_Sizes::save( $id, $sizes );
		$this->media->update( $id, array( 'slug' => sanitize_title( $title ) . '-' . $id ) );
		$this->media->refresh_album_count( $album_id );
		MVS_Media_Terms::apply( $id, null !== $request['tags'] ? (array) $request['tags'] : null, $category );

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
		$viewer = get_current_user_id();
		$row    = $this->media->find_viewable( (int) $request['id'], $viewer );
		if ( is_wp_error( $row ) ) {
			return $row;
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
		$category = MVS_Media_Terms::resolve_category( $request['category'] );
		if ( is_wp_error( $category ) ) {
			return $category;
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
			if ( isset( $changes['privacy'] ) && $changes['privacy'] !== $row->privacy ) {
				/**
				 * Fires after an item's privacy changed (CDN purges: MVS_File_Purge).
				 *
				 * @param object $row     The row before the change.
				 * @param string $privacy New privacy.
				 */
				do_action( 'mvs_media_privacy_changed', $row, $changes['privacy'] );
			}
		}
		MVS_Media_Terms::apply( $id, null !== $request['tags'] ? (array) $request['tags'] : null, $category );
		return $this->present_one( $this->media->find( $id ), get_current_user_id() );
	}

	/**
	 * DELETE /media/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array|WP_Error
	 */
	public function delete_media( WP_REST_Request $request ) {
		$id      = (int) $request['id'];
		$deleted = $this->delete_item( $id );
		if ( is_wp_error( $deleted ) ) {
			return $deleted;
		}
		return array(
			'deleted' => true,
			'id'      => $id,
		);
	}

	/**
	 * Deletes one item completely: its row and every row hanging off it
	 * (meta included), its stored file and its image sizes. The one delete
	 * routine of the plugin: DELETE /media/{id} and bulk delete both use it.
	 *
	 * @param int $id Media ID.
	 * @return true|WP_Error mvs_not_found, or mvs_storage_failed when the row could not be deleted.
	 */
	public function delete_item( int $id ) {
		$row = $this->media->find( $id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Media item not found.', 'media-community-service' ) );
		}
		// Read before the meta rows go with the item.
		$sizes = MVS_Image_Sizes::get( $id );
		if ( ! $this->media->delete( $id ) ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		wp_cache_delete( $id, 'mvs_media_meta' );
		if ( null !== $this->deferred_files ) {
			// Inside a batch: files go only once its transaction has committed.
			$this->deferred_files[] = array( (string) $row->file_path, $sizes );
		} else {
			$this->storage->delete( (string) $row->file_path );
			$this->sizes->delete_sizes( $sizes );
		}
		$this->media->refresh_album_count( (int) $row->album_id );

		/**
		 * Fires after a media item, its file and its sizes were deleted.
		 *
		 * @param int    $id  Media ID.
		 * @param object $row The deleted row.
		 */
		do_action( 'mvs_media_deleted', $id, $row );
		return true;
	}

	/**
	 * Starts a batch: delete_item() keeps the files until finish_batch(),
	 * because a rolled-back transaction can restore rows but not files.
	 */
	public function begin_batch(): void {
		$this->deferred_files = array();
	}

	/**
	 * Ends a batch: removes the files of deleted items once their rows are
	 * gone for good (commit), or keeps them (rollback).
	 *
	 * @param bool $committed Whether the batch's transaction committed.
	 */
	public function finish_batch( bool $committed ): void {
		$files                = (array) $this->deferred_files;
		$this->deferred_files = null;
		if ( $committed ) {
			foreach ( $files as $file ) {
				$this->storage->delete( $file[0] );
				$this->sizes->delete_sizes( $file[1] );
			}
		}
	}

	/**
	 * POST /media/bulk.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array|WP_Error
	 */
	public function bulk_media( WP_REST_Request $request ) {
		return ( new MVS_Media_Bulk( $this, $this->media ) )->run( $request );
	}

	/**
	 * POST /media/{id}/replace: new bytes under the same item. The file goes
	 * through exactly the checks of an upload; id, title, privacy, comments,
	 * reactions and counters stay. The old file and sizes are deleted only
	 * once the row points at the new ones, so a failure leaves the item as
	 * it was and no new file behind.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param array           $file    Uploaded file.
	 * @return array|WP_Error
	 */
	public function replace_media_file( WP_REST_Request $request, array $file ) {
		$id  = (int) $request['id'];
		$row = $this->media->find( $id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Media item not found.', 'media-community-service' ) );
		}
		$upload = $this->validator->validate( $file );
		if ( is_wp_error( $upload ) ) {
			return $upload;
		}
		$stored = $this->store_with_sizes( $file['tmp_name'], $upload );
		if ( is_wp_error( $stored ) ) {
			return $stored;
		}
		list( $key, $sizes ) = $stored;
		$old_sizes           = MVS_Image_Sizes::get( $id );
		$updated             = $this->media->update(
			$id,
			array(
				'media_type' => $upload['media_type'],
				'mime_type'  => $upload['mime'],
				'file_path'  => $key,
				'file_size'  => $upload['size'],
				'file_hash'  => $upload['hash'],
				'width'      => $upload['width'],
				'height'     => $upload['height'],
				'updated_at' => current_time( 'mysql', true ),
			)
		);
		if ( ! $updated ) {
			$this->storage->delete( $key );
			$this->sizes->delete_sizes( $sizes );
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		MVS_Image_Sizes::save( $id, $sizes );
		$this->storage->delete( (string) $row->file_path );
		$this->sizes->delete_sizes( $old_sizes );

		/**
		 * Fires after the file of a media item was replaced.
		 *
		 * @param int    $id  Media ID.
		 * @param object $row The row before the replacement.
		 */
		do_action( 'mvs_media_replaced', $id, $row );
		return $this->present_one( $this->media->find( $id ), get_current_user_id() );
	}

	/**
	 * GET /media/{id}/group: the items uploaded together with this one that
	 * the caller may see (privacy applied in SQL), in upload order.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array|WP_Error
	 */
	public function get_media_group( WP_REST_Request $request ) {
		$viewer = get_current_user_id();
		$row    = $this->media->find_viewable( (int) $request['id'], $viewer );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		if ( '' === (string) $row->upload_group ) {
			return array( $this->present_one( $row, $viewer ) );
		}
		list( $rows ) = $this->media->search(
			array(
				'viewer'       => $viewer,
				'scope'        => 'all',
				'upload_group' => (string) $row->upload_group,
				'orderby'      => 'date',
				'page'         => 1,
				'per_page'     => self::GROUP_MAX,
			)
		);
		return $this->present_rows( array_reverse( $rows ), $viewer );
	}

	/**
	 * Stores a validated upload and its image sizes. All or nothing: when
	 * any store fails, whatever was stored is deleted again.
	 *
	 * @param string $tmp_path Uploaded file.
	 * @param array  $upload   From MVS_Upload_Validator::validate().
	 * @return array{0: string, 1: array}|WP_Error Key of the original and the sizes.
	 */
	private function store_with_sizes( string $tmp_path, array $upload ) {
		$key = $this->storage->store( $tmp_path, $upload['extension'] );
		if ( is_wp_error( $key ) ) {
			return $key;
		}
		$sizes = array();
		if ( 'image' === $upload['media_type'] ) {
			$sizes = $this->sizes->generate( $tmp_path, $upload['mime'] );
			if ( is_wp_error( $sizes ) ) {
				$this->storage->delete( $key );
				return $sizes;
			}
		}
		return array( $key, $sizes );
	}

	/**
	 * The stored group of an upload: a hash of the uploader and the client's
	 * token, so a token never joins (or reveals) another member's group.
	 *
	 * @param int    $user_id Uploader.
	 * @param string $token   Client token ('' for none).
	 * @return string 40 hex characters, or '' without a token.
	 */
	public static function group_key( int $user_id, string $token ): string {
		if ( '' === $token ) {
			return '';
		}
		return hash_hmac( 'sha1', $user_id . '|' . $token, wp_salt( 'auth' ) );
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
		return new MVS_Page( $this->present_rows( $rows, $viewer ), $total );
	}

	/**
	 * Rows as items, with viewer state, sizes and terms loaded once for all
	 * of them (four queries whatever the count). Public so albums present
	 * their items through it: every MediaItem has one shape.
	 *
	 * @param object[] $rows   mvs_media rows.
	 * @param int      $viewer Viewer.
	 * @return array[]
	 */
	public function present_rows( array $rows, int $viewer ): array {
		$ids = array_map( 'intval', wp_list_pluck( $rows, 'id' ) );
		if ( $ids ) {
			update_meta_cache( 'mvs_media', $ids );
		}
		$state = $this->state( $ids, $viewer );
		$items = array();
		foreach ( $rows as $row ) {
			$items[] = $this->presenter->item( $row, $viewer, $state );
		}
		return $items;
	}

	/**
	 * One item with its viewer state.
	 *
	 * @param object $row    mvs_media row.
	 * @param int    $viewer Viewer.
	 * @return array
	 */
	private function present_one( $row, int $viewer ): array {
		return $this->presenter->item( $row, $viewer, $this->state( array( (int) $row->id ), $viewer ) );
	}

	/**
	 * Everything a page of items needs beyond its rows, whatever its size:
	 * viewer state (two queries) and the items' tags and category (one).
	 *
	 * @param int[] $ids    Media IDs.
	 * @param int   $viewer Viewer.
	 * @return array
	 */
	private function state( array $ids, int $viewer ): array {
		$state          = $this->media->viewer_state( $ids, $viewer );
		$state['terms'] = ( new MVS_Tag_Repository() )->terms_of_items( $ids );
		return $state;
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
	/*
	 * Counters, stats, access, signed URLs and /serve: thin delegations to
	 * MVS_Media_Activity and MVS_File_Server (built on first use).
	 */

	/**
	 * Counter and stats logic.
	 *
	 * @var MVS_Media_Activity|null
	 */
	private $activity = null;

	/**
	 * The counter, stats, access and signed-URL logic.
	 *
	 * @return MVS_Media_Activity
	 */
	private function activity(): MVS_Media_Activity {
		if ( null === $this->activity ) {
			$this->activity = new MVS_Media_Activity( $this->media, new MVS_Media_Counters() );
		}
		return $this->activity;
	}

	/**
	 * POST /media/{id}/view.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array|WP_Error
	 */
	public function record_media_view( WP_REST_Request $request ) {
		return $this->activity()->record( $request, 'view' );
	}

	/**
	 * POST /media/{id}/download.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array|WP_Error
	 */
	public function record_media_download( WP_REST_Request $request ) {
		return $this->activity()->record( $request, 'download' );
	}

	/**
	 * POST /media/{id}/share.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array|WP_Error
	 */
	public function record_media_share( WP_REST_Request $request ) {
		return $this->activity()->record( $request, 'share' );
	}

	/**
	 * GET /media/{id}/access.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array|WP_Error
	 */
	public function get_media_access( WP_REST_Request $request ) {
		return $this->activity()->access( $request );
	}

	/**
	 * GET /media/{id}/stats.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array|WP_Error
	 */
	public function get_media_stats( WP_REST_Request $request ) {
		return $this->activity()->stats( $request );
	}

	/**
	 * GET /me/stats.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array
	 */
	public function get_my_stats( WP_REST_Request $request ) {
		return $this->activity()->my_stats();
	}

	/**
	 * GET /media/{id}/signed-url.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array|WP_Error
	 */
	public function get_media_signed_url( WP_REST_Request $request ) {
		return $this->activity()->signed_url( $request );
	}

	/**
	 * GET /serve.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function serve_media_file( WP_REST_Request $request ) {
		return ( new MVS_File_Server( $this->media, $this->storage, new MVS_Media_Counters() ) )->serve( $request );
	}
}
