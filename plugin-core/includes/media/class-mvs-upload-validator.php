<?php
/**
 * Decides whether an uploaded file may be stored, by its content.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Checks size, dangerous names and the real MIME type (finfo on the bytes,
 * never the client's name or Content-Type), and derives media type,
 * extension, dimensions and content hash. Images are rewritten without
 * their metadata first (MVS_Image_Metadata), so the size, hash and
 * dimensions are those of the file that is stored.
 */
final class MVS_Upload_Validator {

	/**
	 * Extensions refused anywhere in a file name (x.php.jpg is refused too).
	 *
	 * @return string[]
	 */
	public static function blocked_extensions(): array {
		/**
		 * Filters the extensions refused in uploaded file names.
		 *
		 * @param string[] $extensions Lowercase extensions without dots.
		 */
		return (array) apply_filters(
			'mvs_blocked_extensions',
			array( 'php', 'php3', 'php4', 'php5', 'php7', 'php8', 'phtml', 'phar', 'pht', 'phps', 'cgi', 'pl', 'py', 'rb', 'sh', 'bash', 'asp', 'aspx', 'jsp', 'exe', 'dll', 'bat', 'cmd', 'com', 'msi', 'vbs', 'js', 'mjs', 'html', 'htm', 'shtml', 'svg', 'svgz', 'xhtml', 'htaccess', 'ini', 'hta', 'jar' )
		);
	}

	/**
	 * Validates an uploaded file.
	 *
	 * @param array $file $_FILES entry (present, error-free, non-empty).
	 * @return array|WP_Error {mime, extension, media_type, size, hash, width, height, name}
	 */
	public function validate( array $file ) {
		$size = (int) filesize( $file['tmp_name'] );
		// The controller already refuses empty uploads; a validator used on its own must too.
		if ( 0 === $size ) {
			return MVS_Errors::make( 'mvs_no_file', __( 'The file is empty.', 'media-community-service' ) );
		}
		if ( $size > (int) MVS_Settings::get( 'max_upload_bytes' ) ) {
			return MVS_Errors::make(
				'mvs_file_too_large',
				/* translators: %s: maximum size, e.g. 100 MB. */
				sprintf( __( 'The file is larger than the maximum upload size (%s).', 'media-community-service' ), size_format( (int) MVS_Settings::get( 'max_upload_bytes' ) ) )
			);
		}
		$name = (string) ( $file['name'] ?? '' );
		if ( $this->has_blocked_extension( $name ) ) {
			return MVS_Errors::make( 'mvs_blocked_extension', __( 'This file name has an extension that is not allowed.', 'media-community-service' ) );
		}
		$mime = MVS_Mime_Types::canonical( $this->detect_mime( $file['tmp_name'] ) );
		$ext  = MVS_Mime_Types::extension( $mime );
		// Active types are refused even if a value saved before they were forbidden still lists them.
		$allowed = (array) MVS_Settings::get( 'allowed_mime_types' );
		$allowed = array_diff( $allowed, MVS_Active_Content::active_types( $allowed ) );
		if ( '' === $mime || ! MVS_Mime_Types::in_list( $mime, $allowed ) || '' === $ext ) {
			return MVS_Errors::make( 'mvs_invalid_type', __( 'This type of file is not allowed.', 'media-community-service' ), array( 'mime_type' => $mime ) );
		}
		$media_type = $this->media_type_for( $mime );
		if ( $this->has_embedded_code( $file['tmp_name'], 'image' === $media_type ) ) {
			return $this->embedded_code_error();
		}
		$width  = 0;
		$height = 0;
		if ( 'image' === $media_type ) {
			$dimensions = wp_getimagesize( $file['tmp_name'] );
			// The image decoder must agree with finfo on what the bytes are.
			if ( ! $dimensions || empty( $dimensions['mime'] ) || MVS_Mime_Types::canonical( $dimensions['mime'] ) !== $mime ) {
				return MVS_Errors::make( 'mvs_invalid_type', __( 'The image could not be read.', 'media-community-service' ) );
			}
			$width  = (int) $dimensions[0];
			$height = (int) $dimensions[1];

			// The header alone says how much decoding would cost: a small file can claim gigabytes of pixels.
			$max_pixels = (int) MVS_Settings::get( 'max_image_pixels' );
			if ( $width * $height > $max_pixels ) {
				return MVS_Errors::make(
					'mvs_image_too_large',
					/* translators: 1: width, 2: height, 3: maximum number of pixels. */
					sprintf( __( 'The image is %1$d x %2$d pixels; at most %3$s pixels are allowed.', 'media-community-service' ), $width, $height, number_format_i18n( $max_pixels ) ),
					array(
						'width'      => $width,
						'height'     => $height,
						'max_pixels' => $max_pixels,
					)
				);
			}
		}
		// Images lose their metadata here; what is left of them, and documents, get the strict open-tag scan.
		$strict = 'document' === $media_type ? MVS_Open_Tags::document_ranges( $file['tmp_name'], $mime ) : array();
		if ( 'image' === $media_type && MVS_Image_Metadata::handles( $mime ) ) {
			$cleaned = ( new MVS_Image_Metadata() )->clean( $file['tmp_name'], $mime, (bool) MVS_Settings::get( 'keep_image_location' ) );
			if ( null === $cleaned ) {
				return MVS_Errors::make( 'mvs_invalid_type', __( 'The image could not be read.', 'media-community-service' ) );
			}
			$strict = $cleaned['ranges'];
			clearstatcache( true, $file['tmp_name'] );
			$size = (int) filesize( $file['tmp_name'] );
			if ( $cleaned['rotated'] ) {
				$dimensions = wp_getimagesize( $file['tmp_name'] );
				$width      = $dimensions ? (int) $dimensions[0] : $width;
				$height     = $dimensions ? (int) $dimensions[1] : $height;
			}
		}
		if ( MVS_Open_Tags::in_ranges( $file['tmp_name'], $strict ) ) {
			return $this->embedded_code_error();
		}
		return array(
			'mime'       => $mime,
			'extension'  => $ext,
			'media_type' => $media_type,
			'size'       => $size,
			'hash'       => hash_file( 'sha256', $file['tmp_name'] ),
			'width'      => $width,
			'height'     => $height,
			'name'       => $name,
		);
	}

