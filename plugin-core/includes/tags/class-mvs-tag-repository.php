<?php
/**
 * Data access for tags: counts restricted to the media the caller may see.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads mvs_tag terms with a per-viewer usage count computed in SQL
 * (term_relationships joined with mvs_media under the visibility
 * predicate), never WordPress's stored term count, which includes private
 * and pending items; non-privileged viewers see only tags on items they may
 * see (visible_condition()). Writes go through the taxonomy API, except the merge,
 * which moves relationships in two statements.
 *
 * phpcs:disable WordPress.DB.DirectDatabaseQuery -- per-viewer counts cannot be cached globally.
 * phpcs:disable WordPress.DB.PreparedSQL.NotPrepared -- every fragment is built from placeholders and passed through prepare().
 */
final class MVS_Tag_Repository {

	const TAXONOMY = 'mvs_tag';

	/**
	 * Column expression counting a term's items the viewer may see.
	 *
	 * @param int $viewer Viewer.
	 * @return array{0: string, 1: array}
	 */
	private static function count_column( int $viewer ): array {
		global $wpdb;
		list( $where, $args ) = MVS_Media_Visibility::viewer_predicate( $viewer, 'm' );
		return array(
			"( SELECT COUNT(*) FROM {$wpdb->term_relationships} r INNER JOIN {$wpdb->mvs_media} m ON m.id = r.object_id WHERE r.term_taxonomy_id = tt.term_taxonomy_id AND {$where} ) AS use_count",
			$args,
		);
	}

	/**
	 * Condition keeping only tags on at least one item the viewer may see:
	 * a tag's name is content, so the tags of a private item are as private
	 * as the item. Privileged viewers (who see every item) see every tag,
	 * unused ones too, since they merge and tidy them.
	 *
	 * A scalar subquery with LIMIT 1, per tag, stops at the tag's first
	 * visible item. Written as EXISTS, MariaDB turned it into a semi-join
	 * that first collected every visible item of the site (a walk of the
	 * whole visibility index: 1.4 s at 200,000 items, for the total alone).
	 *
	 * @param int $viewer Viewer.
	 * @return array{0: string, 1: array} SQL ('' for none) and its arguments.
	 */
	private static function visible_condition( int $viewer ): array {
		global $wpdb;
		if ( MVS_Media_Visibility::is_privileged( $viewer ) ) {
			return array( '', array() );
		}
		list( $where, $args ) = MVS_Media_Visibility::viewer_predicate( $viewer, 'vm' );
		return array(
			" AND ( SELECT 1 FROM {$wpdb->term_relationships} vr INNER JOIN {$wpdb->mvs_media} vm ON vm.id = vr.object_id WHERE vr.term_taxonomy_id = tt.term_taxonomy_id AND {$where} LIMIT 1 ) IS NOT NULL",
			$args,
		);
	}

