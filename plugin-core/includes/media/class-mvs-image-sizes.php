<?php
/**
 * Derived image sizes: thumbnail, medium, large and a watermarked copy.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Generates the sizes of an image with WordPress's image editor, stores
 * them through the storage driver, and records them in the item's meta
 * `mvs_sizes` as name => {key, width, height, mime}. Sizes never upscale:
 * an image smaller than a size is stored at its own dimensions.
 */
final class MVS_Image_Sizes {

	const META_KEY = 'mvs_sizes';

	/**
	 * Storage driver.
	 *
	 * @var MVS_Storage_Driver
	 */
	private $storage;

	/**
	 * Builds the generator.
	 *
	 * @param MVS_Storage_Driver $storage Storage driver.
	 */
	public function __construct( MVS_Storage_Driver $storage ) {
		$this->storage = $storage;
	}

	/**
	 * Size definitions: name => {width, height, crop}. The watermark size is
	 * the large size with the mark drawn on it.
	 *
	 * @return array<string, array{width: int, height: int, crop: bool}>
	 */
	public static function definitions(): array {
		/**
		 * Filters the generated image sizes (names are fixed by the API:
		 * thumbnail, medium, large, watermark).
		 *
		 * @param array $sizes name => {width, height, crop}.
		 */
		return (array) apply_filters(
			'mvs_image_sizes',
			array(
				'thumbnail' => array(
					'width'  => 150,
					'height' => 150,
					'crop'   => true,
				),
				'medium'    => array(
					'width'  => 300,
					'height' => 300,
					'crop'   => false,
				),
				'large'     => array(
					'width'  => 1024,
					'height' => 1024,
					'crop'   => false,
				),
				'watermark' => array(
					'width'  => 1024,
					'height' => 1024,
					'crop'   => false,
				),
			)
		);
	}

	/**
	 * Generates and stores every size of an image.
	 *
	 * An image the editor cannot process simply gets no sizes (the original
	 * is still served); a storage failure is an error, and whatever this call
	 * stored before it is deleted again, so nothing is left orphaned.
	 *
	 * @param string $source Local path of the original.
	 * @param string $mime   MIME type of the original.
	 * @return array|WP_Error name => {key, width, height, mime}.
	 */
	public function generate( string $source, string $mime ) {
		$sizes = array();
		$base  = $this->shrink_once( $source, $mime );
		if ( null === $base ) {
			return $sizes;
		}
		foreach ( self::definitions() as $name => $definition ) {
			$made = $this->make( $base['path'], $base['mime'], $mime, (string) $name, $definition );
			if ( null === $made ) {
				continue;
			}
			$stored = $this->storage->store( $made['path'], $made['extension'] );
			wp_delete_file( $made['path'] );
			if ( is_wp_error( $stored ) ) {
				wp_delete_file( $base['path'] );
				$this->delete_sizes( $sizes );
				return $stored;
			}
			$sizes[ $name ] = array(
				'key'    => $stored,
				'width'  => $made['width'],
				'height' => $made['height'],
				'mime'   => $made['mime'],
			);
		}
		wp_delete_file( $base['path'] );
		return $sizes;
	}

	/**
	 * Decodes the original once, shrinks it to the largest box any size
	 * needs and keeps that copy as a lossless PNG: every size is then made
	 * from the copy (at most about a megapixel), never by decoding the
	 * original again. The original's pixel count is capped by the upload
	 * validator (max_image_pixels) before this runs.
	 *
	 * @param string $source Local path of the original.
	 * @param string $mime   MIME type of the original.
	 * @return array{path: string, mime: string}|null Null when the editor cannot read it.
	 */
	private function shrink_once( string $source, string $mime ): ?array {
		$editor = wp_get_image_editor( $source, array( 'mime_type' => $mime ) );
		if ( is_wp_error( $editor ) ) {
			return null;
		}
		$box_w = 0;
		$box_h = 0;
		foreach ( self::definitions() as $definition ) {
			$box_w = max( $box_w, (int) $definition['width'] );
			$box_h = max( $box_h, (int) $definition['height'] );
		}
		$current = $editor->get_size();
		if ( $current['width'] > $box_w || $current['height'] > $box_h ) {
			$resized = $editor->resize( $box_w, $box_h, false );
			if ( is_wp_error( $resized ) ) {
				return null;
			}
		}
		require_once ABSPATH . 'wp-admin/includes/file.php'; // wp_tempnam().
		$temp  = wp_tempnam( 'mvs-base' );
		$saved = $editor->save( $temp . '.png', 'image/png' );
		wp_delete_file( $temp );
		unset( $editor ); // Frees the decoded original now, before the sizes are made.
		if ( is_wp_error( $saved ) || empty( $saved['path'] ) ) {
			return null;
		}
		return array(
			'path' => $saved['path'],
			'mime' => 'image/png',
		);
	}

	/**
	 * The recorded sizes of an item.
	 *
	 * @param int $media_id Media ID.
	 * @return array name => {key, width, height, mime}.
	 */
	public static function get( int $media_id ): array {
		$sizes = get_metadata( 'mvs_media', $media_id, self::META_KEY, true );
		return is_array( $sizes ) ? $sizes : array();
	}

	/**
	 * Records the sizes of an item (replacing earlier ones).
	 *
	 * @param int   $media_id Media ID.
	 * @param array $sizes    From generate().
	 */
	public static function save( int $media_id, array $sizes ): void {
		if ( $sizes ) {
			update_metadata( 'mvs_media', $media_id, self::META_KEY, $sizes );
		} else {
			delete_metadata( 'mvs_media', $media_id, self::META_KEY );
		}
	}

