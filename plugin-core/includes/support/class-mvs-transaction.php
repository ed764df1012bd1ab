<?php
/**
 * Nestable database transactions.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * START TRANSACTION inside an open transaction commits the open one on
 * MariaDB, so code that may run alone or inside a larger unit of work (one
 * item's delete inside a bulk delete or an account erasure) joins the
 * outermost transaction instead: only the outermost end() commits, and any
 * failed inner unit rolls the whole transaction back.
 *
 * Transactions run READ COMMITTED: plain reads see what other transactions
 * committed up to that statement (a unit that locked a row reads the rows
 * around it as they are, not as a snapshot taken earlier in a long bulk
 * transaction), and locking reads take no gap locks, which made concurrent
 * uploads deadlock on the gaps of term_relationships.
 */
final class MVS_Transaction {

	/**
	 * Open begin() calls.
	 *
	 * @var int
	 */
	private static $depth = 0;

	/**
	 * Whether an inner unit failed.
	 *
	 * @var bool
	 */
	private static $failed = false;

	/**
	 * Whether the last outermost rollback followed a deadlock or lock wait timeout.
	 *
	 * @var bool
	 */
	private static $victim = false;

	/**
	 * Whether InnoDB ended the open transaction (a deadlock or lock wait
	 * timeout) before the unit finished.
	 *
	 * @var bool
	 */
	private static $aborted = false;

	/**
	 * Callbacks waiting for the outermost transaction to commit.
	 *
	 * @var callable[]
	 */
	private static $on_commit = array();

	/**
	 * Runs a callback once what was written so far is committed: now when no
	 * transaction is open, else after the outermost COMMIT (never after a
	 * ROLLBACK). Caches forgotten before the commit could be refilled from
	 * the old rows by a concurrent request in between.
	 *
	 * @param callable $callback Called without arguments.
	 */
	public static function after_commit( callable $callback ): void {
		if ( 0 === self::$depth ) {
			$callback();
			return;
		}
		self::$on_commit[] = $callback;
	}

	/**
	 * Runs a unit of work in a transaction (joining an open one). An
	 * outermost unit that InnoDB chose as a deadlock victim is run again, up
	 * to three times: the whole transaction was rolled back, so nothing of
	 * the first attempt remains.
	 *
	 * @param callable $unit Does the work; false means it failed.
	 * @return mixed What $unit returned, or false when it was rolled back.
	 */
	public static function run( callable $unit ) {
		for ( $attempt = 1; $attempt <= 3; $attempt++ ) {
			$outermost = 0 === self::$depth;
			self::begin();
			$result = $unit();
			if ( self::end( false !== $result ) ) {
				return $result;
			}
			if ( ! $outermost || ! self::$victim ) {
				return false;
			}
		}
		return false;
	}

	/**
	 * Opens a transaction, or joins the open one.
	 */
	public static function begin(): void {
		global $wpdb;
		if ( 0 === self::$depth ) {
			self::$failed  = false;
			self::$aborted = false;
			if ( false === has_filter( 'query', array( __CLASS__, 'guard' ) ) ) {
				add_filter( 'query', array( __CLASS__, 'guard' ), PHP_INT_MAX );
			}
			// SQLite (the Playground tier) has one writer at a time and no such
			// statement; its translator drops the locking clauses of SELECTs too.
			if ( ! MVS_Db::is_sqlite() ) {
				$wpdb->query( 'SET TRANSACTION ISOLATION LEVEL READ COMMITTED' );
			}
			$wpdb->query( 'START TRANSACTION' );
		}
		++self::$depth;
	}

	/**
	 * Closes a begin(): the outermost one commits, or rolls back when any unit failed.
	 *
	 * @param bool $ok Whether this unit succeeded.
	 * @return bool $ok, or false when the outermost unit rolled back.
	 */
	public static function end( bool $ok ): bool {
		global $wpdb;
		if ( ! $ok ) {
			self::$failed = true;
		}
		self::$depth = max( 0, self::$depth - 1 );
		if ( 0 === self::$depth ) {
			if ( self::$aborted || self::killed( (string) $wpdb->last_error ) ) {
				// Whatever the unit answered, its work is gone: run it again (run()).
				self::$failed = true;
				self::$victim = true;
			} else {
				self::$victim = false;
			}
			if ( self::$failed ) {
				$wpdb->query( 'ROLLBACK' );
			} else {
				$wpdb->query( 'COMMIT' );
			}
			$callbacks       = self::$failed ? array() : self::$on_commit;
			self::$on_commit = array();
			foreach ( $callbacks as $callback ) {
				$callback();
			}
			return ! self::$failed;
		}
		return $ok;
	}

	/**
	 * The query filter while a transaction is open: once InnoDB has ended it
	 * (deadlock, lock wait timeout: the whole transaction is rolled back),
	 * every further statement of the unit is dropped, since MariaDB would
	 * run it outside any transaction and commit it at once, half a unit of
	 * work that the retry would then write again.
	 *
	 * @param string $query The statement about to run.
	 * @return string The statement, or '' (not run) once the transaction is gone.
	 */
	public static function guard( $query ) {
		global $wpdb;
		if ( 0 === self::$depth ) {
			return $query;
		}
		// The previous statement's error is still set when the next one is filtered.
		if ( ! self::$aborted && self::killed( (string) $wpdb->last_error ) ) {
			self::$aborted = true;
		}
		return self::$aborted ? '' : $query;
	}

	/**
	 * Whether an error means InnoDB rolled the transaction back.
	 *
	 * @param string $error The database error.
	 * @return bool
	 */
	private static function killed( string $error ): bool {
		return '' !== $error && (bool) preg_match( '/deadlock|lock wait timeout/i', $error );
	}
}
