<?php
/**
 * An authorised file answer of GET /serve: status, headers and the bytes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Decides how a file is answered (200, 206, 304 or 416; conditional and
 * Range requests) and streams it.
 *
 * The REST server would JSON-encode whatever a handler returns, so the file
 * travels as the data of a WP_REST_Response: the server sends our status and
 * headers as usual, then maybe_stream() (on rest_pre_serve_request) writes
 * the bytes instead of JSON. Errors never get here: they stay WP_Errors and
 * come back as the usual {code, message, data} JSON.
 */
final class MVS_File_Response {

	/**
	 * Absolute path of the file.
	 *
	 * @var string
	 */
	private $path;

	/**
	 * First byte to send.
	 *
	 * @var int
	 */
	private $start = 0;

	/**
	 * Number of bytes to send (0 for none: 304, offloaded).
	 *
	 * @var int
	 */
	private $length = 0;

	/**
	 * Whether the answer is a whole-file or first-byte answer (what counts as a download).
	 *
	 * @var bool
	 */
	private $from_start = true;

	/**
	 * Built by build().
	 *
	 * @param string $path Absolute path.
	 */
	private function __construct( string $path ) {
		$this->path = $path;
	}

	/**
	 * The answer to a request for a file.
	 *
	 * @param array           $file {
	 *     What is served.
	 *
	 *     @type string $path     Absolute path (an existing file).
	 *     @type string $relative Path relative to the uploads folder (for X-Accel-Redirect).
	 *     @type string $mime     Content type.
	 *     @type string $filename Download file name (UTF-8).
	 *     @type bool   $download Attachment rather than inline (media types only: MVS_Active_Content).
	 *     @type int    $max_age  Seconds a shared cache may keep it; 0 = private, no-store.
	 *     @type string $offload  off | x-accel-redirect | x-sendfile.
	 * }
	 * @param MVS_Serve_Media_File_Args $args The /serve arguments (its conditional and Range headers).
	 * @return array{0: WP_REST_Response, 1: bool} The response, and whether it delivers the file from its first byte.
	 */
	public static function build( array $file, MVS_Serve_Media_File_Args $args ): array {
		$self  = new self( $file['path'] );
		$size  = (int) filesize( $file['path'] );
		$mtime = (int) filemtime( $file['path'] );
		// Strong validator: changes whenever the bytes may have (replace keeps the id, not the file).
		$etag     = '"' . substr( hash( 'sha256', $file['path'] . '|' . $size . '|' . $mtime ), 0, 32 ) . '"';
		$modified = gmdate( 'D, d M Y H:i:s', $mtime ) . ' GMT';

		// nosniff on every file; anything but media is an attachment in a sandbox.
		$delivery = MVS_Active_Content::delivery( $file['mime'], (bool) $file['download'] );
		$headers  = array_merge(
			array(
				'Content-Type'        => $file['mime'],
				'Accept-Ranges'       => 'bytes',
				'ETag'                => $etag,
				'Last-Modified'       => $modified,
				'Content-Disposition' => self::disposition( $delivery['disposition'], $file['filename'] ),
			),
			$delivery['headers']
		);
		if ( $file['max_age'] > 0 ) {
			// Shared caches keep it shorter than browsers: at most SHARED_MAX_AGE after it went private, unless purged sooner.
			$headers['Cache-Control'] = 'public, max-age=' . (int) $file['max_age'] . ', s-maxage=' . min( (int) $file['max_age'], MVS_File_Purge::SHARED_MAX_AGE );
			$headers['Expires']       = gmdate( 'D, d M Y H:i:s', time() + (int) $file['max_age'] ) . ' GMT';
		} else {
			$headers['Cache-Control'] = 'private, no-store, max-age=0';
		}

		$range = self::requested_range( $args, $size, $etag, $modified );

		if ( 'off' !== $file['offload'] ) {
			// The web server answers Range and conditional requests itself.
			$self->from_start = null === $range || ( is_array( $range ) && 0 === $range[0] );
			unset( $headers['ETag'], $headers['Last-Modified'], $headers['Accept-Ranges'] );
			if ( 'x-accel-redirect' === $file['offload'] ) {
				/**
				 * Filters the internal nginx location that maps to the uploads folder.
				 *
				 * @param string $prefix Location prefix, with slashes.
				 */
				$prefix                      = (string) apply_filters( 'mvs_serve_internal_prefix', '/mvs-internal/' );
				$headers['X-Accel-Redirect'] = $prefix . implode( '/', array_map( 'rawurlencode', explode( '/', $file['relative'] ) ) );
			} else {
				$headers['X-Sendfile'] = $file['path'];
			}
			return array( new WP_REST_Response( $self, 200, $headers ), $self->from_start );
		}

		if ( self::not_modified( $args, $etag, $mtime ) ) {
			// No body; Content-Type stays the file's (not the REST server's JSON type).
			unset( $headers['Content-Disposition'] );
			return array( new WP_REST_Response( $self, 304, $headers ), false );
		}

		if ( false === $range ) {
			$error = rest_convert_error_to_response(
				MVS_Errors::make(
					'mvs_range_not_satisfiable',
					__( 'The requested range lies outside the file.', 'media-community-service' ),
					array( 'size' => $size )
				)
			);
			$error->header( 'Content-Range', 'bytes */' . $size );
			$error->header( 'Cache-Control', 'private, no-store, max-age=0' );
			return array( $error, false );
		}

		if ( null === $range ) {
			$self->length              = $size;
			$headers['Content-Length'] = (string) $size;
			return array( new WP_REST_Response( $self, 200, $headers ), true );
		}

		list( $first, $last )      = $range;
		$self->start               = $first;
		$self->length              = $last - $first + 1;
		$self->from_start          = 0 === $first;
		$headers['Content-Length'] = (string) $self->length;
		$headers['Content-Range']  = sprintf( 'bytes %d-%d/%d', $first, $last, $size );
		return array( new WP_REST_Response( $self, 206, $headers ), $self->from_start );
	}

