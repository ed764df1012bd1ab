<?php
/**
 * The Profile and Avatar shapes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Builds the Profile and Avatar responses. WordPress stores names and the
 * biography HTML-escaped (`&` as `&amp;`, by its pre_user_* filters); the
 * responses carry plain text, and the biography also escaped for HTML.
 */
final class MVS_Profile_Presenter {

	/**
	 * The member's profile.
	 *
	 * @param WP_User $user Member (fresh from the database).
	 * @return array
	 */
	public function profile( WP_User $user ): array {
		$description = self::plain( (string) $user->description );
		return array(
			'id'               => (int) $user->ID,
			'display_name'     => self::plain( (string) $user->display_name ),
			'first_name'       => self::plain( (string) $user->first_name ),
			'last_name'        => self::plain( (string) $user->last_name ),
			'description'      => $description,
			'description_html' => nl2br( esc_html( $description ), false ),
			'avatar'           => $this->avatar( (int) $user->ID ),
		);
	}

	/**
	 * The member's avatar as WordPress shows it, at each stored size.
	 *
	 * @param int $user_id Member.
	 * @return array{custom: bool, urls: array<string, string>}
	 */
	public function avatar( int $user_id ): array {
		$urls = array();
		foreach ( MVS_Avatar_Files::SIZES as $size ) {
			$urls[ (string) $size ] = (string) get_avatar_url( $user_id, array( 'size' => $size ) );
		}
		return array(
			'custom' => array() !== MVS_Avatar_Files::get( $user_id ),
			'urls'   => $urls,
		);
	}

	/**
	 * Stored user text as plain text.
	 *
	 * @param string $stored As WordPress saved it.
	 * @return string
	 */
	public static function plain( string $stored ): string {
		return html_entity_decode( $stored, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
	}
}
