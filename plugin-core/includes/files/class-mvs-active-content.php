<?php
/**
 * Which file types a browser would run, and how every file is served safely.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Files are served from the site's own origin, so a type a browser renders
 * as a page or runs as a script (HTML, SVG, XML, JavaScript, server scripts)
 * would be stored cross-site scripting. Such types can never be allowed for
 * upload, and every type that is not plain media (image, video, audio) is
 * sent as an attachment inside a sandbox, whatever the client asked for.
 */
final class MVS_Active_Content {

	/**
	 * Active types: HTML and XHTML, SVG, any XML (text/xml, application/xml,
	 * every +xml suffix), any script type, and server-side scripts.
	 */
	const ACTIVE_PATTERN = '(text/html|text/xml|text/[a-z0-9.+-]*script|text/x-(php|perl|python|sh|csh)|application/xml|application/xhtml\+xml|application/[a-z0-9.+-]*script|application/x-(httpd-php[a-z0-9.+-]*|php|perl|python|sh|csh)|image/svg|[a-z]+/[a-z0-9.+-]+\+xml)';

	/**
	 * JSON-schema pattern of an allowed MIME type: well formed and not active.
	 * It sits in the allowed_mime_types schema, so every write path refuses
	 * active types (/wp/v2/settings, /mvs/v1/settings, the option's sanitizer).
	 *
	 * @return string
	 */
	public static function allowed_type_pattern(): string {
		return '^(?!' . self::ACTIVE_PATTERN . '$)[a-z0-9.+-]+/[a-z0-9.+-]+$';
	}

	/**
	 * Whether a browser would render or run this type.
	 *
	 * @param string $mime MIME type.
	 * @return bool
	 */
	public static function is_active( string $mime ): bool {
		return 1 === preg_match( '#^' . self::ACTIVE_PATTERN . '$#', strtolower( trim( $mime ) ) );
	}

	/**
	 * The active types of a list (for a clear error message).
	 *
	 * @param mixed $types Submitted list.
	 * @return string[]
	 */
	public static function active_types( $types ): array {
		return array_values( array_filter( array_map( 'strval', array_filter( (array) $types, 'is_scalar' ) ), array( __CLASS__, 'is_active' ) ) );
	}

	/**
	 * Whether a file of this type may be shown inline: image, video or audio,
	 * and not active (SVG is an image type that runs scripts).
	 *
	 * @param string $mime MIME type.
	 * @return bool
	 */
	public static function may_be_inline( string $mime ): bool {
		return 1 === preg_match( '#^(image|video|audio)/#', $mime ) && ! self::is_active( $mime );
	}

	/**
	 * Headers every served file carries: nosniff always; for anything but
	 * media, an attachment disposition and a sandbox policy, so even a
	 * browser that opens it treats it as an opaque origin without scripts.
	 *
	 * @param string $mime     MIME type of the file.
	 * @param bool   $download Whether the client asked for a download.
	 * @return array{disposition: string, headers: array<string, string>}
	 */
	public static function delivery( string $mime, bool $download ): array {
		$headers = array( 'X-Content-Type-Options' => 'nosniff' );
		if ( self::may_be_inline( $mime ) ) {
			return array(
				'disposition' => $download ? 'attachment' : 'inline',
				'headers'     => $headers,
			);
		}
		$headers['Content-Security-Policy'] = 'sandbox';
		return array(
			'disposition' => 'attachment',
			'headers'     => $headers,
		);
	}
}
