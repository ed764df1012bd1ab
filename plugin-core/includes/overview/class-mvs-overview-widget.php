<?php
/**
 * The community overview's dashboard widget.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A WordPress dashboard widget for moderators with the key numbers of the
 * overview (from the same cached MVS_Overview_Service) and a link to the
 * Overview page. Server-rendered, no script (docs/community-overview.md).
 */
final class MVS_Overview_Widget {

	const ID = 'mvs_community_overview';

	/**
	 * Wires the hook.
	 */
	public static function register(): void {
		add_action( 'wp_dashboard_setup', array( __CLASS__, 'add' ) );
	}

	/**
	 * Adds the widget for those who may moderate.
	 */
	public static function add(): void {
		if ( ! current_user_can( 'moderate_mvs_media' ) ) {
			return;
		}
		wp_add_dashboard_widget( self::ID, __( 'Media Community', 'media-community-service' ), array( __CLASS__, 'render' ) );
	}

	/**
	 * Prints the key numbers and the link.
	 */
	public static function render(): void {
		$overview = ( new MVS_Overview_Service() )->overview();
		$days     = $overview['uploads_per_day'];
		$today    = end( $days );
		$count    = static function ( array $day ): int {
			return (int) $day['image'] + (int) $day['video'] + (int) $day['audio'] + (int) $day['document'];
		};
		$month    = array_sum( array_map( $count, $days ) );
		$queue    = $overview['queue'];
		$oldest   = null === $queue['oldest_at'] ? '' : human_time_diff( (int) strtotime( $queue['oldest_at'] ) );
		$rows     = array(
			array(
				__( 'Waiting for moderation', 'media-community-service' ),
				'' === $oldest
					? number_format_i18n( $queue['size'] )
					/* translators: 1: number of items waiting, 2: how long the oldest has waited, e.g. "3 days". */
					: sprintf( __( '%1$s (oldest waiting %2$s)', 'media-community-service' ), number_format_i18n( $queue['size'] ), $oldest ),
			),
			array( __( 'Uploads today', 'media-community-service' ), number_format_i18n( $today ? $count( $today ) : 0 ) ),
			array( __( 'Uploads in the last 30 days', 'media-community-service' ), number_format_i18n( $month ) ),
			array( __( 'Active members (30 days)', 'media-community-service' ), number_format_i18n( $overview['active_members'] ) ),
		);
		echo '<dl class="mvs-overview-widget">';
		foreach ( $rows as $row ) {
			echo '<dt>' . esc_html( $row[0] ) . '</dt><dd>' . esc_html( $row[1] ) . '</dd>';
		}
		echo '</dl>';
		echo '<p><a href="' . esc_url( admin_url( 'admin.php?page=' . MVS_Admin::OVERVIEW_SLUG ) ) . '">' . esc_html__( 'Open the community overview', 'media-community-service' ) . '</a></p>';
	}
}
