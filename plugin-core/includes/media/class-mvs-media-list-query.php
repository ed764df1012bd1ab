<?php
/**
 * The list queries of media: GET /media, GET /me/media and a gallery group.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Builds and runs the page-and-total statement of a media list, restricted
 * to what the viewer may see. A list costs one query (two for a page past
 * the last) whatever its size; MVS_Media_Page_Loader adds one for what the
 * items carry.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- every fragment is built from placeholders and passed through prepare().
 */
final class MVS_Media_List_Query {

	/**
	 * The total from the per-key counts, where they answer it.
	 *
	 * @var MVS_Media_List_Total
	 */
	private $total;

	/**
	 * Wires the collaborator.
	 *
	 * @param MVS_Media_List_Total|null $total The total from mvs_media_totals.
	 */
	public function __construct( ?MVS_Media_List_Total $total = null ) {
		$this->total = $total ? $total : new MVS_Media_List_Total();
	}

	/**
	 * Sort clauses per orderby value; extend with the mvs_media_orderby_sql filter.
	 *
	 * @return array<string, string>
	 */
	private static function order_clauses(): array {
		/**
		 * Filters the ORDER BY clause of each orderby value of GET /media
		 * (pair with mvs_feed_sort_options). Columns use the alias m.
		 *
		 * @param array<string, string> $clauses orderby value => SQL.
		 */
		return (array) apply_filters(
			'mvs_media_orderby_sql',
			array(
				'date'     => 'm.id DESC',
				'popular'  => 'm.views DESC, m.id DESC',
				'trending' => 'm.trending_score DESC, m.id DESC',
			)
		);
	}

	/**
	 * A page of rows and the total, filtered and restricted to what the viewer may see.
	 *
	 * Visibility is a union of disjoint branches (see visibility_branches()).
	 * One branch is one indexed WHERE clause. Two branches are never ORed in
	 * one WHERE, which would defeat both indexes on MariaDB (a full scan); they
	 * are queried separately inside one UNION ALL and one sum of counts, so a
	 * page costs one query (two for a page past the last, whose total has no
	 * row to ride on).
	 *
	 * @param array $query {
	 *     Sanitized parameters of GET /media.
	 *
	 *     @type int    $viewer   Viewer ID (0 when anonymous).
	 *     @type string $scope    public | all | mine.
	 *     @type string $media_type, $slug, $tag, $category, $s, $orderby.
	 *     @type int    $author, $page, $per_page.
	 *     @type bool   $group_covers
	 * }
	 * @return array{0: object[], 1: int} Rows and total.
	 */
	public function search( array $query ): array {
		global $wpdb;
		list( $filter_sql, $filter_args ) = $this->filters( $query );

		$clauses  = self::order_clauses();
		$order    = $clauses[ $query['orderby'] ] ?? $clauses['date'];
		$per_page = max( 1, (int) $query['per_page'] );
		$offset   = ( max( 1, (int) $query['page'] ) - 1 ) * $per_page;

		$selects    = array();
		$counts     = array();
		$args       = array();
		$count_args = array();
		$branches   = self::visibility_branches( (string) $query['scope'], (int) $query['viewer'] );
		$type_hint  = self::type_index_hint( $query, $order === $clauses['date'] );
		$listed     = $this->term_listing( $query, $order );
		// Each branch as one or more (FROM … WHERE …, arguments, ORDER BY).
		$parts = array();
		foreach ( $branches as $branch ) {
			list( $where, $where_args, $keyed ) = $branch;

			$counts[]   = "( SELECT COUNT(*) FROM {$wpdb->mvs_media} m WHERE {$where}{$filter_sql} )";
			$count_args = array_merge( $count_args, $where_args, $filter_args );
			if ( isset( $listed[ $where ] ) ) {
				// The same branch on the term's listing rows (see term_listing()).
				foreach ( $listed[ $where ] as $part ) {
					$parts[] = array( $part[0], $part[1], 'k.media_id DESC' );
				}
				continue;
			}
			$parts[] = array( "{$wpdb->mvs_media} m" . ( $keyed ? $type_hint : '' ) . " WHERE {$where}{$filter_sql}", array_merge( $where_args, $filter_args ), $order );
		}
		$totals = $this->total->statement( $query, $filter_sql, $filter_args );
		if ( $totals ) {
			list( $count_sql, $count_args ) = $totals;

		} else {
			$count_sql = 'SELECT ' . implode( ' + ', $counts );
		}
		// The total rides on the page's rows as a scalar subquery (MariaDB
		// evaluates it once): one statement, one round trip fewer on the
		// hottest route. A page past the end has no row to carry it.
		$head   = "SELECT m.*, ( {$count_sql} ) AS mvs_total FROM ";
		$args   = $count_args;
		$single = 1 === count( $parts );
		// Several parts: each hands up only the keys of its candidates (id and
		// the order's columns), the outer query picks the page among them, and
		// only the page's rows are read whole, by primary key. Whole rows in
		// the derived tables cost three times as much: their TEXT columns
		// put every candidate in an on-disk temporary table.
		$keys = self::sort_keys( $order );
		foreach ( $parts as $part ) {
			list( $from, $from_args, $sort ) = $part;

			$selects[] = $single
				? "{$head}{$from} ORDER BY {$sort} LIMIT %d OFFSET %d"
				: "SELECT * FROM ( SELECT {$keys} FROM {$from} ORDER BY {$sort} LIMIT %d ) b" . count( $selects );
			$args      = array_merge( $args, $from_args, $single ? array( $per_page, $offset ) : array( $offset + $per_page ) );
		}
		$rows_sql = $single
			? $selects[0]
			: $head . '( SELECT ' . self::realias( $keys, 'u' ) . ' FROM ( ' . implode( ' UNION ALL ', $selects ) . ' ) u'
				. ' ORDER BY ' . self::realias( $order, 'u' ) . ' LIMIT %d OFFSET %d )'
				. " p INNER JOIN {$wpdb->mvs_media} m ON m.id = p.id ORDER BY " . self::realias( $order, 'p' );
		if ( ! $single ) {
			$args[] = $per_page;
			$args[] = $offset;
		}
		$rows = (array) $wpdb->get_results( $wpdb->prepare( $rows_sql, $args ) );
		if ( ! $rows ) {
			// prepare() insists on at least one placeholder; the anonymous public list has none.
			return array( array(), (int) $wpdb->get_var( $count_args ? $wpdb->prepare( $count_sql, $count_args ) : $count_sql ) );
		}
		$total = (int) $rows[0]->mvs_total;
		foreach ( $rows as $row ) {
			unset( $row->mvs_total );
		}
		return array( $rows, $total );
	}

