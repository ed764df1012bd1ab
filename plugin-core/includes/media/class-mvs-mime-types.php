<?php
/**
 * One name per file type, whatever libmagic calls it.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * finfo reports several names for one format, and which one depends on the
 * libmagic build: a PCM WAV is audio/x-wav on Debian's PHP, an M4A is
 * audio/x-m4a. Comparing those raw names with the allowed list refused
 * genuine files, so every type is compared, stored and served under its
 * canonical (IANA-registered where there is one) name.
 */
final class MVS_Mime_Types {

	/**
	 * Alias => canonical type. Only aliases libmagic or older clients really
	 * use; a type without an entry is already canonical.
	 */
	const ALIASES = array(
		'audio/x-wav'         => 'audio/wav',
		'audio/wave'          => 'audio/wav',
		'audio/vnd.wave'      => 'audio/wav',
		'audio/x-pn-wav'      => 'audio/wav',
		'audio/mp3'           => 'audio/mpeg',
		'audio/x-mp3'         => 'audio/mpeg',
		'audio/mpeg3'         => 'audio/mpeg',
		'audio/x-mpeg'        => 'audio/mpeg',
		'audio/x-mpeg-3'      => 'audio/mpeg',
		'audio/mpg'           => 'audio/mpeg',
		'audio/x-m4a'         => 'audio/mp4',
		'audio/m4a'           => 'audio/mp4',
		'audio/x-mp4'         => 'audio/mp4',
		'audio/x-flac'        => 'audio/flac',
		'audio/x-aac'         => 'audio/aac',
		'audio/x-hx-aac-adts' => 'audio/aac',
		'audio/x-ogg'         => 'audio/ogg',
		'video/x-quicktime'   => 'video/quicktime',
		'video/avi'           => 'video/x-msvideo',
		'video/msvideo'       => 'video/x-msvideo',
		'video/x-m4v'         => 'video/mp4',
		'image/pjpeg'         => 'image/jpeg',
		'image/jpg'           => 'image/jpeg',
		'image/x-png'         => 'image/png',
		'image/x-ms-bmp'      => 'image/bmp',
		'image/x-bmp'         => 'image/bmp',
		'application/x-pdf'   => 'application/pdf',
	);

	/**
	 * Stored extension of canonical types WordPress's MIME map lacks or
	 * maps elsewhere (it files m4a under audio/mpeg).
	 */
	const EXTENSIONS = array(
		'audio/wav'  => 'wav',
		'audio/mp4'  => 'm4a',
		'audio/flac' => 'flac',
		'audio/aac'  => 'aac',
		'audio/ogg'  => 'ogg',
		'video/webm' => 'webm',
	);

	/**
	 * The canonical name of a type.
	 *
	 * @param string $mime Any spelling, parameters allowed ('audio/x-wav; codecs=1').
	 * @return string Lowercase canonical type, '' for ''.
	 */
	public static function canonical( string $mime ): string {
		$mime = strtolower( trim( explode( ';', $mime )[0] ) );
		return self::ALIASES[ $mime ] ?? $mime;
	}

	/**
	 * Whether a type is in a list, both sides compared canonically, so an
	 * allowed list naming audio/x-wav accepts a file finfo calls audio/wav.
	 *
	 * @param string   $mime Type.
	 * @param string[] $list Types.
	 * @return bool
	 */
	public static function in_list( string $mime, array $list ): bool {
		$mime = self::canonical( $mime );
		foreach ( $list as $entry ) {
			if ( '' !== $mime && self::canonical( (string) $entry ) === $mime ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * File extension for a canonical type, '' when none is known.
	 *
	 * @param string $mime Canonical type.
	 * @return string
	 */
	public static function extension( string $mime ): string {
		if ( isset( self::EXTENSIONS[ $mime ] ) ) {
			return self::EXTENSIONS[ $mime ];
		}
		foreach ( wp_get_mime_types() as $extensions => $type ) {
			if ( $type === $mime ) {
				return explode( '|', $extensions )[0];
			}
		}
		return '';
	}
}