	/**
	 * Deletes every stored size of an item and its record.
	 *
	 * @param int $media_id Media ID.
	 */
	public function delete_all( int $media_id ): void {
		$this->delete_sizes( self::get( $media_id ) );
		delete_metadata( 'mvs_media', $media_id, self::META_KEY );
	}

	/**
	 * Deletes stored size files.
	 *
	 * @param array $sizes name => {key, ...}.
	 */
	public function delete_sizes( array $sizes ): void {
		foreach ( $sizes as $size ) {
			if ( ! empty( $size['key'] ) ) {
				$this->storage->delete( (string) $size['key'] );
			}
		}
	}

	/**
	 * Writes one size to a temporary file.
	 *
	 * @param string $source      The shrunk copy (shrink_once()).
	 * @param string $source_mime Its MIME type.
	 * @param string $mime        MIME type of the original, which every size keeps.
	 * @param string $name        Size name.
	 * @param array  $definition  {width, height, crop}.
	 * @return array|null {path, extension, width, height, mime}, null when the editor cannot make it.
	 */
	private function make( string $source, string $source_mime, string $mime, string $name, array $definition ): ?array {
		$editor = wp_get_image_editor( $source, array( 'mime_type' => $source_mime ) );
		if ( is_wp_error( $editor ) ) {
			return null;
		}
		$current = $editor->get_size();
		$width   = (int) $definition['width'];
		$height  = (int) $definition['height'];
		// Only shrink: WordPress answers a resize to a larger box with an error.
		if ( $current['width'] > $width || $current['height'] > $height ) {
			$resized = $editor->resize( $width, $height, ! empty( $definition['crop'] ) );
			if ( is_wp_error( $resized ) ) {
				return null;
			}
		}
		require_once ABSPATH . 'wp-admin/includes/file.php'; // wp_tempnam().
		$temp  = wp_tempnam( 'mvs-size-' . $name );
		$saved = $editor->save( $temp . '.img', $mime );
		wp_delete_file( $temp );
		if ( is_wp_error( $saved ) || empty( $saved['path'] ) ) {
			return null;
		}
		if ( 'watermark' === $name && ! $this->draw_mark( $saved['path'], $saved['mime-type'] ) ) {
			wp_delete_file( $saved['path'] );
			return null;
		}
		// Imagick copies the original's profiles into sizes it does not shrink; sizes never carry metadata.
		if ( MVS_Image_Metadata::handles( (string) $saved['mime-type'] ) && null === ( new MVS_Image_Metadata() )->clean( $saved['path'], (string) $saved['mime-type'], false ) ) {
			wp_delete_file( $saved['path'] );
			return null;
		}
		$extension = pathinfo( $saved['path'], PATHINFO_EXTENSION );
		return array(
			'path'      => $saved['path'],
			'extension' => '' !== $extension && 'img' !== $extension ? $extension : (string) wp_get_default_extension_for_mime_type( $saved['mime-type'] ),
			'width'     => (int) $saved['width'],
			'height'    => (int) $saved['height'],
			'mime'      => (string) $saved['mime-type'],
		);
	}

	/**
	 * Draws the watermark text (setting watermark_text) in the bottom-right
	 * corner on a translucent band, with GD. WordPress's editor API has no
	 * text drawing, so this works on the file the editor wrote.
	 *
	 * @param string $path File written by the editor.
	 * @param string $mime Its MIME type.
	 * @return bool Whether the mark was drawn.
	 */
	private function draw_mark( string $path, string $mime ): bool {
		$writers = array(
			'image/jpeg' => 'imagejpeg',
			'image/png'  => 'imagepng',
			'image/gif'  => 'imagegif',
			'image/webp' => 'imagewebp',
		);
		if ( ! isset( $writers[ $mime ] ) || ! function_exists( 'imagecreatefromstring' ) || ! function_exists( $writers[ $mime ] ) ) {
			return false;
		}
		$text = trim( (string) MVS_Settings::get( 'watermark_text' ) );
		if ( '' === $text ) {
			$text = wp_parse_url( home_url(), PHP_URL_HOST );
		}
		// GD's built-in fonts are Latin-1: anything else would print as garbage.
		$text  = preg_replace( '/[^\x20-\x7E]/', '?', remove_accents( (string) $text ) );
		$bytes = file_get_contents( $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents, WordPress.WP.AlternativeFunctions.file_system_read_file_get_contents -- a local file: a generated size, at most 1024 px.
		$image = false === $bytes ? false : @imagecreatefromstring( $bytes ); // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged -- a bad file is reported by the return value.
		if ( ! $image ) {
			return false;
		}
		$width  = imagesx( $image );
		$height = imagesy( $image );
		// The largest built-in font whose text fits in the image.
		$font  = 5;
		$chars = strlen( $text );
		while ( $font > 1 && imagefontwidth( $font ) * $chars + 8 > $width ) {
			--$font;
		}
		$text_w = min( $width, imagefontwidth( $font ) * $chars + 8 );
		$text_h = min( $height, imagefontheight( $font ) + 6 );
		$x      = max( 0, $width - $text_w );
		$y      = max( 0, $height - $text_h );
		if ( ! imageistruecolor( $image ) ) {
			imagepalettetotruecolor( $image );
		}
		imagealphablending( $image, true );
		imagefilledrectangle( $image, $x, $y, $width - 1, $height - 1, imagecolorallocatealpha( $image, 0, 0, 0, 60 ) );
		imagestring( $image, $font, $x + 4, $y + 3, $text, imagecolorallocate( $image, 255, 255, 255 ) );
		if ( 'image/png' === $mime || 'image/webp' === $mime ) {
			imagesavealpha( $image, true );
		}
		$writer = $writers[ $mime ];
		$ok     = 'image/jpeg' === $mime ? $writer( $image, $path, 85 ) : $writer( $image, $path );
		imagedestroy( $image );
		return (bool) $ok;
	}
}
