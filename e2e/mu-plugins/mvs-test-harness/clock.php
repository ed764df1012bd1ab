<?php
/**
 * Test harness, clock and rate limits: pinned clocks (X-MVS-Test-Now,
 * X-MVS-Test-Trending-Now), rate-limit buckets and client addresses of
 * one's own, aged view records, URLs signed with any expiry: what would
 * otherwise mean waiting for the wall clock.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

// X-MVS-Test-Bucket: <token> gives the caller a rate-limit bucket of its own,
// so a threshold test is not disturbed by other tests sharing the IP or user.
add_filter(
	'mvs_rate_limit_key',
	static function ( $key ) {
		$bucket = mvs_test_header( 'HTTP_X_MVS_TEST_BUCKET' );
		return '' === $bucket ? $key : $key . '|test:' . $bucket;
	}
);

// The suite writes as a handful of users, several workers at once, at a pace
// no member reaches (over a hundred uploads a minute on the native stack).
// Outside a test bucket the limits of write routes are lifted so that the
// functional specs do not trip over them; the threshold tests send
// X-MVS-Test-Bucket and meet the real limits (media-rate-limit.spec.ts,
// security/flood-control.spec.ts). Read routes keep theirs: their query
// counts include the limiter's.
add_filter(
	'mvs_rate_limit',
	static function ( $limit ) {
		$write = 'GET' !== ( isset( $_SERVER['REQUEST_METHOD'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) : 'GET' );
		return $write && '' === mvs_test_header( 'HTTP_X_MVS_TEST_BUCKET' ) ? 0 : $limit;
	}
);

// X-MVS-Test-Client-Ip: <address> stands for the client address (filter
// mvs_client_ip, which a site behind a trusted proxy sets), so a spec can be
// many visitors, or several members behind one address.
add_filter(
	'mvs_client_ip',
	static function ( $ip ) {
		$client = mvs_test_header( 'HTTP_X_MVS_TEST_CLIENT_IP' );
		return '' === $client ? $ip : $client;
	}
);

// X-MVS-Test-Now: <unix time> pins the clock of time windows (the rate
// limiter's; the 30-minute windows views and downloads count once in), so a
// test counts inside one window however long a slow site takes to answer it,
// and a later window can be reached without waiting for the wall clock.
$mvs_test_pinned_now = static function ( $now ) {
	$pinned = mvs_test_header( 'HTTP_X_MVS_TEST_NOW' );
	return ctype_digit( $pinned ) ? (int) $pinned : $now;
};
add_filter( 'mvs_rate_limit_now', $mvs_test_pinned_now );
add_filter( 'mvs_event_marks_now', $mvs_test_pinned_now );

// X-MVS-Test-Trending-Now: <unix time> pins the time trending events are
// scored at, so one test can place events hours apart.
add_filter(
	'mvs_trending_now',
	static function ( $now ) {
		$pinned = mvs_test_header( 'HTTP_X_MVS_TEST_TRENDING_NOW' );
		return ctype_digit( $pinned ) ? (int) $pinned : $now;
	}
);

add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'mvs-test/v1',
			'/reset-rate-limits',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					global $wpdb;
					$wpdb->query( "DELETE FROM {$wpdb->prefix}mvs_rate_limits" ); // phpcs:ignore WordPress.DB
					return array( 'reset' => true );
				},
			)
		);
		// View records of one item: how many there are, and ageing them by
		// `age_days` (the daily clean-up would otherwise need months of waiting).
		register_rest_route(
			'mvs-test/v1',
			'/view-log',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'media_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
					'age_days' => array(
						'type'    => 'integer',
						'minimum' => 0,
						'default' => 0,
					),
					'limit'    => array(
						'type'    => 'integer',
						'minimum' => 1,
						'default' => 1000,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$id = (int) $request['media_id'];
					if ( $request['age_days'] ) {
						$ids = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$wpdb->prefix}mvs_media_views WHERE media_id = %d ORDER BY id LIMIT %d", $id, (int) $request['limit'] ) ); // phpcs:ignore WordPress.DB
						foreach ( $ids as $row_id ) {
							$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->prefix}mvs_media_views SET created_at = %s WHERE id = %d", gmdate( 'Y-m-d H:i:s', time() - (int) $request['age_days'] * DAY_IN_SECONDS ), (int) $row_id ) ); // phpcs:ignore WordPress.DB
						}
					}
					return array( 'rows' => (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->prefix}mvs_media_views WHERE media_id = %d", $id ) ) ); // phpcs:ignore WordPress.DB
				},
			)
		);
		// A URL signed with any expiry (an expired one cannot be obtained otherwise).
		register_rest_route(
			'mvs-test/v1',
			'/sign',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'media_id'   => array(
						'type'     => 'integer',
						'required' => true,
					),
					'user_id'    => array(
						'type'     => 'integer',
						'required' => true,
					),
					'expires'    => array(
						'type'     => 'integer',
						'required' => true,
					),
					'download'   => array(
						'type'    => 'boolean',
						'default' => false,
					),
					// A message attachment's URL (media_id names the attachment), for any member.
					'attachment' => array(
						'type'    => 'boolean',
						'default' => false,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					if ( $request['attachment'] ) {
						return array( 'url' => MVS_Message_Attachment_Files::url( (int) $request['media_id'], (int) $request['user_id'], (int) $request['expires'] ) );
					}
					return array( 'url' => MVS_Url_Signer::url( (int) $request['media_id'], (int) $request['user_id'], (int) $request['expires'], '', (bool) $request['download'] ) );
				},
			)
		);
	}
);
