<?php
/**
 * Site Health: the plugin's scheduled jobs run.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Compares the next run of every job of MVS_Lifecycle_Registry with now
 * (the cron option is autoloaded: no query). Jobs long overdue mean WP-Cron
 * does not run: rate-limit records, view logs and notifications pile up,
 * account deletions and the list totals' rebuild wait (docs/background-jobs.md).
 */
final class MVS_Health_Cron_Check implements MVS_Health_Check {

	/**
	 * How late a job may be before it counts as overdue: WP-Cron runs on the
	 * next visit, so a quiet site is late by minutes as a matter of course.
	 */
	const GRACE = HOUR_IN_SECONDS;

	/**
	 * How late makes it critical: a daily job missed a whole day.
	 */
	const CRITICAL_AFTER = DAY_IN_SECONDS;

	/**
	 * The test's key.
	 *
	 * @return string
	 */
	public function id(): string {
		return 'mvs_scheduled_jobs';
	}

	/**
	 * What the test checks.
	 *
	 * @return string
	 */
	public function label(): string {
		return __( 'Media Community Service scheduled jobs run on time', 'media-community-service' );
	}

	/**
	 * Lists the overdue jobs.
	 *
	 * @return array
	 */
	public function run(): array {
		$late  = self::overdue();
		$worst = $late ? max( $late ) : 0;
		if ( $worst <= self::GRACE ) {
			return MVS_Health_Result::make( $this->id(), MVS_Health_Result::GOOD, __( 'Media Community Service scheduled jobs run on time', 'media-community-service' ), __( 'No scheduled job of the plugin is more than an hour overdue: WP-Cron runs.', 'media-community-service' ) );
		}
		$names = array();
		foreach ( $late as $hook => $seconds ) {
			/* translators: 1: job (cron hook) name, 2: how late, e.g. "2 days". */
			$names[] = sprintf( __( '%1$s (%2$s late)', 'media-community-service' ), $hook, human_time_diff( 0, $seconds ) );
		}
		$description = sprintf(
			/* translators: %s: comma-separated list of overdue jobs. */
			__( 'These jobs are overdue: %s. WP-Cron is not running them, so expired records pile up, account deletions wait and the list totals are not rebuilt.', 'media-community-service' ),
			implode( ', ', $names )
		);
		if ( defined( 'DISABLE_WP_CRON' ) && DISABLE_WP_CRON ) {
			$description .= ' ' . __( 'DISABLE_WP_CRON is set, so only a system cron runs them, and none seems to.', 'media-community-service' );
		}
		return MVS_Health_Result::make(
			$this->id(),
			$worst > self::CRITICAL_AFTER ? MVS_Health_Result::CRITICAL : MVS_Health_Result::RECOMMENDED,
			__( 'Media Community Service scheduled jobs are overdue', 'media-community-service' ),
			$description,
			__( 'Run WP-Cron from the system: define DISABLE_WP_CRON as true in wp-config.php and add a system cron entry that runs every five minutes, e.g. "wp cron event run --due-now" (WP-CLI) or a request to wp-cron.php. If a system cron is set up already, check that it still runs.', 'media-community-service' )
		);
	}

	/**
	 * Seconds each scheduled job of the plugin is past its next run, for
	 * those more than GRACE late.
	 *
	 * @return array<string, int>
	 */
	public static function overdue(): array {
		$now  = time();
		$late = array();
		foreach ( MVS_Lifecycle_Registry::jobs() as $hook => $job ) {
			$next = $job['handler'] ? wp_next_scheduled( $hook ) : false;
			if ( false !== $next && $now - $next > self::GRACE ) {
				$late[ $hook ] = $now - $next;
			}
		}
		return $late;
	}
}
