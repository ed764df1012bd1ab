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
 * extension, dimensions and content hash.
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
		$mime    = $this->detect_mime( $file['tmp_name'] );
		$allowed = (array) MVS_Settings::get( 'allowed_mime_types' );
		$ext     = $this->extension_for( $mime );
		if ( '' === $mime || ! in_array( $mime, $allowed, true ) || '' === $ext ) {
			return MVS_Errors::make( 'mvs_invalid_type', __( 'This type of file is not allowed.', 'media-community-service' ), array( 'mime_type' => $mime ) );
		}
		$media_type = $this->media_type_for( $mime );
		$width      = 0;
		$height     = 0;
		if ( 'image' === $media_type ) {
			$dimensions = wp_getimagesize( $file['tmp_name'] );
			if ( ! $dimensions ) {
				return MVS_Errors::make( 'mvs_invalid_type', __( 'The image could not be read.', 'media-community-service' ) );
			}
			$width  = (int) $dimensions[0];
			$height = (int) $dimensions[1];
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
	 * Whether any dot-separated part of the name is a blocked extension
	 * (case-insensitive, ignoring trailing dots and spaces).
	 *
	 * @param string $name Client file name.
	 * @return bool
	 */
	public function has_blocked_extension( string $name ): bool {
		$name    = strtolower( rtrim( wp_basename( $name ), ". \t\n\r\0\x0B" ) );
		$parts   = explode( '.', $name );
		$blocked = self::blocked_extensions();
		array_shift( $parts );
		foreach ( $parts as $part ) {
			if ( in_array( trim( $part ), $blocked, true ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * MIME type from the file's bytes.
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
	 * File extension for a MIME type, from WordPress's MIME map.
	 *
	 * @param string $mime MIME type.
	 * @return string
	 */
	private function extension_for( string $mime ): string {
		$extra = array(
			'audio/wav'   => 'wav',
			'audio/x-wav' => 'wav',
			'audio/ogg'   => 'ogg',
			'video/webm'  => 'webm',
		);
		if ( isset( $extra[ $mime ] ) ) {
			return $extra[ $mime ];
		}
		foreach ( wp_get_mime_types() as $extensions => $type ) {
			if ( $type === $mime ) {
				$first = explode( '|', $extensions );
				return $first[0];
			}
		}
		return '';
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
