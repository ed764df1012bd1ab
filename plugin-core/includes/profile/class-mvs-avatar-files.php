<?php
/**
 * A member's custom avatar: its square files and the user meta naming them.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Re-encodes a validated image into centre-cropped squares of SIZES with
 * WordPress's image editor (which drops every metadata block), writes them
 * under uploads/mvs-avatars/ with random names, and records them in user
 * meta `mvs_avatar` as size => path relative to the uploads folder.
 * Avatars are public (every page may show them), so the folder is not the
 * closed media store; it only refuses listings and PHP.
 * docs/profile-and-avatar.md.
 */
final class MVS_Avatar_Files {

	const META_KEY = 'mvs_avatar';

	const DIR = 'mvs-avatars';

	/**
	 * Stored square sizes in pixels, ascending (the Avatar schema's keys).
	 */
	const SIZES = array( 96, 192, 512 );

	/**
	 * Reads and writes of the meta before a change gives up: each lost attempt
	 * means another request changed this member's avatar in between.
	 */
	const ATTEMPTS = 10;

	/**
	 * The member's stored avatar.
	 *
	 * @param int $user_id Member.
	 * @return array<int, string> Size => path relative to the uploads folder; empty when none.
	 */
	public static function get( int $user_id ): array {
		$stored = get_user_meta( $user_id, self::META_KEY, true );
		if ( ! is_array( $stored ) ) {
			return array();
		}
		$sizes = array();
		foreach ( self::SIZES as $size ) {
			if ( isset( $stored[ $size ] ) && is_string( $stored[ $size ] ) && '' !== $stored[ $size ] ) {
				$sizes[ $size ] = $stored[ $size ];
			}
		}
		return count( $sizes ) === count( self::SIZES ) ? $sizes : array();
	}

	/**
	 * Public URL of the stored size nearest to `$wanted` from above (the largest when none is as big).
	 *
	 * @param int $user_id Member.
	 * @param int $wanted  Requested size in pixels.
	 * @return string '' when the member has no custom avatar.
	 */
	public static function url( int $user_id, int $wanted ): string {
		$sizes = self::get( $user_id );
		if ( ! $sizes ) {
			return '';
		}
		$pick = end( $sizes );
		foreach ( $sizes as $size => $path ) {
			if ( $size >= $wanted ) {
				$pick = $path;
				break;
			}
		}
		$uploads = wp_upload_dir( null, false );
		return trailingslashit( (string) $uploads['baseurl'] ) . $pick;
	}

