<?php
/**
 * Turns media rows into the MediaItem response shape, for every route that
 * returns media.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The one presenter of media items: media, albums, the moderation queue,
 * favorites and collections (and the feed and messages to come) inject it, so
 * an item has one shape everywhere, tags and category included. A page costs
 * one query whatever its size beyond its rows: item meta (image sizes), the
 * items' terms and the viewer's favorites and reactions come together
 * (MVS_Media_Page_Loader).
 */
final class MVS_Media_Presenter {

	/**
	 * Loads a page's meta, terms and viewer state.
	 *
	 * @var MVS_Media_Page_Loader
	 */
	private $loader;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Media_Page_Loader|null $loader Page state loader.
	 */
	public function __construct( ?MVS_Media_Page_Loader $loader = null ) {
		$this->loader = $loader ? $loader : new MVS_Media_Page_Loader();
	}

	/**
	 * Rows as items for one viewer, everything beyond the rows loaded once
	 * for all of them.
	 *
	 * @param object[] $rows   mvs_media rows.
	 * @param int      $viewer Viewer (0 for a visitor).
	 * @return array[] In the order of $rows.
	 */
	public function items( array $rows, int $viewer ): array {
		if ( ! $rows ) {
			return array();
		}
		$state = $this->loader->load( $rows, $viewer );
		$items = array();
		foreach ( $rows as $row ) {
			// Fields other plugins declare on MediaItem (docs/api-conventions.md, "Extension fields").
			$items[] = MVS_Response_Extensions::add( 'MediaItem', $this->shape( $row, $viewer, $state ), $row, $viewer );
		}
		return $items;
	}

	/**
	 * One item for one viewer.
	 *
	 * @param object $row    mvs_media row.
	 * @param int    $viewer Viewer.
	 * @return array
	 */
	public function item( $row, int $viewer ): array {
		return $this->items( array( $row ), $viewer )[0];
	}

	/**
	 * One MediaItem from its row and the page's loaded state.
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer.
	 * @param array  $state     favorites, reactions, terms and hidden comments by media ID.
	 * @return array
	 */
	private function shape( $row, int $viewer_id, array $state ): array {
		$id = (int) $row->id;
		return array(
			'id'              => $id,
			'title'           => (string) $row->title,
			'slug'            => (string) $row->slug,
			'description'     => (string) $row->description,
			'media_type'      => (string) $row->media_type,
			'mime_type'       => (string) $row->mime_type,
			'file_url'        => MVS_Url_Signer::file_url( $row, $viewer_id ),
			'privacy'         => (string) $row->privacy,
			'group_id'        => (int) $row->group_id ? (int) $row->group_id : null,
			'author_id'       => (int) $row->author_id,
			'album_id'        => (int) $row->album_id ? (int) $row->album_id : null,
			'is_story'        => (bool) (int) $row->is_story,
			'views'           => (int) $row->views,
			'reactions_count' => (int) $row->reactions_count,
			// What the viewer's comment list holds: comments by members in a
			// block relation with them are left out of both.
			'comments_count'  => max( 0, (int) $row->comments_count - ( $state['hidden_comments'][ $id ] ?? 0 ) ),
			'created_at'      => MVS_Time::to_iso8601( $row->created_at ),
			// Whether PUT /media/{id} would let this viewer in: the route's own DSL rule, for the viewer's id.
			'can_edit'        => MVS_Core_Owner_Rules::update_media( (int) $row->author_id, $viewer_id ),
			'is_favorited'    => isset( $state['favorites'][ $id ] ),
			'viewer_reaction' => $state['reactions'][ $id ] ?? null,
			'tags'            => $state['terms'][ $id ]['tags'] ?? array(),
			'category'        => $state['terms'][ $id ]['category'] ?? null,
			'sizes'           => $this->sizes( $row, $viewer_id ),
		) + $this->moderation( $row, $viewer_id, $state );
	}

	/**
	 * The moderation state and rejection reason: for the uploader and for
	 * moderators, null for everyone else (docs/moderation.md, "What owners see").
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer.
	 * @param array  $state     The page's loaded state (rejection reasons, whether the viewer moderates).
	 * @return array{moderation_status: ?string, moderation_reason: ?string}
	 */
	private function moderation( $row, int $viewer_id, array $state ): array {
		$shown = $viewer_id > 0 && ( (int) $row->author_id === $viewer_id || $state['moderates'] );
		return array(
			'moderation_status' => $shown ? (string) $row->moderation_status : null,
			'moderation_reason' => $shown ? ( $state['rejections'][ (int) $row->id ] ?? null ) : null,
		);
	}

	/**
	 * The item's image sizes as name => {url, width, height}; an object even
	 * when empty, so clients always get the same JSON type. Reads the meta
	 * items() loaded for the whole page.
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
