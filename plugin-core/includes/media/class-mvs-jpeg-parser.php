<?php
/**
 * Splits a JPEG file into parts.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The JPEG walk of the metadata cleaner (MVS_Image_Metadata): the file as
 * MVS_Image_Part parts, what is never kept already left out.
 */
final class MVS_Jpeg_Parser {

	/**
	 * JPEG: markers and segments; entropy-coded data is pixels. Kept: JFIF
	 * APP0, ICC APP2, Adobe APP14 and every non-APP segment; APP1 EXIF is
	 * the exif part; other APPn (XMP, MPF previews, Photoshop/IPTC) and COM
	 * are dropped, and so is everything after EOI.
	 *
	 * @param resource $handle File.
	 * @param int      $size   File size.
	 * @return array|null
	 */
	public static function parse( $handle, int $size ): ?array {
		if ( "\xFF\xD8" !== MVS_Image_Part::read( $handle, 0, 2 ) ) {
			return null;
		}
		$parts = array( MVS_Image_Part::ref( MVS_Image_Part::HEAD, 0, 2 ) );
		$pos   = 2;
		while ( $pos < $size ) {
			// A marker is 0xFF (fill bytes allowed) then its code; bytes between segments are dropped.
			$next = self::find_marker( $handle, $pos, $size, false );
			if ( null === $next ) {
				return null;
			}
			list( $start, $code ) = $next;
			if ( 0xD9 === $code ) {
				$parts[] = MVS_Image_Part::ref( MVS_Image_Part::STRUCTURE, $start, 2 );
				return $parts;
			}
			if ( ( $code >= 0xD0 && $code <= 0xD7 ) || 0x01 === $code ) {
				$parts[] = MVS_Image_Part::ref( MVS_Image_Part::STRUCTURE, $start, 2 );
				$pos     = $start + 2;
				continue;
			}
			$length = unpack( 'n', (string) MVS_Image_Part::read( $handle, $start + 2, 2 ) . "\0\0" )[1];
			if ( $length < 2 || $start + 2 + $length > $size ) {
				return null;
			}
			$end  = $start + 2 + $length;
			$role = self::segment_role( $handle, $code, $start + 4, $length - 2 );
			if ( null !== $role ) {
				$parts[] = MVS_Image_Part::ref( $role, $start, $end - $start );
			}
			$pos = $end;
			if ( 0xDA === $code ) {
				// Entropy-coded data runs to the next marker that is not a stuffed byte or a restart.
				$data_end = self::find_marker( $handle, $pos, $size, true );
				if ( null === $data_end ) {
					// Cut short without EOI (browsers show such files): the data runs to the end.
					$parts[] = MVS_Image_Part::ref( MVS_Image_Part::PIXELS, $pos, $size - $pos );
					return $parts;
				}
				if ( $data_end[0] > $pos ) {
					$parts[] = MVS_Image_Part::ref( MVS_Image_Part::PIXELS, $pos, $data_end[0] - $pos );
				}
				$pos = $data_end[0];
			}
		}
		return null;
	}

	/**
	 * What a JPEG segment is, null when it is dropped.
	 *
	 * @param resource $handle File.
	 * @param int      $code   Marker code.
	 * @param int      $data   Offset of the segment's data.
	 * @param int      $length Length of the data.
	 * @return string|null
	 */
	private static function segment_role( $handle, int $code, int $data, int $length ): ?string {
		if ( 0xFE === $code ) {
			return null;
		}
		if ( 0xDB === $code || 0xC4 === $code || 0xCC === $code ) {
			return MVS_Image_Part::TABLE;
		}
		if ( $code < 0xE0 || $code > 0xEF ) {
			return MVS_Image_Part::STRUCTURE;
		}
		$head = (string) MVS_Image_Part::read( $handle, $data, min( $length, 14 ) );
		if ( 0xE0 === $code && 0 === strpos( $head, "JFIF\0" ) ) {
			return MVS_Image_Part::HEAD;
		}
		if ( 0xE1 === $code && 0 === strpos( $head, "Exif\0\0" ) ) {
			return MVS_Image_Part::EXIF;
		}
		if ( 0xE2 === $code && 0 === strpos( $head, "ICC_PROFILE\0" ) ) {
			return MVS_Image_Part::ICC;
		}
		if ( 0xEE === $code && 0 === strpos( $head, 'Adobe' ) ) {
			return MVS_Image_Part::STRUCTURE;
		}
		return null;
	}

	/**
	 * The next JPEG marker from an offset.
	 *
	 * @param resource $handle  File.
	 * @param int      $pos     Where to start.
	 * @param int      $size    File size.
	 * @param bool     $entropy Whether inside entropy-coded data (FF00 and restarts are data).
	 * @return array{0: int, 1: int}|null Offset of the marker's 0xFF and its code.
	 */
	private static function find_marker( $handle, int $pos, int $size, bool $entropy ): ?array {
		while ( $pos < $size - 1 ) {
			$chunk = (string) MVS_Image_Part::read( $handle, $pos, min( 65536, $size - $pos ) );
			$at    = 0;
			while ( false !== ( $at = strpos( $chunk, "\xFF", $at ) ) ) { // phpcs:ignore WordPress.CodeAnalysis.AssignmentInCondition.FoundInWhileCondition -- the loop visits each 0xFF byte as strpos() finds it.
				if ( $at + 1 >= strlen( $chunk ) ) {
					break;
				}
				$code = ord( $chunk[ $at + 1 ] );
				if ( 0xFF === $code || ( $entropy && ( 0x00 === $code || ( $code >= 0xD0 && $code <= 0xD7 ) ) ) || ( ! $entropy && 0x00 === $code ) ) {
					++$at;
					continue;
				}
				return array( $pos + $at, $code );
			}
			// Step on, keeping a last 0xFF for the next read.
			$pos += max( 1, strlen( $chunk ) - 1 );
		}
		return null;
	}
}
