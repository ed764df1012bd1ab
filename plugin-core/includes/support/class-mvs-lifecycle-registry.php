<?php
/**
 * The one list of the core plugin's scheduled jobs and stored options.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every WP-Cron hook and option of the plugin, read by boot (handlers),
 * init and activation (schedules), deactivation and uninstall (clean-up),
 * so a job or option added here is wired and removed everywhere. Hook and
 * option names stay the constants of the classes that use them. What each
 * job costs: docs/background-jobs.md.
 */
final class MVS_Lifecycle_Registry {

	/**
	 * Every WP-Cron hook of the plugin, by hook name:
	 * - handler: what runs (null for a retired hook, only ever cleared);
	 * - every: 'hourly' or 'daily' for a recurring job, scheduled `first`
	 *   seconds on when init or activation finds it missing; null for a
	 *   one-off job, which its class schedules when there is work;
	 * - resume: for a one-off job, what schedules it again when work is
	 *   left, on init and at activation (or at activation only, `resume_at`
	 *   'activation', when finding out reads a table).
	 *
	 * @return array<string, array{handler: array|null, every: string|null, first: int, resume: array|null, resume_at: string}>
	 */
	public static function jobs(): array {
		return array(
			MVS_Rate_Limiter::CRON_HOOK              => self::recurring( array( 'MVS_Rate_Limiter', 'purge_expired' ), 'hourly', HOUR_IN_SECONDS ),
			MVS_Media_Counters::PURGE_VIEWS_HOOK     => self::recurring( array( 'MVS_Media_Counters', 'purge_view_log' ), 'daily', HOUR_IN_SECONDS ),
			MVS_Notification_Retention::HOOK         => self::recurring( array( 'MVS_Notification_Retention', 'purge' ), 'daily', HOUR_IN_SECONDS ),
			MVS_Media_Totals_Verifier::HOOK          => self::recurring( array( 'MVS_Media_Totals', 'verify_and_heal' ), 'daily', DAY_IN_SECONDS ),
			MVS_Activity_Inbox_Trim::HOOK            => self::recurring( array( 'MVS_Activity_Inbox_Trim', 'run' ), 'daily', DAY_IN_SECONDS ),
			MVS_Account_Deletion_Job::HOOK           => self::recurring( array( 'MVS_Account_Deletion_Job', 'run' ), 'hourly', HOUR_IN_SECONDS ),
			MVS_Overview_Hourly_Counts::HOOK         => self::recurring( array( 'MVS_Overview_Hourly_Counts', 'count' ), 'hourly', HOUR_IN_SECONDS ),
			MVS_Media_Totals_Rebuild::HOOK           => self::one_off( array( 'MVS_Media_Totals', 'rebuild' ), array( 'MVS_Media_Totals', 'schedule' ), 'init' ),
			MVS_Trending_Score::RESCALE_HOOK         => self::one_off( array( 'MVS_Trending_Score', 'rescale' ), array( 'MVS_Trending_Score', 'schedule' ), 'init' ),
			MVS_Media_Terms_Copy_Refill::REFILL_HOOK => self::one_off( array( 'MVS_Media_Terms_Copy_Refill', 'refill_job' ), array( 'MVS_Media_Terms_Copy_Refill', 'schedule_if_needed' ), 'activation' ),
			MVS_Activity_Fanout::HOOK                => self::one_off( array( 'MVS_Activity_Fanout', 'run' ), array( 'MVS_Activity_Fanout', 'schedule_if_needed' ), 'activation' ),
			MVS_User_Search_Index::HOOK              => self::one_off( array( 'MVS_User_Search_Index', 'fill' ), array( 'MVS_User_Search_Index', 'schedule' ), 'init' ),
			// The hourly decay of installs from before the trending scale (docs/background-jobs.md).
			MVS_Trending_Score::LEGACY_HOOK          => self::one_off( null, null, 'init' ),
		);
	}

