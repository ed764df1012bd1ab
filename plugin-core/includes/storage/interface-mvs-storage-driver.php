<?php
/**
 * The contract every storage back end fulfils.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Where media bytes live. Keys are opaque strings the driver hands out
 * (the local driver uses paths relative to the uploads folder); callers
 * store them in mvs_media.file_path and never build them themselves, so a
 * site can swap the local disk for object storage through the
 * mvs_storage_driver filter without touching the services.
 */
interface MVS_Storage_Driver {

	/**
	 * Copies a validated local file into storage under a new random key.
	 *
	 * @param string $local_path Readable local file (an upload or a generated size).
	 * @param string $extension  Extension derived from the real MIME type.
	 * @return string|WP_Error The new key, or mvs_storage_failed. A failure leaves nothing behind.
	 */
	public function store( string $local_path, string $extension );

	/**
	 * Deletes a stored file; a missing one is not an error.
	 *
	 * @param string $key Storage key.
	 */
	public function delete( string $key ): void;

	/**
	 * Whether a stored file exists.
	 *
	 * @param string $key Storage key.
	 * @return bool
	 */
	public function exists( string $key ): bool;

	/**
	 * A local path to read the bytes from ('' when the key is unsafe or the
	 * driver cannot offer one). Streaming and the image editor read from it.
	 *
	 * @param string $key Storage key.
	 * @return string
	 */
	public function path( string $key ): string;

	/**
	 * A URL of the stored file on the storage itself. The local driver's
	 * folder is closed to the web, so clients get signed /serve URLs; this
	 * is for drivers whose storage serves files directly.
	 *
	 * @param string $key Storage key.
	 * @return string
	 */
	public function url( string $key ): string;
}
