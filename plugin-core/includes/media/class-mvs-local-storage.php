<?php
/**
 * Local file storage under the uploads folder.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Stores files as uploads/mvs/YYYY/MM/<random>.<ext>. Names are random
 * (never the client's), extensions come from the detected MIME type, and
 * the folder carries an index.php so it cannot be listed.
 */
class MVS_Local_Storage {

	const DIR = 'mvs';

	/**
	 * Copies a validated temporary file into storage.
	 *
	 * @param string $tmp_path  Uploaded temporary file.
	 * @param string $extension Extension derived from the real MIME type.
	 * @return string|WP_Error Path relative to the uploads base folder.
	 */
	public function store( string $tmp_path, string $extension ) {
		$uploads = wp_upload_dir( null, false );
		if ( ! empty( $uploads['error'] ) ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		$relative_dir = self::DIR . '/' . gmdate( 'Y/m' );
		$dir          = trailingslashit( $uploads['basedir'] ) . $relative_dir;
		// wp_mkdir_p() fails when a concurrent request creates the folder first: check again.
		if ( ! wp_mkdir_p( $dir ) && ! is_dir( $dir ) ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		$this->protect( trailingslashit( $uploads['basedir'] ) . self::DIR );
		$name = strtolower( wp_generate_password( 24, false ) ) . '.' . $extension;
		$dest = $dir . '/' . $name;
		if ( ! @copy( $tmp_path, $dest ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors -- failure is reported as mvs_storage_failed.
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		chmod( $dest, 0644 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_chmod
		return $relative_dir . '/' . $name;
	}

	/**
	 * Deletes a stored file (missing files are fine).
	 *
	 * @param string $relative Path relative to the uploads base folder.
	 */
	public function delete( string $relative ): void {
		$path = $this->path( $relative );
		if ( '' !== $path && is_file( $path ) ) {
			wp_delete_file( $path );
		}
	}

	/**
	 * Absolute path of a stored file, '' when the relative path is unsafe.
	 *
	 * @param string $relative Path relative to the uploads base folder.
	 * @return string
	 */
	public function path( string $relative ): string {
		if ( '' === $relative || 0 !== strpos( $relative, self::DIR . '/' ) || false !== strpos( $relative, '..' ) ) {
			return '';
		}
		$uploads = wp_upload_dir( null, false );
		return trailingslashit( $uploads['basedir'] ) . $relative;
	}

	/**
	 * Public URL of a stored file.
	 *
	 * @param string $relative Path relative to the uploads base folder.
	 * @return string
	 */
	public function url( string $relative ): string {
		$uploads = wp_upload_dir( null, false );
		return trailingslashit( $uploads['baseurl'] ) . $relative;
	}

	/**
	 * Drops an empty index.php into the storage root so it cannot be listed.
	 *
	 * @param string $root Storage root folder.
	 */
	private function protect( string $root ): void {
		$index = $root . '/index.php';
		if ( ! file_exists( $index ) ) {
			file_put_contents( $index, "<?php\n// Silence is golden.\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
		}
	}
}
