<?php
/**
 * Registration with WordPress's privacy tools.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers the plugin's personal-data exporter and eraser (Tools → Export
 * and Erase Personal Data), both reading the erasure plan
 * (docs/account-erasure.md, "WordPress's privacy tools").
 */
final class MVS_Privacy_Tools {

	/** Key of both entries in WordPress's lists. */
	const KEY = 'media-community-service';

	/**
	 * Wires the filters.
	 */
	public static function register(): void {
		add_filter( 'wp_privacy_personal_data_exporters', array( __CLASS__, 'exporters' ) );
		add_filter( 'wp_privacy_personal_data_erasers', array( __CLASS__, 'erasers' ) );
	}

	/**
	 * Filter wp_privacy_personal_data_exporters.
	 *
	 * @param array $exporters Registered exporters.
	 * @return array
	 */
	public static function exporters( $exporters ): array {
		$exporters              = (array) $exporters;
		$exporters[ self::KEY ] = array(
			'exporter_friendly_name' => __( 'Media Community Service', 'media-community-service' ),
			'callback'               => array( new MVS_Personal_Data_Exporter(), 'export' ),
		);
		return $exporters;
	}

	/**
	 * Filter wp_privacy_personal_data_erasers.
	 *
	 * @param array $erasers Registered erasers.
	 * @return array
	 */
	public static function erasers( $erasers ): array {
		$erasers              = (array) $erasers;
		$erasers[ self::KEY ] = array(
			'eraser_friendly_name' => __( 'Media Community Service', 'media-community-service' ),
			'callback'             => array( new MVS_Personal_Data_Eraser(), 'erase' ),
		);
		return $erasers;
	}
}
