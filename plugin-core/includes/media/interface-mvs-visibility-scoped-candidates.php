<?php
/**
 * Narrows a scoped rule's or grant's correction to the items it may change.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A scoped rule or grant (MVS_Visibility_Scoped) that can name, for one
 * viewer, the flagged items whose visibility it may decide otherwise than
 * the keys do: the keyed totals then correct over those items only, not over
 * every flagged item (MVS_Scoped_Correction::source()). A flagged item
 * it does not name must be one it leaves to the core rules for this viewer.
 * Without this interface the correction reads every flagged item.
 * docs/access-rules-and-grants.md, "Performance".
 */
interface MVS_Visibility_Scoped_Candidates extends MVS_Visibility_Scoped {

	/**
	 * A SELECT of one column, media_id: a superset of the flagged items whose
	 * visibility to the viewer this rule or grant may change.
	 *
	 * @param int $viewer_id Viewer (0 when anonymous).
	 * @return array{0: string, 1: array} SQL with placeholders, and its arguments.
	 */
	public function scoped_candidates( int $viewer_id ): array;
}
