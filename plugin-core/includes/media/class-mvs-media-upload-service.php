<?php
/**
 * Domain logic of the media routes that store files: upload and replace.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Media_Uploads_Handler: the file goes through
 * MVS_Upload_Validator, then storage and its image sizes, all or nothing,
 * before the row is written or changed.
 */
final class MVS_Media_Upload_Service implements MVS_Media_Uploads_Handler {

	/**
	 * Row storage.
	 *
	 * @var MVS_Media_Repository
	 */
	private $media;

	/**
	 * Album placement of a new item.
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
	 * Upload checks.
	 *
	 * @var MVS_Upload_Validator
	 */
	private $validator;

	/**
	 * Response shaping.
	 *
	 * @var MVS_Media_Presenter
	 */
	private $presenter;

	/**
	 * The group and album checks of a new item.
	 *
	 * @var MVS_Media_Placement_Checks
	 */
	private $placement;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Media_Repository|null $media     Row storage.
	 * @param MVS_Storage_Driver|null   $storage   Storage driver (default: MVS_Storage::driver()).
	 * @param MVS_Upload_Validator|null $validator Upload checks.
	 * @param MVS_Media_Presenter|null  $presenter Response shaping.
	 * @param MVS_Album_Repository|null $albums    Album placement.
	 */
	public function __construct( ?MVS_Media_Repository $media = null, ?MVS_Storage_Driver $storage = null, ?MVS_Upload_Validator $validator = null, ?MVS_Media_Presenter $presenter = null, ?MVS_Album_Repository $albums = null ) {
		$this->media     = $media ? $media : new MVS_Media_Repository();
		$this->storage   = $storage ? $storage : MVS_Storage::driver();
		$this->validator = $validator ? $validator : new MVS_Upload_Validator();
		$this->presenter = $presenter ? $presenter : new MVS_Media_Presenter();
		$this->albums    = $albums ? $albums : new MVS_Album_Repository();
		$this->sizes     = new MVS_Image_Sizes( $this->storage );
		$this->placement = new MVS_Media_Placement_Checks( $this->albums );
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
		$checked = $this->placement->group( $privacy, (int) $args->group_id, $user_id );
		if ( is_wp_error( $checked ) ) {
			return $checked;
		}
		$album_id = (int) $args->album_id;
		if ( $album_id ) {
			$checked = $this->placement->album( $album_id, $user_id );
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
		// Extensions' last word (quotas) before anything is written.
		$refusal = MVS_Upload_Gate::check( $upload, $user_id );
		if ( $refusal ) {
			return $refusal;
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
				'album_position'    => $album_id ? $this->albums->next_position( $album_id ) : 0,
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
		$this->albums->refresh_count( $album_id );
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
		$refusal = MVS_Upload_Gate::check( $upload, (int) $row->author_id, $id );
		if ( $refusal ) {
			return $refusal;
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
	private static function group_key( int $user_id, string $token ): string {
		if ( '' === $token ) {
			return '';
		}
		return hash_hmac( 'sha1', $user_id . '|' . $token, wp_salt( 'auth' ) );
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
