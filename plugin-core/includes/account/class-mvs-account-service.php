<?php
/**
 * Domain logic of the account routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Account_Handler: the deletion request, its
 * state and its cancellation (docs/account-erasure.md), and the usage
 * ledger (MVS_Usage_Ledger).
 */
final class MVS_Account_Service implements MVS_Account_Handler {

	/**
	 * Requests.
	 *
	 * @var MVS_Account_Deletion
	 */
	private $requests;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Account_Deletion|null $requests Requests.
	 */
	public function __construct( ?MVS_Account_Deletion $requests = null ) {
		$this->requests = $requests ? $requests : new MVS_Account_Deletion();
	}

	/**
	 * DELETE /me: records the request (the schema has checked confirm).
	 *
	 * @param MVS_Delete_My_Account_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function delete_my_account( MVS_Delete_My_Account_Args $args ) {
		$user = wp_get_current_user();
		// A site owner losing the site to a stolen session or a mistaken tap: administrators are deleted in wp-admin.
		if ( user_can( $user, 'manage_options' ) ) {
			return MVS_Errors::make( 'mvs_forbidden', __( 'Administrator accounts cannot be deleted here; use Users in wp-admin.', 'media-community-service' ) );
		}
		$existing = $this->requests->find( $user->ID );
		if ( $existing ) {
			return MVS_Account_Deletion::present( $existing );
		}
		/**
		 * Filters whether DELETE /me needs the member's password.
		 *
		 * @param bool $required Default: the deletion_password_required setting.
		 * @param int  $user_id  Member.
		 */
		$required = (bool) apply_filters( 'mvs_account_deletion_password_required', (bool) MVS_Settings::get( 'deletion_password_required' ), $user->ID );
		if ( $required && ( null === $args->password || ! wp_check_password( $args->password, $user->user_pass, $user->ID ) ) ) {
			return MVS_Errors::make( 'mvs_incorrect_password', __( 'The password is incorrect.', 'media-community-service' ) );
		}
		/**
		 * Filters the days between a deletion request and the deletion (0: at the next WP-Cron run).
		 *
		 * @param int $days    Default: the deletion_grace_days setting.
		 * @param int $user_id Member.
		 */
		$days    = (int) apply_filters( 'mvs_account_deletion_grace_days', (int) MVS_Settings::get( 'deletion_grace_days' ), $user->ID );
		$request = $this->requests->request( $user->ID, $days );
		if ( ! $request ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The deletion request could not be recorded.', 'media-community-service' ) );
		}
		// A run at the due time: with a grace of 0, now, i.e. the next WP-Cron run.
		MVS_Account_Deletion_Job::schedule( max( time(), (int) strtotime( $request->execute_after . ' UTC' ) ) );
		return MVS_Account_Deletion::present( $request );
	}

	/**
	 * GET /me/deletion.
	 *
	 * @param MVS_Get_My_Deletion_Request_Args $args Arguments.
	 * @return array
	 */
	public function get_my_deletion_request( MVS_Get_My_Deletion_Request_Args $args ) {
		return MVS_Account_Deletion::present( $this->requests->find( get_current_user_id() ) );
	}

	/**
	 * DELETE /me/deletion: idempotent; refused once the deletion has begun.
	 *
	 * @param MVS_Cancel_My_Deletion_Request_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function cancel_my_deletion_request( MVS_Cancel_My_Deletion_Request_Args $args ) {
		if ( ! $this->requests->cancel( get_current_user_id() ) ) {
			return MVS_Errors::make( 'mvs_deletion_in_progress', __( 'The account deletion has begun and can no longer be cancelled.', 'media-community-service' ) );
		}
		return MVS_Account_Deletion::present( null );
	}

	/**
	 * GET /me/transactions.
	 *
	 * @param MVS_List_My_Transactions_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_my_transactions( MVS_List_My_Transactions_Args $args ) {
		return ( new MVS_Usage_Ledger() )->page( get_current_user_id(), $args->page, $args->per_page );
	}
}