	/**
	 * The columns a page's candidates are sorted by: id (the tie-break of
	 * every order, and the key the page's rows are read by) and each column
	 * of alias m the ORDER BY names, as a select list on m.
	 *
	 * @param string $order ORDER BY clause on alias m.
	 * @return string
	 */
	private static function sort_keys( string $order ): string {
		preg_match_all( '/\bm\.([A-Za-z0-9_]+)/', $order, $named );
		$columns = array_values( array_unique( array_merge( array( 'id' ), $named[1] ) ) );
		return 'm.' . implode( ', m.', $columns );
	}

	/**
	 * A clause on alias m, on another alias.
	 *
	 * @param string $sql   SQL naming columns as m.column.
	 * @param string $alias The alias to name them with.
	 * @return string
	 */
	private static function realias( string $sql, string $alias ): string {
		return (string) preg_replace( '/\bm\./', $alias . '.', $sql );
	}

	/**
	 * The community branches of a tag or category page, on the per-term
	 * listing (MVS_Media_Term_Index), where the EXISTS over term_relationships
	 * gathered and sorted every item of the term (docs/list-totals.md).
	 *
	 * Each branch becomes two parts. The first reads the slug's first term:
	 * one range of the listing's primary key (term, status, privacy, id), or
	 * of (term, type, status, privacy, id) with media_type, in id order,
	 * stopping after the page, each entry joined to mvs_media by primary key.
	 * Its term is a scalar subquery, a constant to the optimizer: an IN
	 * (subquery) is flattened into a join that sorts every entry. The second
	 * reads any further term of the slug (concurrent first uses of a tag name
	 * can leave two) and, as there is usually none, costs a few key reads.
	 *
	 * Only where that plan is exact and cheaper: date order, the listing
	 * complete, no author filter (the author index bounds that one better).
	 * The other branches (a member's own items in scope=all, a moderator's
	 * whole site, scope=mine) keep the EXISTS, bounded by what they read.
	 *
	 * @param array  $query Sanitized parameters (see search()).
	 * @param string $order The ORDER BY clause of the request.
	 * @return array<string, array<int, array{0: string, 1: array}>> Per community branch (keyed by its WHERE on m), its parts as FROM … WHERE … and arguments.
	 */
	private function term_listing( array $query, string $order ): array {
		global $wpdb;
		$param = ! empty( $query['tag'] ) ? 'tag' : ( ! empty( $query['category'] ) ? 'category' : '' );
		// The listing keys by privacy alone: registered visibility rules need the items themselves.
		if ( '' === $param || 'm.id DESC' !== $order || ! empty( $query['author'] ) || 'mine' === $query['scope'] || ! MVS_Media_Totals::ready() || MVS_Visibility_Rules::any() ) {
			return array();
		}
		$viewer = (int) $query['viewer'];
		// The other filters, on the joined row (media_type too: the listing's copy
		// picks the range, the item's own column decides); the listed term is the range itself.
		$rest                         = $query;
		$rest[ $param ]               = '';
		list( $rest_sql, $rest_args ) = $this->filters( $rest );

		$terms      = "FROM {$wpdb->term_taxonomy} tt INNER JOIN {$wpdb->terms} t ON t.term_id = tt.term_id WHERE tt.taxonomy = %s AND t.slug = %s";
		$terms_args = array( 'tag' === $param ? 'mvs_tag' : 'mvs_category', $query[ $param ] );
		$first      = "SELECT MIN(tt.term_taxonomy_id) {$terms}";
		$others     = "SELECT tt.term_taxonomy_id {$terms} AND tt.term_taxonomy_id > ( {$first} )";
		$heads      = array(
			array( "k.term_taxonomy_id = ( {$first} )", $terms_args ),
			array( "k.term_taxonomy_id IN ( {$others} )", array_merge( $terms_args, $terms_args ) ),
		);
		$type       = '';
		$type_args  = array();
		if ( ! empty( $query['media_type'] ) ) {
			$type      = ' AND k.media_type = %s';
			$type_args = array( $query['media_type'] );
		}
		$on_media = MVS_Media_Visibility::community_branches( $viewer );
		// The listing copies the keys, not access_scoped: the scoped grants' branch
		// (no privacy range of its own) keeps the EXISTS, on the access_scoped index.
		$on_index = MVS_Media_Visibility::community_branches( $viewer, 'k', true, false );
		$listed   = array();
		foreach ( array_intersect_key( $on_media, $on_index ) as $i => $branch ) {
			foreach ( $heads as $head ) {
				$listed[ $branch[0] ][] = array(
					// The branch again on the item itself: the listing's copies pick the
					// range, the item's own columns decide, so a listing row that has
					// not caught up with a write can hide an item but never show one.
					"{$wpdb->mvs_media_term_index} k INNER JOIN {$wpdb->mvs_media} m ON m.id = k.media_id WHERE {$head[0]}{$type} AND {$on_index[ $i ][0]} AND {$branch[0]}{$rest_sql}",
					array_merge( $head[1], $type_args, $on_index[ $i ][1], $branch[1], $rest_args ),
				);
			}
		}
		return $listed;
	}

