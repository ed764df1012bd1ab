<?php
/**
 * One Site Health test of the plugin.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A check MVS_Site_Health lists under Tools → Site Health. run() answers
 * the array WordPress expects (MVS_Health_Result::make()); it runs on the
 * Site Health page's load, so it must cost a constant number of queries.
 */
interface MVS_Health_Check {

	/**
	 * The test's key in site_status_tests.
	 *
	 * @return string
	 */
	public function id(): string;

	/**
	 * What the test checks, shown while it runs.
	 *
	 * @return string
	 */
	public function label(): string;

	/**
	 * Runs the test.
	 *
	 * @return array{label: string, status: string, badge: array, description: string, actions: string, test: string}
	 */
	public function run(): array;
}
