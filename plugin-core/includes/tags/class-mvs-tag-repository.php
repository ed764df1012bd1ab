<?php
/**
 * Data access for tags: counts restricted to the media the caller may see.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads mvs_tag terms with a per-viewer usage count (counts(): from the
 * maintained mvs_media_totals keys the viewer may see, or counted under the
 * visibility predicate while they are rebuilt), never WordPress's stored
 * term count, which includes private and pending items; non-privileged
 * viewers see only tags on items they may see (from()). Writes go through
 * the taxonomy API, except the merge, which moves relationships in two
 * statements.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- every fragment is built from placeholders and passed through prepare().
 */
final class MVS_Tag_Repository {

	const TAXONOMY = 'mvs_tag';

	/**
	 * Most characters of a stored tag name: WordPress's wp_terms.name is varchar(200).
	 */
	const NAME_MAX = 200;

	/**
	 * Each tag's count for the viewer, as a derived table (term_taxonomy_id,
	 * use_count): the items carrying the term that the viewer may see
	 * (MVS_Media_Visibility::viewer_predicate). One term when $term_id is given.
	 *
	 * Once mvs_media_totals is complete, the counts are the sum of the term's
	 * keys the viewer may see (approved public; members; the viewer's groups),
	 * minus the items of authors the viewer blocked or was blocked by (bounded
	 * by those authors' items), plus the viewer's own items the community keys
	 * do not hold (bounded by the viewer's items), corrected over the items
	 * with access rules or grants (bounded by those): the cost follows the
	 * number of terms, not of items. Moderators sum every key. Until the totals are
	 * complete, the items are counted (linear in the table; docs/list-totals.md).
	 *
	 * @param int $viewer  Viewer.
	 * @param int $term_id One term's ID, 0 for every term.
	 * @return array{0: string, 1: array} SELECT and its arguments.
	 */
	public static function counts( int $viewer, int $term_id = 0 ): array {
		global $wpdb;
		$one      = " IN ( SELECT x.term_taxonomy_id FROM {$wpdb->term_taxonomy} x WHERE x.term_id = %d )";
		$one_args = $term_id ? array( $term_id ) : array();
		// The keys count by privacy alone: registered visibility rules need the items themselves.
		if ( ! MVS_Media_Totals::ready() || MVS_Visibility_Rules::any() ) {
			list( $where, $args ) = MVS_Media_Visibility::viewer_predicate( $viewer, 'm' );
			return array(
				"SELECT r.term_taxonomy_id, COUNT(*) AS use_count FROM {$wpdb->term_relationships} r INNER JOIN {$wpdb->mvs_media} m ON m.id = r.object_id"
				. " WHERE {$where}" . ( $term_id ? " AND r.term_taxonomy_id{$one}" : '' ) . ' GROUP BY r.term_taxonomy_id',
				array_merge( $args, $one_args ),
			);
		}
		$keys = "SELECT k.term_taxonomy_id, SUM(k.items) AS use_count FROM {$wpdb->mvs_media_totals} k WHERE k.term_taxonomy_id" . ( $term_id ? $one : ' > 0' );
		if ( MVS_Media_Visibility::is_privileged( $viewer ) ) {
			return array( "{$keys} GROUP BY k.term_taxonomy_id", $one_args );
		}
		$branches = MVS_Media_Visibility::community_branches( $viewer, 'k', false, false );
		$parts    = array( "{$keys} AND ( " . implode( ' OR ', array_column( $branches, 0 ) ) . ' ) GROUP BY k.term_taxonomy_id' );
		$args     = array_merge( $one_args, ...array_column( $branches, 1 ) );
		// The authors' items are read on the per-term listing's author index (a
		// copy of each item's keys per term, written in the totals' own
		// transaction): one index entry per item and tag, where the media rows
		// and their relationships cost a row and a join each.
		$items   = "FROM {$wpdb->mvs_media_term_index} l WHERE " . ( $term_id ? "l.term_taxonomy_id{$one} AND " : '' );
		$blocked = MVS_Media_Visibility::blocked_ids( $viewer );
		if ( $blocked ) {
			// The keys hold these authors' items too: take away those the keys counted.
			$unblocked = MVS_Media_Visibility::community_branches( $viewer, 'l', false, false );
			$parts[]   = "SELECT l.term_taxonomy_id, -COUNT(*) {$items}l.author_id IN (" . implode( ', ', array_fill( 0, count( $blocked ), '%d' ) ) . ')'
				. ' AND ( ' . implode( ' OR ', array_column( $unblocked, 0 ) ) . ' ) GROUP BY l.term_taxonomy_id';
			$args      = array_merge( $args, $one_args, $blocked, ...array_column( $unblocked, 1 ) );
		}
		if ( $viewer > 0 ) {
			// The viewer's own items outside the community keys (private, pending, rejected…).
			$community = MVS_Media_Visibility::community_predicate( $viewer, 'l', false );
			$parts[]   = "SELECT l.term_taxonomy_id, COUNT(*) {$items}l.author_id = %d AND NOT {$community[0]} GROUP BY l.term_taxonomy_id";
			$args      = array_merge( $args, $one_args, array( $viewer ), $community[1] );
		}
		if ( MVS_Visibility_Rules::scoped() ) {
			// The keys know nothing of access rules and grants: correct them over the
			// flagged items (the access_scoped index; docs/access-rules-and-grants.md).
			// Each item's correction is worked out once, then spread over its terms.
			list( $delta, $delta_args )   = MVS_Scoped_Correction::delta( $viewer, 'sm', true );
			list( $source, $source_args ) = MVS_Scoped_Correction::source( $viewer, 'sm' );
			$parts[]                      = "SELECT sr.term_taxonomy_id, SUM( sd.delta ) FROM ( SELECT sm.id, {$delta} AS delta FROM {$source} WHERE sm.access_scoped = 1 ) sd"
				. " INNER JOIN {$wpdb->term_relationships} sr ON sr.object_id = sd.id WHERE sd.delta <> 0" . ( $term_id ? " AND sr.term_taxonomy_id{$one}" : '' ) . ' GROUP BY sr.term_taxonomy_id';
			$args                         = array_merge( $args, $delta_args, $source_args, $one_args );
		}
		if ( 1 === count( $parts ) ) {
			return array( $parts[0], $args );
		}
		return array( 'SELECT c.term_taxonomy_id, SUM(c.use_count) AS use_count FROM ( ' . implode( ' UNION ALL ', $parts ) . ' ) c GROUP BY c.term_taxonomy_id', $args );
	}