	/**
	 * What the viewer may see in a scope, as disjoint WHERE clauses.
	 *
	 * @param string $scope  public | all | mine.
	 * @param int    $viewer Viewer ID.
	 * @return array<int, array{0: string, 1: array, 2: bool}> Clause, arguments, and
	 *         whether the clause fixes moderation_status and privacy (a community branch).
	 */
	private static function visibility_branches( string $scope, int $viewer ): array {
		if ( 'mine' === $scope ) {
			return array( array( 'm.author_id = %d', array( $viewer ), false ) );
		}
		if ( 'all' === $scope && MVS_Media_Visibility::is_privileged( $viewer ) ) {
			return array( array( '1=1', array(), false ) );
		}
		$branches = array();
		foreach ( MVS_Media_Visibility::community_branches( $viewer ) as $branch ) {
			// The grants' branch picks its own index (access_scoped): no type hint.
			$branches[] = array( $branch[0], $branch[1], $branch[2] );
		}
		if ( 'all' !== $scope || $viewer <= 0 ) {
			return $branches;
		}
		// The viewer's own items that the community branches do not already hold.
		$community  = MVS_Media_Visibility::community_predicate( $viewer );
		$branches[] = array( "m.author_id = %d AND NOT {$community[0]}", array_merge( array( $viewer ), $community[1] ), false );
		return $branches;
	}

