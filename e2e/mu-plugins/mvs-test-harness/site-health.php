<?php
/**
 * Test harness, Site Health: runs one of the plugin's direct Site Health
 * tests as WordPress lists it (WordPress has no REST route for direct
 * tests), with the states it checks set for that request only (filters,
 * scheduled jobs, an object cache), and a storage folder the web server
 * serves (X-MVS-Test-Exposed-Storage) for the async storage probe.
 * Writes nothing but the probe's folder, removed at the end of the request.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

// X-MVS-Test-Exposed-Storage: 1 keeps the request's files in
// uploads/mvs-test-exposed/mvs/, outside the web server's deny rule for
// uploads/mvs/: a site whose storage folder is reachable over HTTP.
// Hooked only on such requests: any callback on mvs_storage_driver turns the
// lean entry of GET /serve off (MVS_Serve_Lean::snapshot()) for every request.
if ( '1' === mvs_test_header( 'HTTP_X_MVS_TEST_EXPOSED_STORAGE' ) ) {
	add_filter( 'mvs_storage_driver', 'mvs_test_exposed_storage_driver', 20 );
}

/**
 * The storage driver of a site that serves its storage folder.
 *
 * @return MVS_Local_Storage
 */
function mvs_test_exposed_storage_driver() {
	$uploads = wp_upload_dir( null, false );
	$base    = trailingslashit( $uploads['basedir'] ) . 'mvs-test-exposed';
	add_action(
		'shutdown',
		static function () use ( $base ) {
			foreach ( array( 'index.php', '.htaccess' ) as $guard ) {
				wp_delete_file( $base . '/mvs/' . $guard );
			}
			@rmdir( $base . '/mvs' ); // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions -- clean-up of the test's folder; left behind if not empty.
			@rmdir( $base ); // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions -- as above.
		}
	);
	return new class( $base, trailingslashit( $uploads['baseurl'] ) . 'mvs-test-exposed/' ) extends MVS_Local_Storage {
		/**
		 * URL of the folder files are kept under.
		 *
		 * @var string
		 */
		private $base_url;
		/**
		 * Storage under a folder of the uploads the web server serves.
		 *
		 * @param string $basedir  Folder.
		 * @param string $base_url Its URL.
		 */
		public function __construct( string $basedir, string $base_url ) {
			parent::__construct( $basedir );
			$this->base_url = $base_url;
		}
		/**
		 * URL of a stored file.
		 *
		 * @param string $relative Path relative to the folder.
		 * @return string
		 */
		public function url( string $relative ): string {
			return $this->base_url . $relative;
		}
	};
}

add_action(
	'rest_api_init',
	static function () {
		// One direct Site Health test of the plugin, found through site_status_tests.
		register_rest_route(
			'mvs-test/v1',
			'/site-health',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'test'         => array(
						'type'     => 'string',
						'pattern'  => '^mvs_[a-z_]+$',
						'required' => true,
					),
					// Filter name => the value it answers (mvs_ filters and pre_option_mvs_ options only).
					'filters'      => array(
						'type'    => 'object',
						'default' => array(),
					),
					// Cron hook => seconds from now of its next run (negative: overdue), or null for none; '*' for every mvs_ hook not named.
					'scheduled'    => array(
						'type'    => 'object',
						'default' => array(),
					),
					'object_cache' => array(
						'type'    => 'boolean',
						'default' => false,
					),
				),
				'callback'            => 'mvs_test_site_health_run',
			)
		);
	}
);

/**
 * Runs a direct test of the plugin with the request's states, and answers
 * its result and how WordPress lists the plugin's tests.
 *
 * @param WP_REST_Request $request Request.
 * @return array|WP_Error
 */
function mvs_test_site_health_run( WP_REST_Request $request ) {
	require_once ABSPATH . 'wp-admin/includes/class-wp-site-health.php';
	$tests = WP_Site_Health::get_tests();
	$name  = (string) $request['test'];
	if ( ! isset( $tests['direct'][ $name ] ) ) {
		return new WP_Error( 'mvs_test_unknown', 'No such direct test.', array( 'status' => 404 ) );
	}
	foreach ( (array) $request['filters'] as $filter => $value ) {
		if ( ! preg_match( '/^(pre_option_)?mvs_[a-z_]+$/', (string) $filter ) || ! is_scalar( $value ) ) {
			return new WP_Error( 'mvs_test_bad_filter', 'Only mvs_ filters and options, with scalar values.', array( 'status' => 400 ) );
		}
		add_filter(
			$filter,
			static function () use ( $value ) {
				return $value;
			},
			PHP_INT_MAX
		);
	}
	$scheduled = (array) $request['scheduled'];
	add_filter(
		'pre_get_scheduled_event',
		static function ( $pre, $hook ) use ( $scheduled ) {
			$key = array_key_exists( $hook, $scheduled ) ? $hook : ( 0 === strpos( $hook, 'mvs_' ) && array_key_exists( '*', $scheduled ) ? '*' : '' );
			if ( '' === $key ) {
				return $pre;
			}
			if ( null === $scheduled[ $key ] ) {
				return false;
			}
			return (object) array(
				'hook'      => $hook,
				'timestamp' => time() + (int) $scheduled[ $key ],
				'schedule'  => false,
				'args'      => array(),
			);
		},
		10,
		2
	);
	$was_using = wp_using_ext_object_cache( (bool) $request['object_cache'] );
	try {
		$result = call_user_func( $tests['direct'][ $name ]['test'] );
	} finally {
		wp_using_ext_object_cache( $was_using );
	}
	$async = array();
	foreach ( $tests['async'] as $key => $listed ) {
		if ( 0 === strpos( (string) $key, 'mvs_' ) ) {
			$async[ $key ] = array(
				'test'     => is_string( $listed['test'] ) ? $listed['test'] : '',
				'has_rest' => ! empty( $listed['has_rest'] ),
			);
		}
	}
	return array(
		'label'  => $tests['direct'][ $name ]['label'],
		'result' => $result,
		'direct' => array_values( preg_grep( '/^mvs_/', array_keys( $tests['direct'] ) ) ),
		'async'  => $async,
	);
}
