<?php
/**
 * Whom to suggest a member should follow.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Ranks candidates for GET /users/suggested and keeps them per viewer: first
 * members followed by the most of the people the viewer follows, then the
 * most followed members, then the newest members. The ranked IDs (up to
 * MAX) are kept in the viewer's user meta, which WordPress loads with the
 * viewer anyway, for suggestions_cache_minutes (filter
 * mvs_suggestions_cache_ttl); a follow, unfollow or block by or of the viewer
 * forgets them. Whom the viewer follows or is in a block relation with is
 * also left out at read time, so a stale list never shows them.
 * docs/people.md, "Suggestions".
 */
final class MVS_User_Suggestions {

	/**
	 * User meta holding the ranked IDs and when they were ranked.
	 */
	const META = 'mvs_suggestions';

	/**
	 * Most candidates kept (the contract's largest limit).
	 */
	const MAX = 50;

	/**
	 * Follows of the viewer the first tier looks through (the newest).
	 */
	const SEED_FOLLOWS = 200;

	/**
	 * Wires the invalidation on blocks (follows call forget() themselves).
	 */
	public static function register(): void {
		add_action(
			'mvs_user_blocked',
			static function ( $blocker, $blocked ) {
				self::forget( (int) $blocker );
				self::forget( (int) $blocked );
			},
			10,
			2
		);
	}

	/**
	 * Forgets a member's ranked suggestions.
	 *
	 * @param int $user_id Member.
	 */
	public static function forget( int $user_id ): void {
		if ( $user_id > 0 ) {
			delete_user_meta( $user_id, self::META );
		}
	}

	/**
	 * Seconds a ranking is kept.
	 *
	 * @param int $viewer_id Viewer.
	 * @return int
	 */
	public static function ttl( int $viewer_id ): int {
		/**
		 * Filters how long a member's suggested users are kept, in seconds (0: ranked on every request).
		 *
		 * @param int $ttl       The suggestions_cache_minutes setting, in seconds (default one hour).
		 * @param int $viewer_id Viewer.
		 */
		return max( 0, (int) apply_filters( 'mvs_suggestions_cache_ttl', 60 * (int) MVS_Settings::get( 'suggestions_cache_minutes' ), $viewer_id ) );
	}

	/**
	 * The ranked candidates of a viewer, from the cache when fresh.
	 *
	 * @param int $viewer_id Viewer.
	 * @return int[]
	 */
	public static function ranked( int $viewer_id ): array {
		$kept = get_user_meta( $viewer_id, self::META, true );
		$ttl  = self::ttl( $viewer_id );
		if ( $ttl > 0 && is_array( $kept ) && isset( $kept['at'], $kept['ids'] ) && time() - (int) $kept['at'] < $ttl ) {
			return array_map( 'intval', (array) $kept['ids'] );
		}
		$ids = self::rank( $viewer_id );
		if ( $ttl > 0 ) {
			update_user_meta(
				$viewer_id,
				self::META,
				array(
					'at'  => time(),
					'ids' => $ids,
				)
			);
		}
		return $ids;
	}

