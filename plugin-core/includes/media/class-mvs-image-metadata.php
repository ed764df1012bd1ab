<?php
/**
 * Removes the metadata of uploaded images at the byte level.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Rewrites a JPEG, PNG, GIF or WebP file keeping only what draws the
 * picture: pixel data, its structure, colour information (ICC profiles,
 * PNG colour chunks) and animation control. Everything else is dropped:
 * EXIF (GPS included), XMP, IPTC/Photoshop blocks, comments, text chunks,
 * unknown chunks and anything after the end of the image. The pixels are
 * copied byte for byte, so nothing is re-compressed.
 *
 * EXIF orientation is applied to the pixels with WordPress's image editor
 * (GD or Imagick), so a photo taken sideways stays upright once the tag is
 * gone; without an editor a minimal EXIF block holding only the
 * orientation is written instead (JPEG and PNG). With the setting
 * keep_image_location the original EXIF block stays (GPS included) with
 * its orientation set to 1 once the pixels are turned.
 *
 * clean() also returns where, in the cleaned file, the non-pixel bytes are:
 * the upload validator scans those for every PHP open tag, while pixel
 * data (compressed, where "<?" turns up by chance) gets the statement rules
 * only (docs/uploads-and-storage.md).
 *
 * This class is the orchestration: MVS_Image_Parser splits a file into
 * parts (MVS_Image_Part) with one walk per format, MVS_Exif_Orientation
 * reads and writes the EXIF block's orientation, and write() puts the kept
 * parts back together.
 */
final class MVS_Image_Metadata {

	/**
	 * Whether this class can clean the type.
	 *
	 * @param string $mime Canonical MIME type.
	 * @return bool
	 */
	public static function handles( string $mime ): bool {
		return in_array( $mime, array( 'image/jpeg', 'image/png', 'image/gif', 'image/webp' ), true );
	}

	/**
	 * Rewrites the file in place without its metadata.
	 *
	 * @param string $path          File to clean (overwritten).
	 * @param string $mime          Its canonical MIME type (handles() is true).
	 * @param bool   $keep_location Whether the EXIF block (GPS included) stays.
	 * @return array{ranges: array<int, int[]>, rotated: bool}|null Byte ranges
	 *         [start, end) of the non-pixel parts of the cleaned file, and
	 *         whether the pixels were turned; null when the file's structure
	 *         cannot be read.
	 */
	public function clean( string $path, string $mime, bool $keep_location ): ?array {
		$parts = MVS_Image_Parser::parse( $path, $mime );
		if ( null === $parts ) {
			return null;
		}
		$tiff        = MVS_Exif_Orientation::first_exif_tiff( $path, $parts, $mime );
		$orientation = null === $tiff ? 1 : MVS_Exif_Orientation::orientation( $tiff );
		$kept        = array();
		$icc         = array();
		foreach ( $parts as $part ) {
			if ( MVS_Image_Part::EXIF === $part['role'] ) {
				continue;
			}
			if ( MVS_Image_Part::ICC === $part['role'] ) {
				$icc[] = $part;
			}
			$kept[] = $part;
		}

		$temp = self::temp_file();
		if ( null === $temp || ! $this->write( $path, $kept, $temp ) ) {
			return null;
		}
		$rotated = false;
		if ( $orientation >= 2 && $orientation <= 8 ) {
			$turned = $this->rotate( $temp, $mime, $orientation );
			if ( null !== $turned ) {
				wp_delete_file( $temp );
				$temp    = $turned;
				$rotated = true;
			}
		}

		// What goes back in: the colour profile a re-encoding dropped, and the kept or minimal EXIF.
		$insert = array();
		if ( $keep_location && null !== $tiff ) {
			$insert[] = MVS_Exif_Orientation::exif_part( $mime, $rotated ? MVS_Exif_Orientation::with_orientation( $tiff, 1 ) : $tiff );
		} elseif ( ! $rotated && $orientation >= 2 && $orientation <= 8 ) {
			$insert[] = MVS_Exif_Orientation::exif_part( $mime, MVS_Exif_Orientation::orientation_only_tiff( $orientation ) );
		}
		$final = MVS_Image_Parser::parse( $temp, $mime );
		if ( null === $final ) {
			wp_delete_file( $temp );
			return null;
		}
		// Nothing of the editor's own metadata stays either (GD writes a comment, which the parser drops).
		$final = array_values(
			array_filter(
				$final,
				static function ( $part ) {
					return MVS_Image_Part::EXIF !== $part['role'];
				}
			)
		);
		if ( $rotated && ! MVS_Image_Part::has_role( $final, MVS_Image_Part::ICC ) && ! MVS_Image_Part::has_role( $final, MVS_Image_Part::COLOUR ) ) {
			$insert = array_merge( $this->loaded( $path, $icc ), $insert );
		}
		$insert = array_values( array_filter( $insert ) );
		if ( 'image/webp' === $mime ) {
			$final = $this->with_webp_exif( $final, $insert );
		} elseif ( $insert ) {
			$at = 0;
			foreach ( $final as $index => $part ) {
				if ( MVS_Image_Part::HEAD === $part['role'] ) {
					$at = $index + 1;
				}
			}
			array_splice( $final, $at, 0, $insert );
		}

		$out    = self::temp_file();
		$ranges = null === $out ? null : $this->write( $temp, $final, $out );
		wp_delete_file( $temp );
		if ( null === $ranges || ! @copy( $out, $path ) ) { // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged -- a failure is reported by the return value.
			if ( null !== $out ) {
				wp_delete_file( $out );
			}
			return null;
		}
		wp_delete_file( $out );
		return array(
			'ranges'  => $ranges,
			'rotated' => $rotated,
		);
	}

