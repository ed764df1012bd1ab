<?php
/**
 * Runs once per site (Playground: blueprint runPHP step; native stack: php-cli),
 * after both plugins are active:
 * creates one user per test role with an application password, and writes
 * their credentials as JSON to a folder that the host mounts, so the test
 * runner can read them. Roles fall back to WordPress's built-ins when the
 * plugins do not (yet) register their own.
 */
// The CLI reports a failed step with its stdout only: print the reason there.
set_exception_handler(
	static function ( Throwable $e ) {
		echo 'create-fixtures.php: ', $e->getMessage(), "\n";
		exit( 1 );
	}
);

// The defaults are the Playground site's paths; the native stack (stack/) runs
// this file with php-cli and passes its own through the environment.
require_once getenv( 'MVS_WP_LOAD' ) ?: '/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/user.php';

// site.mjs mounts a host folder here and reads the file once the site is ready.
$out_file = getenv( 'MVS_FIXTURES_OUT' ) ?: '/tmp/mvs-out/fixtures.json';

function mvs_e2e_role( array $candidates ) {
	foreach ( $candidates as $role ) {
		if ( get_role( $role ) ) {
			return $role;
		}
	}
	throw new Exception( 'None of these roles exist: ' . implode( ', ', $candidates ) );
}

// fixture key => [ login, candidate roles (first existing wins) ]
$wanted = array(
	'subscriber' => array( 'subscriber', array( 'subscriber' ) ),
	'member'     => array( 'member', array( 'mvs_member', 'author' ) ),
	'member2'    => array( 'member2', array( 'mvs_member', 'author' ) ),
	'moderator'  => array( 'moderator', array( 'mvs_moderator', 'editor' ) ),
	'admin'      => array( 'admin', array( 'administrator' ) ),
);

$users = array();
foreach ( $wanted as $key => list( $login, $roles ) ) {
	$role = mvs_e2e_role( $roles );
	// Playground installs WordPress with admin / password; keep that well-known login.
	$password = 'admin' === $login ? 'password' : "$login-password";
	$user     = get_user_by( 'login', $login );
	if ( $user ) {
		$id = $user->ID;
		wp_set_password( $password, $id );
		$user->set_role( $role );
	} else {
		$id = wp_insert_user(
			array(
				'user_login' => $login,
				'user_pass'  => $password,
				'user_email' => "$login@example.test",
				'role'       => $role,
			)
		);
		if ( is_wp_error( $id ) ) {
			throw new Exception( "Could not create $login: " . $id->get_error_message() );
		}
	}

	$created = WP_Application_Passwords::create_new_application_password( $id, array( 'name' => 'mvs-e2e' ) );
	if ( is_wp_error( $created ) ) {
		throw new Exception( "Could not create an application password for $login: " . $created->get_error_message() );
	}

	$users[ $key ] = array(
		'id'          => $id,
		'login'       => $login,
		'password'    => $password,
		'appPassword' => $created[0],
		'role'        => $role,
	);
}

if ( false === file_put_contents( $out_file, wp_json_encode( array( 'users' => $users ), JSON_PRETTY_PRINT ) ) ) {
	throw new Exception( "Could not write $out_file" );
}
