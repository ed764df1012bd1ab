<?php
/**
 * Site Health: PHP's upload limits against the plugin's maximum upload size.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * PHP refuses a request body above post_max_size, and a file above
 * upload_max_filesize, before the plugin sees it: members then get a bare
 * error instead of mvs_file_too_large for files the settings allow.
 */
final class MVS_Health_Upload_Limits_Check implements MVS_Health_Check {

	/**
	 * The test's key.
	 *
	 * @return string
	 */
	public function id(): string {
		return 'mvs_upload_limits';
	}

	/**
	 * What the test checks.
	 *
	 * @return string
	 */
	public function label(): string {
		return __( 'PHP accepts uploads as large as Media Community Service allows', 'media-community-service' );
	}

	/**
	 * Compares the limits.
	 *
	 * @return array
	 */
	public function run(): array {
		$allowed = (int) MVS_Settings::get( 'max_upload_bytes' );
		$php     = self::php_limit();
		$sizes   = array( size_format( $allowed ), size_format( $php ) );
		if ( $php >= $allowed ) {
			return MVS_Health_Result::make(
				$this->id(),
				MVS_Health_Result::GOOD,
				__( 'PHP accepts uploads as large as Media Community Service allows', 'media-community-service' ),
				/* translators: 1: the plugin's maximum upload size, 2: PHP's limit. */
				sprintf( __( 'The maximum upload size setting (%1$s) is within PHP\'s limits (%2$s).', 'media-community-service' ), $sizes[0], $sizes[1] )
			);
		}
		return MVS_Health_Result::make(
			$this->id(),
			MVS_Health_Result::CRITICAL,
			__( 'PHP refuses uploads that Media Community Service allows', 'media-community-service' ),
			/* translators: 1: the plugin's maximum upload size, 2: PHP's limit. */
			sprintf( __( 'The maximum upload size setting is %1$s, but PHP accepts at most %2$s (upload_max_filesize, post_max_size). Larger uploads fail before the plugin sees them, with an error the apps cannot explain.', 'media-community-service' ), $sizes[0], $sizes[1] ),
			__( 'Raise upload_max_filesize and post_max_size in php.ini (or the PHP-FPM pool; post_max_size a little above the file size) and the web server\'s body limit (nginx: client_max_body_size), or lower the maximum upload size setting.', 'media-community-service' ),
			true
		);
	}

	/**
	 * The largest file PHP accepts in a request (0 means no limit for post_max_size).
	 *
	 * @return int
	 */
	private static function php_limit(): int {
		$limits = array();
		foreach ( array( 'upload_max_filesize', 'post_max_size' ) as $name ) {
			$bytes = wp_convert_hr_to_bytes( (string) ini_get( $name ) );
			if ( $bytes > 0 ) {
				$limits[] = $bytes;
			}
		}
		return $limits ? min( $limits ) : PHP_INT_MAX;
	}
}
