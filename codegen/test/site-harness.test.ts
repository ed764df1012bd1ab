/**
 * The test harness (e2e/mu-plugins) is mounted on e2e and bench sites only:
 * `npm start`, `npm run stack:up` and `stack:seed` start the product as it
 * ships unless asked for it (`--harness` or MVS_TEST_HARNESS=1), because its
 * headers let any caller skip the rate limits (issue 11, finding 4).
 */
import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
// @ts-expect-error plain ES modules of the site scripts, without type declarations
import { harnessRequested, linkHarness, playgroundHarnessArgs } from '../../e2e/site/harness.mjs';
import { mountRepoFolders } from '../../stack/native-site.mjs';
// @ts-expect-error plain ES module of the site scripts, without type declarations
import { wpConfig } from '../../stack/config.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

function wordpressCopy(): string {
	const dir = mkdtempSync(join(tmpdir(), 'mvs-harness-test-'));
	mkdirSync(join(dir, 'wp-content', 'plugins'), { recursive: true });
	mkdirSync(join(dir, 'wp-content', 'mu-plugins'), { recursive: true });
	return dir;
}

describe('test harness', () => {
	test('is asked for only by --harness or MVS_TEST_HARNESS=1', () => {
		assert.equal(harnessRequested(['node', 'start.mjs'], {}), false);
		assert.equal(harnessRequested(['node', 'start.mjs'], { MVS_TEST_HARNESS: '0' }), false);
		assert.equal(harnessRequested(['node', 'start.mjs', '--harness'], {}), true);
		assert.equal(harnessRequested(['node', 'up.mjs'], { MVS_TEST_HARNESS: '1' }), true);
	});

	test('a Playground site mounts no mu-plugins without it', () => {
		assert.deepEqual(playgroundHarnessArgs(false), []);
		assert.ok(playgroundHarnessArgs(true).some((arg: string) => /mu-plugins:\/wordpress\/wp-content\/mu-plugins$/.test(arg)));
		assert.ok(playgroundHarnessArgs(true).includes('MVS_AI_ALLOW_PRIVATE_ENDPOINTS'));
	});

	test('only a test site allows private AI endpoints (native wp-config.php)', () => {
		const config = { dbPort: 3306, dbName: 'wp', dbUser: 'wp', dbPassword: 'x', debugLog: '/tmp/php.log' };
		assert.doesNotMatch(wpConfig(config), /MVS_AI_ALLOW_PRIVATE_ENDPOINTS/);
		assert.match(wpConfig({ ...config, testRun: true }), /define\( 'MVS_AI_ALLOW_PRIVATE_ENDPOINTS', true \);/);
	});

	test('a native site gets an empty mu-plugins folder without it, the harness with it', () => {
		const off = wordpressCopy();
		const on = wordpressCopy();
		try {
			mountRepoFolders(off, false);
			const muOff = join(off, 'wp-content', 'mu-plugins');
			assert.equal(lstatSync(muOff).isSymbolicLink(), false);
			assert.deepEqual(readdirSync(muOff), []);
			assert.ok(existsSync(join(off, 'wp-content', 'plugins', 'media-community-service', 'media-community-service.php')));

			mountRepoFolders(on, true);
			assert.ok(existsSync(join(on, 'wp-content', 'mu-plugins', 'mvs-test-harness.php')));
			// A default (no flag) link is the product as it ships.
			linkHarness(on, undefined);
			assert.deepEqual(readdirSync(join(on, 'wp-content', 'mu-plugins')), []);
		} finally {
			rmSync(off, { recursive: true, force: true });
			rmSync(on, { recursive: true, force: true });
		}
	});

	test('only the e2e runner and the bench ask for it unconditionally; hand-started sites follow the flag', () => {
		const source = (file: string) => readFileSync(join(ROOT, file), 'utf8');
		assert.match(source('e2e/site/run-tests.mjs'), /startNativeSite\(\{[^}]*harness: true/);
		assert.match(source('e2e/site/run-tests.mjs'), /startSite\(\{[^}]*harness: true/);
		assert.match(source('stack/bench/run.mjs'), /startNativeSite\(\{[^}]*harness: true/);
		for (const file of ['e2e/site/start.mjs', 'stack/up.mjs', 'stack/seed.mjs']) {
			assert.doesNotMatch(source(file), /harness: true/, file);
			assert.match(source(file), /harnessRequested\(\)/, file);
		}
	});
});
