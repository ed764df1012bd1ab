<?php
/**
 * The member list of the Quotas screen (GET /quotas/members).
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * A page of members joined to their usage rows, searched, filtered and
 * sorted in SQL, then turned into rows with the same resolver and shape as
 * GET /users/{user_id}/quota: a constant number of queries whatever the page
 * size (seed the missing usage rows, the page, the total, the users and
 * their meta, the packages, the assignments), and with nothing filtering
 * it, a total kept between requests (MVS_Pro_Member_Count). docs/pro-quotas.md,
 * "Usage per member".
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- the ORDER BY comes from a whitelist, every value goes through prepare().
 */
final class MVS_Pro_Member_Quota_List {

	/**
	 * ORDER BY per orderby value; ties by user ID. The usage sorts name
	 * q.user_id so the storage key (storage_bytes, user_id) serves them.
	 */
	const ORDER = array(
		'name'         => array( 'u.display_name', 'u.ID' ),
		'registered'   => array( 'u.user_registered', 'u.ID' ),
		'storage_used' => array( 'q.storage_bytes', 'q.user_id' ),
		'items_used'   => array( '(q.image_count + q.video_count + q.audio_count)', 'q.user_id' ),
	);

	/**
	 * Usage rows.
	 *
	 * @var MVS_Pro_Usage_Store
	 */
	private $usage;

	/**
	 * Who holds which package.
	 *
	 * @var MVS_Pro_Member_Packages
	 */
	private $members;

	/**
	 * Package rows.
	 *
	 * @var MVS_Pro_Package_Repository
	 */
	private $packages;

	/**
	 * Wires collaborators.
	 *
	 * @param MVS_Pro_Usage_Store        $usage    Usage rows.
	 * @param MVS_Pro_Member_Packages    $members  Who holds what.
	 * @param MVS_Pro_Package_Repository $packages Package rows.
	 */
	public function __construct( MVS_Pro_Usage_Store $usage, MVS_Pro_Member_Packages $members, MVS_Pro_Package_Repository $packages ) {
		$this->usage    = $usage;
		$this->members  = $members;
		$this->packages = $packages;
	}

	/**
	 * One page of MemberQuota rows.
	 *
	 * @param MVS_Pro_List_Member_Quotas_Args $args Search, package, order, page.
	 * @return MVS_Page
	 */
	public function page( MVS_Pro_List_Member_Quotas_Args $args ): MVS_Page {
		global $wpdb;
		$where = $this->where( $args );
		if ( null === $where ) {
			return new MVS_Page( array(), 0 );
		}
		$this->usage->seed_missing();
		$from      = "FROM {$wpdb->users} u INNER JOIN {$wpdb->mvs_quota_usage} q ON q.user_id = u.ID WHERE {$where}";
		$direction = 'desc' === $args->order ? 'DESC' : 'ASC';
		$order     = implode(
			', ',
			array_map(
				static function ( $column ) use ( $direction ) {
					return "{$column} {$direction}";
				},
				self::ORDER[ isset( self::ORDER[ $args->orderby ] ) ? $args->orderby : 'name' ]
			)
		);
		$rows      = (array) $wpdb->get_results(
			$wpdb->prepare(
				"SELECT q.*, u.user_registered {$from} ORDER BY {$order} LIMIT %d OFFSET %d",
				$args->per_page,
				( max( 1, $args->page ) - 1 ) * $args->per_page
			)
		);
		$count     = static function () use ( $wpdb, $from ) {
			return (int) $wpdb->get_var( "SELECT COUNT(*) {$from}" );
		};
		// Unfiltered, the total is every member: kept between requests (MVS_Pro_Member_Count).
		$total = '' === trim( (string) $args->search ) && ! $args->package ? MVS_Pro_Member_Count::get( $count ) : $count();
		$ids   = array_map(
			static function ( $row ) {
				return (int) $row->user_id;
			},
			$rows
		);
		if ( ! $ids ) {
			return new MVS_Page( array(), $total );
		}
		cache_users( $ids );
		$held  = $this->members->for_users( $ids );
		$items = array();
		foreach ( $rows as $row ) {
			$id   = (int) $row->user_id;
			$user = get_userdata( $id );
			if ( ! $user ) {
				continue;
			}
			$items[] = array(
				'id'         => $id,
				'name'       => MVS_Profile_Presenter::plain( (string) $user->display_name ),
				'login'      => (string) $user->user_login,
				'avatar_url' => (string) get_avatar_url( $id ),
				'registered' => MVS_Time::to_iso8601( $row->user_registered ),
				'quota'      => MVS_Pro_Quota_Usage::present( $id, $row, $held[ $id ] ),
			);
		}
		return new MVS_Page( $items, $total );
	}

