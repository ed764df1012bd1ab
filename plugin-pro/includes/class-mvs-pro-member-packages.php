<?php
/**
 * Which packages apply to a member, and the limits they add up to.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * A member holds their direct assignment (mvs_user_packages, source
 * 'manual') and the packages tied to their roles; membership plugins add
 * theirs on the filter mvs_pro_member_package_ids. None: the default
 * package; no default: unlimited. Several: the highest limit per dimension,
 * 0 (unlimited) beating any number. docs/pro-quotas.md, "Who holds what".
 */
final class MVS_Pro_Member_Packages {

	/**
	 * The limit columns of a package, which are also the keys of the limits.
	 */
	const DIMENSIONS = array( 'image_limit', 'video_limit', 'audio_limit', 'storage_bytes' );

	/**
	 * Package rows.
	 *
	 * @var MVS_Pro_Package_Repository
	 */
	private $packages;

	/**
	 * Wires the repository.
	 *
	 * @param MVS_Pro_Package_Repository|null $packages Package rows.
	 */
	public function __construct( ?MVS_Pro_Package_Repository $packages = null ) {
		$this->packages = $packages ? $packages : new MVS_Pro_Package_Repository();
	}

	/**
	 * The packages directly assigned to some members, in one query.
	 *
	 * @param int[] $user_ids Members.
	 * @return array<int, int> User ID => package ID (members without one are absent).
	 */
	private function assigned( array $user_ids ): array {
		global $wpdb;
		if ( ! $user_ids ) {
			return array();
		}
		$in = implode( ', ', array_fill( 0, count( $user_ids ), '%d' ) );
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $in is a list of %d placeholders.
		$rows     = (array) $wpdb->get_results( $wpdb->prepare( "SELECT user_id, package_id FROM {$wpdb->mvs_user_packages} WHERE source = 'manual' AND user_id IN ( {$in} )", $user_ids ) );
		$assigned = array();
		foreach ( $rows as $row ) {
			$assigned[ (int) $row->user_id ] = (int) $row->package_id;
		}
		return $assigned;
	}

	/**
	 * Assigns a package to a member (replacing their direct assignment), or
	 * removes the assignment with 0. One statement: the unique key
	 * (user_id, source) makes a repeat an update.
	 *
	 * @param int $user_id    Member.
	 * @param int $package_id Package ID, 0 to remove.
	 * @return bool
	 */
	public function assign( int $user_id, int $package_id ): bool {
		global $wpdb;
		if ( 0 === $package_id ) {
			return false !== $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_user_packages} WHERE user_id = %d AND source = 'manual'", $user_id ) );
		}
		return false !== $wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$wpdb->mvs_user_packages} (user_id, package_id, source, assigned_at) VALUES (%d, %d, 'manual', %s) ON DUPLICATE KEY UPDATE package_id = %d, assigned_at = %s",
				$user_id,
				$package_id,
				current_time( 'mysql', true ),
				$package_id,
				current_time( 'mysql', true )
			)
		);
	}

	/**
	 * The packages that apply to a member, in display order.
	 *
	 * @param int $user_id Member.
	 * @return object[] Package rows.
	 */
	public function for_user( int $user_id ): array {
		return $this->for_users( array( $user_id ) )[ $user_id ];
	}

	/**
	 * The packages that apply to each of some members, in display order, in
	 * one query for their assignments (prime their users with cache_users()
	 * first so reading their roles costs none).
	 *
	 * @param int[] $user_ids Members.
	 * @return array<int, object[]> User ID => package rows.
	 */
	public function for_users( array $user_ids ): array {
		$all      = $this->packages->all();
		$assigned = $this->assigned( $user_ids );
		$out      = array();
		foreach ( $user_ids as $user_id ) {
			$ids   = array( isset( $assigned[ $user_id ] ) ? $assigned[ $user_id ] : 0 );
			$user  = get_userdata( $user_id );
			$roles = $user ? (array) $user->roles : array();
			foreach ( $all as $id => $row ) {
				if ( array_intersect( $roles, MVS_Pro_Package_Repository::roles( $row ) ) ) {
					$ids[] = $id;
				}
			}
			/**
			 * Filters the packages a member holds, for membership plugins: add the
			 * IDs of the packages their levels grant. The default package applies
			 * only when this list ends up empty.
			 *
			 * @param int[]        $ids     Package IDs: the direct assignment and the role packages.
			 * @param int          $user_id Member.
			 * @param WP_User|false $user   The member.
			 */
			$ids  = array_map( 'intval', (array) apply_filters( 'mvs_pro_member_package_ids', array_filter( $ids ), $user_id, $user ) );
			$held = array();
			foreach ( $all as $id => $row ) {
				if ( in_array( $id, $ids, true ) ) {
					$held[] = $row;
				}
			}
			if ( ! $held ) {
				foreach ( $all as $row ) {
					if ( (int) $row->is_default ) {
						$held[] = $row;
					}
				}
			}
			$out[ $user_id ] = $held;
		}
		return $out;
	}

	/**
	 * The highest limit per dimension over some packages; none: unlimited.
	 *
	 * @param object[] $held Package rows.
	 * @return array<string, int> Keyed by DIMENSIONS; 0 = unlimited.
	 */
	public static function limits( array $held ): array {
		$limits = array_fill_keys( self::DIMENSIONS, 0 );
		if ( ! $held ) {
			return $limits;
		}
		foreach ( self::DIMENSIONS as $dimension ) {
			$values               = array_map(
				static function ( $row ) use ( $dimension ) {
					return (int) $row->$dimension;
				},
				$held
			);
			$limits[ $dimension ] = in_array( 0, $values, true ) ? 0 : max( $values );
		}
		return $limits;
	}
}
