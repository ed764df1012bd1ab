<?php
/**
 * Turns album rows into the album response shape.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Album record (the contract does not show one; see docs/albums-and-tags.md):
 * id, title, description, privacy, author_id, media_count (items the caller
 * may see), cover_media_id and cover (a MediaItem, null when unset or hidden
 * from the caller), can_edit, created_at, updated_at; a single album adds
 * `media`, its visible items in album order.
 */
final class MVS_Album_Presenter {

	/**
	 * Whether PUT /albums/{id} would let the viewer in (the generated rule).
	 *
	 * @param object $row    mvs_albums row.
	 * @param int    $viewer Viewer.
	 * @return bool
	 */
	public static function can_edit( $row, int $viewer ): bool {
		return MVS_Core_Owner_Rules::update_album( (int) $row->author_id, $viewer );
	}

	/**
	 * One album.
	 *
	 * @param object     $row    mvs_albums row with visible_count.
	 * @param int        $viewer Viewer.
	 * @param array|null $cover  The cover MediaItem, when set and visible.
	 * @return array
	 */
	public function album( $row, int $viewer, ?array $cover ): array {
		return array(
			'id'             => (int) $row->id,
			'title'          => (string) $row->title,
			'description'    => (string) $row->description,
			'privacy'        => (string) $row->privacy,
			'author_id'      => (int) $row->author_id,
			'media_count'    => (int) $row->visible_count,
			'cover_media_id' => $cover ? (int) $cover['id'] : null,
			'cover'          => $cover,
			'can_edit'       => self::can_edit( $row, $viewer ),
			'created_at'     => MVS_Time::to_iso8601( $row->created_at ),
			'updated_at'     => MVS_Time::to_iso8601( $row->updated_at ? $row->updated_at : $row->created_at ),
		);
	}
}