	/**
	 * Tags with their count for the viewer: FROM … WHERE on t (terms), tt
	 * (term_taxonomy) and c (counts()). In lists, tags without an item the
	 * viewer may see are left out, except for moderators (who merge and tidy
	 * unused tags): a tag's name is content, as private as its items.
	 *
	 * @param int $viewer  Viewer.
	 * @param int $term_id One term's ID, 0 for every tag.
	 * @return array{0: string, 1: array} SQL from FROM on, and its arguments.
	 */
	private static function from( int $viewer, int $term_id = 0 ): array {
		global $wpdb;
		list( $counts, $args ) = self::counts( $viewer, $term_id );
		// One tag is read whether or not the viewer sees an item of it (the routes decide).
		$join  = $term_id || MVS_Media_Visibility::is_privileged( $viewer ) ? 'LEFT JOIN' : 'INNER JOIN';
		$where = 'LEFT JOIN' === $join ? '' : ' AND c.use_count > 0';
		return array(
			"FROM {$wpdb->terms} t INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_id = t.term_id {$join} ( {$counts} ) c ON c.term_taxonomy_id = tt.term_taxonomy_id"
			. " WHERE tt.taxonomy = %s{$where}",
			array_merge( $args, array( self::TAXONOMY ) ),
		);
	}

