<?php
/**
 * Test harness, sign-in: the site's and other plugins' answers to the
 * app-password sign-in's guards, per request (the owner's switch, the TLS
 * rule, a TLS-terminating proxy, the Two-Factor plugin, a suspension rule),
 * and what the sign-in handed to extensions, read back.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

// X-MVS-Test-App-Login: 0|1 answers mvs_app_password_login_enabled for the
// request, as a site's filter would (the setting is app-password.site-wide.spec's).
add_filter(
	'mvs_app_password_login_enabled',
	static function ( $enabled ) {
		$forced = mvs_test_header( 'HTTP_X_MVS_TEST_APP_LOGIN' );
		return '' === $forced ? $enabled : '1' === $forced;
	}
);

// X-MVS-Test-Require-Tls: 0|1 answers mvs_app_password_require_tls: the
// test sites are local environments, where the rule asks for no TLS.
add_filter(
	'mvs_app_password_require_tls',
	static function ( $required ) {
		$forced = mvs_test_header( 'HTTP_X_MVS_TEST_REQUIRE_TLS' );
		return '' === $forced ? $required : '1' === $forced;
	}
);

// X-MVS-Test-Https: 1 does what wp-config.php does behind a TLS-terminating
// proxy it trusts (docs/sign-in.md): HTTPS=on, so is_ssl() says yes.
if ( '1' === mvs_test_header( 'HTTP_X_MVS_TEST_HTTPS' ) ) {
	$_SERVER['HTTPS'] = 'on';
}

// X-MVS-Test-Two-Factor: <user id,...> stands in for the Two-Factor plugin
// (its Two_Factor_Core::is_user_using_two_factor()), on for those members.
if ( '' !== mvs_test_header( 'HTTP_X_MVS_TEST_TWO_FACTOR' ) && ! class_exists( 'Two_Factor_Core' ) ) {
	$mvs_test_two_factor = new class() {
		/**
		 * The plugin's answer: whether the user has a second factor set up.
		 *
		 * @param int|WP_User|null $user User.
		 * @return bool
		 */
		public static function is_user_using_two_factor( $user = null ): bool {
			$id = $user instanceof WP_User ? $user->ID : (int) $user;
			return in_array( (string) $id, explode( ',', mvs_test_header( 'HTTP_X_MVS_TEST_TWO_FACTOR' ) ), true );
		}
	};
	class_alias( get_class( $mvs_test_two_factor ), 'Two_Factor_Core' );
	unset( $mvs_test_two_factor );
}

// X-MVS-Test-Two-Factor-Filter: <user id,...> answers mvs_user_uses_two_factor
// for those members, as a site with another second-factor plugin would.
add_filter(
	'mvs_user_uses_two_factor',
	static function ( $uses, $user ) {
		return $uses || in_array( (string) $user->ID, explode( ',', mvs_test_header( 'HTTP_X_MVS_TEST_TWO_FACTOR_FILTER' ) ), true );
	},
	10,
	2
);

// X-MVS-Test-Suspended: <user id,...> answers mvs_is_member_suspended for
// those members, as a site's moderation rule would.
add_filter(
	'mvs_is_member_suspended',
	static function ( $suspended, $user ) {
		return $suspended || in_array( (string) $user->ID, explode( ',', mvs_test_header( 'HTTP_X_MVS_TEST_SUSPENDED' ) ), true );
	},
	10,
	2
);

// X-MVS-Test-App-Scheme: <scheme> answers mvs_app_scheme, as a site that
// ships its own app would.
add_filter(
	'mvs_app_scheme',
	static function ( $scheme ) {
		$named = mvs_test_header( 'HTTP_X_MVS_TEST_APP_SCHEME' );
		return '' === $named ? $scheme : $named;
	}
);

// Records mvs_app_credential_issued per member, and the failures handed to
// wp_login_failed per submitted name on requests with
// X-MVS-Test-Record-Failures: 1 (a write the timing spec must not pay);
// transients, not prefixed mvs_, which uninstall owns; read back through
// GET /sign-in-events.
add_action(
	'mvs_app_credential_issued',
	static function ( $user_id, $issued ) {
		$seen   = get_transient( 'e2e_issued_' . $user_id ) ?: array(); // phpcs:ignore Universal.Operators.DisallowShortTernary
		$seen[] = array(
			'args' => array( $user_id, $issued ),
		);
		set_transient( 'e2e_issued_' . $user_id, $seen, HOUR_IN_SECONDS );
	},
	10,
	2
);
add_action(
	'wp_login_failed',
	static function ( $login ) {
		if ( '1' !== mvs_test_header( 'HTTP_X_MVS_TEST_RECORD_FAILURES' ) ) {
			return;
		}
		$key = 'e2e_login_failed_' . md5( strtolower( (string) $login ) );
		set_transient( $key, (int) get_transient( $key ) + 1, HOUR_IN_SECONDS );
	}
);

add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'mvs-test/v1',
			'/sign-in-events',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'user_id' => array(
						'type'    => 'integer',
						'default' => 0,
					),
					'login'   => array(
						'type'    => 'string',
						'default' => '',
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					$issued = get_transient( 'e2e_issued_' . (int) $request['user_id'] );
					return array(
						'issued' => is_array( $issued ) ? $issued : array(),
						'failed' => (int) get_transient( 'e2e_login_failed_' . md5( strtolower( (string) $request['login'] ) ) ),
					);
				},
			)
		);
	}
);
