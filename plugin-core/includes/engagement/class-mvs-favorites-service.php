<?php
/**
 * Domain logic of the favorite routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Favorites_Handler. GET, POST and DELETE on
 * /media/{id}/favorite are idempotent and answer the same Favorite record;
 * an item the caller may not see is a 404 on all three.
 */
final class MVS_Favorites_Service implements MVS_Favorites_Handler {

	/**
	 * Favorite rows.
	 *
	 * @var MVS_Favorite_Repository
	 */
	private $favorites;

	/**
	 * The item the route acts on.
	 *
	 * @var MVS_Engagement_Target
	 */
	private $target;

	/**
	 * The one MediaItem shape.
	 *
	 * @var MVS_Media_Presenter
	 */
	private $items;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Favorite_Repository|null $favorites Favorite rows.
	 * @param MVS_Engagement_Target|null   $target    Item lookup.
	 * @param MVS_Media_Presenter|null     $items     MediaItem presenter.
	 */
	public function __construct( ?MVS_Favorite_Repository $favorites = null, ?MVS_Engagement_Target $target = null, ?MVS_Media_Presenter $items = null ) {
		$this->favorites = $favorites ? $favorites : new MVS_Favorite_Repository();
		$this->target    = $target ? $target : new MVS_Engagement_Target();
		$this->items     = $items ? $items : new MVS_Media_Presenter();
	}

	/**
	 * GET /media/{id}/favorite.
	 *
	 * @param MVS_Get_Media_Favorite_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_media_favorite( MVS_Get_Media_Favorite_Args $args ) {
		$viewer = get_current_user_id();
		$row    = $this->target->find( $args->id, $viewer );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		return $this->state( (int) $row->id, $viewer );
	}

	/**
	 * POST /media/{id}/favorite: favoriting twice is a success; a
	 * `collection_id` that is not one of the caller's manual collections is a
	 * 400 (someone else's collection reads the same as a missing one).
	 *
	 * @param MVS_Add_Media_Favorite_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function add_media_favorite( MVS_Add_Media_Favorite_Args $args ) {
		$viewer = get_current_user_id();
		$row    = $this->target->find( $args->id, $viewer );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$collection_id = (int) $args->collection_id;
		if ( $collection_id > 0 && ! $this->favorites->is_own_manual_collection( $collection_id, $viewer ) ) {
			return MVS_Errors::make(
				'mvs_invalid_param',
				__( 'collection_id must be one of your manual collections.', 'media-community-service' ),
				array( 'params' => array( 'collection_id' ) )
			);
		}
		if ( ! $this->favorites->add( $viewer, (int) $row->id, $collection_id ) ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The favorite could not be saved.', 'media-community-service' ) );
		}
		return $this->state( (int) $row->id, $viewer );
	}

	/**
	 * DELETE /media/{id}/favorite: removing a favorite that is not there is a
	 * success that says deleted: false (docs/api-conventions.md, "Retry-safe writes").
	 *
	 * @param MVS_Remove_Media_Favorite_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function remove_media_favorite( MVS_Remove_Media_Favorite_Args $args ) {
		$viewer = get_current_user_id();
		$row    = $this->target->find( $args->id, $viewer );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$removed = $this->favorites->remove( $viewer, (int) $row->id );
		if ( false === $removed ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The favorite could not be removed.', 'media-community-service' ) );
		}
		return $this->state( (int) $row->id, $viewer ) + array( 'deleted' => $removed > 0 );
	}

	/**
	 * GET /me/favorites: four queries for the presenter plus two, whatever per_page.
	 *
	 * @param MVS_List_My_Favorites_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_my_favorites( MVS_List_My_Favorites_Args $args ) {
		$viewer               = get_current_user_id();
		list( $rows, $total ) = $this->favorites->page( $viewer, $args->collection_id, $args->page, $args->per_page );
		return new MVS_Page( $this->items->items( $rows, $viewer ), $total );
	}

	/**
	 * The Favorite record of an item for the caller.
	 *
	 * @param int $media_id Media ID.
	 * @param int $viewer   Caller.
	 * @return array
	 */
	private function state( int $media_id, int $viewer ): array {
		$row = $this->favorites->find( $viewer, $media_id );
		return array(
			'media_id'      => $media_id,
			'is_favorited'  => null !== $row,
			'collection_id' => $row && (int) $row->collection_id > 0 ? (int) $row->collection_id : null,
		);
	}
}
