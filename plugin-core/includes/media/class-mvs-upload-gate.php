<?php
/**
 * The last word on an upload before its file is written: the pre-store hook.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Asks extensions (the Pro plugin's quotas) whether a validated upload may
 * be stored, before any file or row exists, so a refusal leaves nothing
 * behind. docs/uploads-and-storage.md, "Refusing an upload before it is
 * stored".
 */
final class MVS_Upload_Gate {

	/**
	 * The extensions' verdict on a validated upload.
	 *
	 * @param array $upload   From MVS_Upload_Validator::validate().
	 * @param int   $owner_id The member the stored file will belong to.
	 * @param int   $replaces The item whose file it replaces (0: a new item).
	 * @return WP_Error|null The refusal, or null to store it.
	 */
	public static function check( array $upload, int $owner_id, int $replaces = 0 ): ?WP_Error {
		$facts = array(
			'owner_id'   => $owner_id,
			'size'       => (int) $upload['size'],
			'mime'       => (string) $upload['mime'],
			'media_type' => (string) $upload['media_type'],
			'extension'  => (string) $upload['extension'],
			'replaces'   => $replaces,
		);
		/**
		 * Filters whether a validated upload may be stored. Return a WP_Error to
		 * refuse it: code mvs_quota_exceeded (403) or mvs_upload_refused (403),
		 * with your own message; other codes are answered as mvs_upload_refused.
		 * Runs after every file check and before the file is written.
		 *
		 * @param WP_Error|null $refusal Null: store it.
		 * @param array         $facts   owner_id, size (bytes), mime, media_type, extension, replaces (media ID or 0).
		 */
		$refusal = apply_filters( 'mvs_pre_store_upload', null, $facts );
		if ( ! is_wp_error( $refusal ) ) {
			return null;
		}
		$data = $refusal->get_error_data();
		$data = is_array( $data ) ? $data : array();
		unset( $data['status'] );
		if ( 'mvs_quota_exceeded' === $refusal->get_error_code() ) {
			return MVS_Errors::make( 'mvs_quota_exceeded', $refusal->get_error_message(), $data );
		}
		return MVS_Errors::make( 'mvs_upload_refused', $refusal->get_error_message(), $data );
	}
}
