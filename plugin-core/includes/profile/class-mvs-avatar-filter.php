<?php
/**
 * Makes a member's custom avatar the one WordPress shows.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * On `pre_get_avatar_data`, every get_avatar(), get_avatar_url() and
 * get_avatar_data() call (comments, the admin bar, /wp/v2/users avatar_urls,
 * this plugin's user cards) answers with the member's stored square nearest
 * the requested size from above. Members without one, e-mail addresses of
 * no member, and `force_default` keep WordPress's answer (Gravatar or the
 * site's default). docs/profile-and-avatar.md.
 */
final class MVS_Avatar_Filter {

	/**
	 * Wires the filter.
	 */
	public static function register(): void {
		add_filter( 'pre_get_avatar_data', array( __CLASS__, 'filter' ), 10, 2 );
	}

	/**
	 * Filter pre_get_avatar_data.
	 *
	 * @param array $args        get_avatar_data() arguments.
	 * @param mixed $id_or_email User ID, e-mail, WP_User, WP_Post or WP_Comment.
	 * @return array
	 */
	public static function filter( $args, $id_or_email ) {
		if ( ! is_array( $args ) || ! empty( $args['url'] ) || ! empty( $args['force_default'] ) ) {
			return $args;
		}
		$user_id = self::user_id( $id_or_email );
		if ( $user_id <= 0 ) {
			return $args;
		}
		$wanted = max( (int) ( $args['size'] ?? 96 ), (int) ( $args['width'] ?? 0 ), (int) ( $args['height'] ?? 0 ) );
		$url    = MVS_Avatar_Files::url( $user_id, $wanted );
		if ( '' !== $url ) {
			$args['url']          = $url;
			$args['found_avatar'] = true;
		}
		return $args;
	}

	/**
	 * The member an avatar request is about, as get_avatar_data() resolves it.
	 *
	 * @param mixed $id_or_email User ID, e-mail, WP_User, WP_Post or WP_Comment.
	 * @return int 0 when no member.
	 */
	private static function user_id( $id_or_email ): int {
		if ( is_numeric( $id_or_email ) ) {
			return (int) $id_or_email;
		}
		if ( $id_or_email instanceof WP_User ) {
			return (int) $id_or_email->ID;
		}
		if ( $id_or_email instanceof WP_Post ) {
			return (int) $id_or_email->post_author;
		}
		if ( $id_or_email instanceof WP_Comment ) {
			return (int) $id_or_email->user_id;
		}
		if ( is_string( $id_or_email ) && is_email( $id_or_email ) ) {
			$user = get_user_by( 'email', $id_or_email );
			return $user ? (int) $user->ID : 0;
		}
		return 0;
	}
}
