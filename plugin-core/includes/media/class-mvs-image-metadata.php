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
 */
final class MVS_Image_Metadata {

	/**
	 * Part roles: structure (kept, scanned strictly), pixels (kept, compressed
	 * data), table (kept, the numbers that code the pixels: JPEG quantization
	 * and Huffman tables, palettes; real ones hold "<?=" by chance as easily
	 * as pixels do, so they are not scanned strictly either), icc (kept
	 * colour profile), exif (the EXIF container, dropped unless location is
	 * kept), head (leading structure after which metadata is inserted).
	 */
	const PIXELS    = 'pixels';
	const TABLE     = 'table';
	const STRUCTURE = 'structure';
	const ICC       = 'icc';
	const EXIF      = 'exif';
	const HEAD      = 'head';

	/**
	 * PNG chunks kept besides the critical ones: colour, transparency,
	 * physical size and APNG animation. Text (tEXt, zTXt, iTXt), eXIf,
	 * tIME, sPLT and unknown chunks are dropped.
	 */
	const PNG_KEPT = array( 'IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs', 'hIST', 'cICP', 'mDCv', 'cLLi', 'acTL', 'fcTL', 'fdAT' );

	/**
	 * The file being cleaned, which referenced parts point into.
	 *
	 * @var string
	 */
	private $source = '';

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
		$this->source = $path;
		$parts        = $this->parse( $path, $mime );
		if ( null === $parts ) {
			return null;
		}
		$tiff        = $this->first_exif_tiff( $parts, $mime );
		$orientation = null === $tiff ? 1 : self::orientation( $tiff );
		$kept        = array();
		$icc         = array();
		foreach ( $parts as $part ) {
			if ( self::EXIF === $part['role'] ) {
				continue;
			}
			if ( self::ICC === $part['role'] ) {
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
			$insert[] = $this->exif_part( $mime, $rotated ? self::with_orientation( $tiff, 1 ) : $tiff );
		} elseif ( ! $rotated && $orientation >= 2 && $orientation <= 8 ) {
			$insert[] = $this->exif_part( $mime, self::orientation_only_tiff( $orientation ) );
		}
		$final = $this->parse( $temp, $mime );
		if ( null === $final ) {
			wp_delete_file( $temp );
			return null;
		}
		// Nothing of the editor's own metadata stays either (GD writes a comment, which parse() drops).
		$final = array_values(
			array_filter(
				$final,
				static function ( $part ) {
					return self::EXIF !== $part['role'];
				}
			)
		);
		if ( $rotated && ! $this->has_role( $final, self::ICC ) && ! $this->has_role( $final, 'colour' ) ) {
			$insert = array_merge( $this->loaded( $path, $icc ), $insert );
		}
		$insert = array_values( array_filter( $insert ) );
		if ( 'image/webp' === $mime ) {
			$final = $this->with_webp_exif( $final, $insert );
		} elseif ( $insert ) {
			$at = 0;
			foreach ( $final as $index => $part ) {
				if ( self::HEAD === $part['role'] ) {
					$at = $index + 1;
				}
			}
			array_splice( $final, $at, 0, $insert );
		}

		$out    = self::temp_file();
		$ranges = null === $out ? null : $this->write( $temp, $final, $out );
		wp_delete_file( $temp );
		if ( null === $ranges || ! @copy( $out, $path ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors -- a failure is reported by the return value.
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
	 * Splits an image into parts, dropping what is never kept.
	 *
	 * @param string $path File.
	 * @param string $mime Canonical MIME type.
	 * @return array|null List of {role, from, length} or {role, bytes}; null when unreadable.
	 */
	private function parse( string $path, string $mime ): ?array {
		$handle = fopen( $path, 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- read in parts, never whole.
		if ( false === $handle ) {
			return null;
		}
		$size = (int) filesize( $path );
		switch ( $mime ) {
			case 'image/jpeg':
				$parts = $this->parse_jpeg( $handle, $size );
				break;
			case 'image/png':
				$parts = $this->parse_png( $handle, $size );
				break;
			case 'image/gif':
				$parts = $this->parse_gif( $handle, $size );
				break;
			case 'image/webp':
				$parts = $this->parse_webp( $handle, $size );
				break;
			default:
				$parts = null;
		}
		fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
		return $parts;
	}

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
	private function parse_jpeg( $handle, int $size ): ?array {
		if ( "\xFF\xD8" !== self::read( $handle, 0, 2 ) ) {
			return null;
		}
		$parts = array( self::ref( self::HEAD, 0, 2 ) );
		$pos   = 2;
		while ( $pos < $size ) {
			// A marker is 0xFF (fill bytes allowed) then its code; bytes between segments are dropped.
			$next = $this->find_marker( $handle, $pos, $size, false );
			if ( null === $next ) {
				return null;
			}
			list( $start, $code ) = $next;
			if ( 0xD9 === $code ) {
				$parts[] = self::ref( self::STRUCTURE, $start, 2 );
				return $parts;
			}
			if ( ( $code >= 0xD0 && $code <= 0xD7 ) || 0x01 === $code ) {
				$parts[] = self::ref( self::STRUCTURE, $start, 2 );
				$pos     = $start + 2;
				continue;
			}
			$length = unpack( 'n', (string) self::read( $handle, $start + 2, 2 ) . "\0\0" )[1];
			if ( $length < 2 || $start + 2 + $length > $size ) {
				return null;
			}
			$end  = $start + 2 + $length;
			$role = $this->jpeg_segment_role( $handle, $code, $start + 4, $length - 2 );
			if ( null !== $role ) {
				$parts[] = self::ref( $role, $start, $end - $start );
			}
			$pos = $end;
			if ( 0xDA === $code ) {
				// Entropy-coded data runs to the next marker that is not a stuffed byte or a restart.
				$data_end = $this->find_marker( $handle, $pos, $size, true );
				if ( null === $data_end ) {
					// Cut short without EOI (browsers show such files): the data runs to the end.
					$parts[] = self::ref( self::PIXELS, $pos, $size - $pos );
					return $parts;
				}
				if ( $data_end[0] > $pos ) {
					$parts[] = self::ref( self::PIXELS, $pos, $data_end[0] - $pos );
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
	private function jpeg_segment_role( $handle, int $code, int $data, int $length ): ?string {
		if ( 0xFE === $code ) {
			return null;
		}
		if ( 0xDB === $code || 0xC4 === $code || 0xCC === $code ) {
			return self::TABLE;
		}
		if ( $code < 0xE0 || $code > 0xEF ) {
			return self::STRUCTURE;
		}
		$head = (string) self::read( $handle, $data, min( $length, 14 ) );
		if ( 0xE0 === $code && 0 === strpos( $head, "JFIF\0" ) ) {
			return self::HEAD;
		}
		if ( 0xE1 === $code && 0 === strpos( $head, "Exif\0\0" ) ) {
			return self::EXIF;
		}
		if ( 0xE2 === $code && 0 === strpos( $head, "ICC_PROFILE\0" ) ) {
			return self::ICC;
		}
		if ( 0xEE === $code && 0 === strpos( $head, 'Adobe' ) ) {
			return self::STRUCTURE;
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
	private function find_marker( $handle, int $pos, int $size, bool $entropy ): ?array {
		while ( $pos < $size - 1 ) {
			$chunk = (string) self::read( $handle, $pos, min( 65536, $size - $pos ) );
			$at    = 0;
			while ( false !== ( $at = strpos( $chunk, "\xFF", $at ) ) ) { // phpcs:ignore WordPress.CodeAnalysis.AssignmentInCondition.FoundInWhileCondition
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

	/**
	 * PNG: chunks; IDAT and fdAT data (with their CRC) are pixels, and so is
	 * iCCP (its profile is compressed). Stops at IEND.
	 *
	 * @param resource $handle File.
	 * @param int      $size   File size.
	 * @return array|null
	 */
	private function parse_png( $handle, int $size ): ?array {
		if ( "\x89PNG\r\n\x1a\n" !== self::read( $handle, 0, 8 ) ) {
			return null;
		}
		$parts = array( self::ref( self::HEAD, 0, 8 ) );
		$pos   = 8;
		while ( $pos + 12 <= $size ) {
			$header = (string) self::read( $handle, $pos, 8 );
			$length = unpack( 'N', $header )[1];
			$type   = substr( $header, 4, 4 );
			$end    = $pos + 12 + $length;
			if ( $end > $size || ! preg_match( '/^[A-Za-z]{4}$/', $type ) ) {
				return null;
			}
			if ( 'IDAT' === $type || 'fdAT' === $type ) {
				$parts[] = self::ref( self::STRUCTURE, $pos, 8 );
				$parts[] = self::ref( self::PIXELS, $pos + 8, $length + 4 );
			} elseif ( 'iCCP' === $type ) {
				// The profile name is text (scanned); the profile after it is compressed (not).
				$name       = strpos( (string) self::read( $handle, $pos + 8, min( $length, 81 ) ), "\0" );
				$head       = 8 + ( false === $name ? $length : $name + 2 );
				$head       = min( $head, 8 + $length );
				$parts[]    = self::ref( self::ICC, $pos, $head );
				$compressed = self::ref( self::ICC, $pos + $head, $end - $pos - $head );
				$compressed['opaque'] = true;
				$parts[]    = $compressed;
			} elseif ( 'eXIf' === $type ) {
				$parts[] = self::ref( self::EXIF, $pos, $end - $pos );
			} elseif ( in_array( $type, self::PNG_KEPT, true ) ) {
				$role    = 'IHDR' === $type ? self::HEAD : ( in_array( $type, array( 'sRGB', 'cICP' ), true ) ? 'colour' : self::STRUCTURE );
				$role    = in_array( $type, array( 'PLTE', 'tRNS', 'hIST' ), true ) ? self::TABLE : $role;
				$parts[] = self::ref( $role, $pos, $end - $pos );
			}
			$pos = $end;
			if ( 'IEND' === $type ) {
				return $parts;
			}
		}
		return null;
	}

	/**
	 * GIF: header, colour tables, image descriptors and the graphic-control
	 * and looping extensions are kept; LZW data is pixels; comments, plain
	 * text and other application extensions (XMP, ICC) are dropped.
	 *
	 * @param resource $handle File.
	 * @param int      $size   File size.
	 * @return array|null
	 */
	private function parse_gif( $handle, int $size ): ?array {
		$head = (string) self::read( $handle, 0, 13 );
		if ( 13 !== strlen( $head ) || ! in_array( substr( $head, 0, 6 ), array( 'GIF87a', 'GIF89a' ), true ) ) {
			return null;
		}
		$flags = ord( $head[10] );
		$pos   = 13 + ( ( $flags & 0x80 ) ? 3 * ( 2 << ( $flags & 7 ) ) : 0 );
		$parts = array( self::ref( self::HEAD, 0, 13 ), self::ref( self::TABLE, 13, $pos - 13 ) );
		while ( $pos < $size ) {
			$type = ord( (string) self::read( $handle, $pos, 1 ) );
			if ( 0x3B === $type ) {
				$parts[] = self::ref( self::STRUCTURE, $pos, 1 );
				return $parts;
			}
			if ( 0x21 === $type ) {
				$label  = ord( (string) self::read( $handle, $pos + 1, 1 ) );
				$first  = (string) self::read( $handle, $pos + 2, 12 );
				$end    = $this->skip_sub_blocks( $handle, $pos + 2, $size );
				$looped = 0xFF === $label && in_array( substr( $first, 1, 11 ), array( 'NETSCAPE2.0', 'ANIMEXTS1.0' ), true );
				if ( null === $end ) {
					return null;
				}
				if ( 0xF9 === $label || $looped ) {
					$parts[] = self::ref( self::STRUCTURE, $pos, $end - $pos );
				}
				$pos = $end;
				continue;
			}
			if ( 0x2C !== $type ) {
				return null;
			}
			$descriptor = (string) self::read( $handle, $pos, 10 );
			if ( 10 !== strlen( $descriptor ) ) {
				return null;
			}
			$local   = ord( $descriptor[9] );
			$table   = ( $local & 0x80 ) ? 3 * ( 2 << ( $local & 7 ) ) : 0;
			$data    = $pos + 10 + $table + 1; // + LZW minimum code size.
			$end     = $this->skip_sub_blocks( $handle, $data, $size );
			$parts[] = self::ref( self::STRUCTURE, $pos, 10 );
			$parts[] = self::ref( self::TABLE, $pos + 10, $table );
			$parts[] = self::ref( self::STRUCTURE, $data - 1, 1 );
			if ( null === $end ) {
				return null;
			}
			$parts[] = self::ref( self::PIXELS, $data, $end - $data );
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
	private function skip_sub_blocks( $handle, int $pos, int $size ): ?int {
		while ( $pos < $size ) {
			$length = ord( (string) self::read( $handle, $pos, 1 ) );
			++$pos;
			if ( 0 === $length ) {
				return $pos;
			}
			$pos += $length;
		}
		return null;
	}

	/**
	 * WebP: RIFF chunks. VP8, VP8L, ALPH and ANMF data are pixels; VP8X,
	 * ANIM and ICCP are kept; EXIF, XMP and unknown chunks are dropped, and
	 * the VP8X flags and the RIFF size are rewritten to match.
	 *
	 * @param resource $handle File.
	 * @param int      $size   File size.
	 * @return array|null
	 */
	private function parse_webp( $handle, int $size ): ?array {
		$head = (string) self::read( $handle, 0, 12 );
		if ( 12 !== strlen( $head ) || 'RIFF' !== substr( $head, 0, 4 ) || 'WEBP' !== substr( $head, 8, 4 ) ) {
			return null;
		}
		$parts = array();
		$pos   = 12;
		$end   = min( $size, 8 + unpack( 'V', substr( $head, 4, 4 ) )[1] );
		$vp8x  = null;
		while ( $pos + 8 <= $end ) {
			$header = (string) self::read( $handle, $pos, 8 );
			$type   = substr( $header, 0, 4 );
			$length = unpack( 'V', substr( $header, 4, 4 ) )[1];
			$next   = $pos + 8 + $length + ( $length & 1 );
			if ( $pos + 8 + $length > $end ) {
				return null;
			}
			$next = min( $next, $end );
			if ( in_array( $type, array( 'VP8 ', 'VP8L', 'ALPH', 'ANMF' ), true ) ) {
				$parts[] = self::ref( self::STRUCTURE, $pos, 8 );
				$parts[] = self::ref( self::PIXELS, $pos + 8, $next - $pos - 8 );
			} elseif ( 'VP8X' === $type && 10 === $length ) {
				$vp8x    = count( $parts );
				$parts[] = array(
					'role'  => self::HEAD,
					'bytes' => (string) self::read( $handle, $pos, 18 ),
				);
			} elseif ( 'ANIM' === $type ) {
				$parts[] = self::ref( self::STRUCTURE, $pos, $next - $pos );
			} elseif ( 'ICCP' === $type ) {
				$parts[] = self::ref( self::ICC, $pos, $next - $pos );
			} elseif ( 'EXIF' === $type ) {
				$parts[] = self::ref( self::EXIF, $pos, $next - $pos );
			}
			$pos = $next;
		}
		if ( null !== $vp8x ) {
			// Flags: ICC 0x20, alpha 0x10, EXIF 0x08, XMP 0x04, animation 0x02; EXIF and XMP are gone.
			$bytes                    = $parts[ $vp8x ]['bytes'];
			$bytes[8]                 = chr( ord( $bytes[8] ) & ~0x0C );
			$parts[ $vp8x ]['bytes']  = $bytes;
		}
		array_unshift(
			$parts,
			array(
				'role'  => self::HEAD,
				'bytes' => 'RIFF', // The size follows once the parts are known (write()).
				'riff'  => true,
			)
		);
		return $parts;
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
		$in  = fopen( $source, 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen
		$out = fopen( $dest, 'wb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen
		if ( false === $in || false === $out ) {
			if ( false !== $in ) {
				fclose( $in ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
			}
			if ( false !== $out ) {
				fclose( $out ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
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
				$bytes = "RIFF\0\0\0\0WEBP"; // Size patched below.
				$ok    = $ok && 12 === fwrite( $out, $bytes ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
				$length = 12;
			} elseif ( isset( $part['bytes'] ) ) {
				$length = strlen( $part['bytes'] );
				$ok     = $ok && $length === fwrite( $out, $part['bytes'] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
			} else {
				$length = (int) $part['length'];
				$ok     = $ok && 0 === fseek( $in, (int) $part['from'] ) && $length === stream_copy_to_stream( $in, $out, $length );
			}
			if ( self::PIXELS !== $part['role'] && self::TABLE !== $part['role'] && empty( $part['opaque'] ) && $length > 0 ) {
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
			$ok = 0 === fseek( $out, 4 ) && 4 === fwrite( $out, pack( 'V', $offset - 8 ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
		}
		fclose( $in ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
		fclose( $out ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
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
	 * The TIFF block of the first EXIF part, as stored in its container.
	 *
	 * @param array  $parts Parts of the original.
	 * @param string $mime  MIME type.
	 * @return string|null
	 */
	private function first_exif_tiff( array $parts, string $mime ): ?string {
		foreach ( $parts as $part ) {
			if ( self::EXIF !== $part['role'] ) {
				continue;
			}
			$loaded = $this->loaded_part( $part );
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
	 * The bytes of a referenced part of the file being cleaned.
	 *
	 * @param array $part Part.
	 * @return string|null
	 */
	private function loaded_part( array $part ): ?string {
		if ( isset( $part['bytes'] ) ) {
			return $part['bytes'];
		}
		// Metadata blocks are small (a JPEG segment is at most 64 KB); refuse to load anything large.
		if ( (int) $part['length'] > 1048576 || '' === $this->source ) {
			return null;
		}
		$handle = fopen( $this->source, 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen
		if ( false === $handle ) {
			return null;
		}
		$bytes = self::read( $handle, (int) $part['from'], (int) $part['length'] );
		fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
		return $bytes;
	}

	/**
	 * Parts of the original loaded into memory, to be written into another file.
	 *
	 * @param string $path  The original.
	 * @param array  $parts Parts referring to it.
	 * @return array
	 */
	private function loaded( string $path, array $parts ): array {
		$this->source = $path;
		$loaded       = array();
		foreach ( $parts as $part ) {
			$bytes = $this->loaded_part( $part );
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
	 * An EXIF container for the format holding a TIFF block.
	 *
	 * @param string $mime MIME type.
	 * @param string $tiff TIFF block.
	 * @return array|null Part.
	 */
	private function exif_part( string $mime, string $tiff ): ?array {
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
			'role'  => self::STRUCTURE,
			'bytes' => $bytes,
		);
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
	 * Whether any part has a role.
	 *
	 * @param array  $parts Parts.
	 * @param string $role  Role.
	 * @return bool
	 */
	private function has_role( array $parts, string $role ): bool {
		foreach ( $parts as $part ) {
			if ( $role === $part['role'] ) {
				return true;
			}
		}
		return false;
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
	private static function with_orientation( string $tiff, int $orientation ): string {
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
	private static function orientation_only_tiff( int $orientation ): string {
		return "MM\0\x2A\0\0\0\x08" . "\0\x01" . "\x01\x12\0\x03\0\0\0\x01" . pack( 'n', $orientation ) . "\0\0" . "\0\0\0\0";
	}

	/**
	 * A reference to bytes of the file.
	 *
	 * @param string $role   Role.
	 * @param int    $from   Offset.
	 * @param int    $length Length.
	 * @return array
	 */
	private static function ref( string $role, int $from, int $length ): array {
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
	private static function read( $handle, int $at, int $length ) {
		if ( $length <= 0 || 0 !== fseek( $handle, $at ) ) {
			return '';
		}
		return fread( $handle, $length ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fread
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
