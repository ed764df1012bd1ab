<?php
/**
 * Perceptual hash of an image (64-bit dHash) with GD.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * dHash: the image shrunk to 9×8 grey pixels, one bit per neighbour pair
 * (left brighter than right), 64 bits written as 16 hex digits. Resizing,
 * re-encoding and small colour changes move few bits; other pictures differ
 * in about half. Cost: one decode and one resample to 9×8, whatever the
 * photo's size. See docs/moderation.md, "Image hashes".
 */
final class MVS_Image_Hash {

	/**
	 * Largest Hamming distance (bits of 64) at which two images count as
	 * the same picture. At most 7: matching finds every hash within 7 bits
	 * (candidates()), and 6 leaves room for re-encoding and resizing while
	 * unrelated images differ in about 32.
	 */
	const MATCH_DISTANCE = 6;

	/**
	 * A hash with fewer ones (or zeros) than this, or fewer than MIN_ROWS
	 * distinct rows, describes a picture with little structure (a plain
	 * colour, a gradient, stripes): such pictures look alike to dHash
	 * whatever they show, so they are never matched.
	 */
	const MIN_FEATURE_BITS = 16;

	/**
	 * See MIN_FEATURE_BITS.
	 */
	const MIN_ROWS = 4;

	/**
	 * The hash of an image file.
	 *
	 * @param string $path Absolute path of the file.
	 * @return string|null 16 hex digits; null when GD is missing or the file does not decode.
	 */
	public static function of_file( string $path ): ?string {
		if ( '' === $path || ! function_exists( 'imagecreatefromstring' ) || ! is_readable( $path ) ) {
			return null;
		}
		$size = @getimagesize( $path ); // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged -- an unreadable image has no hash.
		if ( ! $size || $size[0] < 1 || $size[1] < 1 || $size[0] * $size[1] > MVS_AI_Local_Provider::MAX_PIXELS ) {
			return null;
		}
		wp_raise_memory_limit( 'image' );
		$bytes = file_get_contents( $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_get_contents, WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- local file.
		$image = false === $bytes ? false : @imagecreatefromstring( $bytes ); // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged -- corrupt data returns false.
		if ( ! $image ) {
			return null;
		}
		$small = imagecreatetruecolor( 9, 8 );
		// Transparent pixels count as white, whatever colour they hide.
		imagefill( $small, 0, 0, (int) imagecolorallocate( $small, 255, 255, 255 ) );
		imagecopyresampled( $small, $image, 0, 0, 0, 0, 9, 8, imagesx( $image ), imagesy( $image ) );
		imagedestroy( $image );
		$bits = '';
		for ( $y = 0; $y < 8; $y++ ) {
			$previous = self::luma( (int) imagecolorat( $small, 0, $y ) );
			for ( $x = 1; $x < 9; $x++ ) {
				$current  = self::luma( (int) imagecolorat( $small, $x, $y ) );
				$bits    .= $previous > $current ? '1' : '0';
				$previous = $current;
			}
		}
		imagedestroy( $small );
		$hex = '';
		foreach ( str_split( $bits, 4 ) as $nibble ) {
			$hex .= dechex( (int) bindec( $nibble ) );
		}
		return $hex;
	}

	/**
	 * Rec. 601 luma of a GD colour.
	 *
	 * @param int $color GD truecolor value.
	 * @return float
	 */
	private static function luma( int $color ): float {
		return 0.299 * ( ( $color >> 16 ) & 0xFF ) + 0.587 * ( ( $color >> 8 ) & 0xFF ) + 0.114 * ( $color & 0xFF );
	}

	/**
	 * The hash's four 16-bit bands (two rows of the 9×8 grid each).
	 *
	 * @param string $hash 16 hex digits.
	 * @return int[]
	 */
	public static function bands( string $hash ): array {
		return array_map( 'hexdec', str_split( $hash, 4 ) );
	}

	/**
	 * Bits in which two hashes differ.
	 *
	 * @param string $a 16 hex digits.
	 * @param string $b 16 hex digits.
	 * @return int 0 to 64.
	 */
	public static function distance( string $a, string $b ): int {
		$bands = self::bands( $b );
		$bits  = 0;
		foreach ( self::bands( $a ) as $i => $band ) {
			$bits += substr_count( decbin( $band ^ $bands[ $i ] ), '1' );
		}
		return $bits;
	}

	/**
	 * Whether a hash has enough structure to be matched (MIN_FEATURE_BITS).
	 *
	 * @param string $hash 16 hex digits.
	 * @return bool
	 */
	public static function has_features( string $hash ): bool {
		$ones = 0;
		foreach ( self::bands( $hash ) as $band ) {
			$ones += substr_count( decbin( $band ), '1' );
		}
		$rows = count( array_unique( str_split( $hash, 2 ) ) );
		return $ones >= self::MIN_FEATURE_BITS && 64 - $ones >= self::MIN_FEATURE_BITS && $rows >= self::MIN_ROWS;
	}

	/**
	 * A band's value and its 16 values one bit away. Two hashes within 7
	 * bits have a band within 1 bit (7 differing bits over 4 bands leave one
	 * band with at most one): looking these up in each band's index finds
	 * every such pair (pigeonhole).
	 *
	 * @param int $band 16-bit band.
	 * @return int[] 17 values.
	 */
	public static function near( int $band ): array {
		$values = array( $band );
		for ( $bit = 0; $bit < 16; $bit++ ) {
			$values[] = $band ^ ( 1 << $bit );
		}
		return $values;
	}
}
