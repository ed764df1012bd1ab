<?php
/**
 * Site Health: the storage folder is closed to the web.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Writes a probe file into the storage folder and fetches its URL over
 * HTTP (async: one request, short timeout). Served means anyone who learns
 * a private file's path can download it (docs/storage.md).
 */
final class MVS_Health_Storage_Check implements MVS_Health_Check {

	/**
	 * Seconds the probe request may take.
	 */
	const TIMEOUT = 5;

	/**
	 * The test's key.
	 *
	 * @return string
	 */
	public function id(): string {
		return 'mvs_storage_exposure';
	}

	/**
	 * What the test checks.
	 *
	 * @return string
	 */
	public function label(): string {
		return __( 'Media Community Service files are closed to the web', 'media-community-service' );
	}

	/**
	 * Probes the storage folder.
	 *
	 * @return array
	 */
	public function run(): array {
		$driver = MVS_Storage::driver();
		if ( ! $driver instanceof MVS_Local_Storage ) {
			return $this->result( MVS_Health_Result::GOOD, __( 'Media files are kept by another storage back end', 'media-community-service' ), __( 'A plugin keeps media files elsewhere (mvs_storage_driver), so this test cannot probe them. Make sure that bucket is not publicly readable.', 'media-community-service' ) );
		}
		$root = $driver->basedir() . '/' . MVS_Local_Storage::DIR;
		if ( ! wp_mkdir_p( $root ) && ! is_dir( $root ) ) {
			return $this->unknown();
		}
		$driver->protect( $root );
		$token    = wp_generate_password( 32, false );
		$relative = MVS_Local_Storage::DIR . '/site-health-' . strtolower( wp_generate_password( 12, false ) ) . '.txt';
		if ( false === file_put_contents( $driver->path( $relative ), $token ) ) { // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a probe next to the stored files, written as they are.
			return $this->unknown();
		}
		$response = wp_remote_get(
			$driver->url( $relative ),
			array(
				'timeout'     => self::TIMEOUT,
				'redirection' => 0,
				// A loopback request, as WordPress's own Site Health tests make them.
				'sslverify'   => apply_filters( 'https_local_ssl_verify', false ), // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter.
			)
		);
		$driver->delete( $relative );
		if ( is_wp_error( $response ) ) {
			return $this->unknown();
		}
		if ( 200 === (int) wp_remote_retrieve_response_code( $response ) && false !== strpos( (string) wp_remote_retrieve_body( $response ), $token ) ) {
			return $this->result(
				MVS_Health_Result::CRITICAL,
				__( 'Media Community Service files can be downloaded without permission', 'media-community-service' ),
				sprintf(
					/* translators: %s: URL path of the storage folder. */
					__( 'A test file placed in %s was served over HTTP. Anyone who learns the path of a private photo or video can download it, skipping the privacy checks of the signed file URLs.', 'media-community-service' ),
					(string) wp_parse_url( $driver->url( MVS_Local_Storage::DIR . '/' ), PHP_URL_PATH )
				),
				sprintf(
					/* translators: %s: URL path of the storage folder. */
					__( 'nginx: add "location ^~ %s { deny all; }" to the server block, before the PHP location, and reload nginx. Apache: allow .htaccess files in the uploads folder (AllowOverride All, or at least AuthConfig Options FileInfo) so the plugin\'s .htaccess applies. Other servers and CDNs: deny every request to that folder.', 'media-community-service' ),
					(string) wp_parse_url( $driver->url( MVS_Local_Storage::DIR . '/' ), PHP_URL_PATH )
				)
			);
		}
		return $this->result( MVS_Health_Result::GOOD, __( 'Media Community Service files are closed to the web', 'media-community-service' ), __( 'A test file placed in the storage folder was refused over HTTP: files are only reached through signed file URLs, which check privacy.', 'media-community-service' ) );
	}

	/**
	 * The probe could not be written or the site could not reach itself.
	 *
	 * @return array
	 */
	private function unknown(): array {
		return $this->result(
			MVS_Health_Result::RECOMMENDED,
			__( 'Could not check whether Media Community Service files are closed to the web', 'media-community-service' ),
			__( 'The test could not write a file into the storage folder, or the site could not reach itself over HTTP (a firewall or a loopback restriction).', 'media-community-service' ),
			__( 'Check by hand: requesting any file under wp-content/uploads/mvs/ must answer 403 or 404 (see the plugin\'s storage documentation for the nginx and Apache rules).', 'media-community-service' )
		);
	}

	/**
	 * A result of this test.
	 *
	 * @param string $status      Status.
	 * @param string $label       Headline.
	 * @param string $description What it means.
	 * @param string $actions     What to do.
	 * @return array
	 */
	private function result( string $status, string $label, string $description, string $actions = '' ): array {
		return MVS_Health_Result::make( $this->id(), $status, $label, $description, $actions );
	}
}
