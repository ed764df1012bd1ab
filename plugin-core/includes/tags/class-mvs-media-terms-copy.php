<?php
/**
 * A copy of each item's tags and category on its own row, so that a page of
 * items reads them with its rows instead of joining WordPress's three term
 * tables for every page.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * `mvs_media.terms_copy` holds an item's tags (sorted as the API lists them)
 * and category as JSON: `{"tags":[{id,name,slug}…],"category":{id,name,slug}|null}`.
 * It is a cache, never the truth: WordPress's term tables stay the record,
 * and every read falls back to them for a row without a copy.
 *
 *   NULL  no copy: the page loader joins the term tables for the row, and the
 *         refill job (MVS_Media_Terms_Copy_Refill) writes its copy.
 *   ''    too large to copy (a TEXT column holds 64 KB): always joined.
 *   JSON  the copy.
 *
 * This class is the copy's shape: reading it, and building it from the term
 * tables. MVS_Media_Terms_Copy_Invalidation drops copies when terms change;
 * MVS_Media_Terms_Copy_Refill writes them back.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- every fragment is built from placeholders and passed through prepare().
 */
final class MVS_Media_Terms_Copy {

	/**
	 * Largest copy stored (TEXT holds 65,535 bytes); a larger one is '' (always joined).
	 */
	const MAX_BYTES = 65535;

	/**
	 * The copy of an item without tags or category (a new item's).
	 */
	const EMPTY_COPY = '{"tags":[],"category":null}';

	/**
	 * Decodes a row's copy.
	 *
	 * @param object $row mvs_media row.
	 * @return array{tags: array[], category: array|null}|null Null when the row has no usable copy.
	 */
	public static function read( $row ): ?array {
		if ( ! isset( $row->terms_copy ) || '' === $row->terms_copy ) {
			return null;
		}
		$copy = json_decode( (string) $row->terms_copy, true );
		return is_array( $copy ) && isset( $copy['tags'] ) && is_array( $copy['tags'] ) && array_key_exists( 'category', $copy ) ? $copy : null;
	}

	/**
	 * Terms of items from WordPress's term tables, in the shape of a copy.
	 *
	 * @param int[] $ids Media IDs.
	 * @return array<int, array{tags: array[], category: array|null}> Every ID, with or without terms.
	 */
	public static function from_terms( array $ids ): array {
		global $wpdb;
		$terms = array_fill_keys( $ids, array() );
		if ( ! $ids ) {
			return $terms;
		}
		$in = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholders are in the interpolated fragment.
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT tt.taxonomy AS kind, r.object_id, t.term_id, t.name AS term_name, t.slug AS term_slug' . self::terms_from( $in ), $ids ) );
		foreach ( (array) $rows as $row ) {
			self::collect( $terms, $row );
		}
		return self::finish( $terms );
	}

	/**
	 * FROM and WHERE of the join that reads items' tags and category (tt,
	 * the term taxonomy; r, the relationship; t, the term), for an IN list of
	 * placeholders: one place for both readers (from_terms(), the page loader).
	 *
	 * @param string $in Placeholders of the IDs.
	 * @return string
	 */
	public static function terms_from( string $in ): string {
		global $wpdb;
		return " FROM {$wpdb->term_relationships} r"
			. " INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = r.term_taxonomy_id"
			. " INNER JOIN {$wpdb->terms} t ON t.term_id = tt.term_id"
			. " WHERE r.object_id IN ({$in}) AND tt.taxonomy IN ('mvs_tag', 'mvs_category')";
	}

	/**
	 * Adds one row of the join (kind = the taxonomy, object_id, term_id, term_name, term_slug) to items' terms.
	 *
	 * @param array  $terms Terms by media ID (tags, category), added to.
	 * @param object $row   Row with kind, object_id, term_id, term_name, term_slug.
	 */
	public static function collect( array &$terms, $row ): void {
		$term = array(
			'id'   => (int) $row->term_id,
			'name' => (string) $row->term_name,
			'slug' => (string) $row->term_slug,
		);
		if ( MVS_Taxonomies::TAG === $row->kind ) {
			$terms[ (int) $row->object_id ]['tags'][] = $term;
		} else {
			$terms[ (int) $row->object_id ]['category'] = $term;
		}
	}

	/**
	 * Puts collected terms in the copy's shape: tags sorted, both keys set.
	 *
	 * @param array $terms Terms by media ID from collect().
	 * @return array<int, array{tags: array[], category: array|null}>
	 */
	public static function finish( array $terms ): array {
		foreach ( $terms as $id => $item ) {
			$terms[ $id ] = array(
				'tags'     => isset( $item['tags'][1] ) ? self::sort_tags( $item['tags'] ) : ( $item['tags'] ?? array() ),
				'category' => $item['category'] ?? null,
			);
		}
		return $terms;
	}

	/**
	 * An item's tags by name as the terms table's collation orders them
	 * (utf8mb4_unicode_ci: case and accents aside), then by slug: what an
	 * ORDER BY of the join gave. Accents are folded only for names that have
	 * any, so an all-ASCII item pays a case-insensitive compare alone.
	 *
	 * @param array[] $tags {id, name, slug} of one item.
	 * @return array[]
	 */
	public static function sort_tags( array $tags ): array {
		$keys = array();
		foreach ( $tags as $i => $tag ) {
			$name       = $tag['name'];
			$keys[ $i ] = strtolower( preg_match( '/[\x80-\xff]/', $name ) ? remove_accents( $name ) : $name ) . "\0" . $tag['slug'];
		}
		asort( $keys, SORT_STRING );
		$sorted = array();
		foreach ( array_keys( $keys ) as $i ) {
			$sorted[] = $tags[ $i ];
		}
		return $sorted;
	}
}
