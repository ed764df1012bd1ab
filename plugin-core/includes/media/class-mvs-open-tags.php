<?php
/**
 * Finds PHP open tags in the readable parts of an upload.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The strict half of the embedded-code scan: any PHP open tag, whatever
 * follows it, in the parts of a file that are structure or text rather
 * than compressed data. Which parts those are depends on the format:
 * for cleaned images every byte but the pixel data (MVS_Image_Metadata
 * says where), for PDF every byte but the bodies of streams that declare a
 * /Filter, for text documents the whole file. Compressed data holds "<?"
 * by chance (about every second 10 MB file), so there only the statement
 * rules of MVS_Upload_Validator apply (docs/uploads-and-storage.md).
 */
final class MVS_Open_Tags {

	/**
	 * Every form PHP opens code with: "<?php" in any case (with short tags
	 * on, "<?phpinfo()" runs too), the echo tag "<?=", and the short tag
	 * "<?" followed by whitespace or the end of the input. XML processing
	 * instructions ("<?xml", "<?xpacket") are "<?" followed by a letter.
	 */
	const PATTERN = '/<\?(?:php|=|[ \t\r\n])/i';

	/**
	 * Document types whose bytes are all text.
	 */
	const TEXT_DOCUMENTS = array( 'application/rtf', 'application/json', 'application/csv' );

	/**
	 * Whether an open tag overlaps any of the ranges.
	 *
	 * @param string $path   File.
	 * @param array  $ranges List of [start, end) byte ranges.
	 * @return bool True also when the file cannot be read.
	 */
	public static function in_ranges( string $path, array $ranges ): bool {
		if ( ! $ranges ) {
			return false;
		}
		$handle = fopen( $path, 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- read in pieces, never whole.
		if ( false === $handle ) {
			return true;
		}
		$size  = (int) filesize( $path );
		$found = false;
		foreach ( $ranges as $range ) {
			// A tag is at most five bytes: read a little either side so one across a border is seen.
			$pos   = max( 0, (int) $range[0] - 4 );
			$stop  = min( $size, (int) $range[1] + 4 );
			$carry = '';
			while ( ! $found && $pos < $stop && 0 === fseek( $handle, $pos ) ) {
				$piece = (string) fread( $handle, min( 1048576, $stop - $pos ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fread -- read in pieces, never whole.
				if ( '' === $piece ) {
					break;
				}
				$base  = $pos - strlen( $carry );
				$data  = $carry . $piece;
				$pos  += strlen( $piece );
				$carry = substr( $data, -4 );
				if ( $pos >= $size ) {
					$data .= ' '; // "<?" at the very end of the file opens code too.
				}
				if ( preg_match_all( self::PATTERN, $data, $matches, PREG_OFFSET_CAPTURE ) ) {
					foreach ( $matches[0] as $match ) {
						$at    = $base + $match[1];
						$found = $found || ( $at < $range[1] && $at + strlen( $match[0] ) > $range[0] );
					}
				}
			}
			if ( $found ) {
				break;
			}
		}
		fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- closes the handle opened above.
		return $found;
	}

	/**
	 * The ranges of a document that are checked strictly.
	 *
	 * @param string $path File.
	 * @param string $mime Canonical MIME type.
	 * @return array List of [start, end); empty for compressed containers (ZIP-based office files, ...).
	 */
	public static function document_ranges( string $path, string $mime ): array {
		$size = (int) filesize( $path );
		if ( 0 === strpos( $mime, 'text/' ) || in_array( $mime, self::TEXT_DOCUMENTS, true ) ) {
			return array( array( 0, $size ) );
		}
		if ( 'application/pdf' !== $mime ) {
			return array();
		}
		$handle = fopen( $path, 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- read in pieces, never whole.
		if ( false === $handle ) {
			return array( array( 0, $size ) );
		}
		$ranges = array();
		$strict = 0;
		$pos    = 0;
		while ( null !== ( $stream = self::find( $handle, '/(?<![A-Za-z])stream\r?\n/', $pos, $size ) ) ) { // phpcs:ignore WordPress.CodeAnalysis.AssignmentInCondition.FoundInWhileCondition -- the loop reads each match as it finds it.
			$body = $stream[0] + $stream[1];
			fseek( $handle, max( 0, $stream[0] - 4096 ) );
			$before = (string) fread( $handle, min( 4096, $stream[0] ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fread -- read in pieces, never whole.
			$object = strrpos( $before, 'obj' );
			// The stream's own dictionary: from its "N 0 obj" to the keyword.
			if ( false === $object || ! preg_match( '#/Filter\b#', substr( $before, $object ) ) ) {
				$pos = $body;
				continue;
			}
			$end      = self::find( $handle, '/endstream/', $body, $size );
			$stop     = null === $end ? $size : $end[0];
			$ranges[] = array( $strict, $body );
			$strict   = $stop;
			$pos      = $stop;
			if ( null === $end ) {
				break;
			}
		}
		fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- closes the handle opened above.
		if ( $strict < $size ) {
			$ranges[] = array( $strict, $size );
		}
		return $ranges;
	}

	/**
	 * The next match of a short pattern from an offset, read in pieces.
	 *
	 * @param resource $handle  File.
	 * @param string   $pattern Pattern matching at most 64 bytes.
	 * @param int      $from    Offset.
	 * @param int      $size    File size.
	 * @return array{0: int, 1: int}|null Offset and length of the match.
	 */
	private static function find( $handle, string $pattern, int $from, int $size ): ?array {
		$pos = $from;
		while ( $pos < $size && 0 === fseek( $handle, $pos ) ) {
			$piece = (string) fread( $handle, 1048576 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fread -- read in pieces, never whole.
			if ( '' === $piece ) {
				return null;
			}
			// The character before the piece decides the look-behind.
			$lead = $pos > 0 && 0 === fseek( $handle, $pos - 1 ) ? (string) fread( $handle, 1 ) : ''; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fread -- read in pieces, never whole.
			if ( preg_match( $pattern, $lead . $piece, $match, PREG_OFFSET_CAPTURE, strlen( $lead ) ) ) {
				return array( $pos - strlen( $lead ) + $match[0][1], strlen( $match[0][0] ) );
			}
			if ( $pos + strlen( $piece ) >= $size ) {
				return null;
			}
			$pos += max( 1, strlen( $piece ) - 64 );
		}
		return null;
	}
}
