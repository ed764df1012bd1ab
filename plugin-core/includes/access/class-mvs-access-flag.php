<?php
/**
 * The access_scoped flag of a media item.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Sets mvs_media.access_scoped from the item's rules and grants, inside the
 * transaction that changed them: 1 while it has any (an expired grant
 * included), so the visibility policy decides it with its rules and grants
 * and every other item keeps the keyed totals and the lean /serve entry
 * (MVS_Visibility_Scoped). docs/access-rules-and-grants.md.
 */
final class MVS_Access_Flag {

	/**
	 * Recomputes the flag of one item.
	 *
	 * @param int $media_id Item.
	 * @return bool False when the update failed.
	 */
	public static function refresh( int $media_id ): bool {
		global $wpdb;
		MVS_Access_Visibility::forget();
		return false !== $wpdb->query(
			$wpdb->prepare(
				"UPDATE {$wpdb->mvs_media} SET access_scoped = CASE WHEN EXISTS ( SELECT 1 FROM {$wpdb->mvs_access_rules} r WHERE r.media_id = %d )"
				. " OR EXISTS ( SELECT 1 FROM {$wpdb->mvs_access_grants} g WHERE g.media_id = %d ) THEN 1 ELSE 0 END WHERE id = %d",
				$media_id,
				$media_id,
				$media_id
			)
		);
	}
}
