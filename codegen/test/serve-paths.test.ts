/**
 * The site checks of GET /serve's paths around the REST server, run in
 * php-cli (plugin-core/includes/files/class-mvs-serve-request.php and
 * class-mvs-serve-lean.php): whether a multisite sub-site is live, whether
 * the plugin is still active, and which callbacks on the REST access filters
 * turn the paths off. The native e2e stack is a single site, so the
 * multisite rule is checked here (docs/file-delivery.md, "The lean path").
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
// @ts-expect-error a plain JavaScript module of the e2e runner (node runs it without a build step)
import { ensureDebianPackages } from '../../e2e/site/system-packages.mjs';

const FILES = join(import.meta.dirname, '..', '..', 'plugin-core', 'includes', 'files');

// A stand-in WordPress: ABSPATH with one core function in wp-includes, the
// few functions and the WP_Hook shape the checks use.
let root = '';
function php(setup: string, result: string): unknown {
	const code = `
		define('ABSPATH', ${JSON.stringify(`${root}/`)}); define('WPINC', 'wp-includes');
		require ABSPATH . 'wp-includes/core.php';
		class WP_Hook { public $callbacks = array(); }
		$GLOBALS['wp_filter'] = array(); $GLOBALS['mvs_trusted'] = array();
		function add_filter($hook, $callback, $priority = 10) {
			if (!isset($GLOBALS['wp_filter'][$hook])) { $GLOBALS['wp_filter'][$hook] = new WP_Hook(); }
			$GLOBALS['wp_filter'][$hook]->callbacks[$priority][] = array('function' => $callback, 'accepted_args' => 1);
		}
		function apply_filters($hook, $value) { return 'mvs_serve_trusted_callbacks' === $hook ? array_merge($value, $GLOBALS['mvs_trusted']) : $value; }
		function wp_normalize_path($path) { return str_replace('\\\\', '/', $path); }
		function trailingslashit($path) { return rtrim($path, '/') . '/'; }
		require ${JSON.stringify(join(FILES, 'class-mvs-serve-request.php'))};
		require ${JSON.stringify(join(FILES, 'class-mvs-serve-lean.php'))};
		${setup}
		echo json_encode(${result});`;
	return JSON.parse(execFileSync('php', ['-r', code]).toString());
}

describe('GET /serve outside the REST server: site checks', () => {
	before(() => {
		ensureDebianPackages(['php-cli'], { label: 'unit' });
		root = mkdtempSync(join(tmpdir(), 'mvs-serve-paths-'));
		mkdirSync(join(root, 'wp-includes'));
		writeFileSync(join(root, 'wp-includes', 'core.php'), '<?php function rest_cookie_check_errors( $r ) { return $r; }\nfunction __return_true() { return true; }\n');
	});
	after(() => rmSync(root, { recursive: true, force: true }));

	test('a sub-site serves only while live: not deleted (1), not awaiting activation (2), not archived, not spam', () => {
		const site = (deleted: string, archived: string, spam: string) => `(object) array('deleted' => '${deleted}', 'archived' => '${archived}', 'spam' => '${spam}')`;
		assert.deepEqual(
			php('', `array_map(array('MVS_Serve_Request', 'site_is_live'), array(${[
				site('0', '0', '0'),
				site('1', '0', '0'),
				site('2', '0', '0'),
				site('0', '1', '0'),
				site('0', '0', '1'),
				"(object) array('deleted' => 0, 'archived' => 0, 'spam' => 0)",
				"(object) array('deleted' => '0')",
				'null',
			].join(', ')}))`),
			[true, false, false, false, false, true, false, false],
		);
	});

	test('the plugin counts as active in the site\'s active_plugins or the network\'s active_sitewide_plugins, nowhere else', () => {
		const plugin = "'media-community-service/media-community-service.php'";
		assert.deepEqual(
			php('', `array(
				MVS_Serve_Lean::plugin_is_active(${plugin}, array('other/other.php', ${plugin}), array()),
				MVS_Serve_Lean::plugin_is_active(${plugin}, array('other/other.php'), array(${plugin} => 1700000000)),
				MVS_Serve_Lean::plugin_is_active(${plugin}, array('other/other.php'), array()),
				MVS_Serve_Lean::plugin_is_active(${plugin}, '', ''),
				MVS_Serve_Lean::plugin_is_active(${plugin}, array(${plugin} => 1), false),
				MVS_Serve_Lean::plugin_is_active('', array(''), array())
			)`),
			[true, true, false, false, false, false],
		);
	});

	test('callbacks on the REST access filters: core\'s, the plugin\'s own and declared harmless ones pass; any other, closures included, is reported', () => {
		const setup = `
			add_filter('rest_authentication_errors', 'rest_cookie_check_errors', 100);
			add_filter('rest_pre_dispatch', array('MVS_Community_Gate', 'filter_pre_dispatch'), 5);
			function site_logger($r) { return $r; }
			function members_only($r) { return $r; }
			class Site_Guard { public function check($r) { return $r; } public function __invoke($r) { return $r; } }
			add_filter('rest_pre_dispatch', 'site_logger', -1);
			$GLOBALS['mvs_trusted'] = array('site_logger');`;
		assert.deepEqual(php(setup, `MVS_Serve_Request::foreign_callbacks(MVS_Serve_Request::REST_ACCESS_HOOKS)`), []);
		const more = `${setup}
			add_filter('rest_authentication_errors', 'members_only');
			add_filter('rest_request_before_callbacks', array(new Site_Guard(), 'check'));
			add_filter('rest_pre_dispatch', function ($r) { return $r; });
			add_filter('rest_pre_dispatch', new Site_Guard());
			add_filter('mvs_rest_require_auth', '__return_true');`;
		assert.deepEqual(php(more, `MVS_Serve_Request::foreign_callbacks(MVS_Serve_Request::REST_ACCESS_HOOKS)`), [
			'rest_authentication_errors: members_only',
			'rest_pre_dispatch: {closure}',
			'rest_pre_dispatch: Site_Guard',
			'rest_request_before_callbacks: Site_Guard::check',
		]);
		// A filter that drops the route for guests, or answers in the handler's place, counts as well.
		const routing = `${setup}
			add_filter('rest_endpoints', 'members_only');
			add_filter('rest_dispatch_request', array('Site_Guard', 'check'));`;
		assert.deepEqual(php(routing, `MVS_Serve_Request::foreign_callbacks(MVS_Serve_Request::REST_ACCESS_HOOKS)`), [
			'rest_endpoints: members_only',
			'rest_dispatch_request: Site_Guard::check',
		]);
		// On the decision's filters any callback counts, a function of WordPress core included.
		assert.deepEqual(php(more, `MVS_Serve_Request::foreign_callbacks(MVS_Serve_Lean::DECISION_HOOKS, false)`), ['mvs_rest_require_auth: __return_true']);
		assert.deepEqual(php(setup, `MVS_Serve_Request::foreign_callbacks(MVS_Serve_Lean::DECISION_HOOKS, false)`), []);
	});
});
