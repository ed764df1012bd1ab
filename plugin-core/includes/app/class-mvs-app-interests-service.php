<?php
/**
 * GET /app/interests: the chips of the onboarding picker.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_App_Interests_Handler from the cached chips
 * (MVS_App_Interests_Cache). Cover URLs are signed at each answer, so a
 * cached chip never carries an expired address. docs/native-app.md.
 */
final class MVS_App_Interests_Service implements MVS_App_Interests_Handler {

	/**
	 * GET /app/interests.
	 *
	 * @param MVS_List_App_Interests_Args $args Arguments (none).
	 * @return array
	 */
	public function list_app_interests( MVS_List_App_Interests_Args $args ) {
		$out = array();
		foreach ( MVS_App_Interests_Cache::chips( new MVS_App_Interests_Query() ) as $chip ) {
			// Covers are approved public items: the URL anyone may fetch.
			$item  = (object) array(
				'id'                => $chip['cover'],
				'privacy'           => 'public',
				'moderation_status' => 'approved',
			);
			$out[] = array(
				'id'        => $chip['id'],
				'name'      => $chip['name'],
				'slug'      => $chip['slug'],
				'count'     => $chip['count'],
				'cover_url' => $chip['cover'] ? MVS_Url_Signer::file_url( $item, 0, $chip['size'] ) : null,
			);
		}
		return $out;
	}
}
