<?php
/**
 * Test harness, extensions: what a site's other plugins would filter,
 * per request (X-MVS-Test-* headers) or per site (POST site-filters):
 * push vetoes, Pro's push sender, reaction types, app features, AI
 * endpoint rule, smart collection cap, group membership, a secret setting,
 * members-only and gate filters.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

// X-MVS-Test-Push-Veto: 1 makes mvs_push_should_send say no for the
// request, as a site's quiet-hours integration would (notifications.spec.ts).
add_filter(
	'mvs_push_should_send',
	static function ( $send ) {
		return '1' === mvs_test_header( 'HTTP_X_MVS_TEST_PUSH_VETO' ) ? false : $send;
	}
);

// Pro's push sender, for the request that creates a notification (Pro sends
// at its end, pro-push.spec.ts): X-MVS-Test-Push-Url points it at the spec's
// loopback server (127.0.0.1 only), X-MVS-Test-Push-Batch lowers the batch
// size, X-MVS-Test-Push-Wait: 1 holds the response until the pushes went out.
add_filter(
	'mvs_pro_push_endpoint',
	static function ( $url ) {
		$test = mvs_test_header( 'HTTP_X_MVS_TEST_PUSH_URL' );
		return 0 === strpos( $test, 'http://127.0.0.1:' ) ? $test : $url;
	}
);
add_filter(
	'mvs_pro_push_batch_size',
	static function ( $size ) {
		$lowered = mvs_test_header( 'HTTP_X_MVS_TEST_PUSH_BATCH' );
		return ctype_digit( $lowered ) ? (int) $lowered : $size;
	}
);
add_filter(
	'mvs_pro_push_after_response',
	static function ( $after ) {
		return '1' === mvs_test_header( 'HTTP_X_MVS_TEST_PUSH_WAIT' ) ? false : $after;
	}
);

// X-MVS-Test-Reaction-Types: <slug,slug,...> replaces the reaction types for
// the request, as a site's mvs_reaction_types filter would.
add_filter(
	'mvs_reaction_types',
	static function ( $types ) {
		$listed = mvs_test_header( 'HTTP_X_MVS_TEST_REACTION_TYPES' );
		return '' === $listed ? $types : explode( ',', $listed );
	}
);

// X-MVS-Test-App-Features: <name=0|1,...> sets feature toggles of GET
// /app/config for the request, as an extension's mvs_app_config_features
// filter would (app-config.site-wide.spec.ts).
add_filter(
	'mvs_app_config_features',
	static function ( $features ) {
		$listed = mvs_test_header( 'HTTP_X_MVS_TEST_APP_FEATURES' );
		foreach ( '' === $listed ? array() : explode( ',', $listed ) as $pair ) {
			$parts                 = explode( '=', $pair, 2 );
			$features[ $parts[0] ] = isset( $parts[1] ) ? $parts[1] : '';
		}
		return $features;
	}
);

// X-MVS-Test-Public-Endpoints: 1 makes the AI endpoint rule the one of a
// site without MVS_AI_ALLOW_PRIVATE_ENDPOINTS (which the test sites define
// for their loopback mock), so the security suite can check its refusals.
add_filter(
	'mvs_ai_allow_private_endpoints',
	static function ( $allowed ) {
		return '1' === mvs_test_header( 'HTTP_X_MVS_TEST_PUBLIC_ENDPOINTS' ) ? false : $allowed;
	}
);

// X-MVS-Test-Smart-Max: <n> lowers the most items a smart collection resolves
// to, so a spec reaches the cap with a handful of uploads (collections.spec.ts).
add_filter(
	'mvs_smart_collection_max_items',
	static function ( $max ) {
		$lowered = mvs_test_header( 'HTTP_X_MVS_TEST_SMART_MAX' );
		return ctype_digit( $lowered ) ? (int) $lowered : $max;
	}
);

// X-MVS-Test-Deletion-Grace: <days> replaces the grace period of a DELETE /me,
// X-MVS-Test-Deletion-Password: 0 turns its password check off, as a site's
// filters would (account-deletion.spec.ts), without touching the site's settings.
add_filter(
	'mvs_account_deletion_grace_days',
	static function ( $days ) {
		$days_set = mvs_test_header( 'HTTP_X_MVS_TEST_DELETION_GRACE' );
		return ctype_digit( $days_set ) ? (int) $days_set : $days;
	}
);
add_filter(
	'mvs_account_deletion_password_required',
	static function ( $required ) {
		return '0' === mvs_test_header( 'HTTP_X_MVS_TEST_DELETION_PASSWORD' ) ? false : $required;
	}
);

// Group membership set by POST /mvs-test/v1/user-groups.
add_filter(
	'mvs_user_group_ids',
	static function ( $groups, $user_id ) {
		$test = get_user_meta( (int) $user_id, 'mvs_test_group_ids', true );
		return is_array( $test ) ? array_merge( (array) $groups, $test ) : $groups;
	},
	10,
	2
);

/*
 * A secret test setting, so the settings route's masking is exercised
 * whatever real secrets the plugin declares (settings-route.site-wide.spec.ts).
 */
add_filter(
	'mvs_settings_sections',
	static function ( $sections ) {
		$sections['harness'] = array(
			'title'  => 'Test harness',
			'fields' => array(
				'harness_secret' => array(
					'title'       => 'Harness secret',
					'description' => 'A secret setting of the test site.',
					'type'        => 'string',
					'maxLength'   => 64,
					'secret'      => true,
					'default'     => '',
				),
			),
		);
		return $sections;
	}
);

