<?php
/**
 * The blueprint's community (demo/blueprint.json, runPHP step): four
 * members, their avatars, pictures, an album, follows, reactions, comments,
 * a favorite, a flagged item and a conversation. A blueprint runs inside the
 * site, with no HTTP client and no application passwords, so each member's
 * action is the plugins' own REST route dispatched in process
 * (rest_do_request) as that member: the same permission checks, validation
 * and services as an app's request. `npm run demo` (tools/demo/seed.ts)
 * makes a larger community over HTTP.
 *
 * @package MediaCommunityService
 */

// A failed step shows only its output: say what failed there.
set_exception_handler(
	static function ( Throwable $e ) {
		echo 'seed-community.php: ', esc_html( $e->getMessage() ), "\n";
		exit( 1 );
	}
);

require_once '/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/file.php'; // wp_tempnam().

/**
 * A w x h RGB PNG: `$rgb` darkening downwards, a disc of its complement.
 * Built with zlib alone (Playground's PHP may lack GD).
 *
 * @param int   $w   Width.
 * @param int   $h   Height.
 * @param int[] $rgb Colour.
 * @param int   $r   Disc radius in pixels.
 * @return string PNG bytes.
 */
function mvs_demo_png( int $w, int $h, array $rgb, int $r ): string {
	$raw = '';
	for ( $y = 0; $y < $h; $y++ ) {
		$raw  .= "\0";
		$shade = 0.55 + 0.45 * $y / $h;
		for ( $x = 0; $x < $w; $x++ ) {
			$dx   = $x - $w / 2;
			$dy   = $y - $h / 2;
			$disc = $dx * $dx + $dy * $dy < $r * $r;
			foreach ( $rgb as $c ) {
				$raw .= chr( (int) ( $disc ? 255 - $c : $c * $shade ) );
			}
		}
	}
	$chunk = static function ( string $type, string $data ): string {
		return pack( 'N', strlen( $data ) ) . $type . $data . pack( 'N', crc32( $type . $data ) );
	};
	return "\x89PNG\r\n\x1a\n" . $chunk( 'IHDR', pack( 'NNCCCCC', $w, $h, 8, 2, 0, 0, 0 ) ) . $chunk( 'IDAT', gzcompress( $raw ) ) . $chunk( 'IEND', '' );
}

/**
 * Dispatches a REST request as a member; throws unless it succeeded.
 *
 * @param int    $user_id Member.
 * @param string $method  HTTP method.
 * @param string $route   Route under /mvs/v1.
 * @param array  $params  Body parameters.
 * @param array  $file    Optional upload: [ name, mime, bytes ].
 * @return array Response data.
 */
