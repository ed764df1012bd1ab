<?php
/**
 * Rows of mvs_quota_packages.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads and writes quota packages. The table is small (a site has a handful
 * of packages), so the whole of it is read once per request and kept.
 * docs/pro-quotas.md.
 */
final class MVS_Pro_Package_Repository {

	/**
	 * Every package of this request, in display order, or null before the first read.
	 *
	 * @var object[]|null
	 */
	private static $all = null;

	/**
	 * Every package in display order (sort_order, then id).
	 *
	 * @return object[] Rows keyed by id.
	 */
	public function all(): array {
		global $wpdb;
		if ( null === self::$all ) {
			$rows      = (array) $wpdb->get_results( "SELECT * FROM {$wpdb->mvs_quota_packages} ORDER BY sort_order ASC, id ASC" );
			self::$all = array();
			foreach ( $rows as $row ) {
				self::$all[ (int) $row->id ] = $row;
			}
		}
		return self::$all;
	}

	/**
	 * One package.
	 *
	 * @param int $id Package ID.
	 * @return object|null
	 */
	public function find( int $id ) {
		$all = $this->all();
		return isset( $all[ $id ] ) ? $all[ $id ] : null;
	}

	/**
	 * Inserts a package; is_default goes through make_default() so one default remains.
	 *
	 * @param array $fields Column values (name, limits, sort_order, roles).
	 * @return int|null New ID, or null when the insert failed.
	 */
	public function insert( array $fields ): ?int {
		global $wpdb;
		self::$all = null;
		$fields    = array_merge(
			$fields,
			array(
				'is_default' => 0,
				'created_at' => current_time( 'mysql', true ),
			)
		);
		$ok        = $wpdb->insert( $wpdb->mvs_quota_packages, $fields );
		return $ok ? (int) $wpdb->insert_id : null;
	}

	/**
	 * Updates columns of a package.
	 *
	 * @param int   $id     Package ID.
	 * @param array $fields Column values.
	 * @return bool
	 */
	public function update( int $id, array $fields ): bool {
		global $wpdb;
		self::$all = null;
		if ( ! $fields ) {
			return true;
		}
		return false !== $wpdb->update( $wpdb->mvs_quota_packages, $fields, array( 'id' => $id ) );
	}

	/**
	 * Makes a package the one default: one statement sets the flag on every
	 * row, so two concurrent calls serialize on the row locks and exactly one
	 * default remains, whichever came last.
	 *
	 * @param int $id Package ID.
	 * @return bool
	 */
	public function make_default( int $id ): bool {
		global $wpdb;
		self::$all = null;
		return false !== $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_quota_packages} SET is_default = CASE WHEN id = %d THEN 1 ELSE 0 END", $id ) );
	}

	/**
	 * Deletes a package and the direct assignments of it, in one transaction:
	 * its members fall back to their other packages, else the default.
	 *
	 * @param int $id Package ID.
	 * @return array{deleted: bool, unassigned: int}|null Null when the transaction failed.
	 */
	public function delete( int $id ): ?array {
		global $wpdb;
		self::$all = null;
		$outcome   = MVS_Transaction::run(
			static function () use ( $wpdb, $id ) {
				$deleted = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_quota_packages} WHERE id = %d", $id ) );
				if ( false === $deleted ) {
					return false;
				}
				$unassigned = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_user_packages} WHERE package_id = %d", $id ) );
				if ( false === $unassigned ) {
					return false;
				}
				return array(
					'deleted'    => $deleted > 0,
					'unassigned' => (int) $unassigned,
				);
			}
		);
		return false === $outcome ? null : $outcome;
	}

	/**
	 * The roles a package is tied to.
	 *
	 * @param object $row Package row.
	 * @return string[]
	 */
	public static function roles( $row ): array {
		return array_values( array_filter( explode( ',', (string) $row->roles ) ) );
	}

	/**
	 * The QuotaPackage shape.
	 *
	 * @param object $row Package row.
	 * @return array
	 */
	public static function present( $row ): array {
		return array(
			'id'            => (int) $row->id,
			'name'          => (string) $row->name,
			'image_limit'   => (int) $row->image_limit,
			'video_limit'   => (int) $row->video_limit,
			'audio_limit'   => (int) $row->audio_limit,
			'storage_bytes' => (int) $row->storage_bytes,
			'is_default'    => (bool) (int) $row->is_default,
			'sort_order'    => (int) $row->sort_order,
			'roles'         => self::roles( $row ),
			'created_at'    => MVS_Time::to_iso8601( $row->created_at ),
		);
	}
}