	/**
	 * Makes and stores every size of a validated image, then makes it the
	 * member's avatar and deletes the previous one's files. All or nothing:
	 * on failure no new file stays and the previous avatar is untouched.
	 *
	 * @param int    $user_id Member.
	 * @param string $source  The validated upload (MVS_Upload_Validator).
	 * @param string $mime    Its canonical MIME type.
	 * @return true|WP_Error mvs_invalid_type when the editor cannot decode it, mvs_storage_failed.
	 */
	public function replace( int $user_id, string $source, string $mime ) {
		$dir = $this->dir();
		if ( '' === $dir ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		$made = $this->make_sizes( $source, $mime, $dir );
		if ( is_wp_error( $made ) ) {
			return $made;
		}
		// Compare and swap on the stored value: when two requests replace or remove one member's
		// avatar at once, each write names the value it replaces, so one wins, the other reads again,
		// and no request deletes files that another one stored.
		for ( $attempt = 0; $attempt < self::ATTEMPTS; $attempt++ ) {
			$previous = get_user_meta( $user_id, self::META_KEY, true );
			$stored   = ( '' === $previous || false === $previous )
				? add_user_meta( $user_id, self::META_KEY, $made, true )
				: update_user_meta( $user_id, self::META_KEY, $made, $previous );
			if ( $stored ) {
				$this->delete_files( is_array( $previous ) ? $previous : array() );
				return true;
			}
			wp_cache_delete( $user_id, 'user_meta' );
		}
		$this->delete_files( $made );
		return MVS_Errors::make( 'mvs_storage_failed' );
	}

	/**
	 * Removes the member's avatar: files and meta.
	 *
	 * @param int $user_id Member.
	 * @return bool Whether there was one to remove.
	 */
	public function remove( int $user_id ): bool {
		for ( $attempt = 0; $attempt < self::ATTEMPTS; $attempt++ ) {
			$raw = get_user_meta( $user_id, self::META_KEY, true );
			if ( '' === $raw || false === $raw ) {
				return false;
			}
			// Only the value read: files a concurrent replacement just stored stay with their meta.
			if ( delete_user_meta( $user_id, self::META_KEY, $raw ) ) {
				$this->delete_files( is_array( $raw ) ? $raw : array() );
				return true;
			}
			wp_cache_delete( $user_id, 'user_meta' );
		}
		return false;
	}

	/**
	 * The avatar folder, created with its guard files.
	 *
	 * @return string Absolute path, '' when it cannot be created.
	 */
	private function dir(): string {
		$uploads = wp_upload_dir( null, false );
		if ( ! empty( $uploads['error'] ) ) {
			return '';
		}
		$dir = trailingslashit( (string) $uploads['basedir'] ) . self::DIR;
		// wp_mkdir_p() fails when a concurrent request creates the folder first: check again.
		if ( ! wp_mkdir_p( $dir ) && ! is_dir( $dir ) ) {
			return '';
		}
		$guards = array(
			'index.php' => "<?php\n// Silence is golden.\n",
			// Readable by anyone (avatars are public), but never listed or run as code.
			'.htaccess' => "# Media Community Service: avatars.\nOptions -Indexes -ExecCGI\n"
				. "<IfModule mod_php.c>\n\tphp_flag engine off\n</IfModule>\n"
				. "<IfModule mod_php7.c>\n\tphp_flag engine off\n</IfModule>\n"
				. "RemoveHandler .php .phtml .phar .php3 .php4 .php5 .php7 .php8 .pht\n",
		);
		foreach ( $guards as $name => $contents ) {
			if ( ! file_exists( $dir . '/' . $name ) ) {
				file_put_contents( $dir . '/' . $name, $contents ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- guard files, where WP_Filesystem may need credentials.
			}
		}
		return $dir;
	}

	/**
	 * Decodes the image once, crops its centre square to the largest size
	 * (scaling up a smaller image, so every size is exact), and shrinks that
	 * to each smaller size. JPEG stays JPEG; every other type becomes PNG,
	 * which keeps transparency and which every editor can write.
	 *
	 * @param string $source Local path of the validated image.
	 * @param string $mime   Its MIME type.
	 * @param string $dir    Absolute avatar folder.
	 * @return array<int, string>|WP_Error Size => path relative to the uploads folder.
	 */
	private function make_sizes( string $source, string $mime, string $dir ) {
		$editor = wp_get_image_editor( $source, array( 'mime_type' => $mime ) );
		if ( is_wp_error( $editor ) ) {
			return MVS_Errors::make( 'mvs_invalid_type', __( 'The image could not be read.', 'media-community-service' ) );
		}
		$current = $editor->get_size();
		$side    = min( (int) $current['width'], (int) $current['height'] );
		$largest = max( self::SIZES );
		if ( $side < 1 || is_wp_error( $editor->crop( (int) ( ( $current['width'] - $side ) / 2 ), (int) ( ( $current['height'] - $side ) / 2 ), $side, $side, $largest, $largest ) ) ) {
			return MVS_Errors::make( 'mvs_invalid_type', __( 'The image could not be read.', 'media-community-service' ) );
		}
		$out_mime  = 'image/jpeg' === $mime ? 'image/jpeg' : 'image/png';
		$extension = 'image/jpeg' === $out_mime ? 'jpg' : 'png';
		$name      = strtolower( wp_generate_password( 24, false ) );
		$made      = array();
		foreach ( array_reverse( self::SIZES ) as $size ) {
			if ( $size < $largest && is_wp_error( $editor->resize( $size, $size, true ) ) ) {
				$this->delete_files( $made );
				return MVS_Errors::make( 'mvs_storage_failed' );
			}
			$file  = $name . '-' . $size . '.' . $extension;
			$saved = $editor->save( $dir . '/' . $file, $out_mime );
			if ( is_wp_error( $saved ) || empty( $saved['path'] ) || ! $this->strip( (string) $saved['path'], $out_mime ) ) {
				$this->delete_files( $made );
				return MVS_Errors::make( 'mvs_storage_failed' );
			}
			$made[ $size ] = self::DIR . '/' . wp_basename( (string) $saved['path'] );
		}
		ksort( $made );
		return $made;
	}

	/**
	 * Imagick copies profiles of the original into what it saves; avatars never carry metadata.
	 *
	 * @param string $path Saved size.
	 * @param string $mime Its MIME type.
	 * @return bool
	 */
	private function strip( string $path, string $mime ): bool {
		if ( ! MVS_Image_Metadata::handles( $mime ) || null !== ( new MVS_Image_Metadata() )->clean( $path, $mime, false ) ) {
			return true;
		}
		wp_delete_file( $path );
		return false;
	}

	/**
	 * Deletes stored avatar files; only names inside the avatar folder are touched.
	 *
	 * @param array $sizes Size => path relative to the uploads folder.
	 */
	private function delete_files( array $sizes ): void {
		$uploads = wp_upload_dir( null, false );
		foreach ( $sizes as $path ) {
			if ( is_string( $path ) && preg_match( '#^' . self::DIR . '/[a-z0-9]+-\d+\.(?:jpg|png)$#', $path ) ) {
				wp_delete_file( trailingslashit( (string) $uploads['basedir'] ) . $path );
			}
		}
	}
}
