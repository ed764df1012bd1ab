<?php
/**
 * The one presenter of members in lists.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Turns user IDs into UserCard arrays (id, display_name, avatar_url,
 * profile_url, is_following) for one viewer, in a fixed number of queries
 * whatever the number of IDs: one to prime the users and their meta
 * (cache_users(), so get_avatar_url() and any pre_get_avatar_data filter read
 * the cache), one for whom the viewer follows among them (none for visitors).
 * Followers, following, search, suggestions and event actors all use it.
 * Choices: docs/people.md.
 */
final class MVS_User_Cards {

	/**
	 * Cards of the given members, in the order given; IDs without a user are skipped.
	 *
	 * @param int[] $ids       User IDs.
	 * @param int   $viewer_id Viewer (0 for visitors).
	 * @return array<int, array> Cards keyed by user ID.
	 */
	public function cards( array $ids, int $viewer_id ): array {
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $ids ) ) ) );
		if ( ! $ids ) {
			return array();
		}
		cache_users( $ids );
		$followed = $this->followed_among( $viewer_id, $ids );
		$cards    = array();
		foreach ( $ids as $id ) {
			$user = get_userdata( $id );
			if ( ! $user ) {
				continue;
			}
			$cards[ $id ] = array(
				'id'           => $id,
				'display_name' => MVS_Profile_Presenter::plain( (string) $user->display_name ),
				'avatar_url'   => self::avatar_url( $id ),
				'profile_url'  => self::profile_url( $user ),
				'is_following' => isset( $followed[ $id ] ),
			);
		}
		return $cards;
	}

	/**
	 * The members among $ids the viewer follows (one query on the primary key).
	 *
	 * @param int   $viewer_id Viewer.
	 * @param int[] $ids       User IDs.
	 * @return array<int, true>
	 */
	public function followed_among( int $viewer_id, array $ids ): array {
		global $wpdb;
		if ( $viewer_id <= 0 || ! $ids ) {
			return array();
		}
		$in = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $in is a list of %d placeholders.
		$rows = $wpdb->get_col( $wpdb->prepare( "SELECT followed_id FROM {$wpdb->mvs_follows} WHERE follower_id = %d AND followed_id IN ( {$in} )", array_merge( array( $viewer_id ), $ids ) ) );
		return array_fill_keys( array_map( 'intval', $rows ), true );
	}

	/**
	 * A member's avatar URL as WordPress shows it anywhere (by ID, so
	 * pre_get_avatar_data filters that look the member up see who it is).
	 *
	 * @param int $user_id Member.
	 * @return string
	 */
	public static function avatar_url( int $user_id ): string {
		return (string) get_avatar_url( $user_id );
	}

	/**
	 * The member's page on the site: their author archive unless a theme or
	 * community plugin names another.
	 *
	 * @param WP_User $user Member (loaded).
	 * @return string
	 */
	public static function profile_url( WP_User $user ): string {
		/**
		 * Filters the URL of a member's page in API responses.
		 *
		 * @param string  $url  Author archive URL.
		 * @param WP_User $user Member.
		 */
		return (string) apply_filters( 'mvs_user_profile_url', get_author_posts_url( $user->ID, $user->user_nicename ), $user );
	}
}
