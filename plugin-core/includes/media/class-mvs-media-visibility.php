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
		global $wpdb;
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
			// Blocks hide items both ways. Two NOT EXISTS, each a primary-key
			// lookup on mvs_blocks (blocker_id, blocked_id), rather than one OR.
			$blocks = " AND NOT EXISTS ( SELECT 1 FROM {$wpdb->mvs_blocks} bk1 WHERE bk1.blocker_id = %d AND bk1.blocked_id = {$alias}.author_id )"
				. " AND NOT EXISTS ( SELECT 1 FROM {$wpdb->mvs_blocks} bk2 WHERE bk2.blocker_id = {$alias}.author_id AND bk2.blocked_id = %d )";
			$args[] = $viewer_id;
			$args[] = $viewer_id;
		}
		return array( "( {$alias}.moderation_status = 'approved' AND ( " . implode( ' OR ', $privacies ) . " ){$blocks} )", $args );
	}

	/**
	 * Whether either user has blocked the other (one primary-key query, cached
	 * for the request).
	 *
	 * @param int $a One user.
	 * @param int $b The other user.
	 * @return bool
	 */
	public static function blocked_between( int $a, int $b ): bool {
		global $wpdb;
		if ( $a <= 0 || $b <= 0 || $a === $b ) {
			return false;
		}
		$key    = min( $a, $b ) . ':' . max( $a, $b );
		$cached = wp_cache_get( $key, 'mvs_blocks' );
		if ( false === $cached ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- custom table; cached per request just below.
			$found  = $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->mvs_blocks} WHERE ( blocker_id = %d AND blocked_id = %d ) OR ( blocker_id = %d AND blocked_id = %d )", $a, $b, $b, $a ) );
			$cached = (int) $found > 0 ? 'yes' : 'no';
			wp_cache_set( $key, $cached, 'mvs_blocks' );
		}
		return 'yes' === $cached;
	}

	/**
	 * Forgets the cached block state of a pair after a block or unblock.
	 *
	 * @param int $a One user.
	 * @param int $b The other user.
	 */
	public static function forget_block( int $a, int $b ): void {
		wp_cache_delete( min( $a, $b ) . ':' . max( $a, $b ), 'mvs_blocks' );
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
		if ( $viewer_id > 0 && self::blocked_between( $viewer_id, (int) $row->author_id ) ) {
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
}
