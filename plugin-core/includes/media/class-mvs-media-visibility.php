<?php
/**
 * The visibility policy: who may see which media item, as SQL and as PHP.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The one visibility policy every path asks (REST, the fast and the lean
 * /serve paths, lists): the rules stated once and used two ways, as a WHERE
 * predicate so lists, counts and totals never contain a row the viewer may
 * not see (the repository adds the viewer's own items and the moderators'
 * view), and as a PHP check for single items. Keep both in step.
 *
 * - public:  everyone, once approved;
 * - members: logged-in users, once approved;
 * - group:   members of the group (filter mvs_user_group_ids), once approved;
 * - private: nobody else.
 * Only approved items reach anyone else: pending, flagged and rejected items
 * stay with their owner and moderators. Members who blocked each other (in
 * either direction) never see each other's items.
 * Owners always see their own items; moderators (moderate_mvs_media or
 * edit_others_mvs_medias) see everything.
 * Rules registered on mvs_visibility_rules (MVS_Visibility_Rules) narrow what
 * everyone else sees; grants widen the privacy part only. The extension
 * point: docs/file-delivery.md, "One visibility policy".
 */
final class MVS_Media_Visibility {

	/**
	 * Per-request cache of blocked_ids(), by user.
	 *
	 * @var array<int, int[]>
	 */
	private static $blocked = array();

	/**
	 * Whether the user may see every item regardless of privacy or moderation.
	 *
	 * @param int $user_id User ID.
	 * @return bool
	 */
	public static function is_privileged( int $user_id ): bool {
		return $user_id > 0 && ( user_can( $user_id, 'moderate_mvs_media' ) || user_can( $user_id, 'edit_others_mvs_medias' ) );
	}

	/**
	 * Community groups the user belongs to (BuddyPress when active, or any
	 * integration through the mvs_user_group_ids filter).
	 *
	 * @param int $user_id User ID.
	 * @return int[]
	 */
	public static function group_ids( int $user_id ): array {
		static $cache = array();
		if ( $user_id <= 0 ) {
			return array();
		}
		if ( ! isset( $cache[ $user_id ] ) ) {
			$groups = array();
			if ( function_exists( 'groups_get_user_groups' ) ) {
				$found  = groups_get_user_groups( $user_id );
				$groups = isset( $found['groups'] ) ? (array) $found['groups'] : array();
			}
			/**
			 * Filters the community group IDs a user belongs to.
			 *
			 * @param int[] $groups  Group IDs.
			 * @param int   $user_id User ID.
			 */
			$groups            = (array) apply_filters( 'mvs_user_group_ids', $groups, $user_id );
			$cache[ $user_id ] = array_values( array_unique( array_filter( array_map( 'absint', $groups ) ) ) );
		}
		return $cache[ $user_id ];
	}

	/**
	 * Predicate for items the viewer may see through privacy alone (what
	 * scope=public lists): approved, and public, members-only or group items
	 * the viewer qualifies for.
	 *
	 * @param int    $viewer_id   Viewer (0 when anonymous).
	 * @param string $alias       Table alias.
	 * @param bool   $with_scoped Whether the scoped rules and grants apply (false: the keys
	 *                            only, on a copy of them without access_scoped: the totals and
	 *                            the per-term listing, which correct for the flagged items).
	 * @return array{0: string, 1: array} SQL with placeholders, and its arguments.
	 */
	public static function community_predicate( int $viewer_id, string $alias = 'm', bool $with_scoped = true ): array {
		$privacies  = array( "{$alias}.privacy = 'public'" );
		$args       = array();
		$blocks     = '';
		$block_args = array();
		if ( $viewer_id > 0 ) {
			$privacies[] = "{$alias}.privacy = 'members'";
			$groups      = self::group_ids( $viewer_id );
			if ( $groups ) {
				$privacies[] = "( {$alias}.privacy = 'group' AND {$alias}.group_id IN (" . implode( ', ', array_fill( 0, count( $groups ), '%d' ) ) . ') )';
				$args        = array_merge( $args, $groups );
			}
			list( $blocks, $block_args ) = self::blocks_clause( $viewer_id, "{$alias}.author_id" );
		}
		list( $grants, $grant_args, $rules, $rule_args ) = self::extension_sql( $viewer_id, $alias, $with_scoped );
		$args = array_merge( $args, $grant_args, $block_args, $rule_args );
		return array( "( {$alias}.moderation_status = 'approved' AND ( " . implode( ' OR ', array_merge( $privacies, $grants ) ) . " ){$blocks}{$rules} )", $args );
	}

