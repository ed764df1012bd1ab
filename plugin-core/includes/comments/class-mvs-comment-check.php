<?php
/**
 * The site's spam check of a new comment.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Decides whether a new comment is published, held for a moderator or
 * marked as spam, with WordPress's own comment settings (Settings →
 * Discussion) so a site keeps one word list for both kinds of comment:
 * its disallowed words make spam, its moderation words or more links than
 * comment_max_links hold the comment. The filter mvs_comment_status has the
 * last word (a spam service such as Akismet hooks there). Moderators'
 * comments are never checked. See docs/moderation.md, "Comments and members".
 */
final class MVS_Comment_Check {

	const STATUSES = array( 'approved', 'held', 'spam' );

	/**
	 * The status a new comment gets.
	 *
	 * @param int    $user_id  Author.
	 * @param int    $media_id Item.
	 * @param string $content  Sanitized plain text.
	 * @return string approved, held or spam.
	 */
	public static function status( int $user_id, int $media_id, string $content ): string {
		$status = 'approved';
		if ( ! user_can( $user_id, 'moderate_mvs_media' ) ) {
			$user   = get_userdata( $user_id );
			$fields = array(
				$user ? (string) $user->display_name : '',
				$user ? (string) $user->user_email : '',
				$user ? (string) $user->user_url : '',
				$content,
				MVS_Client_Address::ip(),
				isset( $_SERVER['HTTP_USER_AGENT'] ) ? substr( sanitize_text_field( wp_unslash( $_SERVER['HTTP_USER_AGENT'] ) ), 0, 254 ) : '',
			);
			if ( wp_check_comment_disallowed_list( ...$fields ) ) {
				$status = 'spam';
			} elseif ( self::needs_review( $fields ) ) {
				$status = 'held';
			}
		}
		/**
		 * Filters the status of a new comment: approved (published), held (waits
		 * for a moderator) or spam (waits on the desk's spam view). Anything
		 * else keeps the plugin's answer.
		 *
		 * @param string $status   The answer of WordPress's comment settings.
		 * @param array  $comment  user_id, media_id and content of the comment.
		 */
		$filtered = apply_filters(
			'mvs_comment_status',
			$status,
			array(
				'user_id'  => $user_id,
				'media_id' => $media_id,
				'content'  => $content,
			)
		);
		return in_array( $filtered, self::STATUSES, true ) ? $filtered : $status;
	}

	/**
	 * WordPress's moderation rule of check_comment() without its "previously
	 * approved" and "always hold" switches, which are about anonymous blog
	 * comments (members here are signed in): too many links, or a moderation
	 * word in any field.
	 *
	 * @param string[] $fields Author name, e-mail, URL, text, IP, user agent.
	 * @return bool
	 */
	private static function needs_review( array $fields ): bool {
		$max_links = (int) get_option( 'comment_max_links' );
		if ( $max_links > 0 && preg_match_all( '#https?://#i', $fields[3] ) >= $max_links ) {
			return true;
		}
		$keys = trim( (string) get_option( 'moderation_keys' ) );
		if ( '' === $keys ) {
			return false;
		}
		foreach ( explode( "\n", $keys ) as $word ) {
			$word = trim( $word );
			if ( '' === $word ) {
				continue;
			}
			$pattern = '#' . preg_quote( $word, '#' ) . '#iu';
			foreach ( $fields as $field ) {
				if ( preg_match( $pattern, $field ) ) {
					return true;
				}
			}
		}
		return false;
	}
}
