<?php
/**
 * Splits a WebP file into parts.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The WebP walk of the metadata cleaner (MVS_Image_Metadata): the file as
 * MVS_Image_Part parts, what is never kept already left out.
 */
final class MVS_Webp_Parser {

	/**
	 * WebP: RIFF chunks. VP8, VP8L, ALPH and ANMF data are pixels; VP8X,
	 * ANIM and ICCP are kept; EXIF, XMP and unknown chunks are dropped, and
	 * the VP8X flags and the RIFF size are rewritten to match.
	 *
	 * @param resource $handle File.
	 * @param int      $size   File size.
	 * @return array|null
	 */
	public static function parse( $handle, int $size ): ?array {
		$head = (string) MVS_Image_Part::read( $handle, 0, 12 );
		if ( 12 !== strlen( $head ) || 'RIFF' !== substr( $head, 0, 4 ) || 'WEBP' !== substr( $head, 8, 4 ) ) {
			return null;
		}
		$parts = array();
		$pos   = 12;
		$end   = min( $size, 8 + unpack( 'V', substr( $head, 4, 4 ) )[1] );
		$vp8x  = null;
		while ( $pos + 8 <= $end ) {
			$header = (string) MVS_Image_Part::read( $handle, $pos, 8 );
			$type   = substr( $header, 0, 4 );
			$length = unpack( 'V', substr( $header, 4, 4 ) )[1];
			$next   = $pos + 8 + $length + ( $length & 1 );
			if ( $pos + 8 + $length > $end ) {
				return null;
			}
			$next = min( $next, $end );
			if ( in_array( $type, array( 'VP8 ', 'VP8L', 'ALPH', 'ANMF' ), true ) ) {
				$parts[] = MVS_Image_Part::ref( MVS_Image_Part::STRUCTURE, $pos, 8 );
				$parts[] = MVS_Image_Part::ref( MVS_Image_Part::PIXELS, $pos + 8, $next - $pos - 8 );
			} elseif ( 'VP8X' === $type && 10 === $length ) {
				$vp8x    = count( $parts );
				$parts[] = array(
					'role'  => MVS_Image_Part::HEAD,
					'bytes' => (string) MVS_Image_Part::read( $handle, $pos, 18 ),
				);
			} elseif ( 'ANIM' === $type ) {
				$parts[] = MVS_Image_Part::ref( MVS_Image_Part::STRUCTURE, $pos, $next - $pos );
			} elseif ( 'ICCP' === $type ) {
				$parts[] = MVS_Image_Part::ref( MVS_Image_Part::ICC, $pos, $next - $pos );
			} elseif ( 'EXIF' === $type ) {
				$parts[] = MVS_Image_Part::ref( MVS_Image_Part::EXIF, $pos, $next - $pos );
			}
			$pos = $next;
		}
		if ( null !== $vp8x ) {
			// Flags: ICC 0x20, alpha 0x10, EXIF 0x08, XMP 0x04, animation 0x02; EXIF and XMP are gone.
			$bytes                   = $parts[ $vp8x ]['bytes'];
			$bytes[8]                = chr( ord( $bytes[8] ) & ~0x0C );
			$parts[ $vp8x ]['bytes'] = $bytes;
		}
		array_unshift(
			$parts,
			array(
				'role'  => MVS_Image_Part::HEAD,
				'bytes' => 'RIFF', // The size follows once the parts are known (MVS_Image_Metadata::write()).
				'riff'  => true,
			)
		);
		return $parts;
	}
}