	/**
	 * The registered grants and rules as SQL on mvs_media (empty when none is
	 * registered, which leaves the core predicates exactly as they were).
	 *
	 * @param int    $viewer_id   Viewer (0 when anonymous).
	 * @param string $alias       Table alias of mvs_media.
	 * @param bool   $with_scoped Whether the scoped ones apply.
	 * @return array{0: string[], 1: array, 2: string, 3: array} Grant conditions and their arguments; the rules as ' AND …' and theirs.
	 */
	private static function extension_sql( int $viewer_id, string $alias, bool $with_scoped ): array {
		$grants     = array();
		$grant_args = array();
		foreach ( MVS_Visibility_Rules::grants( $with_scoped ) as $grant ) {
			list( $sql, $args ) = $grant->grant_predicate( $viewer_id, $alias );
			if ( '' === $sql ) {
				continue; // It grants this viewer nothing: no condition, and no grants' branch.
			}
			$grants[]   = "( {$sql} )";
			$grant_args = array_merge( $grant_args, $args );
		}
		$rules     = '';
		$rule_args = array();
		foreach ( MVS_Visibility_Rules::restrictions( $with_scoped ) as $rule ) {
			list( $sql, $args ) = $rule->predicate( $viewer_id, $alias );
			$rules             .= " AND ( {$sql} )";
			$rule_args          = array_merge( $rule_args, $args );
		}
		return array( $grants, $grant_args, $rules, $rule_args );
	}

	/**
	 * The same items as community_predicate(), as one clause per privacy
	 * value: each is one range of the (moderation_status, privacy, …)
	 * indexes, read in index order, where an OR of privacies would make
	 * MariaDB sort every matching row before the LIMIT.
	 *
	 * @param int    $viewer_id   Viewer (0 when anonymous).
	 * @param string $alias       Table alias.
	 * @param bool   $with_blocks Whether to hide blocked authors (false: the totals subtract them apart).
	 * @param bool   $with_scoped Whether the scoped rules and grants apply (see community_predicate()).
	 * @return array<int, array{0: string, 1: array, 2: bool}> Disjoint clauses, their arguments, and
	 *         whether the clause is one privacy range of the keys (false: the grants' branch).
	 */
	public static function community_branches( int $viewer_id, string $alias = 'm', bool $with_blocks = true, bool $with_scoped = true ): array {
		list( $blocks, $block_args )                     = $with_blocks ? self::blocks_clause( $viewer_id, "{$alias}.author_id" ) : array( '', array() );
		list( $grants, $grant_args, $rules, $rule_args ) = self::extension_sql( $viewer_id, $alias, $with_scoped );
		$tail      = $blocks . $rules;
		$tail_args = array_merge( $block_args, $rule_args );
		$approved  = "{$alias}.moderation_status = 'approved'";
		$privacies = array( array( "{$alias}.privacy = 'public'", array() ) );
		if ( $viewer_id > 0 ) {
			$privacies[] = array( "{$alias}.privacy = 'members'", array() );
			$groups      = self::group_ids( $viewer_id );
			if ( $groups ) {
				$in          = implode( ', ', array_fill( 0, count( $groups ), '%d' ) );
				$privacies[] = array( "{$alias}.privacy = 'group' AND {$alias}.group_id IN ({$in})", $groups );
			}
		}
		$branches = array();
		foreach ( $privacies as $privacy ) {
			$branches[] = array( "{$approved} AND {$privacy[0]}{$tail}", array_merge( $privacy[1], $tail_args ), true );
		}
		if ( $grants ) {
			// Granted items the privacy branches do not already hold, so the branches stay disjoint.
			$branches[] = array(
				"{$approved} AND NOT ( ( " . implode( ' ) OR ( ', array_column( $privacies, 0 ) ) . ' ) ) AND ( ' . implode( ' OR ', $grants ) . " ){$tail}",
				array_merge( array_merge( array(), ...array_column( $privacies, 1 ) ), $grant_args, $tail_args ),
				false,
			);
		}
		return $branches;
	}

