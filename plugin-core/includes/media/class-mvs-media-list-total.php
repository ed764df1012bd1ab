<?php
/**
 * The total of a media list from the per-key counts.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Answers the total of a media list from mvs_media_totals instead of
 * counting rows, where its keys cover the filters (docs/list-totals.md).
 * It builds the statement; MVS_Media_List_Query prepares and runs it.
 */
final class MVS_Media_List_Total {

	/**
	 * The total as one statement on mvs_media_totals, when the filters are
	 * ones it keys (media_type, one tag or category) and it is complete: a
	 * SUM over a few primary-key rows, minus the items of authors the viewer
	 * blocked or was blocked by (a COUNT bounded by those authors' items),
	 * plus the viewer's own items the community keys do not hold (bounded by
	 * the viewer's items), corrected over the items with access rules or
	 * grants (bounded by those). Other filters count rows (docs/list-totals.md).
	 *
	 * @param array  $query       Sanitized parameters (see MVS_Media_List_Query::search()).
	 * @param string $filter_sql  The filters as " AND …" on alias m.
	 * @param array  $filter_args Their arguments.
	 * @return array{0: string, 1: array}|null SQL and arguments, or null to count rows.
	 */
	public function statement( array $query, string $filter_sql, array $filter_args ): ?array {
		global $wpdb;
		$scope   = (string) $query['scope'];
		$viewer  = (int) $query['viewer'];
		$unkeyed = ! empty( $query['author'] ) || ! empty( $query['slug'] ) || ! empty( $query['upload_group'] ) || ! empty( $query['group_covers'] )
			|| ( isset( $query['s'] ) && '' !== $query['s'] ) || ( ! empty( $query['tag'] ) && ! empty( $query['category'] ) );
		// The keys count by privacy alone: registered visibility rules need the items themselves.
		if ( 'mine' === $scope || $unkeyed || ! MVS_Media_Totals::ready() || MVS_Visibility_Rules::any() ) {
			return null;
		}
		$term_sql  = '( 0 )';
		$term_args = array();
		foreach ( array(
			'tag'      => 'mvs_tag',
			'category' => 'mvs_category',
		) as $param => $taxonomy ) {
			if ( ! empty( $query[ $param ] ) ) {
				// Every term of that slug, as the page's EXISTS matches them: concurrent first
				// uses of a new tag name can leave two terms with one slug, and a scalar
				// `= ( SELECT … )` then failed ("more than 1 row") and answered a total of 0.
				// No such term: no key matches, and the sum is 0.
				$term_sql  = "( SELECT tt.term_taxonomy_id FROM {$wpdb->term_taxonomy} tt INNER JOIN {$wpdb->terms} t ON t.term_id = tt.term_id WHERE tt.taxonomy = %s AND t.slug = %s )";
				$term_args = array( $taxonomy, $query[ $param ] );
			}
		}
		$keys = "SELECT COALESCE( SUM(k.items), 0 ) FROM {$wpdb->mvs_media_totals} k WHERE k.term_taxonomy_id IN {$term_sql}";
		$args = $term_args;
		if ( ! empty( $query['media_type'] ) ) {
			$keys  .= ' AND k.media_type = %s';
			$args[] = $query['media_type'];
		}
		if ( 'all' === $scope && MVS_Media_Visibility::is_privileged( $viewer ) ) {
			return array( "SELECT ( {$keys} )", $args );
		}
		$privacies = MVS_Media_Visibility::community_branches( $viewer, 'k', false, false );
		$keys     .= ' AND ( ' . implode( ' OR ', array_column( $privacies, 0 ) ) . ' )';
		$args      = array_merge( $args, ...array_column( $privacies, 1 ) );
		$sql       = "SELECT ( {$keys} )";
		$blocked   = MVS_Media_Visibility::blocked_ids( $viewer );
		if ( $blocked ) {
			$unblocked = MVS_Media_Visibility::community_branches( $viewer, 'm', false, false );
			$sql      .= " - ( SELECT COUNT(*) FROM {$wpdb->mvs_media} m WHERE m.author_id IN (" . implode( ', ', array_fill( 0, count( $blocked ), '%d' ) ) . ')'
				. ' AND ( ' . implode( ' OR ', array_column( $unblocked, 0 ) ) . " ){$filter_sql} )";
			$args      = array_merge( $args, $blocked, ...array_column( $unblocked, 1 ) );
			$args      = array_merge( $args, $filter_args );
		}
		if ( 'all' === $scope && $viewer > 0 ) {
			$community = MVS_Media_Visibility::community_predicate( $viewer, 'm', false );
			$sql      .= " + ( SELECT COUNT(*) FROM {$wpdb->mvs_media} m WHERE m.author_id = %d AND NOT {$community[0]}{$filter_sql} )";
			$args      = array_merge( $args, array( $viewer ), $community[1], $filter_args );
		}
		if ( MVS_Visibility_Rules::scoped() ) {
			// The keys know nothing of access rules and grants: correct them over the
			// flagged items (the access_scoped index; docs/access-rules-and-grants.md).
			list( $delta, $delta_args )   = MVS_Scoped_Correction::delta( $viewer, 'm', 'all' === $scope && $viewer > 0 );
			list( $source, $source_args ) = MVS_Scoped_Correction::source( $viewer, 'm' );
			$sql                         .= " + ( SELECT COALESCE( SUM( {$delta} ), 0 ) FROM {$source} WHERE m.access_scoped = 1{$filter_sql} )";
			$args                         = array_merge( $args, $delta_args, $source_args, $filter_args );
		}
		return array( $sql, $args );
	}
}
