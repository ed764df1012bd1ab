<?php
/**
 * Reads and writes the EXIF orientation of an image's EXIF block.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the metadata cleaner (MVS_Image_Metadata) needs of EXIF: the TIFF
 * block out of a format's EXIF container (JPEG APP1, PNG eXIf, WebP EXIF),
 * its Orientation tag read or set, and a TIFF block back into a container.
 * The plugin reads the TIFF structure itself so that the `exif` PHP
 * extension is not needed; only the first IFD is read, where the
 * Orientation tag lives.
 */
final class MVS_Exif_Orientation {

	/**
	 * The TIFF block of the first EXIF part, as stored in its container.
	 *
	 * @param string $source File the parts refer to.
	 * @param array  $parts  Parts of the original.
	 * @param string $mime   MIME type.
	 * @return string|null
	 */
	public static function first_exif_tiff( string $source, array $parts, string $mime ): ?string {
		foreach ( $parts as $part ) {
			if ( MVS_Image_Part::EXIF !== $part['role'] ) {
				continue;
			}
			$loaded = MVS_Image_Part::load( $source, $part );
			if ( null === $loaded ) {
				return null;
			}
			$skip = array(
				'image/jpeg' => 10, // Marker, length, "Exif\0\0".
				'image/png'  => 8, // Length and type.
				'image/webp' => 8, // Type and length.
			);
			$data = substr( $loaded, $skip[ $mime ] ?? 0 );
			if ( 'image/png' === $mime ) {
				$data = substr( $data, 0, -4 ); // CRC.
			}
			if ( 'image/webp' === $mime ) {
				$length = unpack( 'V', substr( $loaded, 4, 4 ) . "\0\0\0\0" )[1];
				$data   = substr( $data, 0, $length );
				if ( 0 === strpos( $data, "Exif\0\0" ) ) {
					$data = substr( $data, 6 );
				}
			}
			return '' === $data ? null : $data;
		}
		return null;
	}

	/**
	 * An EXIF container for the format holding a TIFF block.
	 *
	 * @param string $mime MIME type.
	 * @param string $tiff TIFF block.
	 * @return array|null Part.
	 */
	public static function exif_part( string $mime, string $tiff ): ?array {
		if ( 'image/jpeg' === $mime && strlen( $tiff ) + 8 <= 65535 ) {
			$bytes = "\xFF\xE1" . pack( 'n', strlen( $tiff ) + 8 ) . "Exif\0\0" . $tiff;
		} elseif ( 'image/png' === $mime ) {
			$bytes = pack( 'N', strlen( $tiff ) ) . 'eXIf' . $tiff . pack( 'N', crc32( 'eXIf' . $tiff ) );
		} elseif ( 'image/webp' === $mime ) {
			$bytes = 'EXIF' . pack( 'V', strlen( $tiff ) ) . $tiff . ( strlen( $tiff ) & 1 ? "\0" : '' );
		} else {
			return null;
		}
		return array(
			'role'  => MVS_Image_Part::STRUCTURE,
			'bytes' => $bytes,
		);
	}

	/**
	 * Where the Orientation tag's value sits in a TIFF block.
	 *
	 * @param string $tiff TIFF block (starts with II or MM).
	 * @return array{0: int, 1: bool}|null Offset of the value and whether big-endian.
	 */
	private static function orientation_slot( string $tiff ): ?array {
		$order = substr( $tiff, 0, 2 );
		if ( 'II' !== $order && 'MM' !== $order ) {
			return null;
		}
		$big   = 'MM' === $order;
		$u16   = static function ( int $at ) use ( $tiff, $big ): int {
			return unpack( $big ? 'n' : 'v', substr( $tiff, $at, 2 ) . "\0\0" )[1];
		};
		$ifd   = unpack( $big ? 'N' : 'V', substr( $tiff, 4, 4 ) . "\0\0\0\0" )[1];
		$count = $ifd + 2 <= strlen( $tiff ) ? $u16( $ifd ) : 0;
		for ( $i = 0; $i < $count; $i++ ) {
			$entry = $ifd + 2 + 12 * $i;
			if ( $entry + 12 > strlen( $tiff ) ) {
				return null;
			}
			if ( 0x0112 === $u16( $entry ) && 3 === $u16( $entry + 2 ) ) {
				return array( $entry + 8, $big );
			}
		}
		return null;
	}

	/**
	 * The EXIF orientation of a TIFF block (1 when absent or invalid).
	 *
	 * @param string $tiff TIFF block.
	 * @return int
	 */
	public static function orientation( string $tiff ): int {
		$slot = self::orientation_slot( $tiff );
		if ( null === $slot ) {
			return 1;
		}
		$value = unpack( $slot[1] ? 'n' : 'v', substr( $tiff, $slot[0], 2 ) . "\0\0" )[1];
		return $value >= 1 && $value <= 8 ? $value : 1;
	}

	/**
	 * A TIFF block with its orientation set.
	 *
	 * @param string $tiff        TIFF block.
	 * @param int    $orientation New value.
	 * @return string
	 */
	public static function with_orientation( string $tiff, int $orientation ): string {
		$slot = self::orientation_slot( $tiff );
		if ( null === $slot ) {
			return $tiff;
		}
		return substr_replace( $tiff, pack( $slot[1] ? 'n' : 'v', $orientation ), $slot[0], 2 );
	}

	/**
	 * A TIFF block holding nothing but an orientation (when no editor can turn the pixels).
	 *
	 * @param int $orientation EXIF orientation.
	 * @return string
	 */
	public static function orientation_only_tiff( int $orientation ): string {
		// Header, one entry (tag 0x0112, SHORT, count 1), its value, no next IFD.
		return "MM\0\x2A\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01" . pack( 'n', $orientation ) . "\0\0\0\0\0\0";
	}
}
