<?php
/**
 * Domain logic of the album routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Albums_Handler. Requests arrive authorized
 * (owner or "others" capability, checked by the generated controller),
 * validated and sanitized. An item belongs to at most one album
 * (mvs_media.album_id); items are presented by the shared media presenter,
 * so an album's items have exactly the MediaItem shape of GET /media.
 */
final class MVS_Albums_Service implements MVS_Albums_Handler {

	/**
	 * Album data access.
	 *
	 * @var MVS_Album_Repository
	 */
	private $albums;

	/**
	 * Media data access (the items an album takes in).
	 *
	 * @var MVS_Media_Repository
	 */
	private $media;

	/**
	 * Response shaping of the album's media items.
	 *
	 * @var MVS_Media_Presenter
	 */
	private $items;

	/**
	 * Response shaping.
	 *
	 * @var MVS_Album_Presenter
	 */
	private $presenter;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Album_Repository|null $albums Album data access.
	 * @param MVS_Media_Repository|null $media  Media data access.
	 * @param MVS_Media_Presenter|null  $items  Response shaping of media items.
	 */
	public function __construct( ?MVS_Album_Repository $albums = null, ?MVS_Media_Repository $media = null, ?MVS_Media_Presenter $items = null ) {
		$this->albums    = $albums ? $albums : new MVS_Album_Repository();
		$this->media     = $media ? $media : new MVS_Media_Repository();
		$this->items     = $items ? $items : new MVS_Media_Presenter();
		$this->presenter = new MVS_Album_Presenter();
	}

