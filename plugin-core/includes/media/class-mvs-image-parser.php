<?php
/**
 * Splits an image file into parts with roles.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Turns a JPEG, PNG, GIF or WebP file into the list of its parts
 * (MVS_Image_Part), dropping on the way what the metadata cleaner never
 * keeps. The walk of each format is its own class; the parts refer to the
 * file's bytes rather than holding them, so a large image is never loaded
 * into memory.
 */
final class MVS_Image_Parser {

	/**
	 * Splits an image into parts, dropping what is never kept.
	 *
	 * @param string $path File.
	 * @param string $mime Canonical MIME type.
	 * @return array|null List of {role, from, length} or {role, bytes}; null when unreadable.
	 */
	public static function parse( string $path, string $mime ): ?array {
		$handle = fopen( $path, 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- read in parts, never whole.
		if ( false === $handle ) {
			return null;
		}
		$size = (int) filesize( $path );
		switch ( $mime ) {
			case 'image/jpeg':
				$parts = MVS_Jpeg_Parser::parse( $handle, $size );
				break;
			case 'image/png':
				$parts = MVS_Png_Parser::parse( $handle, $size );
				break;
			case 'image/gif':
				$parts = MVS_Gif_Parser::parse( $handle, $size );
				break;
			case 'image/webp':
				$parts = MVS_Webp_Parser::parse( $handle, $size );
				break;
			default:
				$parts = null;
		}
		fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- closes the handle opened above for reads at offsets.
		return $parts;
	}
}
