<?php
/**
 * Splits a GIF file into parts.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The GIF walk of the metadata cleaner (MVS_Image_Metadata): the file as
 * MVS_Image_Part parts, what is never kept already left out.
 */
final class MVS_Gif_Parser {

	/**
	 * GIF: header, colour tables, image descriptors and the graphic-control
	 * and looping extensions are kept; LZW data is pixels; comments, plain
	 * text and other application extensions (XMP, ICC) are dropped.
	 *
	 * @param resource $handle File.
	 * @param int      $size   File size.
	 * @return array|null
	 */
	public static function parse( $handle, int $size ): ?array {
		$head = (string) MVS_Image_Part::read( $handle, 0, 13 );
		if ( 13 !== strlen( $head ) || ! in_array( substr( $head, 0, 6 ), array( 'GIF87a', 'GIF89a' ), true ) ) {
			return null;
		}
		$flags = ord( $head[10] );
		$pos   = 13 + ( ( $flags & 0x80 ) ? 3 * ( 2 << ( $flags & 7 ) ) : 0 );
		$parts = array( MVS_Image_Part::ref( MVS_Image_Part::HEAD, 0, 13 ), MVS_Image_Part::ref( MVS_Image_Part::TABLE, 13, $pos - 13 ) );
		while ( $pos < $size ) {
			$type = ord( (string) MVS_Image_Part::read( $handle, $pos, 1 ) );
			if ( 0x3B === $type ) {
				$parts[] = MVS_Image_Part::ref( MVS_Image_Part::STRUCTURE, $pos, 1 );
				return $parts;
			}
			if ( 0x21 === $type ) {
				$label  = ord( (string) MVS_Image_Part::read( $handle, $pos + 1, 1 ) );
				$first  = (string) MVS_Image_Part::read( $handle, $pos + 2, 12 );
				$end    = self::skip_sub_blocks( $handle, $pos + 2, $size );
				$looped = 0xFF === $label && in_array( substr( $first, 1, 11 ), array( 'NETSCAPE2.0', 'ANIMEXTS1.0' ), true );
				if ( null === $end ) {
					return null;
				}
				if ( 0xF9 === $label || $looped ) {
					$parts[] = MVS_Image_Part::ref( MVS_Image_Part::STRUCTURE, $pos, $end - $pos );
				}
				$pos = $end;
				continue;
			}
			if ( 0x2C !== $type ) {
				return null;
			}
			$descriptor = (string) MVS_Image_Part::read( $handle, $pos, 10 );
			if ( 10 !== strlen( $descriptor ) ) {
				return null;
			}
			$local   = ord( $descriptor[9] );
			$table   = ( $local & 0x80 ) ? 3 * ( 2 << ( $local & 7 ) ) : 0;
			$data    = $pos + 10 + $table + 1; // + LZW minimum code size.
			$end     = self::skip_sub_blocks( $handle, $data, $size );
			$parts[] = MVS_Image_Part::ref( MVS_Image_Part::STRUCTURE, $pos, 10 );
			$parts[] = MVS_Image_Part::ref( MVS_Image_Part::TABLE, $pos + 10, $table );
			$parts[] = MVS_Image_Part::ref( MVS_Image_Part::STRUCTURE, $data - 1, 1 );
			if ( null === $end ) {
				return null;
			}
			$parts[] = MVS_Image_Part::ref( MVS_Image_Part::PIXELS, $data, $end - $data );
			$pos     = $end;
		}
		return null;
	}

	/**
	 * The offset after a chain of GIF sub-blocks (ended by a zero length).
	 *
	 * @param resource $handle File.
	 * @param int      $pos    Offset of the first length byte.
	 * @param int      $size   File size.
	 * @return int|null
	 */
	private static function skip_sub_blocks( $handle, int $pos, int $size ): ?int {
		while ( $pos < $size ) {
			$length = ord( (string) MVS_Image_Part::read( $handle, $pos, 1 ) );
			++$pos;
			if ( 0 === $length ) {
				return $pos;
			}
			$pos += $length;
		}
		return null;
	}
}
