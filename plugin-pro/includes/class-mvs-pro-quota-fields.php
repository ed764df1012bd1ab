<?php
/**
 * Quota fields Pro adds to core responses.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Values of the extension fields codegen/src/api/pro/extension-fields.ts
 * declares (registered by the generated MVS_Pro_Extension_Fields).
 */
final class MVS_Pro_Quota_Fields {

	/**
	 * MediaItem extensions["mvs-pro"].quota_bytes: the bytes the stored
	 * original counts against its uploader's storage quota, for the uploader
	 * and for users who manage settings (they manage quotas); null for
	 * everyone else, whose business another member's quota is not.
	 *
	 * @param object $row       mvs_media row.
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @return int|null
	 */
	public static function quota_bytes( $row, int $viewer_id ): ?int {
		if ( $viewer_id <= 0 ) {
			return null;
		}
		// The current user's own WP_User: user_can() given an id builds a new one for every item of a page.
		$user = get_current_user_id() === $viewer_id ? wp_get_current_user() : $viewer_id;
		if ( (int) $row->author_id !== $viewer_id && ! user_can( $user, 'manage_mvs_settings' ) ) {
			return null;
		}
		return (int) $row->file_size;
	}
}
