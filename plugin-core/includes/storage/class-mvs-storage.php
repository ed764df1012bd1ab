<?php
/**
 * The one way to reach the storage driver.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Hands out the site's storage driver: the local driver unless a plugin
 * supplies another through the mvs_storage_driver filter. Resolved once per
 * request so every service of a request writes to the same place.
 */
final class MVS_Storage {

	/**
	 * The driver of this request.
	 *
	 * @var MVS_Storage_Driver|null
	 */
	private static $driver = null;

	/**
	 * The site's storage driver.
	 *
	 * @return MVS_Storage_Driver
	 */
	public static function driver(): MVS_Storage_Driver {
		if ( null === self::$driver ) {
			$default = new MVS_Local_Storage();
			/**
			 * Filters the storage driver (e.g. to keep media in object storage).
			 *
			 * @param MVS_Storage_Driver $driver The local driver.
			 */
			$driver       = apply_filters( 'mvs_storage_driver', $default );
			self::$driver = $driver instanceof MVS_Storage_Driver ? $driver : $default;
		}
		return self::$driver;
	}

	/**
	 * Forgets the resolved driver (after a filter changed, e.g. in tests).
	 */
	public static function reset(): void {
		self::$driver = null;
	}
}