	/**
	 * The block rule for any author column (media, albums, and whatever is
	 * built next): content by someone the viewer blocked or was blocked by is
	 * hidden, both ways. The (usually empty) list comes from the viewer's
	 * already loaded meta, so a viewer without blocks gets exactly the
	 * indexed predicate at no extra query: a NOT EXISTS on mvs_blocks in the
	 * SQL made MariaDB give up the index for a full scan.
	 *
	 * @param int    $viewer_id Viewer (0 when anonymous: no blocks).
	 * @param string $column    Qualified author column, e.g. a.author_id.
	 * @return array{0: string, 1: array} ' AND … NOT IN (…)' or '', and its arguments.
	 */
	public static function blocks_clause( int $viewer_id, string $column ): array {
		$blocked = self::blocked_ids( $viewer_id );
		if ( ! $blocked ) {
			return array( '', array() );
		}
		return array( " AND {$column} NOT IN (" . implode( ', ', array_fill( 0, count( $blocked ), '%d' ) ) . ')', $blocked );
	}

	/**
	 * User meta holding, per user, everyone they blocked or were blocked by.
	 * A copy of mvs_blocks kept on both users by MVS_Blocks_Service, so that
	 * reading it for the current user costs no query: WordPress has already
	 * loaded that user's meta to check their capabilities.
	 */
	const BLOCKED_META = 'mvs_blocked_ids';

	/**
	 * Users the viewer blocked or was blocked by (cached for the request).
	 *
	 * @param int $user_id Viewer.
	 * @return int[]
	 */
	public static function blocked_ids( int $user_id ): array {
		if ( $user_id <= 0 ) {
			return array();
		}
		if ( ! isset( self::$blocked[ $user_id ] ) ) {
			$ids                       = get_user_meta( $user_id, self::BLOCKED_META, true );
			self::$blocked[ $user_id ] = is_array( $ids ) ? array_values( array_unique( array_map( 'intval', $ids ) ) ) : array();
		}
		return self::$blocked[ $user_id ];
	}

	/**
	 * Rebuilds a user's block list from mvs_blocks, both directions (one
	 * query on its two indexes), after a block or unblock involving them.
	 *
	 * @param int $user_id User.
	 */
	public static function refresh_blocked_ids( int $user_id ): void {
		global $wpdb;
		$ids = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT blocked_id FROM {$wpdb->mvs_blocks} WHERE blocker_id = %d UNION SELECT blocker_id FROM {$wpdb->mvs_blocks} WHERE blocked_id = %d", $user_id, $user_id ) ) );
		if ( $ids ) {
			update_user_meta( $user_id, self::BLOCKED_META, $ids );
		} else {
			delete_user_meta( $user_id, self::BLOCKED_META );
		}
		unset( self::$blocked[ $user_id ] );
	}

	/**
	 * The same rules for one loaded row.
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer.
	 * @return bool
	 */
	public static function can_view( $row, int $viewer_id ): bool {
		// The owner and the community rules before the capabilities: the lean /serve entry
		// (MVS_Serve_Lean), which has no capabilities API, relies on a row that
		// can_view_without_plugins() accepts being answered here before is_privileged() runs.
		return self::is_owner( $row, $viewer_id ) || self::community_allows( $row, $viewer_id, false ) || self::is_privileged( $viewer_id );
	}

