<?php
/**
 * GET /feed.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Feed_Handler: scope=public is the whole
 * site's activity, scope=following the caller's inbox (empty for visitors);
 * both as the caller may see them now (docs/activity-and-feed.md).
 */
final class MVS_Feed_Service implements MVS_Feed_Handler {

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
	 * GET /feed.
	 *
	 * @param MVS_Get_Feed_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function get_feed( MVS_Get_Feed_Args $args ) {
		$viewer = get_current_user_id();
		if ( 'following' === $args->scope && $viewer <= 0 ) {
			return new MVS_Page( array(), 0 );
		}
		$following            = 'following' === $args->scope;
		list( $rows, $total ) = $this->query->page( $following ? 'following' : 'public', $following ? $viewer : 0, $viewer, $args->page, $args->per_page );
		return new MVS_Page( $this->presenter->events( $rows, $viewer ), $total );
	}
}
