<?php
/**
 * Loads what a page of media items carries beyond its rows, in one query.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Item meta (image sizes), tags and category, the viewer's favorites and
 * reactions, the reasons of rejected items whose state the viewer may see
 * (their uploader, a moderator), and, for a viewer in a block relation, how many of each item's
 * comments are by members on the other side of a block (hidden from the
 * viewer's comment list, so subtracted from the comments_count they see):
 * lookups by the same list of IDs, sent as
 * the branches of one UNION ALL so that a page of any size costs one round
 * trip to the database (each branch reads its own index by media ID).
 *
 * Tags and category come with the rows (MVS_Media_Terms_Copy): only rows
 * without a copy join WordPress's term tables, in a branch of the same
 * statement, so the statement count does not depend on the copies.
 *
 * Every branch yields the same columns; each string column is filled by one
 * table only (the other branches give '' literals), so tables created with
 * different collations (an old site's wp_terms next to newer plugin tables)
 * never meet in one UNION column:
 *   kind                                 'meta' | 'mvs_tag' | 'mvs_category' | 'favorite' | 'reaction' | 'hidden_comments' | 'rejection'
 *   object_id                            media ID
 *   meta_id, meta_key, meta_value        item meta (meta_id: the count of hidden_comments, the log entry of a rejection)
 *   term_id, term_name, term_slug        tags and category
 *   reaction                             the viewer's reaction type, a rejection's reason
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- every fragment is built from placeholders and passed through prepare(); the sniffs cannot follow them or count their placeholders.
 */
final class MVS_Media_Page_Loader {

	/**
	 * Loads the page's state and primes the mvs_media meta cache, as
	 * update_meta_cache() would, so MVS_Image_Sizes::get() reads no more.
	 *
	 * @param object[] $rows   mvs_media rows of the page.
	 * @param int      $viewer Viewer (0: a visitor, who has no favorites or reactions).
	 * @return array{terms: array<int, array>, favorites: array<int, bool>, reactions: array<int, string>, hidden_comments: array<int, int>, rejections: array<int, ?string>, moderates: bool}
	 */
	public function load( array $rows, int $viewer ): array {
		global $wpdb;
		$state = array(
			'terms'           => array(),
			'favorites'       => array(),
			'reactions'       => array(),
			'hidden_comments' => array(),
			'rejections'      => array(),
			// Asked once a page, and only of a member: whether they see every item's moderation state.
			'moderates'       => $viewer > 0 && user_can( $viewer, 'moderate_mvs_media' ),
		);
		$ids      = array();
		$joined   = array();
		$rejected = array();
		foreach ( $rows as $row ) {
			$id = (int) $row->id;
			if ( isset( $ids[ $id ] ) ) {
				continue;
			}
			$ids[ $id ] = $id;
			if ( 'rejected' === $row->moderation_status && $viewer > 0 && ( $state['moderates'] || (int) $row->author_id === $viewer ) ) {
				$rejected[] = $id;
			}
			$copy = MVS_Media_Terms_Copy::read( $row );
			if ( null === $copy ) {
				$joined[] = $id;
			} else {
				$state['terms'][ $id ] = $copy;
			}
		}
		$ids = array_values( $ids );
		if ( ! $ids ) {
			return $state;
		}
		$in       = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$branches = array(
			"SELECT 'meta' AS kind, mvs_media_id AS object_id, meta_id, meta_key, meta_value, 0 AS term_id, '' AS term_name, '' AS term_slug, '' AS reaction"
				. " FROM {$wpdb->mvs_mediameta} WHERE mvs_media_id IN ({$in})",
		);
		$args     = $ids;
		if ( $joined ) {
			$branches[] = "SELECT tt.taxonomy, r.object_id, 0, '', '', t.term_id, t.name, t.slug, ''"
				. MVS_Media_Terms_Copy::terms_from( implode( ', ', array_fill( 0, count( $joined ), '%d' ) ) );
			$args       = array_merge( $args, $joined );
		}
		if ( $viewer > 0 ) {
			$branches[] = "SELECT 'favorite', media_id, 0, '', '', 0, '', '', '' FROM {$wpdb->mvs_favorites} WHERE user_id = %d AND media_id IN ({$in})";
			$branches[] = "SELECT 'reaction', media_id, 0, '', '', 0, '', '', reaction_type FROM {$wpdb->mvs_reactions} WHERE user_id = %d AND media_id IN ({$in})";
			$args       = array_merge( $args, array( $viewer ), $ids, array( $viewer ), $ids );
		}
		// The same block list the comment list leaves out (from the viewer's
		// loaded meta): no branch, and no cost, for a viewer without blocks.
		$blocked = MVS_Media_Visibility::blocked_ids( $viewer );
		if ( $blocked ) {
			$branches[] = "SELECT 'hidden_comments', media_id, COUNT(*), '', '', 0, '', '', '' FROM {$wpdb->mvs_comments} WHERE media_id IN ({$in}) AND status = 'approved' AND user_id IN ("
				. implode( ', ', array_fill( 0, count( $blocked ), '%d' ) ) . ') GROUP BY media_id';
			$args       = array_merge( $args, $ids, $blocked );
		}
		if ( $rejected ) {
			$branches[] = "SELECT 'rejection', media_id, id, '', '', 0, '', '', reason FROM {$wpdb->mvs_moderation_log} WHERE media_id IN ("
				. implode( ', ', array_fill( 0, count( $rejected ), '%d' ) ) . ") AND action = 'reject'";
			$args       = array_merge( $args, $rejected );
		}
		// No ORDER BY: sorting the union took MariaDB a third of the query's
		// time (a filesort of a temporary table that meta_value's LONGTEXT puts
		// on disk). The few rows are put in order here instead: meta by meta ID
		// (what update_meta_cache() keeps, so a key with several values lists
		// them as get_metadata() would), each item's tags by name (as a copy
		// holds them, MVS_Media_Terms_Copy::finish()).
		$found = (array) $wpdb->get_results( $wpdb->prepare( implode( ' UNION ALL ', $branches ), $args ) );
		usort(
			$found,
			static function ( $a, $b ) {
				return (int) $a->meta_id <=> (int) $b->meta_id;
			}
		);

		$meta  = array_fill_keys( $ids, array() );
		$terms = array_fill_keys( $joined, array() );
		foreach ( $found as $row ) {
			$id = (int) $row->object_id;
			switch ( $row->kind ) {
				case 'meta':
					$meta[ $id ][ $row->meta_key ][] = $row->meta_value;
					break;
				case 'favorite':
					$state['favorites'][ $id ] = true;
					break;
				case 'reaction':
					$state['reactions'][ $id ] = (string) $row->reaction;
					break;
				case 'hidden_comments':
					$state['hidden_comments'][ $id ] = (int) $row->meta_id;
					break;
				case 'rejection':
					// In log order: the latest rejection's reason wins; '' (none given) is null, as moderation answers it.
					$state['rejections'][ $id ] = '' !== (string) $row->reaction ? (string) $row->reaction : null;
					break;
				default:
					MVS_Media_Terms_Copy::collect( $terms, $row );
			}
		}
		$state['terms'] += MVS_Media_Terms_Copy::finish( $terms );
		wp_cache_add_multiple( $meta, 'mvs_media_meta' );
		return $state;
	}
}
