<?php
/**
 * A grant that lets a viewer see a media item its privacy would hide.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A widening rule of the visibility policy (MVS_Media_Visibility), such as
 * per-user access grants, registered on the mvs_visibility_rules filter.
 * Implementing this interface is what allows a rule to widen: the policy
 * ORs it with the privacy rules only, so moderation and blocks still hold,
 * and restricting rules (MVS_Visibility_Rule) still apply. See
 * docs/file-delivery.md, "One visibility policy".
 */
interface MVS_Visibility_Grant {

	/**
	 * Whether the viewer is granted the row beyond its privacy.
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @return bool
	 */
	public function grants( $row, int $viewer_id ): bool;

	/**
	 * The same as a condition on mvs_media, true exactly for the rows
	 * grants() accepts; '' when it grants this viewer nothing (an anonymous
	 * one, say), which spares every list the grants' branch.
	 *
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @param string $alias     Alias of mvs_media in the query.
	 * @return array{0: string, 1: array} SQL with placeholders, and its arguments.
	 */
	public function grant_predicate( int $viewer_id, string $alias ): array;

	/**
	 * Whether the lean /serve entry can run grants() (see
	 * MVS_Visibility_Rule::lean_safe()). False: the lean entry ignores the
	 * grant and hands the granted viewer's URL to WordPress.
	 *
	 * @return bool
	 */
	public function lean_safe(): bool;
}
