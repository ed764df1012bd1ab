<?php
/**
 * The plugin's tests under Tools → Site Health.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Lists the plugin's checks in site_status_tests: direct ones run as the
 * page loads, the storage probe (an HTTP request) runs async through the
 * generated mvs/v1 route MVS_Site_Health_Service answers, as core's async
 * tests do through theirs. What each check means: docs/site-health.md.
 */
final class MVS_Site_Health {

	/**
	 * Hooks the tests.
	 */
	public static function register(): void {
		add_filter( 'site_status_tests', array( __CLASS__, 'add_tests' ) );
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
	 * Checks that make an HTTP request, run after the page has loaded, by
	 * the path of the mvs/v1 route that runs each (declared in
	 * codegen/src/api/core/site-health.ts).
	 *
	 * @return array<string, MVS_Health_Check>
	 */
	public static function async(): array {
		return array( '/site-health/storage-exposure' => new MVS_Health_Storage_Check() );
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
		foreach ( self::async() as $path => $check ) {
			$tests['async'][ $check->id() ] = array(
				'label'             => $check->label(),
				'test'              => rest_url( 'mvs/v1' . $path ),
				'has_rest'          => true,
				'async_direct_test' => array( $check, 'run' ),
			);
		}
		return $tests;
	}
}
