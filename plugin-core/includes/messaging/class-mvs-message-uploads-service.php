<?php
/**
 * Domain logic of POST /messages/upload.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Message_Uploads_Handler: one file, checked
 * by content by the media uploads' validator (same types and caps), stored
 * by the storage driver, recorded as the uploader's attachment that only
 * they may fetch until a message carries it. Not counted by Pro's quotas:
 * it does not pass the upload gate (docs/messaging.md, "Attachments").
 */
final class MVS_Message_Uploads_Service implements MVS_Message_Uploads_Handler {

	/**
	 * POST /messages/upload: 201 {media_id, url}, media_id being the
	 * attachment's ID that a send takes as attachment_id.
	 *
	 * @param MVS_Upload_Message_Attachment_Args $args Arguments, the uploaded file among them.
	 * @return array|WP_Error
	 */
	public function upload_message_attachment( MVS_Upload_Message_Attachment_Args $args ) {
		$closed = ( new MVS_Messaging_Gate( new MVS_Conversation_Repository() ) )->closed();
		if ( $closed ) {
			return $closed;
		}
		$upload = ( new MVS_Upload_Validator() )->validate( $args->file );
		if ( is_wp_error( $upload ) ) {
			return $upload;
		}
		$storage = MVS_Storage::driver();
		$key     = $storage->store( $args->file['tmp_name'], $upload['extension'] );
		if ( is_wp_error( $key ) ) {
			return $key;
		}
		$me = get_current_user_id();
		$id = ( new MVS_Message_Attachment_Repository() )->insert(
			array(
				'user_id'    => $me,
				'media_type' => $upload['media_type'],
				'mime_type'  => $upload['mime'],
				'file_path'  => $key,
				'file_size'  => $upload['size'],
				'width'      => (int) $upload['width'],
				'height'     => (int) $upload['height'],
			)
		);
		if ( ! $id ) {
			// No row, no orphan file.
			$storage->delete( $key );
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		return array(
			'media_id' => $id,
			'url'      => MVS_Message_Attachment_Files::url( $id, $me ),
		);
	}
}
