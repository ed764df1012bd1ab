<?php
/**
 * Test harness, states no route reaches: the legacy trending scale of
 * old installs, items' copies of their terms emptied or refilled (and a
 * rename in the middle of a refill), item meta without a route
 * (allow_download).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

add_action(
	'rest_api_init',
	static function () {
		// Puts the site back on the legacy trending scale, as an install upgraded
		// from before MVS_Trending_Score: `scores` (media id => linear score), or
		// every scored item of a grown table (`grown`, a score from 1 to 999).
		// Answers the stored scores of `scores`' items.
		register_rest_route(
			'mvs-test/v1',
			'/trending-legacy',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'scores' => array(
						'type'    => 'object',
						'default' => array(),
					),
					'grown'  => array(
						'type'    => 'boolean',
						'default' => false,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$t = $wpdb->prefix . 'mvs_media';
					// The conversion runs when the test says (trending-rescale), never from
					// WP-Cron, which would convert at the real time while the test pins the
					// trending clock (mvs_test_manual_rescale, below).
					update_option( 'mvs_test_manual_rescale', 1, false );
					wp_clear_scheduled_hook( MVS_Trending_Score::RESCALE_HOOK );
					wp_schedule_single_event( time() + HOUR_IN_SECONDS, MVS_Trending_Score::RESCALE_HOOK );
					update_option( MVS_Trending_Score::SCALE_OPTION, 'legacy', true );
					if ( $request['grown'] ) {
						$wpdb->query( "UPDATE {$t} SET trending_score = 1 + FLOOR(RAND() * 999) WHERE trending_score > 0" ); // phpcs:ignore WordPress.DB
					}
					foreach ( (array) $request['scores'] as $id => $score ) {
						$wpdb->query( $wpdb->prepare( "UPDATE {$t} SET trending_score = %d WHERE id = %d", (int) $score, (int) $id ) ); // phpcs:ignore WordPress.DB
					}
					return array( 'pending' => MVS_Trending_Score::legacy_pending() );
				},
			)
		);
		// The copies of items' terms on their rows (MVS_Media_Terms_Copy), for
		// `ids`. `read` answers each row's copy and revision. `drop` sets the
		// copies to '' (the mark of a copy too large to keep), which the page
		// loader joins for as for NULL and the refill job leaves alone, so a
		// job of a concurrent spec cannot fill the row before the test reads
		// it. `refill` empties the copies and writes them as the job would, in
		// one transaction (the job cannot take the rows meanwhile), answering
		// its statements. `race` does the same while a rename of `tag` (to
		// `name`) lands after the refill read the terms and before it writes
		// them (from inside the `query` filter): what it read is stale and must
		// not stick.
		register_rest_route(
			'mvs-test/v1',
			'/terms-copy',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'action' => array(
						'type'     => 'string',
						'enum'     => array( 'read', 'drop', 'refill', 'race' ),
						'required' => true,
					),
					'ids'    => array(
						'type'     => 'array',
						'items'    => array( 'type' => 'integer' ),
						'required' => true,
						'minItems' => 1,
					),
					'tag'    => array( 'type' => 'integer' ),
					'name'   => array( 'type' => 'string' ),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$ids        = array_map( 'intval', (array) $request['ids'] );
					$in         = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
					$set        = static function ( $value ) use ( $wpdb, $ids, $in ) {
						$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->prefix}mvs_media SET terms_copy = " . ( null === $value ? 'NULL' : "''" ) . " WHERE id IN ({$in})", $ids ) ); // phpcs:ignore WordPress.DB
					};
					$read       = static function () use ( $wpdb, $ids, $in ) {
						return $wpdb->get_results( $wpdb->prepare( "SELECT id, terms_copy, terms_rev FROM {$wpdb->prefix}mvs_media WHERE id IN ({$in}) ORDER BY id", $ids ) ); // phpcs:ignore WordPress.DB
					};
					$statements = array();
					$written    = null;
					$rows       = null;
					if ( 'drop' === $request['action'] ) {
						$set( '' );
					} elseif ( 'refill' === $request['action'] ) {
						MVS_Transaction::run(
							static function () use ( $set, $ids, &$statements, &$written ) {
								$set( null );
								$statements = mvs_test_statements_of(
									static function () use ( $ids, &$written ) {
										$written = ( new MVS_Media_Terms_Copy_Refill() )->refill_items( $ids );
									}
								);
								return true;
							}
						);
					} elseif ( 'race' === $request['action'] ) {
						$renamed = false;
						$rename  = static function ( $sql ) use ( $request, &$renamed ) {
							if ( ! $renamed && false !== strpos( $sql, 'SET terms_copy = CASE' ) ) {
								$renamed = true;
								wp_update_term( (int) $request['tag'], 'mvs_tag', array( 'name' => (string) $request['name'] ) );
							}
							return $sql;
						};
						MVS_Transaction::run(
							static function () use ( $set, $ids, $rename, $read, &$written, &$rows ) {
								$set( null );
								add_filter( 'query', $rename );
								$written = ( new MVS_Media_Terms_Copy_Refill() )->refill_items( $ids );
								remove_filter( 'query', $rename );
								// Before the commit: the job the rename scheduled cannot have refilled them yet.
								$rows = $read();
								return true;
							}
						);
					}
					$rows = null === $rows ? $read() : $rows;
					return array(
						'written'    => $written,
						'statements' => $statements,
						'rows'       => array_map(
							static function ( $row ) {
								return array(
									'id'   => (int) $row->id,
									'copy' => null === $row->terms_copy || '' === $row->terms_copy ? $row->terms_copy : json_decode( $row->terms_copy, true ),
									'rev'  => (int) $row->terms_rev,
								);
							},
							$rows
						),
					);
				},
			)
		);
		register_rest_route(
			'mvs-test/v1',
			'/media-meta',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'media_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
					'key'      => array(
						'type'     => 'string',
						'required' => true,
					),
					'value'    => array( 'type' => array( 'string', 'null' ) ),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					$id = (int) $request['media_id'];
					if ( null === $request['value'] ) {
						delete_metadata( 'mvs_media', $id, (string) $request['key'] );
					} else {
						update_metadata( 'mvs_media', $id, (string) $request['key'], (string) $request['value'] );
					}
					return array( 'value' => get_metadata( 'mvs_media', $id, (string) $request['key'], true ) );
				},
			)
		);
	}
);