	/**
	 * A page of tags and the total: two queries.
	 *
	 * @param array $query viewer, search, orderby (name|count), page, per_page.
	 * @return array{0: object[], 1: int}
	 */
	public function search( array $query ): array {
		global $wpdb;
		$where = 'tt.taxonomy = %s';
		$args  = array( self::TAXONOMY );
		if ( isset( $query['search'] ) && '' !== (string) $query['search'] ) {
			$where .= ' AND t.name LIKE %s';
			$args[] = '%' . $wpdb->esc_like( (string) $query['search'] ) . '%';
		}
		list( $visible, $visible_args ) = self::visible_condition( (int) $query['viewer'] );
		$where                         .= $visible;
		$args                           = array_merge( $args, $visible_args );

		$order    = 'count' === $query['orderby'] ? 'use_count DESC, t.name ASC' : 't.name ASC, t.term_id ASC';
		$per_page = max( 1, (int) $query['per_page'] );
		$offset   = ( max( 1, (int) $query['page'] ) - 1 ) * $per_page;

		list( $count, $count_args ) = self::count_column( (int) $query['viewer'] );
		$from                       = "FROM {$wpdb->terms} t INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_id = t.term_id WHERE {$where}";
		$rows                       = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT t.term_id, t.name, t.slug, {$count} {$from} ORDER BY {$order} LIMIT %d OFFSET %d",
				array_merge( $count_args, $args, array( $per_page, $offset ) )
			)
		);
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) {$from}", $args ) );
		return array( $rows ? $rows : array(), $total );
	}

	/**
	 * One tag with its count for the viewer, or null.
	 *
	 * @param int $term_id Term ID.
	 * @param int $viewer  Viewer.
	 * @return object|null
	 */
	public function find( int $term_id, int $viewer ) {
		global $wpdb;
		list( $count, $count_args ) = self::count_column( $viewer );
		return $wpdb->get_row(
			$wpdb->prepare(
				"SELECT t.term_id, t.name, t.slug, tt.term_taxonomy_id, {$count} FROM {$wpdb->terms} t INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_id = t.term_id WHERE tt.taxonomy = %s AND t.term_id = %d",
				array_merge( $count_args, array( self::TAXONOMY, $term_id ) )
			)
		);
	}

	/**
	 * The oldest tag with this name or slug (the collation makes the name
	 * comparison case-insensitive, as WordPress's own duplicate check is).
	 *
	 * @param string $name Tag name.
	 * @param string $slug Tag slug.
	 * @return int Term ID, 0 when none.
	 */
	public function first_named( string $name, string $slug ): int {
		global $wpdb;
		return (int) $wpdb->get_var(
			$wpdb->prepare(
				"SELECT MIN(t.term_id) FROM {$wpdb->terms} t INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_id = t.term_id WHERE tt.taxonomy = %s AND ( t.name = %s OR t.slug = %s )",
				self::TAXONOMY,
				$name,
				$slug
			)
		);
	}

	/**
	 * The tag cloud: the most used tags among the items the viewer may see,
	 * in one grouped query. Tags used only on hidden items do not appear.
	 *
	 * @param int $viewer Viewer.
	 * @param int $limit  Most tags returned.
	 * @return object[]
	 */
	public function cloud( int $viewer, int $limit ): array {
		global $wpdb;
		list( $where, $args ) = MVS_Media_Visibility::viewer_predicate( $viewer, 'm' );
		$rows                 = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT t.term_id, t.name, t.slug, COUNT(*) AS use_count FROM {$wpdb->term_relationships} r"
				. " INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = r.term_taxonomy_id"
				. " INNER JOIN {$wpdb->terms} t ON t.term_id = tt.term_id"
				. " INNER JOIN {$wpdb->mvs_media} m ON m.id = r.object_id"
				. " WHERE tt.taxonomy = %s AND {$where}"
				. ' GROUP BY t.term_id, t.name, t.slug ORDER BY use_count DESC, t.name ASC LIMIT %d',
				array_merge( array( self::TAXONOMY ), $args, array( $limit ) )
			)
		);
		return $rows ? $rows : array();
	}

	/**
	 * Re-tags every item of the source with the target (items that already
	 * carry both keep one relationship), then removes the source's
	 * relationships. The caller wraps this in a transaction.
	 *
	 * @param int $source_tt Source term_taxonomy_id.
	 * @param int $target_tt Target term_taxonomy_id.
	 * @return array{ok: bool, objects: int[]} Whether both statements ran, and the re-tagged item IDs.
	 */
	public function move_relationships( int $source_tt, int $target_tt ): array {
		global $wpdb;
		$objects = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT object_id FROM {$wpdb->term_relationships} WHERE term_taxonomy_id = %d", $source_tt ) ) );
		$copied  = $wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$wpdb->term_relationships} (object_id, term_taxonomy_id, term_order)"
				. " SELECT s.object_id, %d, 0 FROM {$wpdb->term_relationships} s"
				. " WHERE s.term_taxonomy_id = %d AND NOT EXISTS ( SELECT 1 FROM {$wpdb->term_relationships} x WHERE x.object_id = s.object_id AND x.term_taxonomy_id = %d )",
				$target_tt,
				$source_tt,
				$target_tt
			)
		);
		$removed = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->term_relationships} WHERE term_taxonomy_id = %d", $source_tt ) );
		return array(
			'ok'      => false !== $copied && false !== $removed,
			'objects' => $objects,
		);
	}
}
