<?php
/**
 * Tag and category taxonomies of media items.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * mvs_tag and mvs_category, attached to mvs_media rows (object IDs are media IDs).
 */
final class MVS_Taxonomies {

	/**
	 * The tag taxonomy.
	 */
	const TAG = 'mvs_tag';

	/**
	 * The category taxonomy.
	 */
	const CATEGORY = 'mvs_category';

	/**
	 * Both: the taxonomies that list filters, totals and term copies know.
	 */
	const MEDIA = array( self::TAG, self::CATEGORY );

	/**
	 * Hooks registration on init.
	 */
	public static function register(): void {
		add_action( 'init', array( __CLASS__, 'register_taxonomies' ) );
	}

	/**
	 * Registers both taxonomies (not public: the REST API of this plugin serves them).
	 */
	public static function register_taxonomies(): void {
		register_taxonomy(
			self::TAG,
			'mvs_media',
			array(
				'labels'       => array(
					'name'          => __( 'Media tags', 'media-community-service' ),
					'singular_name' => __( 'Media tag', 'media-community-service' ),
				),
				'public'       => false,
				'show_ui'      => false,
				'hierarchical' => false,
				'rewrite'      => false,
			)
		);
		register_taxonomy(
			self::CATEGORY,
			'mvs_media',
			array(
				'labels'       => array(
					'name'          => __( 'Media categories', 'media-community-service' ),
					'singular_name' => __( 'Media category', 'media-community-service' ),
				),
				'public'       => false,
				'show_ui'      => false,
				'hierarchical' => true,
				'rewrite'      => false,
			)
		);
	}
}
