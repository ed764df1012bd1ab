<?php
/**
 * Domain logic of the caller's profile and avatar routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Profile_Handler. Profile edits go through
 * wp_update_user(), so WordPress's own sanitizing filters and profile hooks
 * run; avatars go through the upload checks of media (MVS_Upload_Validator)
 * and are stored by MVS_Avatar_Files. docs/profile-and-avatar.md.
 */
final class MVS_Profile_Service implements MVS_Profile_Handler {

	/**
	 * The largest avatar file accepted, in bytes, before the site's upload limit applies.
	 */
	const AVATAR_MAX_BYTES = 10485760;

	/**
	 * Avatar image types: what every image editor decodes.
	 */
	const AVATAR_TYPES = array( 'image/jpeg', 'image/png', 'image/gif', 'image/webp' );

	/**
	 * Upload checks.
	 *
	 * @var MVS_Upload_Validator
	 */
	private $validator;

	/**
	 * Avatar storage.
	 *
	 * @var MVS_Avatar_Files
	 */
	private $avatars;

	/**
	 * Response shapes.
	 *
	 * @var MVS_Profile_Presenter
	 */
	private $presenter;

	/**
	 * Wires collaborators.
	 */
	public function __construct() {
		$this->validator = new MVS_Upload_Validator();
		$this->avatars   = new MVS_Avatar_Files();
		$this->presenter = new MVS_Profile_Presenter();
	}

	/**
	 * GET /me/profile.
	 *
	 * @param MVS_Get_My_Profile_Args $args Arguments (none).
	 * @return array
	 */
	public function get_my_profile( MVS_Get_My_Profile_Args $args ) {
		return $this->presenter->profile( new WP_User( get_current_user_id() ) );
	}

	/**
	 * PUT /me/profile: only the fields sent change. They arrive sanitized
	 * (names by sanitize_text_field, the biography by
	 * sanitize_textarea_field: markup removed, line breaks kept).
	 *
	 * @param MVS_Update_My_Profile_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function update_my_profile( MVS_Update_My_Profile_Args $args ) {
		$user_id = get_current_user_id();
		if ( null !== $args->display_name && '' === $args->display_name ) {
			return MVS_Errors::make( 'mvs_display_name_empty', __( 'The display name cannot be empty.', 'media-community-service' ), array( 'params' => array( 'display_name' ) ) );
		}
		$changes = array_filter(
			array(
				'first_name'   => $args->first_name,
				'last_name'    => $args->last_name,
				'display_name' => $args->display_name,
				'description'  => $args->description,
			),
			static function ( $value ) {
				return null !== $value;
			}
		);
		if ( $changes ) {
			// wp_update_user() expects slashed data, as from a form (WordPress's own users controller slashes too).
			$updated = wp_update_user( wp_slash( array( 'ID' => $user_id ) + $changes ) );
			if ( is_wp_error( $updated ) ) {
				return MVS_Errors::make( 'mvs_storage_failed' );
			}
		}
		return $this->presenter->profile( new WP_User( $user_id ) );
	}

	/**
	 * POST /me/avatar: the file passes the media upload checks (type from
	 * the bytes, size, pixel count, program code), must be a still-image
	 * type, and is stored as new square sizes.
	 *
	 * @param MVS_Upload_My_Avatar_Args $args Arguments, the uploaded file among them.
	 * @return array|WP_Error
	 */
	public function upload_my_avatar( MVS_Upload_My_Avatar_Args $args ) {
		$max = self::avatar_max_bytes();
		if ( (int) filesize( $args->file['tmp_name'] ) > $max ) {
			return MVS_Errors::make(
				'mvs_file_too_large',
				/* translators: %s: maximum size, e.g. 10 MB. */
				sprintf( __( 'An avatar may be at most %s.', 'media-community-service' ), size_format( $max ) )
			);
		}
		$upload = $this->validator->validate( $args->file );
		if ( is_wp_error( $upload ) ) {
			return $upload;
		}
		if ( ! in_array( $upload['mime'], self::AVATAR_TYPES, true ) ) {
			return MVS_Errors::make( 'mvs_invalid_type', __( 'An avatar must be a JPEG, PNG, GIF or WebP image.', 'media-community-service' ), array( 'mime_type' => $upload['mime'] ) );
		}
		$user_id = get_current_user_id();
		$stored  = $this->avatars->replace( $user_id, $args->file['tmp_name'], $upload['mime'] );
		if ( is_wp_error( $stored ) ) {
			return $stored;
		}
		return $this->presenter->avatar( $user_id );
	}

	/**
	 * DELETE /me/avatar: safe to repeat (deleted: false once none is left).
	 *
	 * @param MVS_Delete_My_Avatar_Args $args Arguments (none).
	 * @return array
	 */
	public function delete_my_avatar( MVS_Delete_My_Avatar_Args $args ) {
		$user_id = get_current_user_id();
		$deleted = $this->avatars->remove( $user_id );
		return $this->presenter->avatar( $user_id ) + array( 'deleted' => $deleted );
	}

	/**
	 * The avatar size cap: AVATAR_MAX_BYTES, filterable, never above the site's upload limit.
	 *
	 * @return int Bytes.
	 */
	private static function avatar_max_bytes(): int {
		/**
		 * Filters the largest avatar file accepted (bytes); the max_upload_bytes setting still applies.
		 *
		 * @param int $bytes Default 10 MB.
		 */
		$max = (int) apply_filters( 'mvs_avatar_max_bytes', self::AVATAR_MAX_BYTES );
		return max( 1, min( $max, (int) MVS_Settings::get( 'max_upload_bytes' ) ) );
	}
}
