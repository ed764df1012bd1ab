<?php
/**
 * Offline analysis with GD: image statistics, a skin-tone heuristic and
 * title tokens.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Works out of the box, with no network and no model: it measures the image
 * on a downsampled copy (at most SAMPLE x SAMPLE pixels, so the cost does
 * not grow with the photo) and reads the item's words.
 *
 * - Dimensions, mean colour, mean brightness (Rec. 601 luma, 0-255) and the
 *   dominant colour name.
 * - Skin ratio: the share of opaque sampled pixels inside the RGB skin-tone
 *   rule of Kovac et al. (R>95, G>40, B>20, max-min>15, |R-G|>15, R>G, R>B).
 *   The safety score is that ratio: a picture made mostly of skin-coloured
 *   pixels is worth a human look. It is a crude signal, which is why the
 *   outcome is a flag for moderators, never an automatic rejection.
 * - Tags: the most frequent words of the title (which defaults to the
 *   uploaded file name; its extension is left out) and description, without stop words, plus the
 *   dominant colour and "dark"/"bright" when the image is clearly either.
 */
final class MVS_AI_Local_Provider implements MVS_AI_Provider {

	/**
	 * Longest side of the downsampled copy.
	 */
	const SAMPLE = 64;

	/**
	 * Larger images are not decoded (about 4 bytes a pixel of memory), only
	 * described by their words.
	 */
	const MAX_PIXELS = 25000000;

	/**
	 * Provider name.
	 *
	 * @return string
	 */
	public function name(): string {
		return 'local';
	}

	/**
	 * Analyses an item (see MVS_AI_Provider::analyze()).
	 *
	 * @param array $item Item facts.
	 * @return array
	 */
	public function analyze( array $item ) {
		$metrics = null;
		if ( 'image' === $item['media_type'] && '' !== $item['path'] ) {
			$metrics = $this->image_metrics( (string) $item['path'] );
		}
		$tags = self::tokens( self::without_extension( (string) $item['title'] ) . ' ' . $item['description'] );
		if ( $metrics ) {
			array_unshift( $tags, $metrics['dominant_color'] );
			if ( $metrics['brightness'] < 60 ) {
				$tags[] = 'dark';
			} elseif ( $metrics['brightness'] > 195 ) {
				$tags[] = 'bright';
			}
		}
		$tags = array_slice( array_values( array_unique( $tags ) ), 0, 10 );
		return array(
			'description'  => $this->describe( $item, $metrics ),
			'tags'         => $tags,
			'safety_score' => $metrics ? $metrics['skin_ratio'] : 0.0,
			'metrics'      => $metrics,
			'model'        => 'local-gd-v1',
			'units'        => 0,
		);
	}

