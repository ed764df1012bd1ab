<?php
/**
 * What a part of an image file is, for the metadata cleaner.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The vocabulary every class of the metadata cleaner shares: the roles a
 * part of an image can have and the two forms of a part, a reference to
 * bytes of a file ({role, from, length}) or bytes in memory ({role,
 * bytes}). Optional keys: 'opaque' (kept, but compressed: not scanned
 * strictly) and 'riff' (the WebP RIFF header, whose size write() fills
 * in). It depends on no other class, so the format parsers, the EXIF
 * helpers and MVS_Image_Metadata can all use it without a cycle.
 */
final class MVS_Image_Part {

	/**
	 * Part roles: structure (kept, scanned strictly), pixels (kept, compressed
	 * data), table (kept, the numbers that code the pixels: JPEG quantization
	 * and Huffman tables, palettes; real ones hold "<?=" by chance as easily
	 * as pixels do, so they are not scanned strictly either), icc (kept
	 * colour profile), colour (kept PNG sRGB or cICP chunk, which stands in
	 * for a profile), exif (the EXIF container, dropped unless location is
	 * kept), head (leading structure after which metadata is inserted).
	 */
	const PIXELS    = 'pixels';
	const TABLE     = 'table';
	const STRUCTURE = 'structure';
	const ICC       = 'icc';
	const COLOUR    = 'colour';
	const EXIF      = 'exif';
	const HEAD      = 'head';

	/**
	 * Metadata blocks are small (a JPEG segment is at most 64 KB): a part
	 * larger than this is never loaded into memory.
	 */
	const MAX_LOADED = 1048576;

	/**
	 * A reference to bytes of the file.
	 *
	 * @param string $role   Role.
	 * @param int    $from   Offset.
	 * @param int    $length Length.
	 * @return array
	 */
	public static function ref( string $role, int $from, int $length ): array {
		return array(
			'role'   => $role,
			'from'   => $from,
			'length' => $length,
		);
	}

	/**
	 * Reads bytes at an offset.
	 *
	 * @param resource $handle File.
	 * @param int      $at     Offset.
	 * @param int      $length How many.
	 * @return string|false
	 */
	public static function read( $handle, int $at, int $length ) {
		if ( $length <= 0 || 0 !== fseek( $handle, $at ) ) {
			return '';
		}
		return fread( $handle, $length ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fread -- reads at an offset in a file WP_Filesystem can only read whole.
	}

	/**
	 * The bytes of a part: its own, or those it refers to in the file.
	 *
	 * @param string $source File the part refers to.
	 * @param array  $part   Part.
	 * @return string|null Null when the part is too large or the file unreadable.
	 */
	public static function load( string $source, array $part ): ?string {
		if ( isset( $part['bytes'] ) ) {
			return $part['bytes'];
		}
		if ( (int) $part['length'] > self::MAX_LOADED || '' === $source ) {
			return null;
		}
		$handle = fopen( $source, 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- one part read at its offset, never the whole file.
		if ( false === $handle ) {
			return null;
		}
		$bytes = self::read( $handle, (int) $part['from'], (int) $part['length'] );
		fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- closes the handle opened above.
		return $bytes;
	}

	/**
	 * Whether any part has a role.
	 *
	 * @param array  $parts Parts.
	 * @param string $role  Role.
	 * @return bool
	 */
	public static function has_role( array $parts, string $role ): bool {
		foreach ( $parts as $part ) {
			if ( $role === $part['role'] ) {
				return true;
			}
		}
		return false;
	}
}