/*
 * Filters a site might add, switched on through POST /mvs-test/v1/site-filters
 * (serve.site-wide.spec.ts), read from the autoloaded options (no query of
 * its own when the option is absent):
 * - members_only_auth: rest_authentication_errors refuses visitors (401), as
 *   "members only" plugins do;
 * - members_only_dispatch: the same refusal on rest_pre_dispatch;
 * - gate_by_header: the private-community gate is armed for requests that
 *   carry X-MVS-Test-Gate: 1 (a filter whose answer depends on the request);
 * - user_meta_filter: a get_user_metadata callback that changes nothing, as
 *   a plugin keeping user meta elsewhere would have.
 */
$mvs_test_options      = wp_load_alloptions();
$mvs_test_site_filters = isset( $mvs_test_options['e2e_site_filters'] ) ? (array) maybe_unserialize( $mvs_test_options['e2e_site_filters'] ) : array();
unset( $mvs_test_options );
if ( in_array( 'members_only_auth', $mvs_test_site_filters, true ) ) {
	add_filter(
		'rest_authentication_errors',
		static function ( $result ) {
			return null === $result && ! is_user_logged_in() ? new WP_Error( 'e2e_members_only', 'Members only.', array( 'status' => 401 ) ) : $result;
		}
	);
}
if ( in_array( 'members_only_dispatch', $mvs_test_site_filters, true ) ) {
	add_filter(
		'rest_pre_dispatch',
		static function ( $result ) {
			return null === $result && ! is_user_logged_in() ? new WP_Error( 'e2e_members_only', 'Members only.', array( 'status' => 401 ) ) : $result;
		}
	);
}
if ( in_array( 'gate_by_header', $mvs_test_site_filters, true ) ) {
	add_filter(
		'mvs_rest_require_auth',
		static function ( $required ) {
			return '1' === mvs_test_header( 'HTTP_X_MVS_TEST_GATE' ) ? true : $required;
		}
	);
}
if ( in_array( 'user_meta_filter', $mvs_test_site_filters, true ) ) {
	add_filter(
		'get_user_metadata',
		static function ( $value ) {
			return $value;
		}
	);
}
unset( $mvs_test_site_filters );

add_action(
	'rest_api_init',
	static function () {
		// Community group membership for a user (what BuddyPress would answer
		// through mvs_user_group_ids; see the filter above).
		register_rest_route(
			'mvs-test/v1',
			'/user-groups',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'user_id' => array(
						'type'     => 'integer',
						'required' => true,
					),
					'groups'  => array(
						'type'     => 'array',
						'items'    => array( 'type' => 'integer' ),
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					update_user_meta( (int) $request['user_id'], 'mvs_test_group_ids', array_map( 'absint', (array) $request['groups'] ) );
					return array( 'groups' => (array) $request['groups'] );
				},
			)
		);
		// Switches the site filters above on (the list) or off (an empty list), from the next request.
		register_rest_route(
			'mvs-test/v1',
			'/site-filters',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'mvs_test_admin_only',
				'args'                => array(
					'filters' => array(
						'type'     => 'array',
						'items'    => array(
							'type' => 'string',
							'enum' => array( 'members_only_auth', 'members_only_dispatch', 'gate_by_header', 'user_meta_filter' ),
						),
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					// Autoloaded even when empty: an absent option would cost every request a query.
					update_option( 'e2e_site_filters', array_values( (array) $request['filters'] ), true );
					return array( 'filters' => get_option( 'e2e_site_filters' ) );
				},
			)
		);
	}
);

// X-MVS-Test-Disallowed-Keys / X-MVS-Test-Moderation-Keys: <word> set
// WordPress's Discussion word lists for the request, as a site owner would
// in Settings → Discussion: the spam check of new comments reads them
// (moderation-tabs.spec.ts). Per request, so other specs' comments pass.
add_filter(
	'pre_option_disallowed_keys',
	static function ( $value ) {
		$word = mvs_test_header( 'HTTP_X_MVS_TEST_DISALLOWED_KEYS' );
		return '' === $word ? $value : $word;
	}
);
add_filter(
	'pre_option_moderation_keys',
	static function ( $value ) {
		$word = mvs_test_header( 'HTTP_X_MVS_TEST_MODERATION_KEYS' );
		return '' === $word ? $value : $word;
	}
);

// X-MVS-Test-Overview-Ttl: <seconds> replaces the community overview's cache
// lifetime for the request (0: computed, not cached), as a site's filter
// would (overview.site-wide.spec.ts, the bench's uncached row).
add_filter(
	'mvs_overview_cache_ttl',
	static function ( $ttl ) {
		$header = mvs_test_header( 'HTTP_X_MVS_TEST_OVERVIEW_TTL' );
		return ctype_digit( $header ) ? (int) $header : $ttl;
	}
);

// X-MVS-Test-Interests-Uncached: 1 makes GET /app/interests miss its cached
// chips (read as absent), so the request computes them: the bench's
// computed row beside the cached one.
add_filter(
	'transient_mvs_app_interests',
	static function ( $value ) {
		return '1' === mvs_test_header( 'HTTP_X_MVS_TEST_INTERESTS_UNCACHED' ) ? false : $value;
	}
);
