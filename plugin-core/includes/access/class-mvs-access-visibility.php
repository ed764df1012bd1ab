<?php
/**
 * Access rules and grants as part of the one visibility policy.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registered on mvs_visibility_rules for every request. As a rule it hides
 * an item with access rules from every viewer who matches none of them and
 * holds no active grant to it; as a grant it opens an item to the members
 * holding an active grant (privacy only: moderation, blocks and other rules
 * still hold). It decides only items flagged access_scoped
 * (MVS_Visibility_Scoped), which MVS_Access_Flag keeps in step with the
 * rules and grants. One row is decided by the very SQL lists use, so the
 * two cannot disagree. docs/access-rules-and-grants.md.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the fragments are built from placeholders and prepared by the caller.
 */
final class MVS_Access_Visibility implements MVS_Visibility_Rule, MVS_Visibility_Grant, MVS_Visibility_Scoped_Candidates {

	/**
	 * Per-request answers for one row: "media_id:viewer:kind" => bool.
	 *
	 * @var array<string, bool>
	 */
	private static $decided = array();

	/**
	 * Adds this policy to the visibility rules (called when the plugin loads).
	 */
	public static function register(): void {
		add_filter(
			'mvs_visibility_rules',
			function ( $rules ) {
				$rules   = (array) $rules;
				$rules[] = new self();
				return $rules;
			}
		);
	}

	/**
	 * Forgets the per-request answers (after a rule or grant changed).
	 */
	public static function forget(): void {
		self::$decided = array();
	}

	/**
	 * {@inheritDoc}
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 */
	public function allows( $row, int $viewer_id ): bool {
		return empty( $row->access_scoped ) || $this->row_matches( (int) $row->id, $viewer_id, 'rule', $this->predicate( $viewer_id, 'm' ) );
	}

	/**
	 * Items without rules; else a rule the viewer matches, or an active grant.
	 *
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @param string $alias     Alias of mvs_media.
	 * @return array{0: string, 1: array}
	 */
	public function predicate( int $viewer_id, string $alias ): array {
		global $wpdb;
		$none = "( {$alias}.access_scoped = 0 OR NOT EXISTS ( SELECT 1 FROM {$wpdb->mvs_access_rules} mvs_ar WHERE mvs_ar.media_id = {$alias}.id ) )";
		if ( $viewer_id <= 0 ) {
			// Visitors match no rule and hold no grant.
			return array( $none, array() );
		}
		list( $match, $match_args ) = MVS_Access_Rule_Types::match_sql( $viewer_id, 'mvs_ar', $alias );
		list( $grant, $grant_args ) = $this->active_grant( $viewer_id, $alias );
		return array(
			"( {$alias}.access_scoped = 0 OR NOT EXISTS ( SELECT 1 FROM {$wpdb->mvs_access_rules} mvs_ar WHERE mvs_ar.media_id = {$alias}.id )"
			. " OR EXISTS ( SELECT 1 FROM {$wpdb->mvs_access_rules} mvs_ar WHERE mvs_ar.media_id = {$alias}.id AND {$match} ) OR {$grant} )",
			array_merge( $match_args, $grant_args ),
		);
	}

	/**
	 * {@inheritDoc}
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 */
	public function grants( $row, int $viewer_id ): bool {
		return ! empty( $row->access_scoped ) && $viewer_id > 0 && $this->row_matches( (int) $row->id, $viewer_id, 'grant', $this->grant_predicate( $viewer_id, 'm' ) );
	}

	/**
	 * Flagged items the viewer holds an active grant to ('' for visitors).
	 *
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @param string $alias     Alias of mvs_media.
	 * @return array{0: string, 1: array}
	 */
	public function grant_predicate( int $viewer_id, string $alias ): array {
		if ( $viewer_id <= 0 ) {
			return array( '', array() );
		}
		list( $grant, $args ) = $this->active_grant( $viewer_id, $alias );
		return array( "{$alias}.access_scoped = 1 AND {$grant}", $args );
	}

	/**
	 * {@inheritDoc}
	 *
	 * An item without rules is decided otherwise than by the keys only
	 * through a grant, and only for its grantee: the items with rules, and
	 * the viewer's granted ones (expired or not; the predicates decide).
	 *
	 * @param int $viewer_id Viewer (0 when anonymous).
	 */
	public function scoped_candidates( int $viewer_id ): array {
		global $wpdb;
		// DISTINCT: an item with several rules is one candidate, not one per rule.
		$ruled = "SELECT DISTINCT media_id FROM {$wpdb->mvs_access_rules}";
		if ( $viewer_id <= 0 ) {
			return array( $ruled, array() );
		}
		return array( "{$ruled} UNION SELECT media_id FROM {$wpdb->mvs_access_grants} WHERE user_id = %d", array( $viewer_id ) );
	}

	/**
	 * Lean-safe: the lean entry hands every flagged item back (MVS_Visibility_Scoped)
	 * and, for the others, this allows all and grants nothing without a query.
	 *
	 * @return bool
	 */
	public function lean_safe(): bool {
		return true;
	}

	/**
	 * An active grant of the viewer (a member) to the item: not expired
	 * (expires_at in the past or now).
	 *
	 * @param int    $viewer_id Viewer.
	 * @param string $alias     Alias of mvs_media.
	 * @return array{0: string, 1: array}
	 */
	private function active_grant( int $viewer_id, string $alias ): array {
		global $wpdb;
		return array(
			"EXISTS ( SELECT 1 FROM {$wpdb->mvs_access_grants} mvs_ag WHERE mvs_ag.media_id = {$alias}.id AND mvs_ag.user_id = %d AND ( mvs_ag.expires_at IS NULL OR mvs_ag.expires_at > %s ) )",
			array( $viewer_id, gmdate( 'Y-m-d H:i:s' ) ),
		);
	}

	/**
	 * Runs a predicate on one item (cached for the request).
	 *
	 * @param int                       $media_id  Item.
	 * @param int                       $viewer_id Viewer.
	 * @param string                    $kind      Cache key part.
	 * @param array{0: string, 1: array} $where     Predicate on alias m.
	 * @return bool
	 */
	private function row_matches( int $media_id, int $viewer_id, string $kind, array $where ): bool {
		global $wpdb;
		$key = "{$media_id}:{$viewer_id}:{$kind}";
		if ( ! isset( self::$decided[ $key ] ) ) {
			self::$decided[ $key ] = (bool) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->mvs_media} m WHERE m.id = %d AND {$where[0]}", array_merge( array( $media_id ), $where[1] ) ) );
		}
		return self::$decided[ $key ];
	}
}