	/**
	 * Ranks up to MAX candidates: three indexed queries, each bounded.
	 *
	 * @param int $viewer_id Viewer.
	 * @return int[]
	 */
	private static function rank( int $viewer_id ): array {
		global $wpdb;
		list( $blocks_fof, $block_args ) = MVS_Media_Visibility::blocks_clause( $viewer_id, 'f2.followed_id' );
		// phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the block clauses are lists of %d placeholders.
		$ids = $wpdb->get_col(
			$wpdb->prepare(
				"SELECT f2.followed_id FROM ( SELECT followed_id FROM {$wpdb->mvs_follows} WHERE follower_id = %d ORDER BY created_at DESC LIMIT %d ) mine"
				. " INNER JOIN {$wpdb->mvs_follows} f2 ON f2.follower_id = mine.followed_id"
				. " WHERE f2.followed_id <> %d AND NOT EXISTS ( SELECT 1 FROM {$wpdb->mvs_follows} x WHERE x.follower_id = %d AND x.followed_id = f2.followed_id ){$blocks_fof}"
				. ' GROUP BY f2.followed_id ORDER BY COUNT(*) DESC, f2.followed_id ASC LIMIT %d',
				array_merge( array( $viewer_id, self::SEED_FOLLOWS, $viewer_id, $viewer_id ), $block_args, array( self::MAX ) )
			)
		);
		$ids = array_map( 'intval', $ids );
		if ( count( $ids ) < self::MAX ) {
			list( $blocks, $args ) = MVS_Media_Visibility::blocks_clause( $viewer_id, 's.user_id' );
			$skip                  = self::not_in( 's.user_id', $ids );
			$more                  = $wpdb->get_col(
				$wpdb->prepare(
					"SELECT s.user_id FROM {$wpdb->mvs_user_stats} s WHERE s.follower_count > 0 AND s.user_id <> %d"
					. " AND NOT EXISTS ( SELECT 1 FROM {$wpdb->mvs_follows} x WHERE x.follower_id = %d AND x.followed_id = s.user_id ){$blocks}{$skip[0]}"
					. ' ORDER BY s.follower_count DESC, s.user_id ASC LIMIT %d',
					array_merge( array( $viewer_id, $viewer_id ), $args, $skip[1], array( self::MAX - count( $ids ) ) )
				)
			);
			$ids                   = array_merge( $ids, array_map( 'intval', $more ) );
		}
		if ( count( $ids ) < self::MAX ) {
			list( $blocks, $args ) = MVS_Media_Visibility::blocks_clause( $viewer_id, 'u.ID' );
			$skip                  = self::not_in( 'u.ID', $ids );
			$newest                = $wpdb->get_col(
				$wpdb->prepare(
					"SELECT u.ID FROM {$wpdb->users} u WHERE u.ID <> %d"
					. " AND NOT EXISTS ( SELECT 1 FROM {$wpdb->mvs_follows} x WHERE x.follower_id = %d AND x.followed_id = u.ID ){$blocks}{$skip[0]}"
					. ' ORDER BY u.ID DESC LIMIT %d',
					array_merge( array( $viewer_id, $viewer_id ), $args, $skip[1], array( self::MAX - count( $ids ) ) )
				)
			);
			$ids                   = array_merge( $ids, array_map( 'intval', $newest ) );
		}
		// phpcs:enable
		return $ids;
	}

	/**
	 * ' AND column NOT IN (…)' for IDs already taken.
	 *
	 * @param string $column Qualified column.
	 * @param int[]  $ids    IDs.
	 * @return array{0: string, 1: int[]}
	 */
	private static function not_in( string $column, array $ids ): array {
		if ( ! $ids ) {
			return array( '', array() );
		}
		return array( " AND {$column} NOT IN ( " . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ' )', $ids );
	}

	/**
	 * Up to three thumbnail URLs per member, of their newest items a visitor
	 * may see (the visitor's visibility predicate, viewer 0), in one query,
	 * plus one for the items' sizes. Each branch selects only the columns a
	 * URL needs: with the TEXT columns of m.* MariaDB wrote every branch's
	 * derived table to an on-disk temporary table (19 ms for 20 members at
	 * 1M items, 8 ms without).
	 *
	 * @param int[] $ids Members.
	 * @return array<int, string[]> URLs by member (every ID given).
	 */
	public static function sample_media( array $ids ): array {
		global $wpdb;
		$samples = array_fill_keys( $ids, array() );
		if ( ! $ids ) {
			return $samples;
		}
		list( $visible, $visible_args ) = MVS_Media_Visibility::community_predicate( 0, 'm' );
		// A visitor's items of one member are one range of visibility_author
		// (approved, public, the member; InnoDB appends the id), read newest
		// first. Left to itself, MariaDB intersected the author index with it
		// and sorted the result, per member.
		$hint     = MVS_Db::is_sqlite() ? '' : ' USE INDEX (visibility_author)';
		$branches = array();
		$args     = array();
		foreach ( $ids as $i => $id ) {
			$branches[] = "SELECT * FROM ( SELECT m.id, m.author_id, m.media_type, m.privacy, m.moderation_status FROM {$wpdb->mvs_media} m{$hint} WHERE m.author_id = %d AND {$visible} ORDER BY m.id DESC LIMIT 3 ) s{$i}";
			$args       = array_merge( $args, array( (int) $id ), $visible_args );
		}
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- each branch is built from placeholders.
		$rows = (array) $wpdb->get_results( $wpdb->prepare( implode( ' UNION ALL ', $branches ), $args ) );
		if ( ! $rows ) {
			return $samples;
		}
		update_meta_cache( 'mvs_media', array_map( 'intval', wp_list_pluck( $rows, 'id' ) ) );
		foreach ( $rows as $row ) {
			$sizes = MVS_Image_Sizes::get( (int) $row->id );
			$size  = isset( $sizes['thumbnail'] ) ? 'thumbnail' : '';
			// Only images have a picture to show; other types would hand out the file itself.
			if ( '' !== $size || 'image' === (string) $row->media_type ) {
				$samples[ (int) $row->author_id ][] = MVS_Url_Signer::file_url( $row, 0, $size );
			}
		}
		return $samples;
	}
}
