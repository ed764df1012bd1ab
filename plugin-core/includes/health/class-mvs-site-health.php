<?php
/**
 * The plugin's tests under Tools → Site Health.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Lists the plugin's checks in site_status_tests: direct ones run as the
 * page loads, the storage probe (an HTTP request) runs async through a
 * route of WordPress's own wp-site-health/v1 namespace, as core's async
 * tests do. What each check means: docs/site-health.md.
 */
final class MVS_Site_Health {

	/**
	 * The namespace of WordPress's own Site Health routes.
	 */
	const REST_NAMESPACE = 'wp-site-health/v1';

	/**
	 * Hooks the tests and the async tests' routes.
	 */
	public static function register(): void {
		add_filter( 'site_status_tests', array( __CLASS__, 'add_tests' ) );
		add_action( 'rest_api_init', array( __CLASS__, 'register_routes' ) );
	}

	/**
	 * Checks run as the Site Health page loads (each a constant cost).
	 *
	 * @return MVS_Health_Check[]
	 */
	public static function direct(): array {
		return array(
			new MVS_Health_Secret_Check(),
			new MVS_Health_Cron_Check(),
			new MVS_Health_Totals_Check(),
			new MVS_Health_Object_Cache_Check(),
			new MVS_Health_Upload_Limits_Check(),
			new MVS_Health_Long_Poll_Check(),
		);
	}

	/**
	 * Checks that make an HTTP request, run after the page has loaded.
	 *
	 * @return MVS_Health_Check[]
	 */
	public static function async(): array {
		return array( new MVS_Health_Storage_Check() );
	}

	/**
	 * Adds the plugin's tests (site_status_tests).
	 *
	 * @param array $tests Tests by kind ('direct', 'async').
	 * @return array
	 */
	public static function add_tests( $tests ): array {
		$tests = is_array( $tests ) ? $tests : array();
		foreach ( self::direct() as $check ) {
			$tests['direct'][ $check->id() ] = array(
				'label' => $check->label(),
				'test'  => array( $check, 'run' ),
			);
		}
		foreach ( self::async() as $check ) {
			$tests['async'][ $check->id() ] = array(
				'label'             => $check->label(),
				'test'              => rest_url( self::REST_NAMESPACE . '/tests/' . self::slug( $check ) ),
				'has_rest'          => true,
				'async_direct_test' => array( $check, 'run' ),
			);
		}
		return $tests;
	}

	/**
	 * Registers a GET route per async check, for those who may see Site Health.
	 */
	public static function register_routes(): void {
		foreach ( self::async() as $check ) {
			register_rest_route(
				self::REST_NAMESPACE,
				'/tests/' . self::slug( $check ),
				array(
					'methods'             => 'GET',
					'callback'            => static function () use ( $check ) {
						return $check->run();
					},
					'permission_callback' => static function () {
						return current_user_can( 'view_site_health_checks' );
					},
				)
			);
		}
	}

	/**
	 * The route slug of an async check ('mvs_storage_exposure' → 'mvs-storage-exposure').
	 *
	 * @param MVS_Health_Check $check The check.
	 * @return string
	 */
	private static function slug( MVS_Health_Check $check ): string {
		return str_replace( '_', '-', $check->id() );
	}
}
