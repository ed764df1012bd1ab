<?php
/**
 * Test harness, rendering: the page hooks the plugins print markup on,
 * rendered for a member as a theme's page would (the test site has no
 * page that fires them).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

add_action(
	'rest_api_init',
	static function () {
		// The markup of one of the contract's page actions for a member (0: a visitor).
		register_rest_route(
			'mvs-test/v1',
			'/render-hook',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'hook'    => array(
						'type'     => 'string',
						'enum'     => array( 'mvs_before_upload_form', 'mvs_dashboard_after_content' ),
						'required' => true,
					),
					'user_id' => array(
						'type'     => 'integer',
						'minimum'  => 0,
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					$admin = get_current_user_id();
					wp_set_current_user( (int) $request['user_id'] );
					ob_start();
					try {
						do_action( (string) $request['hook'] ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- one of the enum's mvs_ actions.
					} finally {
						$html = (string) ob_get_clean();
						wp_set_current_user( $admin );
					}
					return array( 'html' => $html );
				},
			)
		);
	}
);