	/**
	 * can_view() as far as the row, the viewer's blocks and the lean-safe
	 * rules decide it, without capabilities, the groups filter or a rule the
	 * lean /serve entry cannot run (where WordPress runs without plugins):
	 * true only where can_view() is true whatever those say: the owner, or an
	 * approved public or members-only item (or one a lean-safe grant gives)
	 * with no block between its author and the viewer, that every rule
	 * allows. False means "ask can_view()", not "hidden" (a moderator, a
	 * group member, a rule only the full plugin can run).
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @return bool
	 */
	public static function can_view_without_plugins( $row, int $viewer_id ): bool {
		return self::is_owner( $row, $viewer_id ) || self::community_allows( $row, $viewer_id, true );
	}

	/**
	 * Whether the viewer owns the item.
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @return bool
	 */
	private static function is_owner( $row, int $viewer_id ): bool {
		return $viewer_id > 0 && (int) $row->author_id === $viewer_id;
	}

	/**
	 * The community rules of one row: approved, no block between author and
	 * viewer, a privacy the viewer qualifies for (or a grant), and every
	 * registered rule.
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @param bool   $lean      Only what the lean entry can decide (no groups, only lean-safe grants; a rule it cannot run says no).
	 * @return bool
	 */
	private static function community_allows( $row, int $viewer_id, bool $lean ): bool {
		if ( 'approved' !== $row->moderation_status || in_array( (int) $row->author_id, self::blocked_ids( $viewer_id ), true ) ) {
			return false;
		}
		// An item with access rules or grants is decided by the full plugin only
		// (MVS_Visibility_Scoped; docs/access-rules-and-grants.md).
		if ( $lean && ! empty( $row->access_scoped ) ) {
			return false;
		}
		if ( ! self::privacy_allows( $row, $viewer_id, ! $lean ) && ! self::granted( $row, $viewer_id, $lean ) ) {
			return false;
		}
		foreach ( MVS_Visibility_Rules::restrictions() as $rule ) {
			if ( ( $lean && ! $rule->lean_safe() ) || ! $rule->allows( $row, $viewer_id ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Whether the row's privacy lets the viewer in.
	 *
	 * @param object $row         mvs_media row.
	 * @param int    $viewer_id   Viewer (0 when anonymous).
	 * @param bool   $with_groups Whether group items are decided (false: never, the groups come from a filter).
	 * @return bool
	 */
	private static function privacy_allows( $row, int $viewer_id, bool $with_groups ): bool {
		switch ( $row->privacy ) {
			case 'public':
				return true;
			case 'members':
				return $viewer_id > 0;
			case 'group':
				return $with_groups && in_array( (int) $row->group_id, self::group_ids( $viewer_id ), true );
			default:
				return false;
		}
	}

	/**
	 * Whether a registered grant gives the viewer the row.
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @param bool   $lean      Only lean-safe grants.
	 * @return bool
	 */
	private static function granted( $row, int $viewer_id, bool $lean ): bool {
		foreach ( MVS_Visibility_Rules::grants() as $grant ) {
			if ( ( ! $lean || $grant->lean_safe() ) && $grant->grants( $row, $viewer_id ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Predicate for every item the viewer may see (scope "all"): the
	 * community rules, plus the viewer's own items; nothing for moderators.
	 * Used where items are counted or listed through another table (album
	 * items, tag counts), so those numbers never include a hidden item.
	 *
	 * @param int    $viewer_id   Viewer (0 when anonymous).
	 * @param string $alias       Table alias of mvs_media.
	 * @param bool   $with_scoped Whether the scoped rules and grants apply (see community_predicate()).
	 * @return array{0: string, 1: array} SQL with placeholders, and its arguments.
	 */
	public static function viewer_predicate( int $viewer_id, string $alias = 'm', bool $with_scoped = true ): array {
		if ( self::is_privileged( $viewer_id ) ) {
			return array( '1=1', array() );
		}
		$community = self::community_predicate( $viewer_id, $alias, $with_scoped );
		if ( $viewer_id <= 0 ) {
			return $community;
		}
		return array( "( {$community[0]} OR {$alias}.author_id = %d )", array_merge( $community[1], array( $viewer_id ) ) );
	}
}
