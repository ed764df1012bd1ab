<?php
/**
 * Domain logic and data access of the block routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Blocks_Handler. A block is one row in
 * mvs_blocks (primary key blocker, blocked); its effect is symmetric: media
 * visibility (MVS_Media_Visibility) hides each user's items from the other,
 * and blocking ends follows in both directions. After every change both
 * users' block lists (user meta mvs_blocked_ids) are rebuilt from the table,
 * which stays the source of truth.
 */
final class MVS_Blocks_Service implements MVS_Blocks_Handler {

	/**
	 * POST /users/{id}/block (idempotent).
	 *
	 * @param MVS_Block_User_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function block_user( MVS_Block_User_Args $args ) {
		global $wpdb;
		$target = $args->id;
		$me     = get_current_user_id();
		$user   = get_userdata( $target );
		if ( ! $user ) {
			return MVS_Errors::make( 'mvs_user_not_found' );
		}
		if ( $target === $me ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'You cannot block yourself.', 'media-community-service' ), array( 'params' => array( 'id' ) ) );
		}
		// INSERT IGNORE on the primary key: a repeated block keeps the first date.
		$wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->mvs_blocks} ( blocker_id, blocked_id, created_at ) VALUES ( %d, %d, %s )", $me, $target, current_time( 'mysql', true ) ) );
		// Through the follow graph, so both members' follower and following counts follow (docs/people.md).
		MVS_Follow_Graph::sever( $me, $target );
		MVS_Media_Visibility::refresh_blocked_ids( $me );
		MVS_Media_Visibility::refresh_blocked_ids( $target );

		/**
		 * Fires after a member blocked another.
		 *
		 * @param int $me     Blocker.
		 * @param int $target Blocked user.
		 */
		do_action( 'mvs_user_blocked', $me, $target );
		return array(
			'user_id' => $target,
			'blocked' => true,
		);
	}

	/**
	 * DELETE /users/{id}/block: idempotent; deleted: false when there was no
	 * block (docs/api-conventions.md, "Retry-safe writes").
	 *
	 * @param MVS_Unblock_User_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function unblock_user( MVS_Unblock_User_Args $args ) {
		global $wpdb;
		$target = $args->id;
		$me     = get_current_user_id();
		if ( ! get_userdata( $target ) ) {
			return MVS_Errors::make( 'mvs_user_not_found' );
		}
		$removed = (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_blocks} WHERE blocker_id = %d AND blocked_id = %d", $me, $target ) );
		MVS_Media_Visibility::refresh_blocked_ids( $me );
		MVS_Media_Visibility::refresh_blocked_ids( $target );
		return array(
			'user_id' => $target,
			'blocked' => false,
			'deleted' => $removed > 0,
		);
	}

	/**
	 * GET /me/blocked: newest first, two queries whatever per_page is.
	 *
	 * @param MVS_List_Blocked_Users_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_blocked_users( MVS_List_Blocked_Users_Args $args ) {
		global $wpdb;
		$me       = get_current_user_id();
		$per_page = max( 1, $args->per_page );
		$offset   = ( max( 1, $args->page ) - 1 ) * $per_page;
		$rows     = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT b.blocked_id, b.created_at, u.display_name FROM {$wpdb->mvs_blocks} b"
				. " INNER JOIN {$wpdb->users} u ON u.ID = b.blocked_id"
				. ' WHERE b.blocker_id = %d ORDER BY b.created_at DESC, b.blocked_id DESC LIMIT %d OFFSET %d',
				$me,
				$per_page,
				$offset
			)
		);
		$total    = (int) $wpdb->get_var(
			$wpdb->prepare(
				"SELECT COUNT(*) FROM {$wpdb->mvs_blocks} b INNER JOIN {$wpdb->users} u ON u.ID = b.blocked_id WHERE b.blocker_id = %d",
				$me
			)
		);
		$items    = array();
		// The page's users and their meta in two queries: get_avatar_url() reads both (a custom avatar is user meta).
		cache_users( array_map( 'intval', wp_list_pluck( (array) $rows, 'blocked_id' ) ) );
		foreach ( (array) $rows as $row ) {
			$items[] = array(
				'id'           => (int) $row->blocked_id,
				'display_name' => (string) $row->display_name,
				'avatar_url'   => (string) get_avatar_url( (int) $row->blocked_id ),
				'blocked_at'   => MVS_Time::to_iso8601( $row->created_at ),
			);
		}
		return new MVS_Page( $items, $total );
	}
}