	/**
	 * The index hint for a community branch of a media_type filtered page in
	 * date order, or ''.
	 *
	 * type_visibility (media_type, moderation_status, privacy, id) answers such
	 * a branch by reading exactly the page's entries in order. MariaDB does not
	 * always see it: for a common type (70 % of a seeded table) it intersects
	 * the visibility and type_visibility indexes (index_merge) and sorts every
	 * matching row before the LIMIT, a cost that grows with the table (2.6 s at
	 * a million items). Other filters that pick their own index (author, slug,
	 * upload group, tag, category) keep the optimizer's choice; SQLite's
	 * translator takes no MySQL index hints.
	 *
	 * @param array $query   Sanitized parameters (see search()).
	 * @param bool  $by_date Whether the page is in date (id) order.
	 * @return string
	 */
	private static function type_index_hint( array $query, bool $by_date ): string {
		if ( ! $by_date || empty( $query['media_type'] ) || MVS_Db::is_sqlite() ) {
			return '';
		}
		foreach ( array( 'author', 'slug', 'upload_group', 'tag', 'category' ) as $own_index ) {
			if ( ! empty( $query[ $own_index ] ) ) {
				return '';
			}
		}
		return ' USE INDEX (type_visibility)';
	}

	/**
	 * Everything the viewer may see in a scope as one predicate on another
	 * alias (for correlated subqueries, where an OR over a handful of rows of
	 * one group costs nothing).
	 *
	 * @param string $alias  Table alias.
	 * @param string $scope  public | all | mine.
	 * @param int    $viewer Viewer ID.
	 * @return array{0: string, 1: array}
	 */
	private static function visible_to( string $alias, string $scope, int $viewer ): array {
		if ( 'mine' === $scope ) {
			return array( "{$alias}.author_id = %d", array( $viewer ) );
		}
		if ( 'all' === $scope && MVS_Media_Visibility::is_privileged( $viewer ) ) {
			return array( '1=1', array() );
		}
		$community = MVS_Media_Visibility::community_predicate( $viewer, $alias );
		if ( 'all' !== $scope || $viewer <= 0 ) {
			return $community;
		}
		return array( "( {$community[0]} OR {$alias}.author_id = %d )", array_merge( $community[1], array( $viewer ) ) );
	}

	/**
	 * The request's filters as SQL appended to a visibility clause.
	 *
	 * @param array $query Sanitized parameters (see search()).
	 * @return array{0: string, 1: array} " AND ..." fragments and their arguments.
	 */
	private function filters( array $query ): array {
		global $wpdb;
		$where = array();
		$args  = array();
		if ( ! empty( $query['media_type'] ) ) {
			$where[] = 'm.media_type = %s';
			$args[]  = $query['media_type'];
		}
		if ( ! empty( $query['author'] ) ) {
			$where[] = 'm.author_id = %d';
			$args[]  = (int) $query['author'];
		}
		if ( ! empty( $query['slug'] ) ) {
			$where[] = 'm.slug = %s';
			$args[]  = $query['slug'];
		}
		foreach ( array(
			'tag'      => 'mvs_tag',
			'category' => 'mvs_category',
		) as $param => $taxonomy ) {
			if ( empty( $query[ $param ] ) ) {
				continue;
			}
			$where[] = "EXISTS ( SELECT 1 FROM {$wpdb->term_relationships} tr"
				. " INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id"
				. " INNER JOIN {$wpdb->terms} t ON t.term_id = tt.term_id"
				. ' WHERE tr.object_id = m.id AND tt.taxonomy = %s AND t.slug = %s )';
			$args[]  = $taxonomy;
			$args[]  = $query[ $param ];
		}
		if ( isset( $query['s'] ) && '' !== $query['s'] ) {
			$like    = '%' . $wpdb->esc_like( $query['s'] ) . '%';
			$where[] = '( m.title LIKE %s OR m.description LIKE %s )';
			$args[]  = $like;
			$args[]  = $like;
		}
		if ( ! empty( $query['upload_group'] ) ) {
			$where[] = 'm.upload_group = %s';
			$args[]  = (string) $query['upload_group'];
		}
		if ( ! empty( $query['group_covers'] ) ) {
			// One cover per gallery group: its first item *the viewer may see*
			// (a private first item must neither show nor hide the group);
			// ungrouped items stay.
			list( $seen, $seen_args ) = self::visible_to( 'g', (string) ( $query['scope'] ?? 'public' ), (int) ( $query['viewer'] ?? 0 ) );

			$where[] = "( m.upload_group = '' OR m.id = ( SELECT MIN(g.id) FROM {$wpdb->mvs_media} g WHERE g.upload_group = m.upload_group AND {$seen} ) )";
			$args    = array_merge( $args, $seen_args );
		}
		return array( $where ? ' AND ' . implode( ' AND ', $where ) : '', $args );
	}
}