	/**
	 * The single byte range to send: null for the whole file (no Range, an
	 * If-Range that no longer matches, a syntax we ignore such as several
	 * ranges), false when unsatisfiable, else [first, last] clamped to the file.
	 *
	 * @param MVS_Serve_Media_File_Args $args     Arguments (Range, If-Range).
	 * @param int                       $size     File size.
	 * @param string                    $etag     Current ETag.
	 * @param string                    $modified Current Last-Modified.
	 * @return array{0: int, 1: int}|null|false
	 */
	private static function requested_range( MVS_Serve_Media_File_Args $args, int $size, string $etag, string $modified ) {
		$header = trim( (string) $args->range );
		if ( '' === $header ) {
			return null;
		}
		$if_range = trim( (string) $args->if_range );
		if ( '' !== $if_range && $if_range !== $etag && $if_range !== $modified ) {
			// The client's partial copy is stale: send the whole current file.
			return null;
		}
		// RFC 9110 14.2: a Range the server does not understand is ignored; one
		// range only (multipart/byteranges is not offered).
		if ( ! preg_match( '/^bytes\s*=\s*(\d*)\s*-\s*(\d*)$/i', $header, $m ) || ( '' === $m[1] && '' === $m[2] ) ) {
			return null;
		}
		if ( '' === $m[1] ) {
			// Suffix range: the last N bytes.
			$suffix = (int) $m[2];
			if ( 0 === $suffix || 0 === $size ) {
				return false;
			}
			return array( max( 0, $size - $suffix ), $size - 1 );
		}
		$first = (int) $m[1];
		if ( '' !== $m[2] && (int) $m[2] < $first ) {
			return null; // Last before first is invalid syntax: ignored.
		}
		if ( $first >= $size ) {
			return false;
		}
		return array( $first, '' === $m[2] ? $size - 1 : min( (int) $m[2], $size - 1 ) );
	}

	/**
	 * Whether the client's cached copy is current (If-None-Match wins over
	 * If-Modified-Since, as RFC 9110 13.2.2 orders them).
	 *
	 * @param MVS_Serve_Media_File_Args $args  Arguments (If-None-Match, If-Modified-Since).
	 * @param string                    $etag  Current ETag.
	 * @param int                       $mtime File modification time.
	 * @return bool
	 */
	private static function not_modified( MVS_Serve_Media_File_Args $args, string $etag, int $mtime ): bool {
		$none_match = trim( (string) $args->if_none_match );
		if ( '' !== $none_match ) {
			if ( '*' === $none_match ) {
				return true;
			}
			foreach ( explode( ',', $none_match ) as $candidate ) {
				// Weak comparison: W/"x" matches "x".
				if ( preg_replace( '/^W\//', '', trim( $candidate ) ) === $etag ) {
					return true;
				}
			}
			return false;
		}
		$since = trim( (string) $args->if_modified_since );
		if ( '' !== $since ) {
			$time = strtotime( $since );
			return false !== $time && $mtime <= $time;
		}
		return false;
	}