	/**
	 * GET /albums: albums the caller may see; five queries whatever per_page
	 * (page, total, covers, and the covers' viewer state).
	 *
	 * @param MVS_List_Albums_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_albums( MVS_List_Albums_Args $args ) {
		$viewer               = get_current_user_id();
		list( $rows, $total ) = $this->albums->search(
			array(
				'viewer'   => $viewer,
				'author'   => $args->author,
				'orderby'  => $args->orderby,
				'order'    => $args->order,
				'page'     => $args->page,
				'per_page' => $args->per_page,
			)
		);

		$covers = array();
		foreach ( $this->items->items( $this->albums->visible_covers( $rows, $viewer ), $viewer ) as $item ) {
			$covers[ $item['id'] ] = $item;
		}
		$items = array();
		foreach ( $rows as $row ) {
			$cover = $covers[ (int) $row->cover_media_id ] ?? null;
			// A cover counts only while it is still in this album.
			$items[] = $this->presenter->album( $row, $viewer, $cover && (int) $cover['album_id'] === (int) $row->id ? $cover : null );
		}
		return new MVS_Page( $items, $total );
	}

	/**
	 * POST /albums.
	 *
	 * @param MVS_Create_Album_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function create_album( MVS_Create_Album_Args $args ) {
		$privacy = null !== $args->privacy ? $args->privacy : 'public';
		$checked = self::check_privacy( $privacy );
		if ( is_wp_error( $checked ) ) {
			return $checked;
		}
		$now = current_time( 'mysql', true );
		$id  = $this->albums->insert(
			array(
				'author_id'   => get_current_user_id(),
				'title'       => $args->title,
				'description' => (string) $args->description,
				'privacy'     => $privacy,
				'created_at'  => $now,
				'updated_at'  => $now,
			)
		);
		if ( null === $id ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The album could not be saved.', 'media-community-service' ) );
		}

		/**
		 * Fires after an album was created.
		 *
		 * @param int $id      Album ID.
		 * @param int $user_id Owner.
		 */
		do_action( 'mvs_album_created', $id, get_current_user_id() );
		return $this->present_full( $id );
	}

	/**
	 * GET /albums/{id}: 404 when missing or when the caller may not see it
	 * (a private album is indistinguishable from a missing one).
	 *
	 * @param MVS_Get_Album_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_album( MVS_Get_Album_Args $args ) {
		return $this->present_full( $args->id );
	}

	/**
	 * PUT /albums/{id}.
	 *
	 * @param MVS_Update_Album_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function update_album( MVS_Update_Album_Args $args ) {
		$id      = $args->id;
		$changes = array_filter(
			array(
				'title'       => $args->title,
				'description' => $args->description,
				'privacy'     => $args->privacy,
			),
			static function ( $value ) {
				return null !== $value;
			}
		);
		if ( isset( $changes['privacy'] ) ) {
			$checked = self::check_privacy( $changes['privacy'] );
			if ( is_wp_error( $checked ) ) {
				return $checked;
			}
		}
		if ( $changes ) {
			$changes['updated_at'] = current_time( 'mysql', true );
			if ( ! $this->albums->update( $id, $changes ) ) {
				return MVS_Errors::make( 'mvs_storage_failed' );
			}
		}
		return $this->present_full( $id );
	}

	/**
	 * DELETE /albums/{id}: the album goes, its items stay (outside any album).
	 *
	 * @param MVS_Delete_Album_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function delete_album( MVS_Delete_Album_Args $args ) {
		$id      = $args->id;
		$deleted = $this->albums->delete( $id );
		if ( false === $deleted ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		if ( 0 === $deleted ) {
			// Already absent (a retry, or a concurrent delete): docs/api-conventions.md, "Retry-safe writes".
			return array(
				'deleted' => false,
				'id'      => $id,
			);
		}

		/**
		 * Fires after an album was deleted (its media are kept).
		 *
		 * @param int $id Album ID.
		 */
		do_action( 'mvs_album_deleted', $id );
		return array(
			'deleted' => true,
			'id'      => $id,
		);
	}

	/**
	 * PUT /albums/{id}/reorder: the listed items first, in the given order;
	 * items not listed follow in their previous order. One UPDATE.
	 *
	 * @param MVS_Reorder_Album_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function reorder_album( MVS_Reorder_Album_Args $args ) {
		$id      = $args->id;
		$current = $this->albums->item_ids( $id );
		$order   = $args->order;
		$foreign = array_values( array_diff( $order, $current ) );
		if ( $foreign ) {
			return MVS_Errors::make(
				'mvs_invalid_param',
				__( 'Every ID in order must be an item of this album.', 'media-community-service' ),
				array(
					'params'      => array( 'order' ),
					'invalid_ids' => $foreign,
				)
			);
		}
		$positions = array();
		$position  = 1;
		foreach ( array_merge( $order, array_diff( $current, $order ) ) as $media_id ) {
			$positions[ $media_id ] = $position++;
		}
		if ( ! $this->albums->place( $id, $positions ) ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		return $this->present_full( $id );
	}

	/**
	 * POST /albums/{id}/items: all or nothing. Each item must exist and be
	 * one the caller may edit (their own with edit_mvs_medias, anyone's with
	 * edit_others_mvs_medias); an item moves out of any album it was in.
	 *
	 * @param MVS_Add_Album_Items_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function add_album_items( MVS_Add_Album_Items_Args $args ) {
		$id     = $args->id;
		$viewer = get_current_user_id();
		$ids    = $args->media_ids;
		if ( ! $ids ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'Send at least one media ID.', 'media-community-service' ), array( 'params' => array( 'media_ids' ) ) );
		}
		$rows    = $this->media->find_many( $ids );
		$invalid = array();
		foreach ( $ids as $media_id ) {
			$row = $rows[ $media_id ] ?? null;
			if ( ! $row || ! MVS_Core_Owner_Rules::update_media( (int) $row->author_id, $viewer ) ) {
				$invalid[] = $media_id;
			}
		}
		if ( $invalid ) {
			// Missing and not-yours look the same: no probing for other members' items.
			return MVS_Errors::make(
				'mvs_invalid_param',
				__( 'Some items do not exist or are not yours to add; nothing was added.', 'media-community-service' ),
				array(
					'params'      => array( 'media_ids' ),
					'invalid_ids' => $invalid,
				)
			);
		}
		$positions = array();
		$position  = $this->albums->next_position( $id );
		foreach ( $ids as $media_id ) {
			if ( (int) $rows[ $media_id ]->album_id !== $id ) {
				$positions[ $media_id ] = $position++;
			}
		}
		if ( ! $this->albums->place( $id, $positions ) ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		foreach ( array_unique( array_merge( array( $id ), array_map( 'intval', wp_list_pluck( $rows, 'album_id' ) ) ) ) as $album_id ) {
			$this->albums->refresh_count( (int) $album_id );
		}
		return $this->present_full( $id );
	}

	/**
	 * DELETE /albums/{id}/items/{media_id}: the item stays, outside the album.
	 *
	 * @param MVS_Remove_Album_Item_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function remove_album_item( MVS_Remove_Album_Item_Args $args ) {
		$id      = $args->id;
		$removed = $this->albums->remove_item( $id, $args->media_id );
		if ( $removed ) {
			$this->albums->refresh_count( $id );
		}
		$album = $this->present_full( $id );
		if ( is_wp_error( $album ) ) {
			return $album;
		}
		// An item not in the album (any more) is a success that says so: docs/api-conventions.md, "Retry-safe writes".
		$album['deleted'] = $removed;
		return $album;
	}

	/**
	 * PUT /albums/{id}/cover: the cover must be an item of the album.
	 *
	 * @param MVS_Set_Album_Cover_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function set_album_cover( MVS_Set_Album_Cover_Args $args ) {
		$id       = $args->id;
		$media_id = $args->media_id;
		if ( ! in_array( $media_id, $this->albums->item_ids( $id ), true ) ) {
			return MVS_Errors::make(
				'mvs_invalid_param',
				__( 'The cover must be an item of this album.', 'media-community-service' ),
				array( 'params' => array( 'media_id' ) )
			);
		}
		$this->albums->update(
			$id,
			array(
				'cover_media_id' => $media_id,
				'updated_at'     => current_time( 'mysql', true ),
			)
		);
		return $this->present_full( $id );
	}

	/**
	 * The album as the caller sees it, with its visible items; 404 when hidden.
	 * Four queries: album with count, items, and the items' viewer state.
	 *
	 * @param int $id Album ID.
	 * @return array|WP_Error
	 */
	private function present_full( int $id ) {
		$viewer = get_current_user_id();
		$row    = $this->albums->find_visible( $id, $viewer );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Album not found.', 'media-community-service' ) );
		}
		$items = $this->items->items( $this->albums->visible_items( $id, $viewer ), $viewer );
		$cover = null;
		foreach ( $items as $item ) {
			if ( $item['id'] === (int) $row->cover_media_id ) {
				$cover = $item;
			}
		}
		$album          = $this->presenter->album( $row, $viewer, $cover );
		$album['media'] = $items;
		return $album;
	}

	/**
	 * Albums have no group column, so group privacy would hide an album from
	 * everyone but its owner: it is refused rather than silently hidden.
	 *
	 * @param string $privacy Requested privacy.
	 * @return true|WP_Error
	 */
	private static function check_privacy( string $privacy ) {
		if ( 'group' !== $privacy ) {
			return true;
		}
		return MVS_Errors::make(
			'mvs_invalid_param',
			__( 'Albums can be public, members or private.', 'media-community-service' ),
			array( 'params' => array( 'privacy' ) )
		);
	}
}