	/**
	 * Measures an image on a downsampled copy.
	 *
	 * @param string $path Absolute file path.
	 * @return array|null Null when GD is missing or the file does not decode.
	 */
	private function image_metrics( string $path ): ?array {
		if ( ! function_exists( 'imagecreatefromstring' ) || ! is_readable( $path ) ) {
			return null;
		}
		$size = @getimagesize( $path ); // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged -- an unreadable image is reported as "not decoded".
		if ( ! $size || $size[0] < 1 || $size[1] < 1 || $size[0] * $size[1] > self::MAX_PIXELS ) {
			return null;
		}
		// Decoding needs about 4 bytes a pixel: ask for the memory WordPress grants image work.
		wp_raise_memory_limit( 'image' );
		$bytes = file_get_contents( $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_get_contents, WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- local file.
		$image = false === $bytes ? false : @imagecreatefromstring( $bytes ); // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged -- corrupt data returns false.
		if ( ! $image ) {
			return null;
		}
		$width  = imagesx( $image );
		$height = imagesy( $image );
		$scale  = min( 1, self::SAMPLE / max( $width, $height ) );
		$sw     = max( 1, (int) round( $width * $scale ) );
		$sh     = max( 1, (int) round( $height * $scale ) );
		$sample = imagecreatetruecolor( $sw, $sh );
		imagealphablending( $sample, false );
		imagesavealpha( $sample, true );
		imagecopyresampled( $sample, $image, 0, 0, 0, 0, $sw, $sh, $width, $height );
		imagedestroy( $image );

		$sum    = array( 0, 0, 0 );
		$luma   = 0.0;
		$skin   = 0;
		$opaque = 0;
		for ( $y = 0; $y < $sh; $y++ ) {
			for ( $x = 0; $x < $sw; $x++ ) {
				$c = imagecolorat( $sample, $x, $y );
				// GD alpha: 0 opaque .. 127 transparent; mostly transparent pixels carry no colour.
				if ( ( ( $c >> 24 ) & 0x7F ) > 100 ) {
					continue;
				}
				$r = ( $c >> 16 ) & 0xFF;
				$g = ( $c >> 8 ) & 0xFF;
				$b = $c & 0xFF;
				++$opaque;
				$sum[0] += $r;
				$sum[1] += $g;
				$sum[2] += $b;
				$luma   += 0.299 * $r + 0.587 * $g + 0.114 * $b;
				if ( self::is_skin( $r, $g, $b ) ) {
					++$skin;
				}
			}
		}
		imagedestroy( $sample );
		$n    = max( 1, $opaque );
		$mean = array( (int) round( $sum[0] / $n ), (int) round( $sum[1] / $n ), (int) round( $sum[2] / $n ) );
		return array(
			'width'          => $width,
			'height'         => $height,
			'sampled_pixels' => $opaque,
			'mean_rgb'       => $mean,
			'mean_hex'       => sprintf( '#%02x%02x%02x', $mean[0], $mean[1], $mean[2] ),
			'brightness'     => round( $luma / $n, 1 ),
			'dominant_color' => self::color_name( $mean[0], $mean[1], $mean[2] ),
			'skin_ratio'     => $opaque ? round( $skin / $opaque, 3 ) : 0.0,
		);
	}

	/**
	 * The RGB skin-tone rule (daylight) of Kovac, Peer and Solina (2003).
	 *
	 * @param int $r Red.
	 * @param int $g Green.
	 * @param int $b Blue.
	 * @return bool
	 */
	private static function is_skin( int $r, int $g, int $b ): bool {
		return $r > 95 && $g > 40 && $b > 20
			&& max( $r, $g, $b ) - min( $r, $g, $b ) > 15
			&& abs( $r - $g ) > 15 && $r > $g && $r > $b;
	}

	/**
	 * A plain colour word for a mean colour (hue buckets; greys by lightness).
	 *
	 * @param int $r Red.
	 * @param int $g Green.
	 * @param int $b Blue.
	 * @return string
	 */
	private static function color_name( int $r, int $g, int $b ): string {
		$max = max( $r, $g, $b );
		$min = min( $r, $g, $b );
		if ( $max - $min < 24 ) {
			return $max < 70 ? 'black' : ( $max > 200 ? 'white' : 'gray' );
		}
		$d = $max - $min;
		if ( $max === $r ) {
			$hue = 60 * fmod( ( $g - $b ) / $d, 6 );
		} elseif ( $max === $g ) {
			$hue = 60 * ( ( $b - $r ) / $d + 2 );
		} else {
			$hue = 60 * ( ( $r - $g ) / $d + 4 );
		}
		$hue   = $hue < 0 ? $hue + 360 : $hue;
		$names = array(
			15  => 'red',
			45  => 'orange',
			70  => 'yellow',
			170 => 'green',
			200 => 'cyan',
			260 => 'blue',
			300 => 'purple',
			340 => 'pink',
			360 => 'red',
		);
		foreach ( $names as $limit => $name ) {
			if ( $hue < $limit ) {
				return $name;
			}
		}
		return 'red';
	}

	/**
	 * A title less a file extension WordPress knows at its end: titles
	 * default to the uploaded file name, whose extension ("mp3") is no word
	 * of what the item shows.
	 *
	 * @param string $title Item title.
	 * @return string
	 */
	private static function without_extension( string $title ): string {
		$ext = (string) wp_check_filetype( $title )['ext'];
		return '' === $ext ? $title : substr( $title, 0, -strlen( $ext ) - 1 );
	}

	/**
	 * Meaningful words of a text, most frequent first.
	 *
	 * @param string $text Title and description.
	 * @return string[]
	 */
	public static function tokens( string $text ): array {
		$stop  = array( 'the', 'and', 'for', 'with', 'from', 'this', 'that', 'img', 'image', 'photo', 'pic', 'dsc', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'copy', 'final', 'untitled', 'over', 'into', 'are', 'was', 'were', 'our', 'your', 'les', 'des', 'der', 'die', 'das', 'und' );
		$words = preg_split( '/[^\p{L}\p{N}]+/u', mb_strtolower( $text ), -1, PREG_SPLIT_NO_EMPTY );
		$count = array();
		foreach ( (array) $words as $word ) {
			if ( mb_strlen( $word ) < 3 || ctype_digit( $word ) || in_array( $word, $stop, true ) ) {
				continue;
			}
			$count[ $word ] = ( $count[ $word ] ?? 0 ) + 1;
		}
		// Stable: equal counts keep their order of appearance.
		$order = array_flip( array_keys( $count ) );
		uksort(
			$count,
			static function ( $a, $b ) use ( $count, $order ) {
				return $count[ $b ] <=> $count[ $a ] ?: $order[ $a ] <=> $order[ $b ];
			}
		);
		return array_map( 'strval', array_slice( array_keys( $count ), 0, 8 ) );
	}

	/**
	 * One sentence describing the item.
	 *
	 * @param array      $item    Item facts.
	 * @param array|null $metrics Image metrics.
	 * @return string
	 */
	private function describe( array $item, ?array $metrics ): string {
		$title = trim( (string) $item['title'] );
		if ( $metrics ) {
			$tone = $metrics['brightness'] < 60 ? __( 'dark', 'media-community-service' ) : ( $metrics['brightness'] > 195 ? __( 'bright', 'media-community-service' ) : __( 'medium-toned', 'media-community-service' ) );
			return sprintf(
				/* translators: 1: dark/bright/medium-toned, 2: width, 3: height, 4: colour name, 5: title. */
				__( 'A %1$s %2$d×%3$d image, mostly %4$s, titled "%5$s".', 'media-community-service' ),
				$tone,
				$metrics['width'],
				$metrics['height'],
				$metrics['dominant_color'],
				$title
			);
		}
		return sprintf(
			/* translators: 1: media type (image, video, audio, document), 2: title. */
			__( 'A %1$s titled "%2$s".', 'media-community-service' ),
			$item['media_type'],
			$title
		);
	}
}
