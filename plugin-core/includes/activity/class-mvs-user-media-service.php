<?php
/**
 * GET /users/{id}/media.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_User_Media_Handler: GET /media?author={id}
 * with scope=all (what the caller may see of the member, their own hidden
 * items when it is the caller), through the same list query, totals and
 * presenter, so both routes always agree.
 */
final class MVS_User_Media_Service implements MVS_User_Media_Handler {

	/**
	 * List query.
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
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Media_List_Query|null $lists     List query.
	 * @param MVS_Media_Presenter|null  $presenter Response shaping.
	 */
	public function __construct( ?MVS_Media_List_Query $lists = null, ?MVS_Media_Presenter $presenter = null ) {
		$this->lists     = $lists ? $lists : new MVS_Media_List_Query();
		$this->presenter = $presenter ? $presenter : new MVS_Media_Presenter();
	}

	/**
	 * GET /users/{id}/media.
	 *
	 * @param MVS_List_User_Media_Args $args Arguments.
	 * @return MVS_Page|WP_Error
	 */
	public function list_user_media( MVS_List_User_Media_Args $args ) {
		$viewer  = get_current_user_id();
		$missing = MVS_Member_Lookup::check( $args->id, $viewer );
		if ( $missing ) {
			return $missing;
		}
		list( $rows, $total ) = $this->lists->search(
			array(
				'viewer'       => $viewer,
				'scope'        => 'all',
				'media_type'   => '',
				'author'       => $args->id,
				'slug'         => '',
				'tag'          => '',
				'category'     => '',
				's'            => '',
				'orderby'      => 'date',
				'group_covers' => false,
				'page'         => $args->page,
				'per_page'     => $args->per_page,
			)
		);
		return new MVS_Page( $this->presenter->items( $rows, $viewer ), $total );
	}
}