	/**
	 * Writes parts to a file and returns the ranges of the non-pixel parts.
	 *
	 * @param string $source Path the references point into.
	 * @param array  $parts  Parts.
	 * @param string $dest   Output path.
	 * @return array<int, int[]>|null Merged [start, end) ranges; null on failure.
	 */
	private function write( string $source, array $parts, string $dest ): ?array {
		// phpcs:disable WordPress.WP.AlternativeFunctions.file_system_read_fopen, WordPress.WP.AlternativeFunctions.file_system_read_fclose, WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- the output is assembled by seeking and copying streams, which WP_Filesystem cannot do.
		$in  = fopen( $source, 'rb' );
		$out = fopen( $dest, 'wb' );
		if ( false === $in || false === $out ) {
			if ( false !== $in ) {
				fclose( $in );
			}
			if ( false !== $out ) {
				fclose( $out );
			}
			return null;
		}
		$riff = false;
		foreach ( $parts as $part ) {
			$riff = $riff || ! empty( $part['riff'] );
		}
		$ranges = array();
		$offset = 0;
		$ok     = true;
		foreach ( $parts as $part ) {
			if ( ! empty( $part['riff'] ) ) {
				$bytes  = "RIFF\0\0\0\0WEBP"; // Size patched below.
				$ok     = $ok && 12 === fwrite( $out, $bytes );
				$length = 12;
			} elseif ( isset( $part['bytes'] ) ) {
				$length = strlen( $part['bytes'] );
				$ok     = $ok && fwrite( $out, $part['bytes'] ) === $length;
			} else {
				$length = (int) $part['length'];
				$ok     = $ok && 0 === fseek( $in, (int) $part['from'] ) && stream_copy_to_stream( $in, $out, $length ) === $length;
			}
			if ( MVS_Image_Part::PIXELS !== $part['role'] && MVS_Image_Part::TABLE !== $part['role'] && empty( $part['opaque'] ) && $length > 0 ) {
				$last = count( $ranges ) - 1;
				if ( $last >= 0 && $ranges[ $last ][1] === $offset ) {
					$ranges[ $last ][1] = $offset + $length;
				} else {
					$ranges[] = array( $offset, $offset + $length );
				}
			}
			$offset += $length;
		}
		if ( $riff && $ok ) {
			$ok = 0 === fseek( $out, 4 ) && 4 === fwrite( $out, pack( 'V', $offset - 8 ) );
		}
		fclose( $in );
		fclose( $out );
		// phpcs:enable WordPress.WP.AlternativeFunctions.file_system_read_fopen, WordPress.WP.AlternativeFunctions.file_system_read_fclose, WordPress.WP.AlternativeFunctions.file_system_read_fwrite
		return $ok ? $ranges : null;
	}