function mvs_demo_call( int $user_id, string $method, string $route, array $params = array(), array $file = array() ): array {
	wp_set_current_user( $user_id );
	$request = new WP_REST_Request( $method, '/mvs/v1' . $route );
	$request->set_body_params( $params );
	if ( $file ) {
		$tmp = wp_tempnam( $file[0] );
		file_put_contents( $tmp, $file[2] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a temp file of our own.
		$request->set_file_params(
			array(
				'file' => array(
					'name'     => $file[0],
					'type'     => $file[1],
					'tmp_name' => $tmp,
					'error'    => UPLOAD_ERR_OK,
					'size'     => strlen( $file[2] ),
				),
			)
		);
	}
	$response = rest_do_request( $request );
	if ( $response->is_error() || $response->get_status() >= 300 ) {
		throw new Exception( "$method $route as user $user_id: HTTP " . $response->get_status() . ' ' . wp_json_encode( $response->get_data() ) );
	}
	return (array) $response->get_data();
}

$mvs_demo_people = array(
	array( 'maya', 'Maya', 'Chen', 'Street photographer in Lisbon.', array( 220, 90, 60 ), 'Tram 28' ),
	array( 'tom', 'Tom', 'Okafor', 'Drone pilot and hiker.', array( 60, 130, 200 ), 'Ridge line' ),
	array( 'lena', 'Lena', 'Fischer', 'I record birdsong and small sounds.', array( 90, 170, 90 ), 'Moss' ),
	array( 'ravi', 'Ravi', 'Patel', 'Architect. Concrete and glass.', array( 200, 170, 60 ), 'Stairwell' ),
);

$mvs_demo_ids   = array();
$mvs_demo_media = array();
foreach ( $mvs_demo_people as $mvs_i => list( $mvs_login, $mvs_first, $mvs_last, $mvs_bio, $mvs_rgb, $mvs_title ) ) {
	$mvs_id = wp_insert_user(
		array(
			'user_login' => $mvs_login,
			'user_pass'  => "$mvs_login-demo-Pw1",
			'user_email' => "$mvs_login@example.test",
			'role'       => get_role( 'mvs_member' ) ? 'mvs_member' : 'author',
		)
	);
	if ( is_wp_error( $mvs_id ) ) {
		throw new Exception( "Could not create $mvs_login: " . $mvs_id->get_error_message() );
	}
	$mvs_demo_ids[ $mvs_i ] = $mvs_id;
	mvs_demo_call( $mvs_id, 'POST', '/me/avatar', array(), array( 'avatar.png', 'image/png', mvs_demo_png( 96, 96, $mvs_rgb, 30 ) ) );
	mvs_demo_call(
		$mvs_id,
		'PUT',
		'/me/profile',
		array(
			'first_name'   => $mvs_first,
			'last_name'    => $mvs_last,
			'display_name' => "$mvs_first $mvs_last",
			'description'  => $mvs_bio,
		)
	);
	foreach ( array( 40, 70 ) as $mvs_k => $mvs_radius ) {
		$mvs_item                     = mvs_demo_call(
			$mvs_id,
			'POST',
			'/media',
			array(
				'title'   => 0 === $mvs_k ? $mvs_title : "$mvs_title, again",
				'privacy' => 'public',
			),
			array( 'picture.png', 'image/png', mvs_demo_png( 320, 200, $mvs_rgb, $mvs_radius ) )
		);
		$mvs_demo_media[ $mvs_i ][] = (int) $mvs_item['id'];
	}
}

$mvs_album = mvs_demo_call(
	$mvs_demo_ids[0],
	'POST',
	'/albums',
	array(
		'title'   => 'Lisbon at dusk',
		'privacy' => 'public',
	)
);
mvs_demo_call( $mvs_demo_ids[0], 'POST', "/albums/{$mvs_album['id']}/items", array( 'media_ids' => $mvs_demo_media[0] ) );

foreach ( $mvs_demo_ids as $mvs_i => $mvs_id ) {
	$mvs_next = $mvs_demo_ids[ ( $mvs_i + 1 ) % 4 ];
	$mvs_pic  = $mvs_demo_media[ ( $mvs_i + 1 ) % 4 ][0];
	mvs_demo_call( $mvs_id, 'POST', "/users/$mvs_next/follow" );
	mvs_demo_call( $mvs_next, 'POST', "/users/$mvs_id/follow" );
	mvs_demo_call( $mvs_id, 'POST', "/media/$mvs_pic/reactions", array( 'reaction_type' => 0 === $mvs_i % 2 ? 'love' : 'like' ) );
	mvs_demo_call( $mvs_id, 'POST', "/media/$mvs_pic/comments", array( 'content' => 'Love the colours here!' ) );
}
mvs_demo_call( $mvs_demo_ids[1], 'POST', "/media/{$mvs_demo_media[0][0]}/favorite" );

// Three open reports reach the default report threshold: the item waits in the moderation queue.
foreach ( array( 0, 1, 2 ) as $mvs_i ) {
	mvs_demo_call(
		$mvs_demo_ids[ $mvs_i ],
		'POST',
		"/media/{$mvs_demo_media[3][1]}/report",
		array(
			'reason'  => 'copyright',
			'details' => 'Looks copied from a stock site.',
		)
	);
}

$mvs_chat = mvs_demo_call( $mvs_demo_ids[1], 'POST', '/conversations', array( 'recipient_id' => $mvs_demo_ids[0] ) );
foreach ( array( 1 => 'Hey! Loved your tram picture.', 0 => 'Thanks! Three mornings for that light.' ) as $mvs_i => $mvs_line ) {
	mvs_demo_call( $mvs_demo_ids[ $mvs_i ], 'POST', "/conversations/{$mvs_chat['id']}/messages", array( 'content' => $mvs_line ) );
}
wp_set_current_user( 0 );
echo "Demo community: 4 members (maya, tom, lena, ravi; password <login>-demo-Pw1), 8 pictures, 1 flagged.\n";