	/**
	 * The refusal of a file carrying PHP code.
	 *
	 * @return WP_Error
	 */
	private function embedded_code_error(): WP_Error {
		return MVS_Errors::make(
			'mvs_invalid_type',
			__( 'This file contains program code and cannot be uploaded.', 'media-community-service' ),
			array( 'reason' => 'embedded_code' )
		);
	}

	/**
	 * Whether any part of the name is a blocked extension.
	 *
	 * The name is split on dots, NUL bytes (raw or %00), colons (NTFS
	 * alternate streams) and slashes, and every part after the first is
	 * checked case-insensitively with trailing dots and spaces removed:
	 * x.php.jpg, X.PhP.png, x.png.php., shell.php%00.jpg and x.jpg:.php
	 * are all refused. The name never decides the stored type; this refusal
	 * is there because a name is often passed on to other software.
	 *
	 * @param string $name Client file name.
	 * @return bool
	 */
	public function has_blocked_extension( string $name ): bool {
		$name    = str_ireplace( '%00', "\0", $name );
		$parts   = preg_split( '/[.\x00:\/\\\\]/', strtolower( $name ) );
		$blocked = self::blocked_extensions();
		array_shift( $parts );
		foreach ( $parts as $part ) {
			if ( in_array( rtrim( trim( $part ), '. ' ), $blocked, true ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Code PHP would run in any file: "<?php" followed by whitespace, and
	 * __HALT_COMPILER( (the end of a phar stub, a phar:// polyglot). Neither
	 * turns up by chance.
	 */
	const CODE_ANY = '<\?php\s|__halt_compiler\s*\(';

	/**
	 * A short tag ("<?" or "<?=" then whitespace) followed by what reads as
	 * a PHP statement: a variable that is assigned, indexed or called, a
	 * backtick command, or a call closed by ";" or "?>". Checked in every
	 * family: the required continuation keeps chance matches in large
	 * compressed media below about one in ten thousand per 100 MB, where a
	 * bare "<?" would match in nearly every file.
	 */
	const SHORT_TAG_CODE = '<\?=?\s+(?:\$[a-z_][a-z0-9_]*\s*(?:=|\[|->|\()|`[\x20-\x7e]{1,64}`|[a-z_][a-z0-9_\\\\]*\s*\([^\r\n]{0,200}?\)\s*(?:;|\?>))|<\?=`[\x20-\x7e]{1,64}`';

	/**
	 * Images also: the short echo tag "<?=" directly followed by a variable,
	 * a call or a backtick command (images are small and text chunks are the
	 * classic polyglot carrier).
	 */
	const ECHO_TAG_CODE = '<\?=\s*(?:\$[a-z_]|`[\x20-\x7e]{1,64}`|[a-z_][a-z0-9_\\\\]*\s*\()';

	/**
	 * Whether the bytes carry PHP code (a polyglot: a valid image with a
	 * script inside, dangerous wherever a file can be included).
	 *
	 * Read in 1 MiB chunks with an overlap, never whole. Looks for what PHP
	 * would really execute (CODE_ANY, SHORT_TAG_CODE, and in images also
	 * ECHO_TAG_CODE). A bare "<?=" is three bytes and occurs by chance in
	 * about one compressed 10 MB file in two, so it is never refused on its
	 * own (see docs/uploads-and-storage.md).
	 *
	 * @param string $path       File path.
	 * @param bool   $short_tags Whether to look for the looser "<?=" forms too (images).
	 * @return bool Whether code was found (also when the file cannot be read).
	 */
	public function has_embedded_code( string $path, bool $short_tags = true ): bool {
		$handle = fopen( $path, 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- streamed scan.
		if ( false === $handle ) {
			return true;
		}
		$pattern = '/' . self::CODE_ANY . '|' . self::SHORT_TAG_CODE . ( $short_tags ? '|' . self::ECHO_TAG_CODE : '' ) . '/i';
		$carry   = '';
		$found   = false;
		while ( ! feof( $handle ) ) {
			$chunk = fread( $handle, 1048576 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fread -- streamed scan.
			if ( false === $chunk || '' === $chunk ) {
				break;
			}
			$window = $carry . $chunk;
			if ( preg_match( $pattern, $window ) ) {
				$found = true;
				break;
			}
			// Keep enough of the tail to catch a tag and its statement split across chunks.
			$carry = substr( $window, -320 );
		}
		fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- closes the handle opened above.
		return $found;
	}

	/**
	 * MIME type from the file's bytes, as libmagic names it.
	 *
	 * @param string $path File path.
	 * @return string
	 */
	private function detect_mime( string $path ): string {
		if ( ! class_exists( 'finfo' ) ) {
			return '';
		}
		$finfo = new finfo( FILEINFO_MIME_TYPE );
		$mime  = $finfo->file( $path );
		return is_string( $mime ) ? strtolower( $mime ) : '';
	}

	/**
	 * image, video, audio or document.
	 *
	 * @param string $mime MIME type.
	 * @return string
	 */
	private function media_type_for( string $mime ): string {
		foreach ( array( 'image', 'video', 'audio' ) as $family ) {
			if ( 0 === strpos( $mime, $family . '/' ) ) {
				return $family;
			}
		}
		return 'document';
	}
}