	/**
	 * The WHERE of the search and the package filter; null when the package
	 * does not exist (nobody holds it).
	 *
	 * @param MVS_Pro_List_Member_Quotas_Args $args Search and package.
	 * @return string|null
	 */
	private function where( MVS_Pro_List_Member_Quotas_Args $args ): ?string {
		global $wpdb;
		$where = array( '1 = 1' );
		$caps  = $wpdb->get_blog_prefix() . 'capabilities';
		if ( is_multisite() ) {
			// The site's members: those with a role key for this site.
			$where[] = $wpdb->prepare( "EXISTS ( SELECT 1 FROM {$wpdb->usermeta} sm WHERE sm.user_id = u.ID AND sm.meta_key = %s )", $caps );
		}
		$search = trim( (string) $args->search );
		if ( '' !== $search ) {
			// Display name and login only: the e-mail is never searched.
			$like    = '%' . $wpdb->esc_like( $search ) . '%';
			$where[] = $wpdb->prepare( '( u.display_name LIKE %s OR u.user_login LIKE %s )', $like, $like );
		}
		if ( $args->package ) {
			$package = $this->packages->find( (int) $args->package );
			if ( ! $package ) {
				return null;
			}
			$where[] = $this->holds( $package, $caps );
		}
		return implode( ' AND ', $where );
	}

	/**
	 * SQL for "the member holds this package": assigned directly, tied to one
	 * of their roles, or the default for a member who holds nothing else.
	 * Packages granted through mvs_pro_member_package_ids cannot be seen in
	 * SQL (docs/pro-quotas.md, "Usage per member").
	 *
	 * @param object $package Package row.
	 * @param string $caps    The roles meta key of this site.
	 * @return string
	 */
	private function holds( $package, string $caps ): string {
		global $wpdb;
		$assigned_it = $wpdb->prepare( "EXISTS ( SELECT 1 FROM {$wpdb->mvs_user_packages} up WHERE up.user_id = u.ID AND up.source = 'manual' AND up.package_id = %d )", (int) $package->id );
		$own_roles   = $this->role_clause( MVS_Pro_Package_Repository::roles( $package ), $caps );
		$either      = array( $assigned_it );
		if ( '' !== $own_roles ) {
			$either[] = $own_roles;
		}
		if ( (int) $package->is_default ) {
			$tied = array();
			foreach ( $this->packages->all() as $row ) {
				$tied = array_merge( $tied, MVS_Pro_Package_Repository::roles( $row ) );
			}
			$none     = "NOT EXISTS ( SELECT 1 FROM {$wpdb->mvs_user_packages} un WHERE un.user_id = u.ID AND un.source = 'manual' )";
			$any_role = $this->role_clause( array_unique( $tied ), $caps );
			$either[] = '' === $any_role ? "( {$none} )" : "( {$none} AND NOT {$any_role} )";
		}
		return '( ' . implode( ' OR ', $either ) . ' )';
	}

	/**
	 * SQL for "the member has one of these roles", as WP_User_Query's role
	 * filter matches the serialized roles meta; '' for no roles.
	 *
	 * @param string[] $roles Role slugs.
	 * @param string   $caps  The roles meta key of this site.
	 * @return string
	 */
	private function role_clause( array $roles, string $caps ): string {
		global $wpdb;
		if ( ! $roles ) {
			return '';
		}
		$likes = array();
		foreach ( $roles as $role ) {
			$likes[] = $wpdb->prepare( 'rm.meta_value LIKE %s', '%' . $wpdb->esc_like( '"' . $role . '"' ) . '%' );
		}
		return $wpdb->prepare( "EXISTS ( SELECT 1 FROM {$wpdb->usermeta} rm WHERE rm.user_id = u.ID AND rm.meta_key = %s AND ( ", $caps ) . implode( ' OR ', $likes ) . ' ) )';
	}
}
