<?php
/**
 * The SQL behind GET /app/interests: top categories and their covers.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads the categories most used among the items a visitor may see, and
 * for each a cover: its newest image a visitor may see that no access rule
 * or grant scopes. Counts come from the maintained totals (the tag counts'
 * query, MVS_Tag_Repository::counts(), for viewer 0): their cost follows
 * the number of terms, not of items. docs/native-app.md, "Interests".
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- fragments are built from placeholders and passed through prepare(); the sniffs cannot follow them.
 */
final class MVS_App_Interests_Query {

	/**
	 * The contract's number of chips.
	 */
	const LIMIT = 40;

	/**
	 * The top categories by what a visitor sees, most used first.
	 *
	 * @return object[] Rows term_id, name, slug, term_taxonomy_id, use_count.
	 */
	public function top(): array {
		global $wpdb;
		list( $counts, $args ) = MVS_Tag_Repository::counts( 0 );
		$rows                  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT t.term_id, t.name, t.slug, tt.term_taxonomy_id, c.use_count FROM {$wpdb->terms} t INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_id = t.term_id"
				. " INNER JOIN ( {$counts} ) c ON c.term_taxonomy_id = tt.term_taxonomy_id WHERE tt.taxonomy = %s AND c.use_count > 0 ORDER BY c.use_count DESC, t.name ASC LIMIT %d",
				array_merge( $args, array( MVS_Taxonomies::CATEGORY, self::LIMIT ) )
			)
		);
		return $rows ? $rows : array();
	}

	/**
	 * Each category's cover item: one query, a backward range read per
	 * category on the relationships' term index, stopping at the first item
	 * that qualifies.
	 *
	 * @param int[] $term_taxonomy_ids Categories.
	 * @return array<int, int> term_taxonomy_id => media ID (categories without a cover are absent).
	 */
	public function covers( array $term_taxonomy_ids ): array {
		global $wpdb;
		if ( ! $term_taxonomy_ids ) {
			return array();
		}
		list( $where, $where_args ) = self::shown( 'm' );
		$parts                      = array();
		$args                       = array();
		foreach ( $term_taxonomy_ids as $tt ) {
			$parts[] = "( SELECT r.term_taxonomy_id AS tt, r.object_id AS id FROM {$wpdb->term_relationships} r INNER JOIN {$wpdb->mvs_media} m ON m.id = r.object_id"
				. " WHERE r.term_taxonomy_id = %d AND m.media_type = 'image' AND {$where} ORDER BY r.object_id DESC LIMIT 1 )";
			$args    = array_merge( $args, array( (int) $tt ), $where_args );
		}
		$covers = array();
		foreach ( (array) $wpdb->get_results( $wpdb->prepare( implode( ' UNION ALL ', $parts ), $args ) ) as $row ) {
			$covers[ (int) $row->tt ] = (int) $row->id;
		}
		return $covers;
	}

	/**
	 * Which of these items may still be a cover (one primary-key read each).
	 *
	 * @param int[] $ids Media IDs.
	 * @return int[]
	 */
	public function still_shown( array $ids ): array {
		global $wpdb;
		if ( ! $ids ) {
			return array();
		}
		list( $where, $where_args ) = self::shown( 'm' );
		$found                      = $wpdb->get_col(
			$wpdb->prepare(
				"SELECT m.id FROM {$wpdb->mvs_media} m WHERE m.id IN (" . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ") AND {$where}",
				array_merge( array_map( 'intval', $ids ), $where_args )
			)
		);
		return array_map( 'intval', (array) $found );
	}

	/**
	 * What a cover must be: an item a visitor may see (the shared policy for
	 * viewer 0: approved, public, every visibility rule) and no access rule
	 * or grant on it, so no cover depends on who asks.
	 *
	 * @param string $alias Table alias of mvs_media.
	 * @return array{0: string, 1: array}
	 */
	private static function shown( string $alias ): array {
		list( $where, $args ) = MVS_Media_Visibility::viewer_predicate( 0, $alias );
		return array( "{$alias}.access_scoped = 0 AND {$where}", $args );
	}
}
