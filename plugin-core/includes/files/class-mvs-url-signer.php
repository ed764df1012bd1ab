<?php
/**
 * Signed file URLs: the credential of GET /serve.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Signs and verifies /serve URLs.
 *
 * The signature is HMAC-SHA256 (hex) over a canonical string that binds every
 * parameter /serve acts on, so changing any of them (media, user, expiry,
 * size, download flag) invalidates the URL:
 *
 *     "mvs-serve-v1\n{id}\n{uid}\n{exp}\n{size}\n{dl}"
 *
 * The version prefix lets a future format coexist with old URLs. The key is
 * a per-site random secret in the option mvs_signing_secret, created on
 * activation (or first use) and autoloaded: every list of media signs its
 * items' URLs, so a separate read would cost the hottest routes one query per
 * request. WordPress keeps its own generated salts in autoloaded options too.
 */
final class MVS_Url_Signer {

	const SECRET_OPTION = 'mvs_signing_secret';
	const VERSION       = 'mvs-serve-v1';

	/**
	 * Per-request copy of the secret.
	 *
	 * @var string|null
	 */
	private static $secret = null;

	/**
	 * Per-request copies of the /serve endpoint URL by site ID (see endpoint()).
	 *
	 * @var array<int, string>
	 */
	private static $endpoints = array();

	/**
	 * The signing secret, generated on first use.
	 *
	 * @return string 64 hex characters.
	 */
	public static function secret(): string {
		if ( null !== self::$secret ) {
			return self::$secret;
		}
		$secret = (string) get_option( self::SECRET_OPTION, '' );
		if ( strlen( $secret ) < 64 ) {
			$candidate = bin2hex( random_bytes( 32 ) );
			// add_option() fails when a concurrent request stored one first: use theirs.
			if ( add_option( self::SECRET_OPTION, $candidate, '', true ) ) {
				$secret = $candidate;
			} else {
				wp_cache_delete( self::SECRET_OPTION, 'options' );
				wp_cache_delete( 'notoptions', 'options' );
				$secret = (string) get_option( self::SECRET_OPTION, '' );
				if ( strlen( $secret ) < 64 ) {
					// A short or corrupted value: replace it rather than sign with a weak key.
					update_option( self::SECRET_OPTION, $candidate, true );
					$secret = $candidate;
				}
			}
		}
		self::$secret = $secret;
		return $secret;
	}

	/**
	 * Upgrade step (mvs_schema_migrated): installs from before the secret was
	 * autoloaded stored it with autoload off; switch it on once.
	 *
	 * @param string $plugin Plugin id whose schema migrated.
	 */
	public static function autoload_secret( string $plugin ): void {
		if ( 'core' === $plugin && false !== get_option( self::SECRET_OPTION ) ) {
			wp_set_option_autoload( self::SECRET_OPTION, true );
		}
	}

	/**
	 * The signature of one set of parameters.
	 *
	 * @param int    $media_id Media ID.
	 * @param int    $user_id  User the URL is signed for (0: anyone, public media only).
	 * @param int    $expires  Unix expiry.
	 * @param string $size     Image size, '' for the original.
	 * @param bool   $download Whether the URL is an attachment download.
	 * @return string Hex HMAC-SHA256.
	 */
	public static function signature( int $media_id, int $user_id, int $expires, string $size, bool $download ): string {
		$canonical = implode( "\n", array( self::VERSION, $media_id, $user_id, $expires, $size, $download ? '1' : '0' ) );
		return hash_hmac( 'sha256', $canonical, self::secret() );
	}

