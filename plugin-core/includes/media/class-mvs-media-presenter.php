<?php
/**
 * Turns media rows into the MediaItem response shape.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Presents rows for one viewer. Viewer state (favorites, reactions) is
 * loaded once per page by the caller, never per item.
 */
final class MVS_Media_Presenter {

	/**
	 * Storage driver, for file URLs.
	 *
	 * @var MVS_Storage_Driver
	 */
	private $storage;

	/**
	 * Builds the presenter.
	 *
	 * @param MVS_Storage_Driver $storage Storage driver.
	 */
	public function __construct( MVS_Storage_Driver $storage ) {
		$this->storage = $storage;
	}

	/**
	 * Whether the viewer may edit the item (matches the update permission check).
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer.
	 * @return bool
	 */
	public static function can_edit( $row, int $viewer_id ): bool {
		if ( $viewer_id <= 0 ) {
			return false;
		}
		if ( current_user_can( 'edit_others_mvs_medias' ) || current_user_can( 'manage_options' ) ) {
			return true;
		}
		return (int) $row->author_id === $viewer_id && current_user_can( 'edit_mvs_medias' );
	}

	/**
	 * One MediaItem.
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer.
	 * @param array  $state     Viewer state from MVS_Media_Repository::viewer_state().
	 * @return array
	 */
	public function item( $row, int $viewer_id, array $state ): array {
		$id = (int) $row->id;
		return array(
			'id'                => $id,
			'title'             => (string) $row->title,
			'slug'              => (string) $row->slug,
			'description'       => (string) $row->description,
			'media_type'        => (string) $row->media_type,
			'mime_type'         => (string) $row->mime_type,
			'file_url'          => MVS_Url_Signer::file_url( $row, $viewer_id ),
			'privacy'           => (string) $row->privacy,
			'group_id'          => (int) $row->group_id ? (int) $row->group_id : null,
			'author_id'         => (int) $row->author_id,
			'album_id'          => (int) $row->album_id ? (int) $row->album_id : null,
			'is_story'          => (bool) (int) $row->is_story,
			'views'             => (int) $row->views,
			'reactions_count'   => (int) $row->reactions_count,
			'comments_count'    => (int) $row->comments_count,
			'created_at'        => MVS_Time::to_iso8601( $row->created_at ),
			'can_edit'          => self::can_edit( $row, $viewer_id ),
			'is_favorited'      => isset( $state['favorites'][ $id ] ),
			'viewer_reaction'   => $state['reactions'][ $id ] ?? null,
			'tags'              => $state['terms'][ $id ]['tags'] ?? array(),
			'category'          => $state['terms'][ $id ]['category'] ?? null,
			'sizes'             => $this->sizes( $row, $viewer_id ),
		);
	}

	/**
	 * The item's image sizes as name => {url, width, height}; an object even
	 * when empty, so clients always get the same JSON type. Reads meta that
	 * the caller loaded for the whole page (update_meta_cache).
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer.
	 * @return object
	 */
	private function sizes( $row, int $viewer_id ) {
		$sizes = array();
		foreach ( MVS_Image_Sizes::get( (int) $row->id ) as $name => $size ) {
			$sizes[ $name ] = array(
				'url'    => MVS_Url_Signer::file_url( $row, $viewer_id, (string) $name ),
				'width'  => (int) $size['width'],
				'height' => (int) $size['height'],
			);
		}
		return (object) $sizes;
	}
}
