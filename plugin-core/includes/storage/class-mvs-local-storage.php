<?php
/**
 * Local file storage under the uploads folder.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Stores files as uploads/mvs/YYYY/MM/<random>.<ext>. Names are random
 * (never the client's), extensions come from the detected MIME type. The
 * folder is closed to the web: an .htaccess denies every request and turns
 * PHP off (Apache), an index.php stops listings, and nginx sites add the
 * deny rule of docs/storage.md. Clients read files through signed /serve
 * URLs, which re-check privacy on every request.
 *
 * Obtain it through MVS_Storage::driver(), never with new (the lean /serve
 * entry, which runs without plugins, builds one on the uploads folder the
 * full plugin recorded: MVS_Serve_Lean).
 */
class MVS_Local_Storage implements MVS_Storage_Driver {

	const DIR = 'mvs';

	/**
	 * Uploads base folder when given at construction ('' = wp_upload_dir()'s).
	 *
	 * @var string
	 */
	private $basedir;

	/**
	 * Storage under the site's uploads folder, or under a given one.
	 *
	 * @param string $basedir Absolute uploads base folder; '' for wp_upload_dir()'s.
	 */
	public function __construct( string $basedir = '' ) {
		$this->basedir = untrailingslashit( $basedir );
	}

	/**
	 * The uploads base folder files are stored under (without trailing slash).
	 *
	 * @return string
	 */
	public function basedir(): string {
		if ( '' !== $this->basedir ) {
			return $this->basedir;
		}
		$uploads = wp_upload_dir( null, false );
		return untrailingslashit( (string) $uploads['basedir'] );
	}

	/**
	 * Copies a validated temporary file into storage.
	 *
	 * @param string $local_path Uploaded temporary file or generated size.
	 * @param string $extension  Extension derived from the real MIME type.
	 * @return string|WP_Error Path relative to the uploads base folder.
	 */
	public function store( string $local_path, string $extension ) {
		$extension = strtolower( $extension );
		if ( ! preg_match( '/^[a-z0-9]{2,5}$/', $extension ) ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
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
		if ( ! @copy( $local_path, $dest ) ) { // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged -- failure is reported as mvs_storage_failed.
			// A partial copy must not stay behind as an orphan.
			if ( is_file( $dest ) ) {
				wp_delete_file( $dest );
			}
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		chmod( $dest, 0644 );
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
	 * Whether a stored file exists.
	 *
	 * @param string $relative Path relative to the uploads base folder.
	 * @return bool
	 */
	public function exists( string $relative ): bool {
		$path = $this->path( $relative );
		return '' !== $path && is_file( $path );
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
		return $this->basedir() . '/' . $relative;
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
	 * Closes the storage root to the web: an .htaccess that denies every
	 * request and disables PHP (Apache 2.2 and 2.4 syntax), and an empty
	 * index.php against listings on servers that ignore .htaccess. Public for
	 * the Site Health probe, which must test the folder as an upload leaves it.
	 *
	 * @param string $root Storage root folder.
	 */
	public function protect( string $root ): void {
		$files = array(
			'index.php' => "<?php\n// Silence is golden.\n",
			'.htaccess' => "# Media Community Service: files are served through signed /serve URLs only.\n"
				. "<IfModule mod_authz_core.c>\n\tRequire all denied\n</IfModule>\n"
				. "<IfModule !mod_authz_core.c>\n\tOrder deny,allow\n\tDeny from all\n</IfModule>\n"
				. "<IfModule mod_php.c>\n\tphp_flag engine off\n</IfModule>\n"
				. "<IfModule mod_php7.c>\n\tphp_flag engine off\n</IfModule>\n"
				. "Options -Indexes -ExecCGI\n"
				. "RemoveHandler .php .phtml .phar .php3 .php4 .php5 .php7 .php8 .pht\n",
		);
		foreach ( $files as $name => $contents ) {
			$target = $root . '/' . $name;
			if ( ! file_exists( $target ) ) {
				file_put_contents( $target, $contents ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- guard files written while storing, where WP_Filesystem may need credentials.
			}
		}
	}
}
