<?php
/**
 * The one delete routine of media items.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Deletes an item completely: its row and every row hanging off it (meta
 * included), its stored file and its image sizes. DELETE /media/{id} and
 * bulk delete both use it; inside a batch the files wait for the batch's
 * transaction, because a rollback can restore rows but not files.
 */
final class MVS_Media_Deleter {

	/**
	 * Data access.
	 *
	 * @var MVS_Media_Repository
	 */
	private $media;

	/**
	 * Album placement (an album's count follows its items).
	 *
	 * @var MVS_Album_Repository
	 */
	private $albums;

	/**
	 * File storage.
	 *
	 * @var MVS_Storage_Driver
	 */
	private $storage;

	/**
	 * Derived image sizes.
	 *
	 * @var MVS_Image_Sizes
	 */
	private $sizes;

	/**
	 * Files (original key, sizes) of items deleted in the current batch, null outside a batch.
	 *
	 * @var array[]|null
	 */
	private $deferred_files = null;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Media_Repository|null $media   Data access.
	 * @param MVS_Storage_Driver|null   $storage Storage driver (default: MVS_Storage::driver()).
	 * @param MVS_Album_Repository|null $albums  Album placement.
	 */
	public function __construct( ?MVS_Media_Repository $media = null, ?MVS_Storage_Driver $storage = null, ?MVS_Album_Repository $albums = null ) {
		$this->media   = $media ? $media : new MVS_Media_Repository();
		$this->storage = $storage ? $storage : MVS_Storage::driver();
		$this->albums  = $albums ? $albums : new MVS_Album_Repository();
		$this->sizes   = new MVS_Image_Sizes( $this->storage );
	}

	/**
	 * Deletes one item, its file and its sizes.
	 *
	 * @param int $id Media ID.
	 * @return true|WP_Error mvs_not_found, or mvs_storage_failed when the row could not be deleted.
	 */
	public function delete( int $id ) {
		$deleted = $this->delete_if_present( $id );
		if ( false === $deleted ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Media item not found.', 'media-community-service' ) );
		}
		return $deleted;
	}

	/**
	 * Deletes one item, its file and its sizes if it is there: for DELETE
	 * /media/{id}, where an absent item is a success (deleted: false,
	 * docs/api-conventions.md "Retry-safe writes").
	 *
	 * @param int $id Media ID.
	 * @return bool|WP_Error True when deleted, false when absent (also when a
	 *                       concurrent request deleted it first), or mvs_storage_failed.
	 */
	public function delete_if_present( int $id ) {
		$row = $this->media->find( $id );
		if ( ! $row ) {
			return false;
		}
		// Read before the meta rows go with the item.
		$sizes   = MVS_Image_Sizes::get( $id );
		$deleted = $this->media->delete( $id );
		if ( false === $deleted ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		if ( 0 === $deleted ) {
			// Another request deleted it between the read and the delete: it is gone, as the caller asked.
			return false;
		}
		wp_cache_delete( $id, 'mvs_media_meta' );
		if ( null !== $this->deferred_files ) {
			// Inside a batch: files go only once its transaction has committed.
			$this->deferred_files[] = array( (string) $row->file_path, $sizes );
		} else {
			$this->storage->delete( (string) $row->file_path );
			$this->sizes->delete_sizes( $sizes );
		}
		$this->albums->refresh_count( (int) $row->album_id );

		/**
		 * Fires after a media item, its file and its sizes were deleted.
		 *
		 * @param int    $id  Media ID.
		 * @param object $row The deleted row.
		 */
		do_action( 'mvs_media_deleted', $id, $row );
		return true;
	}

	/**
	 * Starts a batch: delete() keeps the files until finish_batch().
	 */
	public function begin_batch(): void {
		$this->deferred_files = array();
	}

	/**
	 * Ends a batch: removes the files of deleted items once their rows are
	 * gone for good (commit), or keeps them (rollback).
	 *
	 * @param bool $committed Whether the batch's transaction committed.
	 */
	public function finish_batch( bool $committed ): void {
		$files                = (array) $this->deferred_files;
		$this->deferred_files = null;
		if ( $committed ) {
			foreach ( $files as $file ) {
				$this->storage->delete( $file[0] );
				$this->sizes->delete_sizes( $file[1] );
			}
		}
	}
}