	/**
	 * Turns the pixels as the EXIF orientation says, with WordPress's image
	 * editor (the same turns as WP_Image_Editor::maybe_exif_rotate()).
	 *
	 * @param string $path        Cleaned file.
	 * @param string $mime        Its MIME type.
	 * @param int    $orientation EXIF orientation, 2 to 8.
	 * @return string|null Path of the turned copy; null when no editor could do it.
	 */
	private function rotate( string $path, string $mime, int $orientation ): ?string {
		$editor = wp_get_image_editor( $path, array( 'mime_type' => $mime ) );
		if ( is_wp_error( $editor ) ) {
			return null;
		}
		$turns = array(
			2 => array( array( 'flip', false, true ) ),
			3 => array( array( 'flip', true, true ) ),
			4 => array( array( 'flip', true, false ) ),
			5 => array( array( 'rotate', 90 ), array( 'flip', true, false ) ),
			6 => array( array( 'rotate', 270 ) ),
			7 => array( array( 'rotate', 90 ), array( 'flip', false, true ) ),
			8 => array( array( 'rotate', 90 ) ),
		);
		foreach ( $turns[ $orientation ] as $turn ) {
			$done = 'flip' === $turn[0] ? $editor->flip( $turn[1], $turn[2] ) : $editor->rotate( $turn[1] );
			if ( is_wp_error( $done ) ) {
				return null;
			}
		}
		$temp = self::temp_file();
		if ( null === $temp ) {
			return null;
		}
		$saved = $editor->save( $temp . '.img', $mime );
		wp_delete_file( $temp );
		if ( is_wp_error( $saved ) || empty( $saved['path'] ) ) {
			return null;
		}
		if ( $mime !== $saved['mime-type'] ) {
			wp_delete_file( $saved['path'] );
			return null;
		}
		return $saved['path'];
	}

	/**
	 * Parts of the original loaded into memory, to be written into another file.
	 *
	 * @param string $path  The original.
	 * @param array  $parts Parts referring to it.
	 * @return array
	 */
	private function loaded( string $path, array $parts ): array {
		$loaded = array();
		foreach ( $parts as $part ) {
			$bytes = MVS_Image_Part::load( $path, $part );
			if ( null !== $bytes ) {
				$loaded[] = array(
					'role'  => $part['role'],
					'bytes' => $bytes,
				);
			}
		}
		return $loaded;
	}

	/**
	 * A WebP's parts with EXIF chunks appended (the format puts them after
	 * the image data) and the EXIF flag set. Only an extended WebP (VP8X)
	 * can say it carries EXIF: a simple one (an editor's re-encoding) gets
	 * none.
	 *
	 * @param array $parts  Parts of the cleaned WebP.
	 * @param array $insert EXIF parts.
	 * @return array
	 */
	private function with_webp_exif( array $parts, array $insert ): array {
		if ( ! $insert ) {
			return $parts;
		}
		foreach ( $parts as $index => $part ) {
			if ( isset( $part['bytes'] ) && 0 === strpos( $part['bytes'], 'VP8X' ) ) {
				$bytes                    = $part['bytes'];
				$bytes[8]                 = chr( ord( $bytes[8] ) | 0x08 );
				$parts[ $index ]['bytes'] = $bytes;
				return array_merge( $parts, $insert );
			}
		}
		return $parts;
	}

	/**
	 * A new temporary file name.
	 *
	 * @return string|null
	 */
	private static function temp_file(): ?string {
		require_once ABSPATH . 'wp-admin/includes/file.php'; // wp_tempnam().
		$temp = wp_tempnam( 'mvs-clean' );
		return '' !== $temp ? $temp : null;
	}
}