	/**
	 * A page of tags and the total: two queries, one of which computes the
	 * counts (SQL_CALC_FOUND_ROWS and FOUND_ROWS(), which WP_Query uses too
	 * and the SQLite integration translates). A COUNT(*) of its own computed
	 * the counts' derived table a second time: the costly half of a tag page
	 * at 1M items (docs/list-totals.md, "Tags").
	 *
	 * @param array $query viewer, search, orderby (name|count), page, per_page.
	 * @return array{0: object[], 1: int}
	 */
	public function search( array $query ): array {
		global $wpdb;
		list( $from, $args ) = self::from( (int) $query['viewer'] );
		if ( isset( $query['search'] ) && '' !== (string) $query['search'] ) {
			$from  .= ' AND t.name LIKE %s';
			$args[] = '%' . $wpdb->esc_like( (string) $query['search'] ) . '%';
		}
		$order    = 'count' === $query['orderby'] ? 'use_count DESC, t.name ASC' : 't.name ASC, t.term_id ASC';
		$per_page = max( 1, (int) $query['per_page'] );
		$offset   = ( max( 1, (int) $query['page'] ) - 1 ) * $per_page;
		// phpcs:disable WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the filters' placeholders are in $from, their values in $args.
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT SQL_CALC_FOUND_ROWS t.term_id, t.name, t.slug, COALESCE( c.use_count, 0 ) AS use_count {$from} ORDER BY {$order} LIMIT %d OFFSET %d",
				array_merge( $args, array( $per_page, $offset ) )
			)
		);
		$total = (int) $wpdb->get_var( 'SELECT FOUND_ROWS()' );
		// phpcs:enable WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare
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
		list( $from, $args ) = self::from( $viewer, $term_id );
		return $wpdb->get_row(
			$wpdb->prepare(
				"SELECT t.term_id, t.name, t.slug, tt.term_taxonomy_id, COALESCE( c.use_count, 0 ) AS use_count {$from} AND t.term_id = %d",
				array_merge( $args, array( $term_id ) )
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
	 * Whether the tag is named so (as sent, or as WordPress stores it: &
	 * becomes &amp;), by the column's collation as in first_named(), to
	 * tell a name clash from a slug clash.
	 *
	 * @param int    $term_id Tag.
	 * @param string $name    Tag name as sent.
	 * @return bool
	 */
	public function has_name( int $term_id, string $name ): bool {
		global $wpdb;
		$stored = (string) sanitize_term_field( 'name', $name, 0, self::TAXONOMY, 'db' );
		return 1 === (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->terms} WHERE term_id = %d AND ( name = %s OR name = %s )", $term_id, $name, $stored ) );
	}

	/**
	 * The tag with this name or slug, created when there is none. Requests
	 * creating one name at once all pass WordPress's duplicate check (terms
	 * have no unique key), so the look and the insert run under a named lock
	 * of the slug on MySQL and MariaDB: the second request in finds the
	 * first one's term. Without the lock (SQLite, or a lock not granted in
	 * time) each request still looks again after its insert and, if an older
	 * term of the name exists, deletes its own and takes that one; that alone
	 * left two terms when the second look ran between the older request's
	 * wp_terms and term_taxonomy inserts (security/concurrency.spec: "50
	 * parallel writers: create_tag"). Runs outside any transaction: each look
	 * must see the rows other requests committed.
	 *
	 * @param string $name Tag name.
	 * @param string $slug Tag slug.
	 * @return array{0: int, 1: bool}|WP_Error Term ID and whether this call created it.
	 */
	public function ensure( string $name, string $slug ) {
		global $wpdb;
		// At most 64 characters; one lock per slug and site.
		$lock   = 'mvs_tag_' . md5( $wpdb->prefix . $slug );
		$locked = ! MVS_Db::is_sqlite() && 1 === (int) $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK( %s, 5 )', $lock ) );
		$tag    = $this->find_or_insert( $name, $slug );
		if ( $locked ) {
			$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK( %s )', $lock ) );
		}
		return $tag;
	}

	/**
	 * The look, the insert and the second look of ensure().
	 *
	 * @param string $name Tag name.
	 * @param string $slug Tag slug.
	 * @return array{0: int, 1: bool}|WP_Error
	 */
	private function find_or_insert( string $name, string $slug ) {
		$existing = $this->first_named( $name, $slug );
		if ( $existing > 0 ) {
			return array( $existing, false );
		}
		$term = wp_insert_term( $name, self::TAXONOMY, array( 'slug' => $slug ) );
		if ( is_wp_error( $term ) ) {
			return 'term_exists' === $term->get_error_code() ? array( (int) $term->get_error_data(), false ) : $term;
		}
		$id    = (int) $term['term_id'];
		$first = $this->first_named( $name, $slug );
		if ( $first > 0 && $first < $id ) {
			wp_delete_term( $id, self::TAXONOMY );
			return array( $first, false );
		}
		return array( $id, true );
	}

	/**
	 * The tag cloud: the most used tags among the items the viewer may see,
	 * in one query. Tags used only on hidden items do not appear.
	 *
	 * @param int $viewer Viewer.
	 * @param int $limit  Most tags returned.
	 * @return object[]
	 */
	public function cloud( int $viewer, int $limit ): array {
		global $wpdb;
		list( $from, $args ) = self::from( $viewer );
		$rows                = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT t.term_id, t.name, t.slug, c.use_count {$from} AND c.use_count > 0 ORDER BY c.use_count DESC, t.name ASC LIMIT %d",
				array_merge( $args, array( $limit ) )
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
