<?php
/**
 * Domain logic of the media routes that list, read, edit and delete items.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Media_Items_Handler. Each route's arguments
 * arrive authorized, validated and sanitized by the generated controller, as
 * the route's MVS_<Route>_Args; this class decides what they mean.
 */
final class MVS_Media_Items_Service implements MVS_Media_Items_Handler {

	/**
	 * Most items GET /media/{id}/group returns (the first ones uploaded).
	 */
	const GROUP_MAX = 100;

	/**
	 * Row storage.
	 *
	 * @var MVS_Media_Repository
	 */
	private $media;

	/**
	 * List queries.
	 *
	 * @var MVS_Media_List_Query
	 */
	private $lists;

	/**
	 * Response shaping.
	 *
	 * @var MVS_Media_Presenter
	 */
	private $presenter;

	/**
	 * The delete routine (also used by bulk delete).
	 *
	 * @var MVS_Media_Deleter
	 */
	private $deleter;

	/**
	 * The group check of a privacy change.
	 *
	 * @var MVS_Media_Placement_Checks
	 */
	private $placement;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Media_Repository|null       $media     Row storage.
	 * @param MVS_Media_List_Query|null       $lists     List queries.
	 * @param MVS_Media_Presenter|null        $presenter Response shaping.
	 * @param MVS_Media_Deleter|null          $deleter   The delete routine.
	 * @param MVS_Media_Placement_Checks|null $placement Group check.
	 */
	public function __construct( ?MVS_Media_Repository $media = null, ?MVS_Media_List_Query $lists = null, ?MVS_Media_Presenter $presenter = null, ?MVS_Media_Deleter $deleter = null, ?MVS_Media_Placement_Checks $placement = null ) {
		$this->media     = $media ? $media : new MVS_Media_Repository();
		$this->lists     = $lists ? $lists : new MVS_Media_List_Query();
		$this->presenter = $presenter ? $presenter : new MVS_Media_Presenter();
		$this->deleter   = $deleter ? $deleter : new MVS_Media_Deleter( $this->media );
		$this->placement = $placement ? $placement : new MVS_Media_Placement_Checks();
	}

	/**
	 * GET /media.
	 *
	 * @param MVS_List_Media_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_media( MVS_List_Media_Args $args ) {
		return $this->page( $args, $args->scope );
	}

	/**
	 * GET /me/media: the caller's items, whatever their privacy or state.
	 *
	 * @param MVS_List_My_Media_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_my_media( MVS_List_My_Media_Args $args ) {
		return $this->page( $args, 'mine' );
	}

	/**
	 * GET /media/{id}.
	 *
	 * @param MVS_Get_Media_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_media( MVS_Get_Media_Args $args ) {
		$viewer = get_current_user_id();
		$row    = $this->media->find_viewable( $args->id, $viewer );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		return $this->presenter->item( $row, $viewer );
	}

	/**
	 * PUT /media/{id} (also PATCH and POST).
	 *
	 * @param MVS_Update_Media_Args $args Arguments; null ones are left as they are.
	 * @return array|WP_Error
	 */
	public function update_media( MVS_Update_Media_Args $args ) {
		$id  = $args->id;
		$row = $this->media->find( $id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found' );
		}
		$category = MVS_Media_Terms::resolve_category( $args->category );
		if ( is_wp_error( $category ) ) {
			return $category;
		}
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
			$group_id = 'group' === $changes['privacy'] ? (int) $args->group_id : 0;
			$checked  = $this->placement->group( $changes['privacy'], $group_id, get_current_user_id() );
			if ( is_wp_error( $checked ) ) {
				return $checked;
			}
			$changes['group_id'] = $group_id;
		}
		if ( $changes ) {
			$changes['updated_at'] = current_time( 'mysql', true );
			if ( ! $this->media->update( $id, $changes ) ) {
				return MVS_Errors::make( 'mvs_storage_failed' );
			}
			if ( isset( $changes['privacy'] ) && $changes['privacy'] !== $row->privacy ) {
				/**
				 * Fires after an item's privacy changed (CDN purges: MVS_File_Purge).
				 *
				 * @param object $row     The row before the change.
				 * @param string $privacy New privacy.
				 */
				do_action( 'mvs_media_privacy_changed', $row, $changes['privacy'] );
			}
		}
		MVS_Media_Terms::apply( $id, $args->tags, $category );
		return $this->presenter->item( $this->media->find( $id ), get_current_user_id() );
	}

	/**
	 * DELETE /media/{id}.
	 *
	 * @param MVS_Delete_Media_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function delete_media( MVS_Delete_Media_Args $args ) {
		$id      = $args->id;
		$deleted = $this->deleter->delete_if_present( $id );
		if ( is_wp_error( $deleted ) ) {
			return $deleted;
		}
		// False: already absent, a retry (docs/api-conventions.md, "Retry-safe writes").
		return array(
			'deleted' => $deleted,
			'id'      => $id,
		);
	}

	/**
	 * GET /media/{id}/group: the items uploaded together with this one that
	 * the caller may see (privacy applied in SQL), in upload order.
	 *
	 * @param MVS_Get_Media_Group_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_media_group( MVS_Get_Media_Group_Args $args ) {
		$viewer = get_current_user_id();
		$row    = $this->media->find_viewable( $args->id, $viewer );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		if ( '' === (string) $row->upload_group ) {
			return array( $this->presenter->item( $row, $viewer ) );
		}
		list( $rows ) = $this->lists->search(
			array(
				'viewer'       => $viewer,
				'scope'        => 'all',
				'upload_group' => (string) $row->upload_group,
				'orderby'      => 'date',
				'page'         => 1,
				'per_page'     => self::GROUP_MAX,
			)
		);
		return $this->presenter->items( array_reverse( $rows ), $viewer );
	}

	/**
	 * A page of media for the caller: one statement for the rows and their
	 * total (two for a page past the last), one to present them
	 * (MVS_Media_Presenter), whatever per_page is.
	 *
	 * @param MVS_List_Media_Args|MVS_List_My_Media_Args $args  The list arguments (both routes share them).
	 * @param string                                     $scope public | all | mine.
	 * @return MVS_Page
	 */
	private function page( $args, string $scope ): MVS_Page {
		$viewer               = get_current_user_id();
		list( $rows, $total ) = $this->lists->search(
			array(
				'viewer'       => $viewer,
				'scope'        => $scope,
				'media_type'   => $args->media_type,
				'author'       => $args->author,
				'slug'         => $args->slug,
				'tag'          => $args->tag,
				'category'     => $args->category,
				's'            => $args->s,
				'orderby'      => $args->orderby,
				'group_covers' => $args->group_covers,
				'page'         => $args->page,
				'per_page'     => $args->per_page,
			)
		);
		return new MVS_Page( $this->presenter->items( $rows, $viewer ), $total );
	}
}
