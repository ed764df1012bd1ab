<?php
/**
 * Test harness, seeding and growth: load for the MariaDB optimizer checks
 * (grow-*), throw-away members, and media categories (curated by the
 * site owner: no route).
 * codegen/test/harness.test.ts fails while one of these writes rows of an
 * implemented feature that registry.json does not allow.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Grown rows name members 1-500 at random, existing or not yet: members
 * created afterwards start at 1,000, so none inherits rows (media counted
 * by Pro's usage, comments, notifications) they never made. MariaDB keeps
 * the counter when it is already higher.
 */
function mvs_test_reserve_grown_user_ids(): void {
	global $wpdb;
	$wpdb->query( "ALTER TABLE {$wpdb->users} AUTO_INCREMENT = 1000" ); // phpcs:ignore WordPress.DB
}

add_action(
	'rest_api_init',
	static function () {
		// Grows mvs_media fast by doubling it with INSERT ... SELECT (MariaDB only),
		// varying privacy, type, status and counters, so the optimizer sees a real table:
		// types weighted as stack/seed/seed.php weighs them (70 % images), a skew that
		// changes MariaDB's plans for the type filter.
		register_rest_route(
			'mvs-test/v1',
			'/grow-media',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'rows' => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'maximum'  => 2000000,
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$t = $wpdb->prefix . 'mvs_media';
					// Grown rows have no terms: they get the empty copy of them, as the plugin's own insert gives a new item.
					$copy = esc_sql( MVS_Media_Terms_Copy::EMPTY_COPY );
					mvs_test_reserve_grown_user_ids();
					while ( (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$t}" ) < (int) $request['rows'] ) { // phpcs:ignore WordPress.DB
						// Doubling needs a row to start from (and a table).
						if ( ! $wpdb->query( // phpcs:ignore WordPress.DB
							"INSERT INTO {$t} (author_id, title, slug, description, media_type, mime_type, file_path, privacy, moderation_status, views, trending_score, terms_copy, created_at, updated_at)
							SELECT 1 + FLOOR(RAND() * 500), CONCAT('Seed ', FLOOR(RAND() * 1000000)), CONCAT('seed-', FLOOR(RAND() * 100000000)), '',
								ELT(1 + FLOOR(RAND() * 20), 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'video', 'video', 'video', 'video', 'audio', 'document'), 'image/png', 'mvs/seed/none.png',
								ELT(1 + FLOOR(RAND() * 10), 'public', 'public', 'public', 'public', 'public', 'public', 'members', 'members', 'private', 'group'),
								IF(RAND() < 0.95, 'approved', 'pending'), FLOOR(RAND() * 10000), IF(RAND() < 0.5, 0, 4294967296 + RAND() * 100), '{$copy}', created_at, updated_at
							FROM {$t} LIMIT 100000"
						) ) {
							return new WP_Error( 'mvs_test_grow_failed', 'grow-media needs at least one media row to double', array( 'status' => 409 ) );
						}
					}
					$wpdb->query( "ANALYZE TABLE {$t}" ); // phpcs:ignore WordPress.DB
					// The rows went around the plugin: recount the list totals.
					( new MVS_Media_Totals_Rebuild() )->reset();
					while ( ! MVS_Media_Totals::rebuild( 100000 ) ) {
						continue;
					}
					return array( 'rows' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$t}" ) ); // phpcs:ignore WordPress.DB
				},
			)
		);
		// Tags the media table for the optimizer checks of tag reads: `tags`
		// mvs_tag terms (scale-tag-0, scale-tag-1, ...), item i carrying
		// scale-tag-(i mod tags), so each tag holds thousands of items.
		register_rest_route(
			'mvs-test/v1',
			'/grow-tagging',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'tags' => array(
						'type'    => 'integer',
						'minimum' => 1,
						'maximum' => 50,
						'default' => 5,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$n     = (int) $request['tags'];
					$slugs = array();
					for ( $i = 0; $i < $n; $i++ ) {
						$slug  = 'scale-tag-' . $i;
						$found = get_term_by( 'slug', $slug, 'mvs_tag' );
						$term  = $found ? array( 'term_taxonomy_id' => $found->term_taxonomy_id ) : wp_insert_term( $slug, 'mvs_tag', array( 'slug' => $slug ) );
						if ( is_wp_error( $term ) ) {
							return $term;
						}
						// Past the term hooks, as a plugin writing SQL would: the items' copies of their terms go (MVS_Media_Terms_Copy).
						$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->prefix}mvs_media SET terms_copy = NULL, terms_rev = terms_rev + 1 WHERE MOD(id, %d) = %d", $n, $i ) ); // phpcs:ignore WordPress.DB
						$wpdb->query( // phpcs:ignore WordPress.DB
							$wpdb->prepare(
								"INSERT IGNORE INTO {$wpdb->term_relationships} (object_id, term_taxonomy_id) SELECT id, %d FROM {$wpdb->prefix}mvs_media WHERE MOD(id, %d) = %d",
								(int) $term['term_taxonomy_id'],
								$n,
								$i
							)
						);
						$slugs[] = $slug;
					}
					$wpdb->query( "ANALYZE TABLE {$wpdb->term_relationships}" ); // phpcs:ignore WordPress.DB
					// The relationships went around the plugin: recount the list totals and the per-term listing.
					( new MVS_Media_Totals_Rebuild() )->reset();
					while ( ! MVS_Media_Totals::rebuild( 100000 ) ) {
						continue;
					}
					$wpdb->query( "ANALYZE TABLE {$wpdb->prefix}mvs_media_term_index" ); // phpcs:ignore WordPress.DB
					return array( 'tags' => $slugs );
				},
			)
		);
		// Load for the optimizer checks of the comment and notification lists:
		// tens of thousands of rows spread over the existing items and users.
		register_rest_route(
			'mvs-test/v1',
			'/grow-engagement',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'rows' => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'maximum'  => 2000000,
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$m = $wpdb->prefix . 'mvs_media';
					$c = $wpdb->prefix . 'mvs_comments';
					mvs_test_reserve_grown_user_ids();
					$n = $wpdb->prefix . 'mvs_notifications';
					while ( (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$c}" ) < (int) $request['rows'] ) { // phpcs:ignore WordPress.DB
						$wpdb->query( "INSERT INTO {$c} (media_id, user_id, parent_id, content, status, created_at, updated_at) SELECT id, 1 + FLOOR(RAND() * 500), 0, 'Seed comment', 'approved', created_at, updated_at FROM {$m} ORDER BY RAND() LIMIT 50000" ); // phpcs:ignore WordPress.DB
					}
					while ( (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$n}" ) < (int) $request['rows'] ) { // phpcs:ignore WordPress.DB
						$wpdb->query( "INSERT INTO {$n} (user_id, actor_id, type, object_type, object_id, data, is_read, created_at) SELECT 1 + FLOOR(RAND() * 500), author_id, 'media_comment', 'media', id, '{}', IF(RAND() < 0.5, 1, 0), created_at FROM {$m} ORDER BY RAND() LIMIT 50000" ); // phpcs:ignore WordPress.DB
					}
					$wpdb->query( "ANALYZE TABLE {$c}, {$n}" ); // phpcs:ignore WordPress.DB
					return array(
						'comments'      => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$c}" ), // phpcs:ignore WordPress.DB
						'notifications' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$n}" ), // phpcs:ignore WordPress.DB
					);
				},
			)
		);
		// Load for the optimizer checks of the activity lists: events over the
		// existing items (uploads and comments), and `inbox_user`'s inbox
		// holding them all.
		register_rest_route(
			'mvs-test/v1',
			'/grow-activity',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'rows'       => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'maximum'  => 2000000,
						'required' => true,
					),
					'inbox_user' => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$m = $wpdb->prefix . 'mvs_media';
					$a = $wpdb->prefix . 'mvs_activity';
					$i = $wpdb->prefix . 'mvs_activity_inbox';
					while ( (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$a}" ) < (int) $request['rows'] ) { // phpcs:ignore WordPress.DB
						$wpdb->query( "INSERT INTO {$a} (user_id, type, media_id, album_id, ref_id, created_at) SELECT author_id, IF(RAND() < 0.5, 'upload', 'reaction'), id, 0, 0, created_at FROM {$m} ORDER BY id LIMIT 50000" ); // phpcs:ignore WordPress.DB
					}
					$wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$i} (user_id, activity_id, actor_id) SELECT %d, id, user_id FROM {$a}", (int) $request['inbox_user'] ) ); // phpcs:ignore WordPress.DB
					$wpdb->query( "ANALYZE TABLE {$a}, {$i}" ); // phpcs:ignore WordPress.DB
					return array(
						'activity' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$a}" ), // phpcs:ignore WordPress.DB
						'inbox'    => (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$i} WHERE user_id = %d", (int) $request['inbox_user'] ) ), // phpcs:ignore WordPress.DB
					);
				},
			)
		);
		// A throw-away member with an application password, so tests that block,
		// report or moderate never touch the shared fixture users' items. No
		// route of the contract registers users; the member signs in through
		// the plugin's own POST /mvs/v1/auth/app-password, in this request.
		register_rest_route(
			'mvs-test/v1',
			'/fresh-user',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'callback'            => static function () {
					$login = 'fresh' . strtolower( wp_generate_password( 10, false ) );
					$pass  = wp_generate_password( 24 );
					$id    = wp_insert_user(
						array(
							'user_login' => $login,
							'user_pass'  => $pass,
							'user_email' => $login . '@example.test',
							'role'       => 'mvs_member',
						)
					);
					if ( is_wp_error( $id ) ) {
						return $id;
					}
					$sign_in = new WP_REST_Request( 'POST', '/mvs/v1/auth/app-password' );
					$sign_in->set_body_params(
						array(
							'username' => $login,
							'password' => $pass,
							'app_name' => 'e2e',
						)
					);
					$app = rest_do_request( $sign_in );
					if ( 201 !== $app->get_status() ) {
						return $app;
					}
					return array(
						'id'          => $id,
						'login'       => $login,
						// The account password, for routes that ask for it again (DELETE /me).
						'password'    => $pass,
						'appPassword' => $app->get_data()['password'],
					);
				},
			)
		);
		// Media categories are curated by the site owner (no REST route creates them).
		register_rest_route(
			'mvs-test/v1',
			'/category',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'name' => array(
						'type'     => 'string',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					$term = wp_insert_term( $request['name'], 'mvs_category' );
					if ( is_wp_error( $term ) ) {
						return $term;
					}
					$created = get_term( (int) $term['term_id'], 'mvs_category' );
					return array(
						'id'   => (int) $created->term_id,
						'slug' => $created->slug,
					);
				},
			)
		);
		// Renames a media category as wp-admin's term screen would (wp_update_term()).
		register_rest_route(
			'mvs-test/v1',
			'/category/(?P<id>\d+)',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'name' => array(
						'type'     => 'string',
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					$term = wp_update_term( (int) $request['id'], 'mvs_category', array( 'name' => $request['name'] ) );
					return is_wp_error( $term ) ? $term : array( 'id' => (int) $term['term_id'] );
				},
			)
		);
	}
);
