<?php
/**
 * Turns activity rows into ActivityEvent arrays.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * ActivityEvent (docs/activity-and-feed.md): id, type, actor (a UserCard
 * through MVS_User_Cards), object_type, object_id, the item as the media
 * presenter shows it to the viewer or the album as GET /albums does, and
 * created_at. A fixed number of queries whatever the page size: the items
 * and album covers in one, their viewer state in the presenter's one, the
 * albums in one, the actors in the cards' two.
 */
final class MVS_Activity_Presenter {

	/**
	 * Items' response shaping.
	 *
	 * @var MVS_Media_Presenter
	 */
	private $items;

	/**
	 * Albums' data access.
	 *
	 * @var MVS_Album_Repository
	 */
	private $albums;

	/**
	 * Items' data access.
	 *
	 * @var MVS_Media_Repository
	 */
	private $media;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Media_Presenter|null  $items  Items' response shaping.
	 * @param MVS_Album_Repository|null $albums Albums' data access.
	 * @param MVS_Media_Repository|null $media  Items' data access.
	 */
	public function __construct( ?MVS_Media_Presenter $items = null, ?MVS_Album_Repository $albums = null, ?MVS_Media_Repository $media = null ) {
		$this->items  = $items ? $items : new MVS_Media_Presenter();
		$this->albums = $albums ? $albums : new MVS_Album_Repository();
		$this->media  = $media ? $media : new MVS_Media_Repository();
	}

	/**
	 * Events of one page, in the order of $rows. The rows come from
	 * MVS_Activity_Query, so each item or album is one the viewer may see;
	 * the loads below ask the same rules again, so a row changed since that
	 * statement drops out instead of showing.
	 *
	 * @param object[] $rows   mvs_activity rows.
	 * @param int      $viewer Viewer.
	 * @return array[]
	 */
	public function events( array $rows, int $viewer ): array {
		if ( ! $rows ) {
			return array();
		}
		$album_rows = $this->albums->find_visible_many( $this->ids( $rows, 'album_id' ), $viewer );
		$media_ids  = $this->ids( $rows, 'media_id' );
		foreach ( $album_rows as $album ) {
			if ( (int) $album->cover_media_id > 0 ) {
				$media_ids[] = (int) $album->cover_media_id;
			}
		}
		$media = array();
		foreach ( $this->items->items( $this->media->find_many_viewable( $media_ids, $viewer ), $viewer ) as $item ) {
			$media[ $item['id'] ] = $item;
		}
		$albums    = array();
		$presenter = new MVS_Album_Presenter();
		foreach ( $album_rows as $album ) {
			$cover = $media[ (int) $album->cover_media_id ] ?? null;
			// A cover counts only while it is still in its album (as GET /albums).
			$albums[ (int) $album->id ] = $presenter->album( $album, $viewer, $cover && (int) $cover['album_id'] === (int) $album->id ? $cover : null );
		}
		$actors = ( new MVS_User_Cards() )->cards( $this->ids( $rows, 'user_id' ), $viewer );

		$events = array();
		foreach ( $rows as $row ) {
			$is_media = (int) $row->media_id > 0;
			$object   = $is_media ? ( $media[ (int) $row->media_id ] ?? null ) : ( $albums[ (int) $row->album_id ] ?? null );
			$actor    = $actors[ (int) $row->user_id ] ?? null;
			if ( ! $object || ! $actor ) {
				continue;
			}
			$event = array(
				'id'          => (int) $row->id,
				'type'        => (string) $row->type,
				'actor'       => $actor,
				'object_type' => $is_media ? 'media' : 'album',
				'object_id'   => $is_media ? (int) $row->media_id : (int) $row->album_id,
				'created_at'  => MVS_Time::to_iso8601( $row->created_at ),
			);
			// Only the object's own key: media for an item, album for an album.
			$event[ $is_media ? 'media' : 'album' ] = $object;
			$events[]                               = $event;
		}
		return $events;
	}

	/**
	 * Distinct positive values of a column.
	 *
	 * @param object[] $rows   Rows.
	 * @param string   $column Column.
	 * @return int[]
	 */
	private function ids( array $rows, string $column ): array {
		return array_values( array_unique( array_filter( array_map( 'intval', wp_list_pluck( $rows, $column ) ) ) ) );
	}
}