	/**
	 * Content-Disposition with an ASCII fallback name and the exact UTF-8 name
	 * in filename* (RFC 6266 / RFC 5987).
	 *
	 * @param string $type     inline | attachment.
	 * @param string $filename UTF-8 file name.
	 * @return string
	 */
	public static function disposition( string $type, string $filename ): string {
		// No path separators, control characters or quotes can reach the header.
		$filename = trim( (string) preg_replace( '/[\x00-\x1F\x7F\/\\\\"]+/u', '_', $filename ) );
		if ( '' === $filename ) {
			$filename = 'file';
		}
		$ascii = (string) preg_replace( '/[^\x20-\x7E]/', '_', remove_accents( $filename ) );
		$ascii = str_replace( array( '%', ';' ), '_', $ascii );
		return sprintf( '%s; filename="%s"; filename*=UTF-8\'\'%s', $type, $ascii, rawurlencode( $filename ) );
	}

	/**
	 * Keeps a file answer whole (filter rest_post_dispatch, before WordPress's
	 * rest_filter_response_fields at 10): `_fields` picks keys of JSON data,
	 * and applied to a file it would pass this object where an array belongs
	 * (a TypeError, so a 500). A file has no fields to pick.
	 *
	 * @param WP_HTTP_Response $result  Response.
	 * @param WP_REST_Server   $server  Server.
	 * @param WP_REST_Request  $request Request.
	 * @return WP_HTTP_Response
	 */
	public static function ignore_fields_filter( $result, $server, $request ) {
		if ( $result instanceof WP_HTTP_Response && $result->get_data() instanceof self && isset( $request['_fields'] ) ) {
			unset( $request['_fields'] );
		}
		return $result;
	}

	/**
	 * Writes the file instead of JSON when a handler answered with a file
	 * (filter rest_pre_serve_request; status and headers are already sent).
	 *
	 * @param bool             $served  Whether another filter already served the request.
	 * @param WP_HTTP_Response $result  Response.
	 * @param WP_REST_Request  $request Request.
	 * @return bool
	 */
	public static function maybe_stream( $served, $result, $request ) {
		if ( $served || ! $result instanceof WP_HTTP_Response || ! $result->get_data() instanceof self ) {
			return $served;
		}
		if ( 'HEAD' !== $request->get_method() ) {
			$result->get_data()->send_body();
		}
		return true;
	}

	/**
	 * Sends the status, the headers and the bytes of a file answer, as the
	 * REST server and maybe_stream() would, for the paths that answer /serve
	 * without the REST server (MVS_Serve_Fast_Path, MVS_Serve_Lean).
	 *
	 * @param WP_REST_Response $response File answer.
	 * @param WP_REST_Request  $request  Request (its method: no body for HEAD).
	 */
	public static function send( WP_REST_Response $response, WP_REST_Request $request ): void {
		status_header( $response->get_status() );
		// The REST server sends these on every answer; nothing else of its own applies to a file.
		header( 'X-Robots-Tag: noindex' );
		foreach ( $response->get_headers() as $name => $value ) {
			header( sprintf( '%s: %s', $name, preg_replace( '/\s+/', ' ', (string) $value ) ) );
		}
		self::maybe_stream( false, $response, $request );
	}

	/**
	 * Streams the selected bytes: PHP copies the file to the output in one
	 * stream copy (memory-mapped by PHP for local files, so never the whole
	 * file in memory and no per-chunk loop in PHP code; a client that goes
	 * away ends it at the next write).
	 */
	private function send_body(): void {
		if ( $this->length <= 0 ) {
			return;
		}
		// Anything buffered before (a stray notice) would corrupt the file and break Content-Length.
		while ( ob_get_level() > 0 && ob_end_clean() ) {
			continue;
		}
		// phpcs:disable WordPress.WP.AlternativeFunctions -- streaming needs raw handles.
		$handle = fopen( $this->path, 'rb' );
		$output = fopen( 'php://output', 'wb' );
		if ( false !== $handle && false !== $output ) {
			stream_copy_to_stream( $handle, $output, $this->length, $this->start );
		}
		foreach ( array( $handle, $output ) as $stream ) {
			if ( false !== $stream ) {
				fclose( $stream );
			}
		}
		// phpcs:enable
	}
}
