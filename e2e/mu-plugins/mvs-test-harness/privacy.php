<?php
/**
 * Test harness, privacy: WordPress's privacy tools (Tools → Export and
 * Erase Personal Data) driven as their wp_ajax handlers drive them.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

add_action(
	'rest_api_init',
	static function () {
		// One registered exporter or eraser, found by its friendly name in
		// WordPress's filtered list and called page after page until done, each
		// answer checked as wp_ajax_wp_privacy_export_personal_data() and
		// wp_ajax_wp_privacy_erase_personal_data() check it (a request ID and
		// the export file aside: they are WordPress's, not the plugin's).
		register_rest_route(
			'mvs-test/v1',
			'/privacy-tools',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'tool'  => array(
						'type'     => 'string',
						'enum'     => array( 'exporter', 'eraser' ),
						'required' => true,
					),
					'email' => array(
						'type'     => 'string',
						'required' => true,
					),
					'name'  => array(
						'type'    => 'string',
						'default' => 'Media Community Service',
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					$exporter = 'exporter' === $request['tool'];
					$list     = $exporter ? apply_filters( 'wp_privacy_personal_data_exporters', array() ) : apply_filters( 'wp_privacy_personal_data_erasers', array() );
					$friendly = $exporter ? 'exporter_friendly_name' : 'eraser_friendly_name';
					$found    = null;
					foreach ( (array) $list as $entry ) {
						if ( is_array( $entry ) && isset( $entry[ $friendly ] ) && $request['name'] === $entry[ $friendly ] ) {
							$found = $entry;
						}
					}
					if ( ! $found || ! isset( $found['callback'] ) || ! is_callable( $found['callback'] ) ) {
						return new WP_Error( 'e2e_no_tool', 'No such ' . $request['tool'] . ' registered.', array( 'status' => 404 ) );
					}
					$pages = array();
					for ( $page = 1; $page <= 50; $page++ ) {
						$response = call_user_func( $found['callback'], $request['email'], $page );
						// The checks of the wp_ajax handlers.
						$valid = is_array( $response ) && isset( $response['done'] ) && ( $exporter
							? isset( $response['data'] ) && is_array( $response['data'] )
							: isset( $response['items_removed'], $response['items_retained'], $response['messages'] ) && is_array( $response['messages'] ) );
						if ( ! $valid ) {
							return new WP_Error( 'e2e_bad_answer', 'Page ' . $page . ' is not a valid answer.', array( 'status' => 500, 'answer' => $response ) );
						}
						$pages[] = $response;
						if ( $response['done'] ) {
							break;
						}
					}
					return array( 'pages' => $pages );
				},
			)
		);
	}
);
