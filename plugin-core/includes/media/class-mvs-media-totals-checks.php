<?php
/**
 * The daily check's units: one term or one site-wide key, one statement each.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Which unit comes next and how one unit compares the totals and the
 * per-term listing with the media table and the relationships, each in one
 * statement (one read view: no false alarm from a concurrent plugin write).
 * MVS_Media_Totals_Verifier walks the units and heals; docs/list-totals.md,
 * "The daily check", says what the units prove together.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- fragments are built from placeholders and passed through prepare(); the sniffs cannot follow or count them.
 */
final class MVS_Media_Totals_Checks {

	/**
	 * The unit after $cursor: every term with totals, listing rows or a
	 * term of the listed taxonomies, in ID order (array( 'term', id )), then
	 * every site-wide key (array( 'key', type, status, privacy )).
	 *
	 * @param string     $cursor Last unit checked, '' for none.
	 * @param array|null $keys   The site-wide keys, read once per run (null until then).
	 * @return string The next unit (JSON), or '' after the last.
	 */
	public function next_unit( string $cursor, ?array &$keys ): string {
		global $wpdb;
		$unit = json_decode( $cursor, true );
		if ( ! is_array( $unit ) || ! in_array( $unit[0] ?? null, array( 'term', 'key' ), true ) ) {
			// No cursor (or one this version cannot read): from the first unit.
			$unit = array( 'term', 0 );
		}
		if ( 'term' === $unit[0] ) {
			// Each part is one step on an index: the lowest term above the cursor.
			$after = (int) ( $unit[1] ?? 0 );
			$parts = array(
				"SELECT MIN(term_taxonomy_id) AS n FROM {$wpdb->mvs_media_totals} WHERE term_taxonomy_id > %d",
				"SELECT MIN(term_taxonomy_id) AS n FROM {$wpdb->mvs_media_term_index} WHERE term_taxonomy_id > %d",
			);
			$args  = array( $after, $after );
			foreach ( MVS_Taxonomies::MEDIA as $taxonomy ) {
				$parts[] = "SELECT MIN(term_taxonomy_id) AS n FROM {$wpdb->term_taxonomy} WHERE taxonomy = %s AND term_taxonomy_id > %d";
				array_push( $args, $taxonomy, $after );
			}
			$next = $wpdb->get_var( $wpdb->prepare( 'SELECT MIN(n) FROM ( ' . implode( ' UNION ALL ', $parts ) . ' ) t', $args ) );
			if ( null !== $next ) {
				return (string) wp_json_encode( array( 'term', (int) $next ) );
			}
			$unit = array( 'key' );
		}
		if ( null === $keys ) {
			// A handful of rows: the media table's by a loose scan of type_visibility.
			$keys = array();
			$rows = $wpdb->get_results(
				"SELECT media_type, moderation_status, privacy FROM {$wpdb->mvs_media} GROUP BY media_type, moderation_status, privacy"
				. " UNION SELECT media_type, moderation_status, privacy FROM {$wpdb->mvs_media_totals} WHERE term_taxonomy_id = 0",
				ARRAY_N
			);
			foreach ( (array) $rows as $row ) {
				$keys[] = array( 'key', (string) $row[0], (string) $row[1], (string) $row[2] );
			}
			sort( $keys );
		}
		foreach ( $keys as $key ) {
			// Element by element: type, then status, then privacy.
			if ( $key > $unit ) {
				return (string) wp_json_encode( $key );
			}
		}
		return '';
	}

