<?php
/**
 * The URL schemes of the site's apps on WordPress's "Authorize Application" screen.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The apps' other way in: WordPress's wp-admin/authorize-application.php,
 * where the member signs in with the site's full login (a second factor
 * included) and WordPress sends the new application password to the app's
 * success_url. An app's own scheme (myapp://) is not among the protocols
 * WordPress keeps in URLs, so that screen would drop the address; this
 * adds the schemes the site names, on that screen only. docs/sign-in.md,
 * "App URL schemes".
 */
final class MVS_App_Connect {

	/**
	 * Schemes that never receive a credential, whatever a filter says.
	 */
	const REFUSED = array( 'javascript', 'data', 'vbscript', 'file', 'http' );

	/**
	 * Hooks the authorize screen. WordPress reads kses_allowed_protocols
	 * only until wp_loaded and keeps the answer, so the schemes are added
	 * when the plugin loads and read once at the end of init, after the
	 * theme's filters are in.
	 */
	public static function register(): void {
		if ( ! is_admin() || ! isset( $GLOBALS['pagenow'] ) || 'authorize-application.php' !== $GLOBALS['pagenow'] ) {
			return;
		}
		add_filter( 'kses_allowed_protocols', array( __CLASS__, 'protocols' ) );
		add_action( 'init', 'wp_allowed_protocols', PHP_INT_MAX );
	}

	/**
	 * The kses_allowed_protocols callback: WordPress's protocols and the apps'.
	 *
	 * @param string[] $protocols Allowed protocols.
	 * @return string[]
	 */
	public static function protocols( $protocols ): array {
		return array_values( array_unique( array_merge( (array) $protocols, self::schemes() ) ) );
	}

	/**
	 * The URL schemes the site's apps receive credentials at.
	 *
	 * @return string[]
	 */
	public static function schemes(): array {
		/**
		 * Filters the URL scheme of the site's own app (e.g. "myapp" for
		 * myapp://); none by default: the plugin ships no app.
		 *
		 * @param string $scheme Scheme without "://".
		 */
		$scheme = strtolower( trim( (string) apply_filters( 'mvs_app_scheme', '' ) ) );
		/**
		 * Filters every URL scheme an app may receive an application password
		 * at through the Authorize Application screen (add only apps the site
		 * trusts: each scheme receives credentials).
		 *
		 * @param string[] $schemes The app's scheme, when set.
		 */
		$schemes = (array) apply_filters( 'mvs_app_connect_schemes', '' === $scheme ? array() : array( $scheme ) );
		$valid   = array();
		foreach ( $schemes as $candidate ) {
			$candidate = strtolower( trim( (string) $candidate ) );
			if ( 1 === preg_match( '/^[a-z][a-z0-9+.-]*$/', $candidate ) && ! in_array( $candidate, self::REFUSED, true ) ) {
				$valid[] = $candidate;
			}
		}
		return array_values( array_unique( $valid ) );
	}
}
