<?php
/**
 * A rule that narrows who may see a media item.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A restricting rule of the visibility policy (MVS_Media_Visibility),
 * registered on the mvs_visibility_rules filter: the access rules of a
 * media item, a purchase, a plan. It can only hide: the policy ANDs it with
 * the core rules for everyone but the owner and moderators. It answers for
 * one row and, identically, as SQL, so lists and counts agree with item
 * reads. See docs/file-delivery.md, "One visibility policy".
 */
interface MVS_Visibility_Rule {

	/**
	 * Whether the rule lets the viewer see the row (false hides it).
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @return bool
	 */
	public function allows( $row, int $viewer_id ): bool;

	/**
	 * The same as a condition on mvs_media, true exactly for the rows
	 * allows() accepts.
	 *
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @param string $alias     Alias of mvs_media in the query.
	 * @return array{0: string, 1: array} SQL with placeholders, and its arguments.
	 */
	public function predicate( int $viewer_id, string $alias ): array;

	/**
	 * Whether the lean /serve entry can run allows(): WordPress without
	 * plugins (no filters, no capabilities), the class autoloaded by the
	 * core plugin and built without arguments. False: while the rule is
	 * registered the lean entry hands every request to WordPress.
	 *
	 * @return bool
	 */
	public function lean_safe(): bool;
}
