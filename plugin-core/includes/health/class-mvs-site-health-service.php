<?php
/**
 * GET /mvs/v1/site-health/storage-exposure: the async storage probe.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Runs the Site Health tests that WordPress fetches after the page has
 * loaded (the `test` URLs MVS_Site_Health lists). Not part of the REST
 * contract: the route is a `site-health` extension (docs/site-health.md).
 */
final class MVS_Site_Health_Service implements MVS_Site_Health_Handler {

	/**
	 * Whether the storage folder answers over HTTP.
	 *
	 * @param MVS_Check_Storage_Exposure_Args $args Arguments (none).
	 * @return array
	 */
	public function check_storage_exposure( MVS_Check_Storage_Exposure_Args $args ) {
		return ( new MVS_Health_Storage_Check() )->run();
	}
}
