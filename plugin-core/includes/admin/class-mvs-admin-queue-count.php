<?php
/**
 * The count bubble of the "Media Community" menu.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Pending + flagged items, cached in a transient so rendering the admin menu
 * on every wp-admin page costs one option read, not a COUNT over the media
 * table. Any successful write to the mvs/v1 API (uploads, reports, approve,
 * reject, bulk edits, deletes) drops the cache; the TTL bounds staleness for
 * changes made outside the API.
 */
final class MVS_Admin_Queue_Count {

	const TRANSIENT = 'mvs_admin_queue_count';

	/**
	 * Fallback lifetime of the cached count, in seconds.
	 */
	const TTL = 300;

	/**
	 * Hooks the invalidation.
	 */
	public static function register(): void {
		add_filter( 'rest_request_after_callbacks', array( __CLASS__, 'after_rest_write' ), 10, 3 );
		add_action( 'mvs_media_created', array( __CLASS__, 'flush' ) );
		add_action( 'mvs_media_deleted', array( __CLASS__, 'flush' ) );
	}

	/**
	 * Number of items waiting for a moderator.
	 *
	 * @return int
	 */
	public static function count(): int {
		$cached = get_transient( self::TRANSIENT );
		if ( false !== $cached ) {
			return (int) $cached;
		}
		global $wpdb;
		$count = (int) $wpdb->get_var(
			$wpdb->prepare(
				"SELECT COUNT(*) FROM {$wpdb->mvs_media} WHERE moderation_status IN ( " . MVS_Core_Enums::placeholders( MVS_Core_Enums::MODERATION_QUEUE ) . ' )', // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- placeholders only, one per state.
				MVS_Core_Enums::MODERATION_QUEUE
			)
		);
		set_transient( self::TRANSIENT, $count, self::TTL );
		return $count;
	}

	/**
	 * Drops the cached count after a successful non-GET request to mvs/v1.
	 *
	 * @param WP_REST_Response|WP_HTTP_Response|WP_Error|mixed $response Result.
	 * @param array                                            $handler  Route handler.
	 * @param WP_REST_Request                                  $request  Request.
	 * @return mixed The response, unchanged.
	 */
	public static function after_rest_write( $response, $handler, $request ) {
		if ( $request instanceof WP_REST_Request
			&& 'GET' !== $request->get_method()
			&& MVS_Core_Routes::REST_NAMESPACE === MVS_REST_Controller::namespace_of_handler( $handler )
			&& ! is_wp_error( $response ) ) {
			self::flush();
		}
		return $response;
	}

	/**
	 * Forgets the cached count.
	 */
	public static function flush(): void {
		delete_transient( self::TRANSIENT );
	}
}
