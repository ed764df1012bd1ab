<?php
/**
 * Test harness: what every family of tools shares (the admin-only
 * permission, request headers, recording a job's statements). Tools:
 * registry.json.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Runs $run and answers every SQL statement it sent, whitespace collapsed
 * (routes that hand a job's statements to a test, for EXPLAIN: too long for
 * a header).
 *
 * @param callable $run The work.
 * @return string[]
 */
function mvs_test_statements_of( callable $run ): array {
	$statements = array();
	$record     = static function ( $sql ) use ( &$statements ) {
		$statements[] = preg_replace( '/\s+/', ' ', trim( $sql ) );
		return $sql;
	};
	add_filter( 'query', $record );
	try {
		$run();
	} finally {
		remove_filter( 'query', $record );
	}
	return $statements;
}

/**
 * Permission of every mvs-test/v1 route: administrators only.
 *
 * @return bool
 */
function mvs_test_admin_only(): bool {
	return current_user_can( 'manage_options' );
}

/**
 * Header value of the current request ('' when absent).
 *
 * @param string $name Header name in $_SERVER form (HTTP_X_...).
 * @return string
 */
function mvs_test_header( string $name ): string {
	return isset( $_SERVER[ $name ] ) ? sanitize_text_field( wp_unslash( $_SERVER[ $name ] ) ) : '';
}