	/**
	 * One term: its totals against its listing rows per key, and its listing
	 * against its relationships (MVS_Media_Term_Index::check_sql()), in one
	 * statement. Together with the other terms' checks this proves the
	 * term keys equal a recount: the listing equals the relationships row
	 * for row, and the totals equal the listing key for key.
	 *
	 * @param int $term_taxonomy_id Term.
	 * @return array Differences (see MVS_Media_Totals_Verifier::drift()).
	 */
	public function check_term( int $term_taxonomy_id ): array {
		global $wpdb;
		$parts   = MVS_Media_Term_Index::check_sql( $term_taxonomy_id );
		$rows    = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT 'stored' AS source, moderation_status, privacy, group_id, media_type, items, 0 AS matching FROM {$wpdb->mvs_media_totals} WHERE term_taxonomy_id = %d"
				. " UNION ALL SELECT 'listed', l.moderation_status, l.privacy, l.group_id, l.media_type, l.items, 0 FROM ( {$parts['listed'][0]} ) l"
				. " UNION ALL SELECT 'related', '', '', 0, '', r.related, r.matching FROM ( {$parts['related'][0]} ) r",
				array_merge( array( $term_taxonomy_id ), $parts['listed'][1], $parts['related'][1] )
			),
			ARRAY_N
		);
		$counts  = array();
		$related = 0;
		$listed  = 0;
		$matched = 0;
		foreach ( (array) $rows as $row ) {
			if ( 'related' === $row[0] ) {
				$related = (int) $row[5];
				$matched = (int) $row[6];
				continue;
			}
			$key  = wp_json_encode( array( $term_taxonomy_id, (string) $row[1], (string) $row[2], (int) $row[3], (string) $row[4] ) );
			$pair = $counts[ $key ] ?? array( 0, 0 );
			if ( 'stored' === $row[0] ) {
				$pair[0] = (int) $row[5];
			} else {
				$pair[1] = (int) $row[5];
				$listed += (int) $row[5];
			}
			$counts[ $key ] = $pair;
		}
		$drift = self::differences( $counts );
		if ( $listed !== $related || $matched !== $related ) {
			$drift[] = array(
				'key'      => array( 'term_index', $term_taxonomy_id ),
				'stored'   => $listed,
				'actual'   => $related,
				'matching' => $matched,
			);
		}
		return $drift;
	}

	/**
	 * One site-wide key (term_taxonomy_id 0) of a type, status and privacy,
	 * per group: the totals against a count on type_visibility in one
	 * statement. Outside `group` the count reads only that index; `group`
	 * items are read for their group.
	 *
	 * @param string $type    Media type.
	 * @param string $status  Moderation status.
	 * @param string $privacy Privacy.
	 * @return array Differences (see MVS_Media_Totals_Verifier::drift()).
	 */
	public function check_key( string $type, string $status, string $privacy ): array {
		global $wpdb;
		$counted = 'group' === $privacy
			? "SELECT 'counted' AS source, m.group_id, COUNT(*) FROM {$wpdb->mvs_media} m WHERE m.media_type = %s AND m.moderation_status = %s AND m.privacy = %s GROUP BY m.group_id"
			: "SELECT 'counted' AS source, 0, COUNT(*) FROM {$wpdb->mvs_media} m WHERE m.media_type = %s AND m.moderation_status = %s AND m.privacy = %s";
		$rows    = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT 'stored' AS source, group_id, items FROM {$wpdb->mvs_media_totals} WHERE term_taxonomy_id = 0 AND moderation_status = %s AND privacy = %s AND media_type = %s"
				. " UNION ALL {$counted}",
				$status,
				$privacy,
				$type,
				$type,
				$status,
				$privacy
			),
			ARRAY_N
		);
		$counts  = array();
		foreach ( (array) $rows as $row ) {
			$key = wp_json_encode( array( 0, $status, $privacy, (int) $row[1], $type ) );
			if ( ! isset( $counts[ $key ] ) ) {
				$counts[ $key ] = array( 0, 0 );
			}
			$counts[ $key ][ 'stored' === $row[0] ? 0 : 1 ] = (int) $row[2];
		}
		return self::differences( $counts );
	}

	/**
	 * The keys whose stored and actual counts differ.
	 *
	 * @param array<string, array{0: int, 1: int}> $counts JSON key => array( stored, actual ).
	 * @return array Differences (see MVS_Media_Totals_Verifier::drift()).
	 */
	private static function differences( array $counts ): array {
		$drift = array();
		foreach ( $counts as $key => $pair ) {
			if ( $pair[0] !== $pair[1] ) {
				$drift[] = array(
					'key'    => json_decode( $key, true ),
					'stored' => $pair[0],
					'actual' => $pair[1],
				);
			}
		}
		return $drift;
	}
}
