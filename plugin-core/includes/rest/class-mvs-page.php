<?php
/**
 * One page of a list, as handlers return it.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Items of the requested page plus the total the caller may see; the
 * controller turns it into the body (plain list or envelope) and headers.
 */
final class MVS_Page {

	/**
	 * Items of this page, ready to serialise.
	 *
	 * @var array
	 */
	public $items;

	/**
	 * Number of items across all pages visible to the caller.
	 *
	 * @var int
	 */
	public $total;

	/**
	 * Builds a page.
	 *
	 * @param array $items Items of this page.
	 * @param int   $total Total across pages.
	 */
	public function __construct( array $items, int $total ) {
		$this->items = $items;
		$this->total = $total;
	}
}
