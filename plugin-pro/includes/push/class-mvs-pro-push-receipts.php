<?php
/**
 * Reads Expo's push receipts.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * A one-off WP-Cron job, scheduled when a push leaves tickets: it asks Expo
 * for their receipts up to 1,000 at a time, forgets the tokens of
 * DeviceNotRegistered receipts, logs other errors, drops read and day-old
 * tickets, and schedules itself again while tickets wait (receipts not
 * ready yet, or a failed request). docs/pro-quotas.md, "Push".
 */
final class MVS_Pro_Push_Receipts {

	/**
	 * WP-Cron hook.
	 */
	const HOOK = 'mvs_pro_push_receipts';

	/**
	 * Seconds after a push before its receipts are asked for (Expo: about 15 minutes).
	 */
	const DELAY = 900;

	/**
	 * Seconds a ticket waits for its receipt at most (Expo keeps receipts a day).
	 */
	const TTL = DAY_IN_SECONDS;

	/**
	 * Seconds a run works before leaving the rest to the next run.
	 */
	const TIME_BUDGET = 20;

	/**
	 * Tokens.
	 *
	 * @var MVS_Pro_Push_Devices
	 */
	private $devices;

	/**
	 * HTTP side.
	 *
	 * @var MVS_Pro_Expo_Sender
	 */
	private $sender;

	/**
	 * Wires collaborators.
	 *
	 * @param MVS_Pro_Push_Devices|null $devices Tokens.
	 * @param MVS_Pro_Expo_Sender|null  $sender  HTTP side.
	 */
	public function __construct( ?MVS_Pro_Push_Devices $devices = null, ?MVS_Pro_Expo_Sender $sender = null ) {
		$this->devices = $devices ? $devices : new MVS_Pro_Push_Devices();
		$this->sender  = $sender ? $sender : new MVS_Pro_Expo_Sender();
	}

	/**
	 * Hooks the job's handler (WP-Cron passes no arguments).
	 */
	public static function register(): void {
		add_action( self::HOOK, array( __CLASS__, 'run_job' ), 10, 0 );
	}

	/**
	 * Schedules a run unless one is (reads the autoloaded cron option).
	 */
	public static function schedule(): void {
		if ( ! wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_single_event( time() + self::DELAY, self::HOOK );
		}
	}

	/**
	 * Deactivation, uninstall, and a boot without core: no run stays scheduled.
	 */
	public static function unschedule(): void {
		if ( wp_next_scheduled( self::HOOK ) ) {
			wp_clear_scheduled_hook( self::HOOK );
		}
	}

	/**
	 * The cron handler.
	 */
	public static function run_job(): void {
		( new self() )->run();
	}

	/**
	 * One run: every waiting ticket once, batch by batch.
	 *
	 * @return bool Whether tickets still wait (and a run is scheduled).
	 */
	public function run(): bool {
		$this->devices->expire_tickets( gmdate( 'Y-m-d H:i:s', time() - self::TTL ) );
		$deadline = microtime( true ) + self::TIME_BUDGET;
		$after    = 0;
		do {
			$rows = $this->devices->pending_receipts( $after, MVS_Pro_Expo_Sender::MAX_RECEIPTS );
			$full = count( $rows ) === MVS_Pro_Expo_Sender::MAX_RECEIPTS;
			if ( ! $rows || ! $this->read( $rows ) ) {
				break;
			}
			$after = (int) end( $rows )->id;
		} while ( $full && microtime( true ) < $deadline );
		// Read tickets are gone: what is left waits for its receipt, a failed request or the next run's budget.
		$waiting = (bool) $this->devices->pending_receipts( 0, 1 );
		if ( $waiting ) {
			self::schedule();
		}
		return $waiting;
	}

	/**
	 * Reads one batch's receipts and acts on them.
	 *
	 * @param object[] $rows id, token, receipt_id.
	 * @return bool False when the request failed (its tickets stay for the next run).
	 */
	private function read( array $rows ): bool {
		$receipts = $this->sender->receipts( array_column( $rows, 'receipt_id' ) );
		if ( is_string( $receipts ) ) {
			MVS_Pro_Expo_Sender::log( sprintf( '%d receipt(s) not read: %s', count( $rows ), $receipts ) );
			return false;
		}
		$read   = array();
		$dead   = array();
		$errors = array();
		foreach ( $rows as $row ) {
			$receipt = $receipts[ $row->receipt_id ] ?? null;
			if ( ! is_array( $receipt ) ) {
				// Not ready yet: asked again by the next run, until the ticket expires.
				continue;
			}
			$read[] = (string) $row->receipt_id;
			if ( 'error' !== ( $receipt['status'] ?? '' ) ) {
				continue;
			}
			$reason = MVS_Pro_Expo_Sender::reason( $receipt );
			if ( 'DeviceNotRegistered' === $reason ) {
				$dead[] = (string) $row->token;
			} else {
				$errors[ $reason ] = ( $errors[ $reason ] ?? 0 ) + 1;
			}
		}
		MVS_Pro_Expo_Sender::log_refused( $errors );
		$this->devices->remove( $dead );
		$this->devices->forget_tickets( $read );
		return true;
	}
}
