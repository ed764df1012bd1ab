<?php
/**
 * GET /serve: signed, authorised file delivery.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Checks a /serve request and answers it with the file.
 *
 * Order of checks: signature (constant time), expiry, the item exists, the
 * user the URL was signed for may still view it (re-checked on every request,
 * so a URL stops working the moment the item turns private), downloads are
 * allowed (for mvs_dl=1), the file exists. Only then are bytes sent.
 */
final class MVS_File_Server implements MVS_Media_Delivery_Handler {

	/**
	 * Data access.
	 *
	 * @var MVS_Media_Repository
	 */
	private $media;

	/**
	 * Storage driver, for file paths.
	 *
	 * @var MVS_Storage_Driver
	 */
	private $storage;

	/**
	 * Counters (downloads).
	 *
	 * @var MVS_Media_Counters
	 */
	private $counters;

	/**
	 * Wires collaborators (defaults for the REST route; the fast path and the lean entry pass theirs).
	 *
	 * @param MVS_Media_Repository|null $media    Data access.
	 * @param MVS_Storage_Driver|null   $storage  Storage driver (default: MVS_Storage::driver()).
	 * @param MVS_Media_Counters|null   $counters Counters.
	 */
	public function __construct( ?MVS_Media_Repository $media = null, ?MVS_Storage_Driver $storage = null, ?MVS_Media_Counters $counters = null ) {
		$this->media    = $media ? $media : new MVS_Media_Repository();
		$this->storage  = $storage ? $storage : MVS_Storage::driver();
		$this->counters = $counters ? $counters : new MVS_Media_Counters();
	}

	/**
	 * GET /serve.
	 *
	 * @param MVS_Serve_Media_File_Args $args Validated arguments and the conditional and Range headers.
	 * @return WP_REST_Response|WP_Error
	 */
	public function serve_media_file( MVS_Serve_Media_File_Args $args ) {
		$media_id = $args->mvs_id;
		$user_id  = $args->mvs_uid;
		$expires  = $args->mvs_exp;
		$size     = (string) $args->mvs_size;
		$download = '1' === $args->mvs_dl;
		if ( '1' === $args->mvs_att ) {
			// A message attachment: its own signed string and participant check (docs/messaging.md).
			return MVS_Message_Attachment_Files::serve( $args, $this->storage );
		}

		$valid = MVS_Url_Signer::verify( $media_id, $user_id, $expires, $size, $download, $args->mvs_sig );
		if ( is_wp_error( $valid ) ) {
			return $valid;
		}
		// The privacy re-check of every request, for the user the URL was signed for.
		$row = $this->media->find_viewable( $media_id, $user_id );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		if ( $download && ! MVS_Media_Counters::downloads_allowed( $media_id ) ) {
			return MVS_Errors::make( 'mvs_forbidden', __( 'Downloads of this item are turned off.', 'media-community-service' ) );
		}
		$file = $this->file( $row, $size );
		if ( null === $file ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'The file of this media item is missing.', 'media-community-service' ) );
		}
		$public = 'public' === $row->privacy && 'approved' === $row->moderation_status && 0 === $user_id;

		list( $response, $from_start ) = MVS_File_Response::build(
			array(
				'path'     => $file['path'],
				'relative' => $file['relative'],
				'mime'     => $file['mime'],
				'filename' => $this->filename( $row, $file['path'] ),
				'download' => $download,
				// A shared cache may keep a public file, but never past its URL's expiry.
				'max_age'  => $public ? max( 0, min( (int) MVS_Settings::get( 'serve_cache_max_age' ), $expires - time() ) ) : 0,
				'offload'  => (string) MVS_Settings::get( 'serve_offload' ),
			),
			$args
		);
		// Not per HEAD, revalidation or later byte range of a resumed transfer; and a
		// transfer from the start counts once per viewer and window (MVS_Event_Marks),
		// so a URL fetched again and again, or with Range: bytes=0-0, adds one download.
		if ( $download && $from_start && ! $args->head && in_array( $response->get_status(), array( 200, 206 ), true ) ) {
			$this->counters->record( $media_id, 'download', $user_id );
		}
		return $response;
	}

	/**
	 * The file to send: the original, or an image size when one was asked
	 * for and exists (a video, or an image too small for a size, falls back
	 * to the original, as WordPress does).
	 *
	 * @param object $row  mvs_media row.
	 * @param string $size Requested size, '' for the original.
	 * @return array{path: string, relative: string, mime: string}|null
	 */
	private function file( $row, string $size ): ?array {
		$key  = (string) $row->file_path;
		$mime = (string) $row->mime_type;
		if ( '' !== $size ) {
			$sizes = MVS_Image_Sizes::get( (int) $row->id );
			if ( isset( $sizes[ $size ]['key'] ) && $this->storage->exists( (string) $sizes[ $size ]['key'] ) ) {
				$key  = (string) $sizes[ $size ]['key'];
				$mime = ! empty( $sizes[ $size ]['mime'] ) ? (string) $sizes[ $size ]['mime'] : $mime;
			}
		}
		// A driver without local files (object storage) has no path: nothing to stream here.
		$path = $this->storage->path( $key );
		if ( '' === $path || ! is_file( $path ) ) {
			return null;
		}
		return array(
			'path'     => $path,
			'relative' => $key,
			'mime'     => '' !== $mime ? $mime : 'application/octet-stream',
		);
	}

	/**
	 * Download name: the title, with the stored file's extension.
	 *
	 * @param object $row  mvs_media row.
	 * @param string $path Stored file.
	 * @return string
	 */
	private function filename( $row, string $path ): string {
		$extension = strtolower( (string) pathinfo( $path, PATHINFO_EXTENSION ) );
		$base      = trim( (string) preg_replace( '/\.[A-Za-z0-9]{1,5}$/', '', (string) $row->title ) );
		if ( '' === $base ) {
			$base = 'media-' . (int) $row->id;
		}
		return '' !== $extension ? $base . '.' . $extension : $base;
	}
}