	/**
	 * A signed /serve URL.
	 *
	 * @param int    $media_id Media ID.
	 * @param int    $user_id  User the URL is signed for.
	 * @param int    $expires  Unix expiry.
	 * @param string $size     Image size, '' for the original.
	 * @param bool   $download Attachment download.
	 * @return string
	 */
	public static function url( int $media_id, int $user_id, int $expires, string $size = '', bool $download = false ): string {
		// Built by hand rather than with add_query_arg(), which parses the base
		// URL again for every one of a page's URLs (up to five an item). Every
		// value is a number, a registered size name or hex: nothing to encode
		// but the size, which is encoded all the same.
		$query = 'mvs_id=' . $media_id . '&mvs_uid=' . $user_id . '&mvs_exp=' . $expires;
		if ( '' !== $size ) {
			$query .= '&mvs_size=' . rawurlencode( $size );
		}
		if ( $download ) {
			$query .= '&mvs_dl=1';
		}
		$query   .= '&mvs_sig=' . self::signature( $media_id, $user_id, $expires, $size, $download );
		$endpoint = self::endpoint();
		// Plain permalinks put the route in the query string (?rest_route=…).
		return $endpoint . ( false === strpos( $endpoint, '?' ) ? '?' : '&' ) . $query;
	}

	/**
	 * The URL of the /serve route, worked out once per request and site (a
	 * network may switch sites mid-request): a page of media signs a URL per
	 * item and per image size, and rest_url() runs the home URL, scheme and
	 * REST filters every time for the same answer.
	 *
	 * @return string
	 */
	private static function endpoint(): string {
		$site = get_current_blog_id();
		if ( ! isset( self::$endpoints[ $site ] ) ) {
			self::$endpoints[ $site ] = rest_url( 'mvs/v1/serve' );
		}
		return self::$endpoints[ $site ];
	}

	/**
	 * Checks a signature (constant time), then the expiry. The expiry is only
	 * looked at once the signature holds, so a forged expiry never tells
	 * anything but "invalid".
	 *
	 * @param int    $media_id  Media ID.
	 * @param int    $user_id   User signed for.
	 * @param int    $expires   Unix expiry.
	 * @param string $size      Image size, '' for the original.
	 * @param bool   $download  Attachment download.
	 * @param string $signature Signature from the URL.
	 * @return true|WP_Error mvs_signature_invalid or mvs_signature_expired.
	 */
	public static function verify( int $media_id, int $user_id, int $expires, string $size, bool $download, string $signature ) {
		$expected = self::signature( $media_id, $user_id, $expires, $size, $download );
		if ( ! hash_equals( $expected, $signature ) ) {
			return MVS_Errors::make( 'mvs_signature_invalid', __( 'This file link is not valid.', 'media-community-service' ) );
		}
		if ( $expires < time() ) {
			return MVS_Errors::make( 'mvs_signature_expired', __( 'This file link has expired. Ask for a new one.', 'media-community-service' ) );
		}
		return true;
	}

	/**
	 * Lifetime of a URL: the requested one (or the default), never above the maximum.
	 *
	 * @param int|null $requested Seconds asked for, null for the default.
	 * @return int
	 */
	public static function ttl( ?int $requested ): int {
		$ttl = null !== $requested ? $requested : (int) MVS_Settings::get( 'signed_url_ttl' );
		return max( 1, min( $ttl, (int) MVS_Settings::get( 'signed_url_max_ttl' ) ) );
	}

	/**
	 * The file_url of a media item in a response.
	 *
	 * Public, approved items get a URL signed for anyone (uid 0) whose expiry
	 * is rounded up to the next full hour: every viewer within that hour gets
	 * the same URL, so browsers and CDNs can cache it. Other items get a URL
	 * bound to the viewer, which /serve re-checks against can_view.
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer.
	 * @param string $size      Image size, '' for the original.
	 * @return string
	 */
	public static function file_url( $row, int $viewer_id, string $size = '' ): string {
		$ttl = self::ttl( null );
		if ( 'public' === $row->privacy && 'approved' === $row->moderation_status ) {
			$expires = (int) ( ceil( ( time() + $ttl ) / HOUR_IN_SECONDS ) * HOUR_IN_SECONDS );
			return self::url( (int) $row->id, 0, $expires, $size );
		}
		return self::url( (int) $row->id, $viewer_id, time() + $ttl, $size );
	}
}
