<?php
/**
 * Signed /serve URLs of message attachments, and serving them.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A message attachment is fetched through GET /serve with mvs_att=1. Its
 * URL is bound to one viewer like a private item's, under a signed string
 * of its own ("mvs-serve-att-v1\n{id}\n{uid}\n{exp}\n{dl}"), so a media
 * URL never opens an attachment of the same number nor the reverse. Every
 * request re-checks that the viewer is the uploader or, once a message
 * carries it, a participant who sees that message. The lean and fast
 * /serve paths leave these URLs to the REST route (MVS_Serve_Request).
 * docs/messaging.md, "Attachments".
 */
final class MVS_Message_Attachment_Files {

	const VERSION = 'mvs-serve-att-v1';

	/**
	 * A signed URL of an attachment for one viewer.
	 *
	 * @param int      $id      Attachment.
	 * @param int      $user_id Viewer.
	 * @param int|null $expires Unix expiry (null: the default lifetime of signed URLs).
	 * @return string
	 */
	public static function url( int $id, int $user_id, ?int $expires = null ): string {
		$expires  = null !== $expires ? $expires : time() + MVS_Url_Signer::ttl( null );
		$query    = 'mvs_id=' . $id . '&mvs_uid=' . $user_id . '&mvs_exp=' . $expires . '&mvs_att=1&mvs_sig=' . self::signature( $id, $user_id, $expires, false );
		$endpoint = rest_url( 'mvs/v1/serve' );
		return $endpoint . ( false === strpos( $endpoint, '?' ) ? '?' : '&' ) . $query;
	}

	/**
	 * The signature of an attachment URL.
	 *
	 * @param int  $id       Attachment.
	 * @param int  $user_id  Viewer.
	 * @param int  $expires  Unix expiry.
	 * @param bool $download Attachment download.
	 * @return string Hex HMAC-SHA256.
	 */
	public static function signature( int $id, int $user_id, int $expires, bool $download ): string {
		return hash_hmac( 'sha256', implode( "\n", array( self::VERSION, $id, $user_id, $expires, $download ? '1' : '0' ) ), MVS_Url_Signer::secret() );
	}

	/**
	 * Whether a member may fetch an attachment now: its uploader, or a
	 * participant of the conversation whose message carries it, as long as
	 * that message is theirs to see (not before their leave, not deleted for
	 * them, no block, messaging on).
	 *
	 * @param object $row     mvs_message_attachments row.
	 * @param int    $user_id Member (0: nobody).
	 * @return bool
	 */
	public static function can_fetch( $row, int $user_id ): bool {
		if ( $user_id <= 0 ) {
			return false;
		}
		if ( (int) $row->user_id === $user_id ) {
			return true;
		}
		if ( (int) $row->message_id <= 0 || 'nobody' === (string) MVS_Settings::get( 'dm_access' ) ) {
			return false;
		}
		// The conversation as the member sees it (MVS_Messaging_Gate::row() without its errors).
		$member   = ( new MVS_Conversation_Repository() )->visible_row( (int) $row->conversation_id, $user_id, MVS_Media_Visibility::blocked_ids( $user_id ) );
		$messages = new MVS_Message_Repository();
		// An unsent message takes its attachment with it.
		return null !== $member && (int) $row->message_id > (int) $member->hidden_before_id
			&& null !== $messages->find( (int) $row->message_id ) && ! $messages->is_hidden( (int) $row->message_id, $user_id );
	}

	/**
	 * GET /serve?mvs_att=1: signature, expiry, then the re-check for the
	 * member the URL was signed for; anyone else's attachment answers as a
	 * missing one.
	 *
	 * @param MVS_Serve_Media_File_Args $args /serve arguments.
	 * @param MVS_Storage_Driver        $storage Storage driver.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function serve( MVS_Serve_Media_File_Args $args, MVS_Storage_Driver $storage ) {
		$download = '1' === $args->mvs_dl;
		if ( ! hash_equals( self::signature( $args->mvs_id, $args->mvs_uid, $args->mvs_exp, $download ), $args->mvs_sig ) ) {
			return MVS_Errors::make( 'mvs_signature_invalid', __( 'This file link is not valid.', 'media-community-service' ) );
		}
		if ( $args->mvs_exp < time() ) {
			return MVS_Errors::make( 'mvs_signature_expired', __( 'This file link has expired. Ask for a new one.', 'media-community-service' ) );
		}
		$row  = ( new MVS_Message_Attachment_Repository() )->find( $args->mvs_id );
		$path = $row ? $storage->path( (string) $row->file_path ) : '';
		if ( ! $row || ! self::can_fetch( $row, $args->mvs_uid ) || '' === $path || ! is_file( $path ) ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'File not found.', 'media-community-service' ) );
		}
		$extension         = strtolower( (string) pathinfo( $path, PATHINFO_EXTENSION ) );
		list( $response, ) = MVS_File_Response::build(
			array(
				'path'     => $path,
				'relative' => (string) $row->file_path,
				'mime'     => '' !== (string) $row->mime_type ? (string) $row->mime_type : 'application/octet-stream',
				'filename' => 'attachment-' . (int) $row->id . ( '' !== $extension ? '.' . $extension : '' ),
				'download' => $download,
				'max_age'  => 0,
				'offload'  => (string) MVS_Settings::get( 'serve_offload' ),
			),
			$args
		);
		return $response;
	}
}
