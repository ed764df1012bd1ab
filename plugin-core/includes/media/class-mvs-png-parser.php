<?php
/**
 * Splits a PNG file into parts.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The PNG walk of the metadata cleaner (MVS_Image_Metadata): the file as
 * MVS_Image_Part parts, what is never kept already left out.
 */
final class MVS_Png_Parser {

	/**
	 * PNG chunks kept besides the critical ones: colour, transparency,
	 * physical size and APNG animation. Text (tEXt, zTXt, iTXt), eXIf,
	 * tIME, sPLT and unknown chunks are dropped.
	 */
	const KEPT = array( 'IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs', 'hIST', 'cICP', 'mDCv', 'cLLi', 'acTL', 'fcTL', 'fdAT' );

	/**
	 * PNG: chunks; IDAT and fdAT data (with their CRC) are pixels, and so is
	 * iCCP (its profile is compressed). Stops at IEND.
	 *
	 * @param resource $handle File.
	 * @param int      $size   File size.
	 * @return array|null
	 */
	public static function parse( $handle, int $size ): ?array {
		if ( "\x89PNG\r\n\x1a\n" !== MVS_Image_Part::read( $handle, 0, 8 ) ) {
			return null;
		}
		$parts = array( MVS_Image_Part::ref( MVS_Image_Part::HEAD, 0, 8 ) );
		$pos   = 8;
		while ( $pos + 12 <= $size ) {
			$header = (string) MVS_Image_Part::read( $handle, $pos, 8 );
			$length = unpack( 'N', $header )[1];
			$type   = substr( $header, 4, 4 );
			$end    = $pos + 12 + $length;
			if ( $end > $size || ! preg_match( '/^[A-Za-z]{4}$/', $type ) ) {
				return null;
			}
			if ( 'IDAT' === $type || 'fdAT' === $type ) {
				$parts[] = MVS_Image_Part::ref( MVS_Image_Part::STRUCTURE, $pos, 8 );
				$parts[] = MVS_Image_Part::ref( MVS_Image_Part::PIXELS, $pos + 8, $length + 4 );
			} elseif ( 'iCCP' === $type ) {
				// The profile name is text (scanned); the profile after it is compressed (not).
				$name                 = strpos( (string) MVS_Image_Part::read( $handle, $pos + 8, min( $length, 81 ) ), "\0" );
				$head                 = 8 + ( false === $name ? $length : $name + 2 );
				$head                 = min( $head, 8 + $length );
				$parts[]              = MVS_Image_Part::ref( MVS_Image_Part::ICC, $pos, $head );
				$compressed           = MVS_Image_Part::ref( MVS_Image_Part::ICC, $pos + $head, $end - $pos - $head );
				$compressed['opaque'] = true;
				$parts[]              = $compressed;
			} elseif ( 'eXIf' === $type ) {
				$parts[] = MVS_Image_Part::ref( MVS_Image_Part::EXIF, $pos, $end - $pos );
			} elseif ( in_array( $type, self::KEPT, true ) ) {
				$role    = 'IHDR' === $type ? MVS_Image_Part::HEAD : ( in_array( $type, array( 'sRGB', 'cICP' ), true ) ? MVS_Image_Part::COLOUR : MVS_Image_Part::STRUCTURE );
				$role    = in_array( $type, array( 'PLTE', 'tRNS', 'hIST' ), true ) ? MVS_Image_Part::TABLE : $role;
				$parts[] = MVS_Image_Part::ref( $role, $pos, $end - $pos );
			}
			$pos = $end;
			if ( 'IEND' === $type ) {
				return $parts;
			}
		}
		return null;
	}
}
