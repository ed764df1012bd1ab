<?php
/**
 * Public profiles, member search and suggestions.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_User_Profiles_Handler. A member in a block
 * relation with the caller, either way, is answered as unknown (404) and
 * never listed; e-mail addresses are never returned nor searched. Choices:
 * docs/people.md.
 */
final class MVS_User_Profiles_Service implements MVS_User_Profiles_Handler {

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
	 * GET /users/{id}.
	 *
	 * @param MVS_Get_User_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_user( MVS_Get_User_Args $args ) {
		$me = get_current_user_id();
		$id = $args->id;
		if ( ! MVS_Member_Lookup::visible( $id, $me ) ) {
			return MVS_Errors::make( 'mvs_user_not_found' );
		}
		$card   = $this->cards->cards( array( $id ), $me )[ $id ];
		$user   = get_userdata( $id );
		$counts = MVS_Follow_Graph::counts( array( $id ) )[ $id ];
		// The login names the account to sign in with: only its owner and those who may list users see it.
		$private = $id === $me || current_user_can( 'list_users' );
		return $card + array(
			'description'     => MVS_Profile_Presenter::plain( wp_strip_all_tags( (string) $user->description ) ),
			'follower_count'  => $counts['follower_count'],
			'following_count' => $counts['following_count'],
			'media_count'     => self::public_media_count( $id ),
			'user_login'      => $private ? (string) $user->user_login : null,
			'user_registered' => $private ? MVS_Time::to_iso8601( (string) $user->user_registered ) : null,
		);
	}

	/**
	 * GET /users/search.
	 *
	 * @param MVS_Search_Users_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function search_users( MVS_Search_Users_Args $args ) {
		$me    = get_current_user_id();
		$ids   = MVS_User_Search_Index::search( $args->q, max( 1, $args->per_page ), MVS_Media_Visibility::blocked_ids( $me ) );
		$cards = array_values( $this->cards->cards( $ids, $me ) );
		return new MVS_Page( $cards, count( $cards ) );
	}

	/**
	 * GET /users/suggested.
	 *
	 * @param MVS_List_Suggested_Users_Args $args Arguments.
	 * @return array
	 */
	public function list_suggested_users( MVS_List_Suggested_Users_Args $args ) {
		$me      = get_current_user_id();
		$limit   = min( MVS_User_Suggestions::MAX, max( 1, $args->limit ) );
		$blocked = MVS_Media_Visibility::blocked_ids( $me );
		$ranked  = array_values(
			array_filter(
				MVS_User_Suggestions::ranked( $me ),
				static function ( $id ) use ( $me, $blocked ) {
					return $id !== $me && ! in_array( $id, $blocked, true );
				}
			)
		);
		// A kept ranking may predate a follow made elsewhere (another device, wp-admin): drop them now.
		$followed = $this->cards->followed_among( $me, $ranked );
		$ids      = array_slice(
			array_values(
				array_filter(
					$ranked,
					static function ( $id ) use ( $followed ) {
						return ! isset( $followed[ $id ] );
					}
				)
			),
			0,
			$limit
		);
		$cards    = $this->cards->cards( $ids, $me );
		$counts   = MVS_Follow_Graph::counts( array_keys( $cards ) );
		$samples  = MVS_User_Suggestions::sample_media( array_keys( $cards ) );
		$out      = array();
		foreach ( $cards as $id => $card ) {
			$out[] = array(
				'id'             => $id,
				'name'           => $card['display_name'],
				'avatar'         => $card['avatar_url'],
				'profile_url'    => $card['profile_url'],
				'follower_count' => $counts[ $id ]['follower_count'],
				'is_following'   => false,
				'sample_media'   => array_slice( $samples[ $id ], 0, 3 ),
			);
		}
		return $out;
	}

	/**
	 * A member's items a visitor may see, counted through the author index
	 * (the cost follows the member's own items, not the site's).
	 *
	 * @param int $user_id Member.
	 * @return int
	 */
	private static function public_media_count( int $user_id ): int {
		global $wpdb;
		list( $visible, $args ) = MVS_Media_Visibility::community_predicate( 0, 'm' );
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the predicate is built from placeholders.
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->mvs_media} m WHERE m.author_id = %d AND {$visible}", array_merge( array( $user_id ), $args ) ) );
	}
}
