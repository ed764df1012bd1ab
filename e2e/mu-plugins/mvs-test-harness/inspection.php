<?php
/**
 * Test harness, inspection: the database and the disk as the product does
 * not show them (engine, table shapes, EXPLAIN, rows that still name an
 * item or a user, moderation trail, user meta, trending scores, stored
 * files). Read only.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

add_action(
	'rest_api_init',
	static function () {
		// Database introspection for the schema and EXPLAIN checks on MariaDB.
		register_rest_route(
			'mvs-test/v1',
			'/db',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					global $wpdb;
					return array(
						'engine'  => $wpdb instanceof WP_SQLite_DB ? 'sqlite' : 'mysql',
						'version' => $wpdb->db_server_info(),
					);
				},
			)
		);
		register_rest_route(
			'mvs-test/v1',
			'/table-shape',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'table' => array(
						'type'     => 'string',
						'pattern'  => '^mvs_[a-z_]+$',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$table = $wpdb->prefix . $request['table'];
					return array(
						'columns' => $wpdb->get_results( $wpdb->prepare( 'SHOW FULL COLUMNS FROM %i', $table ), ARRAY_A ), // phpcs:ignore WordPress.DB
						'indexes' => $wpdb->get_results( $wpdb->prepare( 'SHOW INDEX FROM %i', $table ), ARRAY_A ), // phpcs:ignore WordPress.DB
					);
				},
			)
		);
		register_rest_route(
			'mvs-test/v1',
			'/explain',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'sql' => array(
						'type'     => 'string',
						'pattern'  => '^(SELECT|UPDATE|DELETE) ',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					// Test-only: the statement comes from X-MVS-Query-Log of this very site.
					return $wpdb->get_results( 'EXPLAIN ' . $request['sql'], ARRAY_A ); // phpcs:ignore WordPress.DB
				},
			)
		);
		// Item delete: how many rows of each media reference of the generated
		// delete plan still name an item.
		register_rest_route(
			'mvs-test/v1',
			'/media-refs',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'media_id' => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$counts = array();
					foreach ( MVS_Core_Media_Delete_Plan::plan() as $entry ) {
						$table = $wpdb->prefix . $entry['table'];
						$counts[ $entry['table'] . '.' . $entry['column'] ] = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE %i = %d', $table, $entry['column'], (int) $request['media_id'] ) ); // phpcs:ignore WordPress.DB
					}
					return $counts;
				},
			)
		);
		// Account erasure: how many rows of each erasure-plan column still name a user.
		register_rest_route(
			'mvs-test/v1',
			'/erasure-rows',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'user_id' => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$counts = array();
					foreach ( MVS_Account_Eraser::plan() as $entry ) {
						$table = $wpdb->prefix . $entry['table'];
						$counts[ $entry['table'] . '.' . $entry['column'] ] = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE %i = %d', $table, $entry['column'], (int) $request['user_id'] ) ); // phpcs:ignore WordPress.DB
					}
					return $counts;
				},
			)
		);
		// Moderation: the log rows of an item and the notifications a user received,
		// which have no read route of their own in this slice.
		register_rest_route(
			'mvs-test/v1',
			'/moderation-trail',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'media_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
					'user_id'  => array(
						'type'     => 'integer',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$p = $wpdb->prefix;
					return array(
						'log'           => $wpdb->get_results( $wpdb->prepare( "SELECT actor_id, action, reason, result FROM {$p}mvs_moderation_log WHERE media_id = %d ORDER BY id", $request['media_id'] ), ARRAY_A ), // phpcs:ignore WordPress.DB
						'notifications' => $wpdb->get_results( $wpdb->prepare( "SELECT actor_id, type, object_type, object_id, data FROM {$p}mvs_notifications WHERE user_id = %d AND object_id = %d ORDER BY id", $request['user_id'], $request['media_id'] ), ARRAY_A ), // phpcs:ignore WordPress.DB
						'reports'       => $wpdb->get_results( $wpdb->prepare( "SELECT reporter_id, reason, status FROM {$p}mvs_reports WHERE object_type = 'media' AND object_id = %d ORDER BY id", $request['media_id'] ), ARRAY_A ), // phpcs:ignore WordPress.DB
					);
				},
			)
		);
		// The values of one of a user's mvs_ meta keys, in stored order (the
		// per-member cap of dismissed banners, security/audit-notifications.spec.ts).
		register_rest_route(
			'mvs-test/v1',
			'/user-meta',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'user_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
					'key'     => array(
						'type'     => 'string',
						'pattern'  => '^mvs_[a-z_]+$',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					return array( 'values' => array_values( (array) get_user_meta( (int) $request['user_id'], (string) $request['key'], false ) ) );
				},
			)
		);
		// Stored trending scores of some items (not part of the REST contract).
		register_rest_route(
			'mvs-test/v1',
			'/trending-scores',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'ids' => array(
						'type'     => 'string',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$scores = array();
					foreach ( wp_parse_id_list( $request['ids'] ) as $id ) {
						$scores[ $id ] = (float) $wpdb->get_var( $wpdb->prepare( "SELECT trending_score FROM {$wpdb->prefix}mvs_media WHERE id = %d", $id ) ); // phpcs:ignore WordPress.DB
					}
					return array(
						'scores'          => $scores,
						'offset'          => MVS_Trending_Score::OFFSET,
						'epoch'           => MVS_Trending_Score::EPOCH,
						'half_life_hours' => MVS_Trending_Score::HALF_LIFE_HOURS,
					);
				},
			)
		);
		// What is on disk for storage keys and/or a media item: existence,
		// image dimensions and a content hash of each file.
		register_rest_route(
			'mvs-test/v1',
			'/stored-files',
			array(
				'methods'             => 'POST',
				'permission_callback' => static function () {
					return current_user_can( 'manage_options' );
				},
				'args'                => array(
					'media_id'      => array( 'type' => 'integer' ),
					'attachment_id' => array( 'type' => 'integer' ),
					'keys'          => array(
						'type'    => 'array',
						'items'   => array( 'type' => 'string' ),
						'default' => array(),
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$driver = MVS_Storage::driver();
					$keys   = (array) $request['keys'];
					$item   = null;
					if ( $request['media_id'] ) {
						$path  = $wpdb->get_var( $wpdb->prepare( "SELECT file_path FROM {$wpdb->prefix}mvs_media WHERE id = %d", $request['media_id'] ) ); // phpcs:ignore WordPress.DB
						$sizes = MVS_Image_Sizes::get( (int) $request['media_id'] );
						$item  = array(
							'file'  => $path,
							'sizes' => $sizes,
						);
						if ( $path ) {
							$keys[] = $path;
						}
						foreach ( $sizes as $size ) {
							$keys[] = $size['key'];
						}
					}
					// A message attachment's file, by its ID (its row names it; none once the row is gone).
					if ( $request['attachment_id'] ) {
						$keys = array_merge( $keys, $wpdb->get_col( $wpdb->prepare( "SELECT file_path FROM {$wpdb->prefix}mvs_message_attachments WHERE id = %d", $request['attachment_id'] ) ) ); // phpcs:ignore WordPress.DB
					}
					$files = array();
					foreach ( $keys as $key ) {
						$local = $driver->path( $key );
						$found = '' !== $local && is_file( $local );
						$info  = $found ? wp_getimagesize( $local ) : false;
						$files[ $key ] = array(
							'exists' => $found,
							'width'  => $info ? (int) $info[0] : null,
							'height' => $info ? (int) $info[1] : null,
							'mime'   => $info ? $info['mime'] : null,
							'sha1'   => $found ? sha1_file( $local ) : null,
						);
					}
					$uploads = wp_upload_dir( null, false );
					return array(
						'item'      => $item,
						'files'     => $files,
						'protected' => array(
							'htaccess' => is_file( $uploads['basedir'] . '/mvs/.htaccess' ) ? file_get_contents( $uploads['basedir'] . '/mvs/.htaccess' ) : null, // phpcs:ignore WordPress.WP.AlternativeFunctions
							'index'    => is_file( $uploads['basedir'] . '/mvs/index.php' ),
						),
					);
				},
			)
		);
	}
);
