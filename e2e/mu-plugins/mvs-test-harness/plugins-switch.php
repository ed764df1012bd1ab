<?php
/**
 * Test harness, plugins switch: X-MVS-Test-Plugins: off runs the request
 * with both plugins left out of active_plugins, so the bench measures a
 * page with and without them on one site, in the same rounds (the "free
 * when idle" rows of stack/bench/targets.mjs; docs/cost-to-the-site.md).
 * A must-use plugin, so it is in place before WordPress reads the list.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

if ( 'off' === mvs_test_header( 'HTTP_X_MVS_TEST_PLUGINS' ) ) {
	add_filter(
		'option_active_plugins',
		static function ( $plugins ) {
			return array_values(
				array_filter(
					(array) $plugins,
					static function ( $plugin ) {
						return 0 !== strpos( (string) $plugin, 'media-community-service' );
					}
				)
			);
		}
	);
}
