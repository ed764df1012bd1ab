<?php
/**
 * The live correction keyed totals add for scoped rules and grants.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Keyed totals (list totals, tag counts) count by privacy alone; items
 * flagged access_scoped may be shown or hidden by access rules and grants,
 * which the keys cannot know. This class gives the per-row correction and
 * the rows it must read. docs/access-rules-and-grants.md, "Performance".
 */
final class MVS_Scoped_Correction {

	/**
	 * The rows a keyed total's correction reads, as a FROM source on mvs_media
	 * aliased $alias (the caller adds `$alias.access_scoped = 1`): the flagged
	 * items that the registered scoped rules and grants name as candidates
	 * for this viewer (MVS_Visibility_Scoped_Candidates), or every flagged
	 * item when one of them names none. At the bench's 1M items, 1,529 items
	 * were flagged and a visitor's candidates are the 500 with rules.
	 *
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @param string $alias     Alias of mvs_media.
	 * @return array{0: string, 1: array} FROM source, and its arguments.
	 */
	public static function source( int $viewer_id, string $alias ): array {
		global $wpdb;
		$selects = array();
		$args    = array();
		foreach ( array_merge( MVS_Visibility_Rules::restrictions(), MVS_Visibility_Rules::grants() ) as $entry ) {
			if ( ! $entry instanceof MVS_Visibility_Scoped || isset( $selects[ spl_object_id( $entry ) ] ) ) {
				continue;
			}
			if ( ! $entry instanceof MVS_Visibility_Scoped_Candidates ) {
				return array( "{$wpdb->mvs_media} {$alias}", array() );
			}
			list( $sql, $sql_args )             = $entry->scoped_candidates( $viewer_id );
			$selects[ spl_object_id( $entry ) ] = $sql;
			$args                               = array_merge( $args, $sql_args );
		}
		if ( ! $selects ) {
			return array( "{$wpdb->mvs_media} {$alias}", array() );
		}
		return array( '( ' . implode( ' UNION ', $selects ) . " ) {$alias}_candidates INNER JOIN {$wpdb->mvs_media} {$alias} ON {$alias}.id = {$alias}_candidates.media_id", $args );
	}

	/**
	 * What keyed totals miss on the items flagged access_scoped, as a per-row
	 * number to SUM over them: 1 where the viewer sees the row under the
	 * whole policy, minus 1 where the keys (privacy, moderation, blocks, the
	 * viewer's own items) counted it. Zero on every row when no scoped rule
	 * or grant is registered. docs/list-totals.md, "Access rules and grants".
	 *
	 * @param int    $viewer_id Viewer (0 when anonymous; never a moderator, whose keys need no correction).
	 * @param string $alias     Table alias of mvs_media.
	 * @param bool   $own       Whether the count includes the viewer's own items (scope "all").
	 * @return array{0: string, 1: array} SQL expression with placeholders, and its arguments.
	 */
	public static function delta( int $viewer_id, string $alias, bool $own ): array {
		$full = $own ? MVS_Media_Visibility::viewer_predicate( $viewer_id, $alias ) : MVS_Media_Visibility::community_predicate( $viewer_id, $alias );
		$keys = $own ? MVS_Media_Visibility::viewer_predicate( $viewer_id, $alias, false ) : MVS_Media_Visibility::community_predicate( $viewer_id, $alias, false );
		return array( "( CASE WHEN {$full[0]} THEN 1 ELSE 0 END - CASE WHEN {$keys[0]} THEN 1 ELSE 0 END )", array_merge( $full[1], $keys[1] ) );
	}
}
