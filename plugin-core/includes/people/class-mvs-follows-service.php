<?php
/**
 * The follow routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Follows_Handler. Writes go through
 * MVS_Follow_Graph (the row and both counts in one transaction); lists read
 * one index range of mvs_follows, newest first, and present the page with
 * MVS_User_Cards. A member in a block relation with the caller, either way,
 * is answered exactly as an unknown member (404 mvs_user_not_found) and left
 * out of every list. Choices: docs/people.md.
 */
final class MVS_Follows_Service implements MVS_Follows_Handler {

	/**
	 * Notification type of a new follower.
	 */
	const NOTICE = 'new_follower';

	/**
	 * The card presenter.
	 *
	 * @var MVS_User_Cards
	 */
	private $cards;

	/**
	 * Builds the service.
	 *
	 * @param MVS_User_Cards|null $cards Card presenter.
	 */
	public function __construct( ?MVS_User_Cards $cards = null ) {
		$this->cards = $cards ? $cards : new MVS_User_Cards();
	}

	/**
	 * POST /users/{id}/follow (idempotent).
	 *
	 * @param MVS_Follow_User_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function follow_user( MVS_Follow_User_Args $args ) {
		$me     = get_current_user_id();
		$target = $args->id;
		if ( ! MVS_Member_Lookup::visible( $target, $me ) ) {
			return MVS_Errors::make( 'mvs_user_not_found' );
		}
		if ( $target === $me ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'You cannot follow yourself.', 'media-community-service' ), array( 'params' => array( 'id' ) ) );
		}
		$added = MVS_Follow_Graph::follow( $me, $target );
		if ( true === $added ) {
			MVS_User_Suggestions::forget( $me );
			self::notify( $target, $me );
		}
		return $this->state( $target, $me );
	}

	/**
	 * DELETE /users/{id}/follow: deleted false when there was no follow
	 * (docs/api-conventions.md, "Retry-safe writes").
	 *
	 * @param MVS_Unfollow_User_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function unfollow_user( MVS_Unfollow_User_Args $args ) {
		$me     = get_current_user_id();
		$target = $args->id;
		if ( ! MVS_Member_Lookup::visible( $target, $me ) ) {
			return MVS_Errors::make( 'mvs_user_not_found' );
		}
		$removed = MVS_Follow_Graph::unfollow( $me, $target );
		if ( true === $removed ) {
			MVS_User_Suggestions::forget( $me );
		}
		return $this->state( $target, $me ) + array( 'deleted' => true === $removed );
	}

	/**
	 * GET /users/{id}/followers.
	 *
	 * @param MVS_List_User_Followers_Args $args Arguments.
	 * @return MVS_Page|WP_Error
	 */
	public function list_user_followers( MVS_List_User_Followers_Args $args ) {
		$me = get_current_user_id();
		if ( ! MVS_Member_Lookup::visible( $args->id, $me ) ) {
			return MVS_Errors::make( 'mvs_user_not_found' );
		}
		return $this->page( 'followers', $args->id, $me, $args->page, $args->per_page );
	}

	/**
	 * GET /users/{id}/following.
	 *
	 * @param MVS_List_User_Following_Args $args Arguments.
	 * @return MVS_Page|WP_Error
	 */
	public function list_user_following( MVS_List_User_Following_Args $args ) {
		$me = get_current_user_id();
		if ( ! MVS_Member_Lookup::visible( $args->id, $me ) ) {
			return MVS_Errors::make( 'mvs_user_not_found' );
		}
		return $this->page( 'following', $args->id, $me, $args->page, $args->per_page );
	}

	/**
	 * GET /me/following.
	 *
	 * @param MVS_List_My_Following_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_my_following( MVS_List_My_Following_Args $args ) {
		$me = get_current_user_id();
		return $this->page( 'following', $me, $me, $args->page, $args->per_page );
	}

	/**
	 * GET /me/followers.
	 *
	 * @param MVS_List_My_Followers_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_my_followers( MVS_List_My_Followers_Args $args ) {
		$me = get_current_user_id();
		return $this->page( 'followers', $me, $me, $args->page, $args->per_page );
	}

	/**
	 * The follow state of the caller towards a member.
	 *
	 * @param int $target Member.
	 * @param int $me     Caller.
	 * @return array
	 */
	private function state( int $target, int $me ): array {
		return array(
			'user_id'        => $target,
			'is_following'   => (bool) $this->cards->followed_among( $me, array( $target ) ),
			'follower_count' => MVS_Follow_Graph::counts( array( $target ) )[ $target ]['follower_count'],
		);
	}

	/**
	 * Tells a member about a new follower: one unread notification per
	 * follower (a repeat folds into it), and at most one a minute per pair,
	 * so following and unfollowing in a loop cannot flood them. The notifier
	 * drops it between members in a block relation.
	 *
	 * @param int $target   Member followed.
	 * @param int $follower Follower.
	 */
	private static function notify( int $target, int $follower ): void {
		if ( ! MVS_Rate_Limiter::hit( 'follow_notice_' . $target . '_' . $follower, 1 )['allowed'] ) {
			return;
		}
		MVS_Notifier::notify( $target, $follower, self::NOTICE, 'user', $follower, array(), array( 'fold' => true ) );
	}

	/**
	 * One page of followers of, or members followed by, a member, without
	 * the viewer's block relations; X-WP-Total from the stored count minus
	 * the hidden ones. Five queries whatever per_page is.
	 *
	 * @param string $side      'followers' or 'following'.
	 * @param int    $user_id   Member whose list it is.
	 * @param int    $viewer_id Viewer.
	 * @param int    $page      Page.
	 * @param int    $per_page  Page size.
	 * @return MVS_Page
	 */
	private function page( string $side, int $user_id, int $viewer_id, int $page, int $per_page ): MVS_Page {
		global $wpdb;
		$per_page                 = max( 1, $per_page );
		$offset                   = ( max( 1, $page ) - 1 ) * $per_page;
		$own                      = 'followers' === $side ? 'followed_id' : 'follower_id';
		$other                    = 'followers' === $side ? 'follower_id' : 'followed_id';
		list( $blocks, $blocked ) = MVS_Media_Visibility::blocks_clause( $viewer_id, "f.{$other}" );
		// phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $own and $other are literals, $blocks a list of %d placeholders.
		$ids   = array_map(
			'intval',
			$wpdb->get_col(
				$wpdb->prepare(
					"SELECT f.{$other} FROM {$wpdb->mvs_follows} f WHERE f.{$own} = %d{$blocks} ORDER BY f.created_at DESC, f.{$other} DESC LIMIT %d OFFSET %d",
					array_merge( array( $user_id ), $blocked, array( $per_page, $offset ) )
				)
			)
		);
		$count = MVS_Follow_Graph::counts( array( $user_id ) )[ $user_id ][ 'followers' === $side ? 'follower_count' : 'following_count' ];
		if ( $blocked ) {
			$count -= (int) $wpdb->get_var(
				$wpdb->prepare(
					"SELECT COUNT(*) FROM {$wpdb->mvs_follows} f WHERE f.{$own} = %d AND f.{$other} IN ( " . implode( ', ', array_fill( 0, count( $blocked ), '%d' ) ) . ' )',
					array_merge( array( $user_id ), $blocked )
				)
			);
		}
		// phpcs:enable
		return new MVS_Page( array_values( $this->cards->cards( $ids, $viewer_id ) ), max( 0, $count ) );
	}
}
