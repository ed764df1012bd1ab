<?php
/**
 * Site Health: the list totals' rebuild has finished.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Until the rebuild of the list totals is complete, every list counts its
 * rows (linear in the items: slow on a large site). Reads the cursor
 * (autoloaded), the highest item ID (the primary key's end: one key read)
 * and the rebuild's next run (docs/list-totals.md).
 */
final class MVS_Health_Totals_Check implements MVS_Health_Check {

	/**
	 * The test's key.
	 *
	 * @return string
	 */
	public function id(): string {
		return 'mvs_list_totals';
	}

	/**
	 * What the test checks.
	 *
	 * @return string
	 */
	public function label(): string {
		return __( 'Media Community Service list totals are ready', 'media-community-service' );
	}

	/**
	 * Reports where the rebuild stands.
	 *
	 * @return array
	 */
	public function run(): array {
		global $wpdb;
		$cursor = get_option( MVS_Media_Totals_Cursor::OPTION );
		if ( MVS_Media_Totals_Cursor::COMPLETE === $cursor ) {
			return MVS_Health_Result::make( $this->id(), MVS_Health_Result::GOOD, __( 'Media Community Service list totals are ready', 'media-community-service' ), __( 'Every item is counted in the list totals table, so lists answer their totals without counting rows.', 'media-community-service' ) );
		}
		$highest  = (int) $wpdb->get_var( "SELECT MAX(id) FROM {$wpdb->mvs_media}" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the primary key's end: one key read, nothing to cache.
		$progress = sprintf(
			/* translators: 1: highest item ID counted, 2: highest item ID. */
			__( 'The rebuild of the list totals has counted items up to #%1$s of #%2$s. Until it finishes, every list counts its rows, which is slow on a large site.', 'media-community-service' ),
			number_format_i18n( (int) $cursor ),
			number_format_i18n( $highest )
		);
		$next = wp_next_scheduled( MVS_Media_Totals_Rebuild::HOOK );
		if ( false !== $next && time() - $next <= MVS_Health_Cron_Check::GRACE ) {
			return MVS_Health_Result::make( $this->id(), MVS_Health_Result::RECOMMENDED, __( 'Media Community Service is still rebuilding its list totals', 'media-community-service' ), $progress, __( 'Nothing to do: the rebuild runs in the background through WP-Cron, 5,000 items at a time, and resumes after any interruption.', 'media-community-service' ) );
		}
		return MVS_Health_Result::make(
			$this->id(),
			MVS_Health_Result::CRITICAL,
			__( 'The rebuild of the Media Community Service list totals has stalled', 'media-community-service' ),
			$progress . ' ' . __( 'Its next run is missing or long overdue.', 'media-community-service' ),
			__( 'Make sure WP-Cron runs (see the scheduled jobs test). Deactivating and activating the plugin schedules the rebuild again; it goes on from where it stopped.', 'media-community-service' )
		);
	}
}
