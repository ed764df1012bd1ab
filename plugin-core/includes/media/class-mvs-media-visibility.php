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
			// Blocks hide items both ways. The (usually empty) list is read
			// first, so a viewer without blocks gets exactly the indexed
			// predicate: a NOT EXISTS on author_id in the SQL would make
			// MariaDB give up the covering visibility index for a full scan.
			$blocked = self::blocked_ids( $viewer_id );
			if ( $blocked ) {
				$blocks = " AND {$alias}.author_id NOT IN (" . implode( ', ', array_fill( 0, count( $blocked ), '%d' ) ) . ')';
				$args   = array_merge( $args, $blocked );
			}
		}
		return array( "( {$alias}.moderation_status = 'approved' AND ( " . implode( ' OR ', $privacies ) . " ){$blocks} )", $args );
	}

	/**
	 * Users the viewer blocked or was blocked by (one query on the two
	 * indexes of mvs_blocks, cached for the request).
	 *
	 * @param int $user_id Viewer.
	 * @return int[]
	 */
	public static function blocked_ids( int $user_id ): array {
		global $wpdb;
		if ( $user_id <= 0 ) {
			return array();
		}
		if ( ! isset( self::$blocked[ $user_id ] ) ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- custom table; cached for the request just below.
			$ids = $wpdb->get_col( $wpdb->prepare( "SELECT blocked_id FROM {$wpdb->mvs_blocks} WHERE blocker_id = %d UNION SELECT blocker_id FROM {$wpdb->mvs_blocks} WHERE blocked_id = %d", $user_id, $user_id ) );
			self::$blocked[ $user_id ] = array_values( array_unique( array_map( 'intval', $ids ) ) );
		}
		return self::$blocked[ $user_id ];
	}

	/**
	 * Forgets the cached block lists of a pair after a block or unblock.
	 *
	 * @param int $a One user.
	 * @param int $b The other user.
	 */
	public static function forget_block( int $a, int $b ): void {
		unset( self::$blocked[ $a ], self::$blocked[ $b ] );
	}

	/**
	 * The same rules for one loaded row.
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer.
	 * @return bool
	 */
	public static function can_view( $row, int $viewer_id ): bool {
		if ( $viewer_id > 0 && (int) $row->author_id === $viewer_id ) {
			return true;
		}
		if ( self::is_privileged( $viewer_id ) ) {
			return true;
		}
		if ( 'approved' !== $row->moderation_status ) {
			return false;
		}
		if ( in_array( (int) $row->author_id, self::blocked_ids( $viewer_id ), true ) ) {
			return false;
		}
		switch ( $row->privacy ) {
			case 'public':
				return true;
			case 'members':
				return $viewer_id > 0;
			case 'group':
				return in_array( (int) $row->group_id, self::group_ids( $viewer_id ), true );
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
