<?php
/**
 * The QuotaUsage shape.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Presents a member's quota from their usage row and the packages they
 * hold, for GET /me/quota, GET /users/{user_id}/quota, the rows of GET
 * /quotas/members and the usage widget alike. docs/pro-quotas.md.
 */
final class MVS_Pro_Quota_Usage {

	/**
	 * The QuotaUsage shape from a member's usage row and the packages they hold.
	 *
	 * @param int      $user_id Member (whose user is loaded or cached).
	 * @param object   $row     Their mvs_quota_usage row.
	 * @param object[] $held    From MVS_Pro_Member_Packages::for_users().
	 * @return array
	 */
	public static function present( int $user_id, $row, array $held ): array {
		return array(
			'user_id'     => $user_id,
			'package'     => implode(
				', ',
				array_map(
					static function ( $package ) {
						return (string) $package->name;
					},
					$held
				)
			),
			'package_ids' => array_map(
				static function ( $package ) {
					return (int) $package->id;
				},
				$held
			),
			'bypass'      => user_can( $user_id, 'manage_mvs_settings' ),
			'usage'       => array(
				'image_count'   => (int) $row->image_count,
				'video_count'   => (int) $row->video_count,
				'audio_count'   => (int) $row->audio_count,
				'storage_bytes' => (int) $row->storage_bytes,
			),
			'limits'      => MVS_Pro_Member_Packages::limits( $held ),
			'credits'     => array(
				'image' => (int) $row->image_credits,
				'video' => (int) $row->video_credits,
				'audio' => (int) $row->audio_credits,
			),
		);
	}
}
