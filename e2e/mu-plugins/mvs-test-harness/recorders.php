<?php
/**
 * Test harness, recorders: what the plugin handed to extensions (push
 * sends, reaction events, CDN purges) and the writes of the lean /serve
 * record, kept per object and read back through GET routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

// Records mvs_push_send per recipient (a transient per user: no shared
// read-modify-write between parallel tests; not prefixed mvs_, which uninstall owns).
add_action(
	'mvs_push_send',
	static function ( $user_id, $tokens, $payload ) {
		$sent   = get_transient( 'e2e_push_' . $user_id ) ?: array(); // phpcs:ignore Universal.Operators.DisallowShortTernary
		$sent[] = array(
			'tokens'  => $tokens,
			'payload' => $payload,
		);
		set_transient( 'e2e_push_' . $user_id, $sent, HOUR_IN_SECONDS );
	},
	10,
	3
);

// Records mvs_reaction_set per item, read back through GET
// /mvs-test/v1/reaction-events/<media id> (what a subscriber would receive).
add_action(
	'mvs_reaction_set',
	static function ( $media_id, $user_id, $type, $previous ) {
		$seen   = get_transient( 'e2e_reaction_' . $media_id );
		$seen   = is_array( $seen ) ? $seen : array();
		$seen[] = array( $user_id, $type, $previous );
		set_transient( 'e2e_reaction_' . $media_id, $seen, HOUR_IN_SECONDS );
	},
	10,
	4
);

// Records mvs_purge_file_urls per item (as a CDN integration would see it),
// read back through GET /mvs-test/v1/purges/<media id>.
add_action(
	'mvs_purge_file_urls',
	static function ( $urls, $media_id, $reason ) {
		$seen   = get_transient( 'e2e_purge_' . $media_id );
		$seen   = is_array( $seen ) ? $seen : array();
		$seen[] = array(
			'reason' => $reason,
			'urls'   => $urls,
		);
		set_transient( 'e2e_purge_' . $media_id, $seen, HOUR_IN_SECONDS );
	},
	10,
	3
);

// Counts the writes of the lean entry's record (MVS_Serve_Lean::OPTION), which must not change with every request.
foreach ( array( 'add_option_mvs_serve_lean', 'update_option_mvs_serve_lean' ) as $mvs_test_hook ) {
	add_action(
		$mvs_test_hook,
		static function () {
			update_option( 'e2e_serve_lean_writes', (int) get_option( 'e2e_serve_lean_writes', 0 ) + 1, false );
		}
	);
}
unset( $mvs_test_hook );

add_action(
	'rest_api_init',
	static function () {
		// Push hand-off: the mvs_push_send calls recorded for a user (specs
		// register devices through POST /me/devices).
		register_rest_route(
			'mvs-test/v1',
			'/push',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'user_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					return array( 'sent' => get_transient( 'e2e_push_' . (int) $request['user_id'] ) ?: array() ); // phpcs:ignore Universal.Operators.DisallowShortTernary
				},
			)
		);
		register_rest_route(
			'mvs-test/v1',
			'/reaction-events/(?P<id>\d+)',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function ( $request ) {
					$seen = get_transient( 'e2e_reaction_' . (int) $request['id'] );
					return is_array( $seen ) ? $seen : array();
				},
			)
		);
		register_rest_route(
			'mvs-test/v1',
			'/purges/(?P<id>\d+)',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function ( $request ) {
					$seen = get_transient( 'e2e_purge_' . (int) $request['id'] );
					return is_array( $seen ) ? $seen : array();
				},
			)
		);
		// The lean entry's record as the last request for an mvs/v1 route left it, and how often it was written.
		register_rest_route(
			'mvs-test/v1',
			'/serve-lean',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					return array(
						'record' => get_option( 'mvs_serve_lean', null ),
						'writes' => (int) get_option( 'e2e_serve_lean_writes', 0 ),
					);
				},
			)
		);
	}
);
