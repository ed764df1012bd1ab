<?php
/**
 * Site Health: message long-polls against the host's PHP workers.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Each waiting GET /messages/poll holds one PHP worker for up to the hold
 * time (docs/messaging.md, "Worker arithmetic"). PHP cannot see how many
 * workers its pool has (pm.max_children), so the site tells it through
 * the constant MVS_PHP_WORKERS or the filter mvs_php_workers; without it
 * the test explains the arithmetic instead of guessing.
 */
final class MVS_Health_Long_Poll_Check implements MVS_Health_Check {

	/**
	 * Fewest workers with which holding polls is safe: a quarter (at least
	 * two) stays for pages and API calls, the rest is about how many members
	 * with the app open can wait at once.
	 */
	const MIN_WORKERS = 10;

	/**
	 * The test's key.
	 *
	 * @return string
	 */
	public function id(): string {
		return 'mvs_long_poll_workers';
	}

	/**
	 * What the test checks.
	 *
	 * @return string
	 */
	public function label(): string {
		return __( 'Message long-polls leave PHP workers for the rest of the site', 'media-community-service' );
	}

	/**
	 * Compares the hold time and the worker count.
	 *
	 * @return array
	 */
	public function run(): array {
		$hold = MVS_Message_Poll_Service::hold_seconds( null );
		if ( 0 === $hold ) {
			return MVS_Health_Result::make( $this->id(), MVS_Health_Result::GOOD, __( 'Message polls hold no PHP worker', 'media-community-service' ), __( 'The message long-poll hold is 0: every poll answers at once, and the apps poll again every few seconds.', 'media-community-service' ) );
		}
		/**
		 * Filters how many PHP workers serve the site (PHP-FPM's
		 * pm.max_children), which PHP cannot read itself; 0 for unknown.
		 *
		 * @param int $workers The constant MVS_PHP_WORKERS, or 0.
		 */
		$workers = (int) apply_filters( 'mvs_php_workers', defined( 'MVS_PHP_WORKERS' ) ? (int) MVS_PHP_WORKERS : 0 );
		$fix     = __( 'On a small host, set the message long-poll hold to 0 (no worker is held; the apps poll every few seconds). Otherwise raise pm.max_children (a waiting worker uses memory, not CPU).', 'media-community-service' );
		if ( $workers <= 0 ) {
			return MVS_Health_Result::make(
				$this->id(),
				MVS_Health_Result::RECOMMENDED,
				__( 'Message long-polls may hold every PHP worker', 'media-community-service' ),
				/* translators: %s: seconds a poll may wait. */
				sprintf( __( 'Each member with the app open keeps a message poll waiting for up to %s seconds, and each waiting poll holds one PHP worker. The plugin cannot see how many workers the host has, so it cannot tell whether enough are left for pages and API calls.', 'media-community-service' ), number_format_i18n( $hold ) ),
				$fix . ' ' . __( 'Tell the plugin the worker count with define( \'MVS_PHP_WORKERS\', N ) in wp-config.php (N = pm.max_children) to get a verdict here.', 'media-community-service' ),
				true
			);
		}
		$waiting = $workers - max( 2, (int) ceil( $workers / 4 ) );
		if ( $workers < self::MIN_WORKERS ) {
			return MVS_Health_Result::make(
				$this->id(),
				MVS_Health_Result::CRITICAL,
				__( 'A few members with the app open can hold every PHP worker', 'media-community-service' ),
				/* translators: 1: PHP workers, 2: members who can wait at once, 3: seconds a poll may wait. */
				sprintf( __( 'The host has %1$s PHP workers. Once %2$s members with the app open wait for messages (up to %3$s seconds each), pages and API calls queue behind their polls.', 'media-community-service' ), number_format_i18n( $workers ), number_format_i18n( max( 1, $waiting ) ), number_format_i18n( $hold ) ),
				$fix,
				true
			);
		}
		return MVS_Health_Result::make(
			$this->id(),
			MVS_Health_Result::GOOD,
			__( 'Message long-polls leave PHP workers for the rest of the site', 'media-community-service' ),
			/* translators: 1: PHP workers, 2: members who can wait at once. */
			sprintf( __( 'The host has %1$s PHP workers: about %2$s members can wait for messages at once while a quarter of the workers stays free for pages and API calls. Further polls queue.', 'media-community-service' ), number_format_i18n( $workers ), number_format_i18n( $waiting ) )
		);
	}
}
