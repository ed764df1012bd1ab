<?php
/**
 * Plugin Name: MVS bench floor route (benchmark stacks only, never shipped)
 * Description: GET /wp-json/mvs/v1/bench-floor answers an empty object and does nothing else: the cost of WordPress's REST dispatch for a route of the mvs namespace, the floor of stack/bench/run.mjs. Also lifts the plugin's rate limits out of a benchmark's reach.
 *
 * stack/bench/run.mjs symlinks this file into the stack's own copy of
 * wp-content/plugins (not the repo's e2e/mu-plugins) and activates it with
 * php-cli (activate-floor.php). Not part of any shipped plugin.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

// A benchmark sends hundreds of requests a second from one address and one
// user, far beyond the per-minute limits (GET /media: 120): raise every limit
// out of reach instead of switching the limiter off (a limit of 0), so each
// request still pays for counting its hit, as in production.
add_filter(
	'mvs_rate_limit',
	static function () {
		return PHP_INT_MAX;
	}
);

add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'mvs/v1',
			'/bench-floor',
			array(
				'methods'             => 'GET',
				'permission_callback' => '__return_true',
				'callback'            => static function () {
					return new WP_REST_Response( new stdClass() );
				},
			)
		);
	}
);
