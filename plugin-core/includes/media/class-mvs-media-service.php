<?php
/**
 * Domain logic of the media routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Media_Handler. Each route's arguments arrive
 * authorized, validated and sanitized by the generated controller, as the
 * route's MVS_<Route>_Args; this class decides what they mean.
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
	 * List queries.
	 *
	 * @var MVS_Media_List_Query
	 */
	private $lists;

	/**
	 * Album placement.
	 *
	 * @var MVS_Album_Repository
	 */
	private $albums;

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
	 * The delete routine (also used by bulk delete).
	 *
	 * @var MVS_Media_Deleter
	 */
	private $deleter;

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
	 * @param MVS_Storage_Driver|null   $storage   Storage driver (default: MVS_Storage::driver()).
	 * @param MVS_Upload_Validator|null $validator Upload checks.
	 * @param MVS_Media_Presenter|null  $presenter Response shaping.
	 * @param MVS_Media_Deleter|null    $deleter   The delete routine.
	 */
	public function __construct( ?MVS_Media_Repository $media = null, ?MVS_Storage_Driver $storage = null, ?MVS_Upload_Validator $validator = null, ?MVS_Media_Presenter $presenter = null, ?MVS_Media_Deleter $deleter = null ) {
		$this->media     = $media ? $media : new MVS_Media_Repository();
		$this->lists     = new MVS_Media_List_Query();
		$this->albums    = new MVS_Album_Repository();
		$this->storage   = $storage ? $storage : MVS_Storage::driver();
		$this->validator = $validator ? $validator : new MVS_Upload_Validator();
		$this->sizes     = new MVS_Image_Sizes( $this->storage );
		$this->presenter = $presenter ? $presenter : new MVS_Media_Presenter();
		$this->deleter   = $deleter ? $deleter : new MVS_Media_Deleter( $this->media, $this->storage, $this->albums );
	}

	/**
	 * GET /media.
	 *
	 * @param MVS_List_Media_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_media( MVS_List_Media_Args $args ) {
		return $this->page( $args, $args->scope );
	}

	/**
	 * GET /me/media: the caller's items, whatever their privacy or state.
	 *
	 * @param MVS_List_My_Media_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_my_media( MVS_List_My_Media_Args $args ) {
		return $this->page( $args, 'mine' );
	}

	/**
	 * POST /media.
	 *
	 * @param MVS_Create_Media_Args $args Arguments, the uploaded file among them.
	 * @return array|WP_REST_Response|WP_Error
	 */
	public function create_media( MVS_Create_Media_Args $args ) {
		$user_id = get_current_user_id();
		$privacy = null !== $args->privacy ? $args->privacy : (string) MVS_Settings::get( 'default_privacy' );
		$checked = $this->check_group( $privacy, (int) $args->group_id, $user_id );
		if ( is_wp_error( $checked ) ) {
			return $checked;
		}
		$album_id = (int) $args->album_id;
		if ( $album_id ) {
			$checked = $this->check_album( $album_id, $user_id );
			if ( is_wp_error( $checked ) ) {
				return $checked;
			}
		}

		// Before anything is stored: a bad category must not leave a row or a file.
		$category = MVS_Media_Terms::resolve_category( $args->category );
		if ( is_wp_error( $category ) ) {
			return $category;
		}

		$upload = $this->validator->validate( $args->file );
		if ( is_wp_error( $upload ) ) {
			return $upload;
		}
		$duplicate_of = $this->media->find_own_duplicate( $user_id, $upload['hash'] );
		if ( $duplicate_of && 'skip' === MVS_Settings::get( 'duplicate_action' ) ) {
			return MVS_Errors::make( 'mvs_duplicate', __( 'You have already uploaded this file.', 'media-community-service' ), array( 'media_id' => $duplicate_of ) );
		}

		$stored = $this->store_with_sizes( $args->file['tmp_name'], $upload );
		if ( is_wp_error( $stored ) ) {
			return $stored;
		}
		list( $stored, $sizes ) = $stored;
		// The contract: "default is the file name", extension included (a.jpg stays a.jpg), sanitized as a sent
		// title is (MVS_Sanitize::text()).
		$title = null !== $args->title && '' !== trim( $args->title )
			? $args->title
			: sanitize_text_field( wp_basename( $upload['name'] ) );
		$now   = current_time( 'mysql', true );
		$id    = $this->media->insert(
			array(
				'author_id'         => $user_id,
				'title'             => mb_substr( '' !== $title ? $title : __( 'Untitled', 'media-community-service' ), 0, 200 ),
				'description'       => (string) $args->description,
				'media_type'        => $upload['media_type'],
				'mime_type'         => $upload['mime'],
				'file_path'         => $stored,
				'file_size'         => $upload['size'],
				'file_hash'         => $upload['hash'],
				'width'             => $upload['width'],
				'height'            => $upload['height'],
				'privacy'           => $privacy,
				'group_id'          => 'group' === $privacy ? (int) $args->group_id : 0,
				'album_id'          => $album_id,
				'album_position'    => $album_id ? $this->albums->next_album_position( $album_id ) : 0,
				'is_story'          => $args->is_story ? 1 : 0,
				'upload_group'      => self::group_key( $user_id, (string) $args->upload_group ),
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
		$this->albums->refresh_album_count( $album_id );
		MVS_Media_Terms::apply( $id, $args->tags, $category );

		/**
		 * Fires after a media item was uploaded.
		 *
		 * @param int $id      Media ID.
		 * @param int $user_id Uploader.
		 */
		do_action( 'mvs_media_created', $id, $user_id );

		// The controller sets 201 and Location.
		$response = new WP_REST_Response( $this->presenter->item( $this->media->find( $id ), $user_id ) );
		if ( $duplicate_of ) {
			$response->header( 'X-MVS-Duplicate-Of', (string) $duplicate_of );
		}
		return $response;
	}

	/**
	 * GET /media/{id}.
	 *
	 * @param MVS_Get_Media_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_media( MVS_Get_Media_Args $args ) {
		$viewer = get_current_user_id();
		$row    = $this->media->find_viewable( $args->id, $viewer );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		return $this->presenter->item( $row, $viewer );
	}

	/**
	 * PUT /media/{id} (also PATCH and POST).
	 *
	 * @param MVS_Update_Media_Args $args Arguments; null ones are left as they are.
	 * @return array|WP_Error
	 */
	public function update_media( MVS_Update_Media_Args $args ) {
		$id  = $args->id;
		$row = $this->media->find( $id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found' );
		}
		$category = MVS_Media_Terms::resolve_category( $args->category );
		if ( is_wp_error( $category ) ) {
			return $category;
		}
		$changes = array_filter(
			array(
				'title'       => $args->title,
				'description' => $args->description,
				'privacy'     => $args->privacy,
			),
			static function ( $value ) {
				return null !== $value;
			}
		);
		if ( isset( $changes['privacy'] ) ) {
			$group_id = 'group' === $changes['privacy'] ? (int) $args->group_id : 0;
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
		MVS_Media_Terms::apply( $id, $args->tags, $category );
		return $this->presenter->item( $this->media->find( $id ), get_current_user_id() );
	}

	/**
	 * DELETE /media/{id}.
	 *
	 * @param MVS_Delete_Media_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function delete_media( MVS_Delete_Media_Args $args ) {
		$id      = $args->id;
		$deleted = $this->deleter->delete_if_present( $id );
		if ( is_wp_error( $deleted ) ) {
			return $deleted;
		}
		// False: already absent, a retry (docs/api-conventions.md, "Retry-safe writes").
		return array(
			'deleted' => $deleted,
			'id'      => $id,
		);
	}

	/**
	 * POST /media/bulk.
	 *
	 * @param MVS_Bulk_Media_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function bulk_media( MVS_Bulk_Media_Args $args ) {
		return ( new MVS_Media_Bulk( $this->deleter, $this->media, $this->albums ) )->run( $args );
	}

	/**
	 * POST /media/{id}/replace: new bytes under the same item. The file goes
	 * through exactly the checks of an upload; id, title, privacy, comments,
	 * reactions and counters stay. The old file and sizes are deleted only
	 * once the row points at the new ones, so a failure leaves the item as
	 * it was and no new file behind.
	 *
	 * @param MVS_Replace_Media_File_Args $args Arguments, the uploaded file among them.
	 * @return array|WP_Error
	 */
	public function replace_media_file( MVS_Replace_Media_File_Args $args ) {
		$id  = $args->id;
		$row = $this->media->find( $id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Media item not found.', 'media-community-service' ) );
		}
		$upload = $this->validator->validate( $args->file );
		if ( is_wp_error( $upload ) ) {
			return $upload;
		}
		$stored = $this->store_with_sizes( $args->file['tmp_name'], $upload );
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
		return $this->presenter->item( $this->media->find( $id ), get_current_user_id() );
	}

	/**
	 * GET /media/{id}/group: the items uploaded together with this one that
	 * the caller may see (privacy applied in SQL), in upload order.
	 *
	 * @param MVS_Get_Media_Group_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_media_group( MVS_Get_Media_Group_Args $args ) {
		$viewer = get_current_user_id();
		$row    = $this->media->find_viewable( $args->id, $viewer );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		if ( '' === (string) $row->upload_group ) {
			return array( $this->presenter->item( $row, $viewer ) );
		}
		list( $rows ) = $this->lists->search(
			array(
				'viewer'       => $viewer,
				'scope'        => 'all',
				'upload_group' => (string) $row->upload_group,
				'orderby'      => 'date',
				'page'         => 1,
				'per_page'     => self::GROUP_MAX,
			)
		);
		return $this->presenter->items( array_reverse( $rows ), $viewer );
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
	 * A page of media for the caller: one statement for the rows and their
	 * total (two for a page past the last), one to present them
	 * (MVS_Media_Presenter), whatever per_page is.
	 *
	 * @param MVS_List_Media_Args|MVS_List_My_Media_Args $args  The list arguments (both routes share them).
	 * @param string                                     $scope public | all | mine.
	 * @return MVS_Page
	 */
	private function page( $args, string $scope ): MVS_Page {
		$viewer = get_current_user_id();
		list( $rows, $total ) = $this->lists->search(
			array(
				'viewer'       => $viewer,
				'scope'        => $scope,
				'media_type'   => $args->media_type,
				'author'       => $args->author,
				'slug'         => $args->slug,
				'tag'          => $args->tag,
				'category'     => $args->category,
				's'            => $args->s,
				'orderby'      => $args->orderby,
				'group_covers' => $args->group_covers,
				'page'         => $args->page,
				'per_page'     => $args->per_page,
			)
		);
		return new MVS_Page( $this->presenter->items( $rows, $viewer ), $total );
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
		$author = $this->albums->album_author( $album_id );
		// Uploading into an album is editing it: PUT /albums/{id}'s rule.
		if ( null !== $author && MVS_Core_Owner_Rules::update_album( $author, $user_id ) ) {
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
	 * @param MVS_Record_Media_View_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function record_media_view( MVS_Record_Media_View_Args $args ) {
		return $this->activity()->record( $args->id, 'view', (string) $args->user_agent );
	}

	/**
	 * POST /media/{id}/download.
	 *
	 * @param MVS_Record_Media_Download_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function record_media_download( MVS_Record_Media_Download_Args $args ) {
		return $this->activity()->record( $args->id, 'download' );
	}

	/**
	 * POST /media/{id}/share.
	 *
	 * @param MVS_Record_Media_Share_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function record_media_share( MVS_Record_Media_Share_Args $args ) {
		return $this->activity()->record( $args->id, 'share' );
	}

	/**
	 * GET /media/{id}/access.
	 *
	 * @param MVS_Get_Media_Access_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_media_access( MVS_Get_Media_Access_Args $args ) {
		return $this->activity()->access( $args->id );
	}

	/**
	 * GET /media/{id}/stats.
	 *
	 * @param MVS_Get_Media_Stats_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_media_stats( MVS_Get_Media_Stats_Args $args ) {
		return $this->activity()->stats( $args->id );
	}

	/**
	 * GET /me/stats.
	 *
	 * @param MVS_Get_My_Stats_Args $args The route takes no arguments.
	 * @return array
	 */
	public function get_my_stats( MVS_Get_My_Stats_Args $args ) {
		return $this->activity()->my_stats();
	}

	/**
	 * GET /media/{id}/signed-url.
	 *
	 * @param MVS_Get_Media_Signed_Url_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_media_signed_url( MVS_Get_Media_Signed_Url_Args $args ) {
		return $this->activity()->signed_url( $args );
	}

	/**
	 * GET /serve.
	 *
	 * @param MVS_Serve_Media_File_Args $args Arguments, the conditional and Range headers among them.
	 * @return WP_REST_Response|WP_Error
	 */
	public function serve_media_file( MVS_Serve_Media_File_Args $args ) {
		return ( new MVS_File_Server( $this->media, $this->storage, new MVS_Media_Counters() ) )->serve( $args );
	}
}
