<?php
/**
 * The WP-Cron job that carries out due account deletions.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Deletes members whose request is due, in runs that stop after a time and
 * item budget and resume a minute later: first their media, a bounded number
 * per run through the one media delete routine (each item its own
 * transaction, files included, totals kept by the same code as DELETE
 * /media/{id}), then every other row in one transaction through
 * MVS_Account_Eraser, then the WordPress user. A run that dies anywhere
 * leaves a state the next run continues from. docs/account-erasure.md.
 */
final class MVS_Account_Deletion_Job {

	/** WP-Cron hook: hourly, and once at a request's time. */
	const HOOK = 'mvs_account_deletions';

	/** Seconds a run works before it leaves the rest to the next. */
	const TIME_BUDGET = 20;

	/** Media items a run deletes at most. */
	const ITEMS_PER_RUN = 200;

	/**
	 * Requests.
	 *
	 * @var MVS_Account_Deletion
	 */
	private $requests;

	/**
	 * Wires collaborators.
	 *
	 * @param MVS_Account_Deletion|null $requests Requests.
	 */
	public function __construct( ?MVS_Account_Deletion $requests = null ) {
		$this->requests = $requests ? $requests : new MVS_Account_Deletion();
	}

	/**
	 * Cron handler.
	 */
	public static function run(): void {
		( new self() )->run_due( self::ITEMS_PER_RUN );
	}

	/**
	 * Schedules a run at a time (WP-Cron drops a duplicate within ten minutes).
	 *
	 * @param int $when Unix time.
	 */
	public static function schedule( int $when ): void {
		wp_schedule_single_event( $when, self::HOOK );
	}

	/**
	 * Works through the due requests until none is left or the budget is spent.
	 *
	 * @param int $items Media items this run may delete.
	 */
	public function run_due( int $items ): void {
		$deadline = microtime( true ) + self::TIME_BUDGET;
		while ( microtime( true ) < $deadline ) {
			$request = $this->requests->next_due( time() );
			if ( ! $request ) {
				return;
			}
			if ( ! $this->execute( $request, $items, $deadline ) ) {
				break;
			}
		}
		self::schedule( time() + MINUTE_IN_SECONDS );
	}

	/**
	 * Carries out one request as far as the budget allows.
	 *
	 * @param object $request  Request row.
	 * @param int    $items    Media items it may delete.
	 * @param float  $deadline microtime() to stop at.
	 * @return bool Whether it is finished (false: resume later).
	 */
	public function execute( object $request, int $items, float $deadline ): bool {
		$user_id = (int) $request->user_id;
		if ( ! $this->requests->claim( (int) $request->id ) ) {
			// Cancelled between the read and the claim.
			return true;
		}
		if ( ! get_userdata( $user_id ) ) {
			$this->requests->forget( (int) $request->id );
			return true;
		}
		if ( ! $this->delete_media( $user_id, $items, $deadline ) ) {
			return false;
		}
		// Every other row in one transaction; the user goes only once it committed.
		if ( ! ( new MVS_Account_Eraser() )->erase( $user_id, 0 ) ) {
			return false;
		}
		require_once ABSPATH . 'wp-admin/includes/user.php';
		// The eraser runs again on delete_user and finds nothing left.
		wp_delete_user( $user_id );
		return true;
	}

	/**
	 * Deletes the member's media, oldest first, within the budgets (also
	 * each page of the privacy tools' eraser, MVS_Personal_Data_Eraser).
	 *
	 * @param int   $user_id  Member.
	 * @param int   $items    Items it may delete.
	 * @param float $deadline microtime() to stop at.
	 * @return bool Whether none is left.
	 */
	public function delete_media( int $user_id, int $items, float $deadline ): bool {
		global $wpdb;
		$deleter = new MVS_Media_Deleter();
		while ( $items > 0 && microtime( true ) < $deadline ) {
			$ids = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_media} WHERE author_id = %d ORDER BY id LIMIT %d", $user_id, min( 50, $items ) ) );
			if ( ! $ids ) {
				return true;
			}
			foreach ( $ids as $id ) {
				if ( is_wp_error( $deleter->delete_if_present( (int) $id ) ) ) {
					return false;
				}
				--$items;
			}
		}
		return ! $wpdb->get_var( $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_media} WHERE author_id = %d LIMIT 1", $user_id ) );
	}
}
