<?php
/**
 * Test harness, fault injection: failing write statements
 * (X-MVS-Test-Fail-Query), a failing storage driver
 * (X-MVS-Test-Storage-Fail), and writes around the plugin for the daily
 * check of the list totals to find (media-totals/corrupt).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

// X-MVS-Test-Fail-Query: <fragment> makes the write statements (INSERT, UPDATE,
// DELETE) containing the fragment fail, for administrators only, so specs can
// prove that a failure half-way through a batch rolls everything back.
add_filter(
	'query',
	static function ( $sql ) {
		static $checking = false;
		if ( $checking || ! isset( $_SERVER['HTTP_X_MVS_TEST_FAIL_QUERY'] ) || ! did_action( 'rest_api_init' ) ) {
			return $sql;
		}
		$fragment = mvs_test_header( 'HTTP_X_MVS_TEST_FAIL_QUERY' );
		$flat     = preg_replace( '/\s+/', ' ', (string) $sql );
		if ( '' === $fragment || ! preg_match( '/^\s*(INSERT|UPDATE|DELETE)\b/i', $flat ) || false === strpos( $flat, $fragment ) ) {
			return $sql;
		}
		// Loading the user runs queries of its own, which come back through this filter.
		$checking = true;
		$admin    = current_user_can( 'manage_options' );
		$checking = false;
		return $admin ? 'DELETE FROM mvs_test_forced_failure' : $sql;
	}
);

// X-MVS-Test-Storage-Fail: <n> makes the n-th store() of the request fail
// (1 = the original, 2 = its first size, ...). Every key stored during the
// request is reported in X-MVS-Test-Stored, so a test can check that none
// of them is left behind.
add_filter( 'mvs_storage_driver', 'mvs_test_storage_driver' );

/**
 * The storage driver, wrapped to fail on the store() call X-MVS-Test-Storage-Fail names.
 *
 * @param MVS_Storage_Driver $driver The site's driver.
 * @return MVS_Storage_Driver
 */
function mvs_test_storage_driver( $driver ) {
	$fail_at = (int) mvs_test_header( 'HTTP_X_MVS_TEST_STORAGE_FAIL' );
	if ( $fail_at <= 0 ) {
		return $driver;
	}
	return new class( $driver, $fail_at ) implements MVS_Storage_Driver {
		/**
		 * Wrapped driver.
		 *
		 * @var MVS_Storage_Driver
		 */
		private $inner;
		/**
		 * Store call that fails.
		 *
		 * @var int
		 */
		private $fail_at;
		/**
		 * Store calls so far.
		 *
		 * @var int
		 */
		private $calls = 0;
		/**
		 * Wraps a driver.
		 *
		 * @param MVS_Storage_Driver $inner   Real driver.
		 * @param int                $fail_at Failing call.
		 */
		public function __construct( MVS_Storage_Driver $inner, int $fail_at ) {
			$this->inner   = $inner;
			$this->fail_at = $fail_at;
		}
		public function store( string $local_path, string $extension ) { // phpcs:ignore Squiz.Commenting.FunctionComment.Missing
			global $mvs_test_stored_keys;
			++$this->calls;
			if ( $this->calls === $this->fail_at ) {
				return MVS_Errors::make( 'mvs_storage_failed' );
			}
			$key = $this->inner->store( $local_path, $extension );
			if ( is_string( $key ) ) {
				$mvs_test_stored_keys[] = $key;
			}
			return $key;
		}
		public function delete( string $key ): void { // phpcs:ignore Squiz.Commenting.FunctionComment.Missing
			$this->inner->delete( $key );
		}
		public function exists( string $key ): bool { // phpcs:ignore Squiz.Commenting.FunctionComment.Missing
			return $this->inner->exists( $key );
		}
		public function path( string $key ): string { // phpcs:ignore Squiz.Commenting.FunctionComment.Missing
			return $this->inner->path( $key );
		}
		public function url( string $key ): string { // phpcs:ignore Squiz.Commenting.FunctionComment.Missing
			return $this->inner->url( $key );
		}
	};
}

add_filter(
	'rest_post_dispatch',
	static function ( $response ) {
		global $mvs_test_stored_keys;
		if ( $response instanceof WP_REST_Response && '' !== mvs_test_header( 'HTTP_X_MVS_TEST_STORAGE_FAIL' ) ) {
			$response->header( 'X-MVS-Test-Stored', wp_json_encode( (array) $mvs_test_stored_keys ) );
		}
		return $response;
	},
	1001
);

add_action(
	'rest_api_init',
	static function () {
		// A write around the plugin, as another plugin or a raw SQL session would
		// make it, for the daily check of the list totals to find: on the item
		// `media_id` and its tag `tag`, one of `kind`. Answers the rows it changed.
		register_rest_route(
			'mvs-test/v1',
			'/media-totals/corrupt',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'kind'     => array(
						'type'     => 'string',
						'enum'     => array( 'term-total', 'site-total', 'listing-missing', 'listing-changed', 'relationship-deleted', 'item-private' ),
						'required' => true,
					),
					'media_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
					'tag'      => array(
						'type'    => 'string',
						'default' => '',
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$id   = (int) $request['media_id'];
					$term = '' === $request['tag'] ? false : get_term_by( 'slug', (string) $request['tag'], 'mvs_tag' );
					$tt   = $term ? (int) $term->term_taxonomy_id : 0;
					$item = $wpdb->get_row( $wpdb->prepare( "SELECT moderation_status, privacy, media_type FROM {$wpdb->mvs_media} WHERE id = %d", $id ) ); // phpcs:ignore WordPress.DB
					if ( ! $item || ( ! $tt && 'site-total' !== $request['kind'] && 'item-private' !== $request['kind'] ) ) {
						return new WP_Error( 'mvs_test_not_found', 'No such item or tag.', array( 'status' => 404 ) );
					}
					switch ( $request['kind'] ) {
						case 'term-total':
						case 'site-total':
							$rows = $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media_totals} SET items = items + 1 WHERE term_taxonomy_id = %d AND moderation_status = %s AND privacy = %s AND group_id = 0 AND media_type = %s", 'site-total' === $request['kind'] ? 0 : $tt, $item->moderation_status, $item->privacy, $item->media_type ) ); // phpcs:ignore WordPress.DB
							break;
						case 'listing-missing':
							$rows = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_media_term_index} WHERE term_taxonomy_id = %d AND media_id = %d", $tt, $id ) ); // phpcs:ignore WordPress.DB
							break;
						case 'listing-changed':
							$rows = $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media_term_index} SET author_id = author_id + 1 WHERE term_taxonomy_id = %d AND media_id = %d", $tt, $id ) ); // phpcs:ignore WordPress.DB
							break;
						case 'relationship-deleted':
							$rows = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->term_relationships} WHERE object_id = %d AND term_taxonomy_id = %d", $id, $tt ) ); // phpcs:ignore WordPress.DB
							break;
						default:
							$rows = $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_media} SET privacy = 'private' WHERE id = %d", $id ) ); // phpcs:ignore WordPress.DB
					}
					return array( 'rows' => (int) $rows );
				},
			)
		);
	}
);
