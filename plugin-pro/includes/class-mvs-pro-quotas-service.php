<?php
/**
 * Domain logic of the quota, assignment and credit routes.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Pro_Quotas_Handler. A quota read is a few
 * constant queries (the usage row, the packages, the assignment), never a
 * scan of the member's media. docs/pro-quotas.md.
 */
final class MVS_Pro_Quotas_Service implements MVS_Pro_Quotas_Handler {

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
	 * Credit balances and their log.
	 *
	 * @var MVS_Pro_Credit_Ledger
	 */
	private $ledger;

	/**
	 * Wires collaborators.
	 */
	public function __construct() {
		$this->usage    = new MVS_Pro_Usage_Store();
		$this->packages = new MVS_Pro_Package_Repository();
		$this->members  = new MVS_Pro_Member_Packages( $this->packages );
		$this->ledger   = new MVS_Pro_Credit_Ledger( $this->usage );
	}

	/**
	 * GET /me/quota.
	 *
	 * @param MVS_Pro_Get_My_Quota_Args $args No arguments.
	 * @return array
	 */
	public function get_my_quota( MVS_Pro_Get_My_Quota_Args $args ) {
		return $this->report( get_current_user_id() );
	}

	/**
	 * GET /users/{user_id}/quota.
	 *
	 * @param MVS_Pro_Get_User_Quota_Args $args User ID.
	 * @return array|WP_Error
	 */
	public function get_user_quota( MVS_Pro_Get_User_Quota_Args $args ) {
		if ( ! get_userdata( $args->user_id ) ) {
			return self::no_user();
		}
		return $this->report( $args->user_id );
	}

	/**
	 * POST /users/{user_id}/package: assigns (or with 0 removes) the member's direct package.
	 *
	 * @param MVS_Pro_Assign_User_Package_Args $args User and package.
	 * @return array|WP_Error The member's quota after the change.
	 */
	public function assign_user_package( MVS_Pro_Assign_User_Package_Args $args ) {
		if ( ! get_userdata( $args->user_id ) ) {
			return self::no_user();
		}
		if ( $args->package_id && ! $this->packages->find( $args->package_id ) ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Package not found.', 'media-community-service-pro' ) );
		}
		if ( ! $this->members->assign( $args->user_id, $args->package_id ) ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		return $this->report( $args->user_id );
	}

	/**
	 * POST /users/{user_id}/credits: a manual change, logged with who made it.
	 *
	 * @param MVS_Pro_Adjust_User_Credits_Args $args User, type, amount, note.
	 * @return array|WP_Error The log row written.
	 */
	public function adjust_user_credits( MVS_Pro_Adjust_User_Credits_Args $args ) {
		if ( ! get_userdata( $args->user_id ) ) {
			return self::no_user();
		}
		if ( 0 === $args->amount ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'The amount must not be 0.', 'media-community-service-pro' ), array( 'param' => 'amount' ) );
		}
		return $this->ledger->adjust( $args->user_id, $args->credit_type, $args->amount, 'manual', 'user:' . get_current_user_id(), (string) $args->note );
	}

	/**
	 * GET /me/credits/history: the caller's log, newest first.
	 *
	 * @param MVS_Pro_List_My_Credit_History_Args $args Page.
	 * @return MVS_Page
	 */
	public function list_my_credit_history( MVS_Pro_List_My_Credit_History_Args $args ) {
		return $this->ledger->page( get_current_user_id(), $args->page, $args->per_page );
	}

	/**
	 * GET /users/{user_id}/credits/history: a member's log for managers, the
	 * same page as the member's own.
	 *
	 * @param MVS_Pro_List_User_Credit_History_Args $args User and page.
	 * @return MVS_Page|WP_Error
	 */
	public function list_user_credit_history( MVS_Pro_List_User_Credit_History_Args $args ) {
		if ( ! get_userdata( $args->user_id ) ) {
			return self::no_user();
		}
		return $this->ledger->page( $args->user_id, $args->page, $args->per_page );
	}

	/**
	 * GET /quotas/members: a page of members with their quota.
	 *
	 * @param MVS_Pro_List_Member_Quotas_Args $args Search, package, order, page.
	 * @return MVS_Page
	 */
	public function list_member_quotas( MVS_Pro_List_Member_Quotas_Args $args ) {
		return ( new MVS_Pro_Member_Quota_List( $this->usage, $this->members, $this->packages ) )->page( $args );
	}

	/**
	 * The QuotaUsage shape of a member (the routes and the usage widget).
	 *
	 * @param int $user_id Member.
	 * @return array
	 */
	public function report( int $user_id ): array {
		return MVS_Pro_Quota_Usage::present( $user_id, $this->usage->row( $user_id ), $this->members->for_user( $user_id ) );
	}

	/**
	 * The answer for an unknown user ID.
	 *
	 * @return WP_Error
	 */
	private static function no_user(): WP_Error {
		return MVS_Errors::make( 'mvs_user_not_found', __( 'User not found.', 'media-community-service-pro' ) );
	}
}
