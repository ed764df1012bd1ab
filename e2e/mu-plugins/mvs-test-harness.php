<?php
/**
 * Plugin Name: MVS e2e test harness (test sites only, never shipped)
 * Description: Query counting, time control, fault injection and inspection for the end-to-end suite.
 *
 * Mounted on e2e and bench sites only (e2e/site/harness.mjs). One file per
 * family of tools in mvs-test-harness/, every tool listed with what it is
 * for in mvs-test-harness/registry.json. The mvs-test/v1 routes answer
 * administrators only, and keep to what the product cannot do: a tool that
 * writes rows of an implemented feature fails codegen/test/harness.test.ts
 * unless the registry says why (specs create such rows through the API).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

// Order matters where two families filter the same hook at one priority
// (`query`: metering records a statement before faults may replace it).
foreach ( array( 'common', 'metering', 'clock', 'faults', 'extensions', 'recorders', 'inspection', 'seeding', 'states', 'jobs', 'lifecycle', 'sign-in', 'rendering', 'privacy', 'site-health', 'plugins-switch' ) as $mvs_test_family ) {
	require __DIR__ . '/mvs-test-harness/' . $mvs_test_family . '.php';
}
unset( $mvs_test_family );
