<?php
/**
 * GET /users/{id}/activity.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_User_Activity_Handler: one member's events
 * as the caller may see them now (docs/activity-and-feed.md).
 */
final class MVS_User_Activity_Service implements MVS_User_Activity_Handler {

	/**
	 * Events' data access.
	 *
	 * @var MVS_Activity_Query
	 */
	private $query;

	/**
	 * Response shaping.
	 *
	 * @var MVS_Activity_Presenter
	 */
	private $presenter;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Activity_Query|null     $query     Events' data access.
	 * @param MVS_Activity_Presenter|null $presenter Response shaping.
	 */
	public function __construct( ?MVS_Activity_Query $query = null, ?MVS_Activity_Presenter $presenter = null ) {
		$this->query     = $query ? $query : new MVS_Activity_Query();
		$this->presenter = $presenter ? $presenter : new MVS_Activity_Presenter();
	}

	/**
	 * GET /users/{id}/activity.
	 *
	 * @param MVS_List_User_Activity_Args $args Arguments.
	 * @return MVS_Page|WP_Error
	 */
	public function list_user_activity( MVS_List_User_Activity_Args $args ) {
		$viewer  = get_current_user_id();
		$missing = MVS_Member_Lookup::check( $args->id, $viewer );
		if ( $missing ) {
			return $missing;
		}
		list( $rows, $total ) = $this->query->page( 'user', $args->id, $viewer, $args->page, $args->per_page );
		return new MVS_Page( $this->presenter->events( $rows, $viewer ), $total );
	}
}