	/**
	 * Every option the plugin stores, by name, with when it goes: 'uninstall',
	 * or 'deactivation' for a record that must not outlive the active plugin.
	 * The schema version goes with the tables (MVS_Core_Schema::drop_tables()).
	 *
	 * @return array<string, string>
	 */
	public static function options(): array {
		return array(
			MVS_Settings::OPTION                     => 'uninstall',
			// The AI API key lives apart from mvs_settings so no settings route returns it.
			MVS_AI_Service::KEY_OPTION               => 'uninstall',
			MVS_AI_Service::KEY_ORIGIN_OPTION        => 'uninstall',
			MVS_Url_Signer::SECRET_OPTION            => 'uninstall',
			// The lean /serve entry hands every request to WordPress until the active plugin records again.
			MVS_Serve_Lean::OPTION                   => 'deactivation',
			MVS_Trending_Score::SCALE_OPTION         => 'uninstall',
			MVS_Trending_Score::LEGACY_CURSOR_OPTION => 'uninstall',
			MVS_Media_Totals_Cursor::OPTION          => 'uninstall',
			MVS_Media_Totals_Verifier::CURSOR_OPTION => 'uninstall',
			MVS_User_Search_Index::CURSOR_OPTION     => 'uninstall',
			MVS_Activity_Inbox_Trim::CURSOR_OPTION   => 'uninstall',
			MVS_Overview_Hourly_Counts::OPTION       => 'uninstall',
			// WordPress caches the term hierarchy of hierarchical taxonomies in an option.
			MVS_Taxonomies::CATEGORY . '_children'   => 'uninstall',
			MVS_Taxonomies::TAG . '_children'        => 'uninstall',
		);
	}

	/**
	 * Transients the plugin sets (deleted at uninstall).
	 *
	 * @return string[]
	 */
	public static function transients(): array {
		return array( MVS_Admin_Queue_Count::TRANSIENT );
	}

	/**
	 * Boot: hooks every job's handler, and its schedule on init (reads the
	 * autoloaded cron and options: no query).
	 */
	public static function register(): void {
		foreach ( self::jobs() as $hook => $job ) {
			if ( $job['handler'] ) {
				// WP-Cron passes no arguments; handlers take optional ones for tools.
				add_action( $hook, $job['handler'], 10, 0 );
			}
		}
		add_action( 'init', array( __CLASS__, 'schedule' ), 10, 0 );
	}

	/**
	 * Schedules every recurring job that is missing, and every one-off job
	 * with work left (init; activation with $activating).
	 *
	 * @param bool $activating Whether the plugin is being activated.
	 */
	public static function schedule( bool $activating = false ): void {
		foreach ( self::jobs() as $hook => $job ) {
			if ( $job['every'] && ! wp_next_scheduled( $hook ) ) {
				wp_schedule_event( time() + $job['first'], $job['every'], $hook );
			}
			if ( $job['resume'] && ( $activating || 'init' === $job['resume_at'] ) ) {
				call_user_func( $job['resume'] );
			}
		}
	}

	/**
	 * Deactivation: no job stays scheduled (init and activation schedule
	 * them again), and the options that must not outlive the active plugin go.
	 */
	public static function unschedule(): void {
		foreach ( array_keys( self::jobs() ) as $hook ) {
			wp_clear_scheduled_hook( $hook );
		}
		foreach ( self::options() as $option => $until ) {
			if ( 'deactivation' === $until ) {
				delete_option( $option );
			}
		}
	}

	/**
	 * Uninstall: every job, option and transient goes.
	 */
	public static function uninstall(): void {
		self::unschedule();
		foreach ( array_keys( self::options() ) as $option ) {
			delete_option( $option );
		}
		foreach ( self::transients() as $transient ) {
			delete_transient( $transient );
		}
	}

	/**
	 * A recurring job.
	 *
	 * @param array  $handler What runs (class, static method).
	 * @param string $every   WordPress recurrence.
	 * @param int    $first   Seconds until the first run.
	 * @return array
	 */
	private static function recurring( array $handler, string $every, int $first ): array {
		return array(
			'handler'   => $handler,
			'every'     => $every,
			'first'     => $first,
			'resume'    => null,
			'resume_at' => 'init',
		);
	}

	/**
	 * A one-off job, scheduled by its class when there is work.
	 *
	 * @param array|null $handler   What runs (class, static method; null: a retired hook).
	 * @param array|null $resume    What schedules it again when work is left.
	 * @param string     $resume_at 'init' (and activation) or 'activation'.
	 * @return array
	 */
	private static function one_off( ?array $handler, ?array $resume, string $resume_at ): array {
		return array(
			'handler'   => $handler,
			'every'     => null,
			'first'     => 0,
			'resume'    => $resume,
			'resume_at' => $resume_at,
		);
	}
}
