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
 * Runs $run and answers how many statements it sent and those the database
 * refused, each with its error (the `query` filter runs before wpdb clears
 * the previous statement's error, on MySQL and on SQLite alike). A refused
 * statement only logs a database error, which fails no run by itself.
 *
 * @param callable $run The work.
 * @return array{sent: int, refused: array<int, array{sql: string, error: string}>}
 */
function mvs_test_refusals_of( callable $run ): array {
	global $wpdb;
	$sent    = 0;
	$refused = array();
	$pending = null;
	$check   = static function () use ( $wpdb, &$pending, &$refused ) {
		if ( null !== $pending && '' !== (string) $wpdb->last_error ) {
			$refused[] = array(
				'sql'   => $pending,
				'error' => (string) $wpdb->last_error,
			);
		}
		$pending = null;
	};
	$record  = static function ( $sql ) use ( $check, &$pending, &$sent ) {
		$check();
		++$sent;
		$pending = preg_replace( '/\s+/', ' ', trim( (string) $sql ) );
		return $sql;
	};
	add_filter( 'query', $record, PHP_INT_MAX );
	try {
		$run();
	} finally {
		remove_filter( 'query', $record, PHP_INT_MAX );
		$check();
	}
	return array(
		'sent'    => $sent,
		'refused' => $refused,
	);
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
