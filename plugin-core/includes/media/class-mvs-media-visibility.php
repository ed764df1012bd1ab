<?php
/**
 * Who may see which media item, as SQL and as PHP.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The privacy rules, stated once and used two ways: as a WHERE predicate so
 * lists, counts and totals never contain a row the viewer may not see (the
 * repository adds the viewer's own items and the moderators' view), and as a
 * PHP check for single items. Keep both in step.
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
			$groups             = (array) apply_filters( 'mvs_user_group_ids', $groups, $user_id );
			$cache[ $user_id ] = array_values( array_unique( array_filter( array_map( 'absint', $groups ) ) ) );
		}
		return $cache[ $user_id ];
	}

	/**
	 * Predicate for items the viewer may see through privacy alone (what
	 * scope=public lists): approved, and public, members-only or group items
	 * the viewer qualifies for.
	 *
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @param string $alias     Table alias.
	 * @return array{0: string, 1: array} SQL with placeholders, and its arguments.
	 */
	public static function community_predicate( int $viewer_id, string $alias = 'm' ): array {
		$privacies = array( "{$alias}.privacy = 'public'" );
		$args      = array();
		$blocks    = '';
		if ( $viewer_id > 0 ) {
			$privacies[] = "{$alias}.privacy = 'members'";
			$groups      = self::group_ids( $viewer_id );
			if ( $groups ) {
				$privacies[] = "( {$alias}.privacy = 'group' AND {$alias}.group_id IN (" . implode( ', ', array_fill( 0, count( $groups ), '%d' ) ) . ') )';
				$args        = array_merge( $args, $groups );
			}
			list( $blocks, $block_args ) = self::blocks_clause( $viewer_id, "{$alias}.author_id" );
			$args                         = array_merge( $args, $block_args );
		}
		return array( "( {$alias}.moderation_status = 'approved' AND ( " . implode( ' OR ', $privacies ) . " ){$blocks} )", $args );
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
	 * @return array<int, array{0: string, 1: array}> Disjoint clauses and their arguments.
	 */
	public static function community_branches( int $viewer_id, string $alias = 'm', bool $with_blocks = true ): array {
		list( $blocks, $block_args ) = $with_blocks ? self::blocks_clause( $viewer_id, "{$alias}.author_id" ) : array( '', array() );
		$approved = "{$alias}.moderation_status = 'approved'";
		$branches = array( array( "{$approved} AND {$alias}.privacy = 'public'{$blocks}", $block_args ) );
		if ( $viewer_id > 0 ) {
			$branches[] = array( "{$approved} AND {$alias}.privacy = 'members'{$blocks}", $block_args );
			$groups     = self::group_ids( $viewer_id );
			if ( $groups ) {
				$in         = implode( ', ', array_fill( 0, count( $groups ), '%d' ) );
				$branches[] = array( "{$approved} AND {$alias}.privacy = 'group' AND {$alias}.group_id IN ({$in}){$blocks}", array_merge( $groups, $block_args ) );
			}
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
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- custom table; this is the write path of the cached copy.
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
		return self::is_owner( $row, $viewer_id ) || self::community_allows( $row, $viewer_id, true ) || self::is_privileged( $viewer_id );
	}

	/**
	 * can_view() as far as the row and the viewer's blocks decide it, without
	 * capabilities or the groups filter (the lean /serve entry, where WordPress
	 * runs without plugins): true only where can_view() is true whatever those
	 * say: the owner, or an approved public or members-only item with no
	 * block between its author and the viewer. False means "ask can_view()",
	 * not "hidden" (a moderator, a group member).
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @return bool
	 */
	public static function can_view_without_plugins( $row, int $viewer_id ): bool {
		return self::is_owner( $row, $viewer_id ) || self::community_allows( $row, $viewer_id, false );
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
	 * viewer, and a privacy the viewer qualifies for.
	 *
	 * @param object $row         mvs_media row.
	 * @param int    $viewer_id   Viewer (0 when anonymous).
	 * @param bool   $with_groups Whether group items are decided (false: never, the groups come from a filter).
	 * @return bool
	 */
	private static function community_allows( $row, int $viewer_id, bool $with_groups ): bool {
		if ( 'approved' !== $row->moderation_status || in_array( (int) $row->author_id, self::blocked_ids( $viewer_id ), true ) ) {
			return false;
		}
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
	 * Predicate for every item the viewer may see (scope "all"): the
	 * community rules, plus the viewer's own items; nothing for moderators.
	 * Used where items are counted or listed through another table (album
	 * items, tag counts), so those numbers never include a hidden item.
	 *
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @param string $alias     Table alias of mvs_media.
	 * @return array{0: string, 1: array} SQL with placeholders, and its arguments.
	 */
	public static function viewer_predicate( int $viewer_id, string $alias = 'm' ): array {
		if ( self::is_privileged( $viewer_id ) ) {
			return array( '1=1', array() );
		}
		$community = self::community_predicate( $viewer_id, $alias );
		if ( $viewer_id <= 0 ) {
			return $community;
		}
		return array( "( {$community[0]} OR {$alias}.author_id = %d )", array_merge( $community[1], array( $viewer_id ) ) );
	}
}
