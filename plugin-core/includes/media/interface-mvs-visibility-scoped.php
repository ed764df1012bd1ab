<?php
/**
 * Marks a visibility rule or grant that decides only flagged items.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A rule (MVS_Visibility_Rule) or grant (MVS_Visibility_Grant) that decides
 * only items whose mvs_media.access_scoped is 1, and leaves every other item
 * exactly as the core rules decide it: allows() is true, grants() false,
 * and the SQL says the same. The policy relies on it in two places: the
 * keyed totals stay on, corrected by a live count over the flagged items
 * (docs/list-totals.md), and the lean /serve entry hands every flagged item
 * to WordPress. Whoever writes what such a rule reads sets the flag in the
 * same transaction. docs/access-rules-and-grants.md.
 */
interface MVS_Visibility_Scoped {
}
