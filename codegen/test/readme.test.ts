/**
 * The readme.txt of each plugin, in the WordPress.org plugin directory's
 * format, promises what the code and the tests stand behind (issue 30):
 *
 * - Stable tag, the plugin header's Version and the version constant are
 *   the release version, root package.json's (the one place it is set;
 *   `npm run package` refuses to zip a mismatch);
 * - Requires at least and Requires PHP are the plugin header's;
 * - Requires PHP is the lowest PHP version that e2e/security/php-versions.spec.ts
 *   compiles every file on, and Tested up to is the WordPress branch every
 *   test site runs (e2e/site/prepare-wordpress.mjs).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { PLUGINS, headerField, releaseVersion } from '../../tools/package-files.mjs';
import { versionMismatches } from '../../tools/package.mjs';
import { repoRoot } from './helpers/paths.js';

const read = (...parts: string[]) => readFileSync(join(repoRoot, ...parts), 'utf8');

/** The PHP versions the compile check covers, lowest first. */
function lintedPhpVersions(): string[] {
	const list = read('e2e/security/php-versions.spec.ts').match(/const VERSIONS = \[([^\]]+)\]/)?.[1];
	assert.ok(list, 'php-versions.spec.ts: no VERSIONS list');
	return [...list.matchAll(/'(\d+\.\d+)'/g)].map((m) => m[1]!).sort((a, b) => Number(a) - Number(b));
}

function testedWordPressBranch(): string {
	const branch = read('e2e/site/prepare-wordpress.mjs').match(/export const WP_BRANCH = '([\d.]+)'/)?.[1];
	assert.ok(branch, 'prepare-wordpress.mjs: no WP_BRANCH');
	return branch;
}

const SECTIONS = ['Description', 'Installation', 'Frequently Asked Questions', 'Screenshots', 'Changelog', 'Upgrade Notice'];

test('the release version is everywhere the same: package.json, plugin headers, version constants, Stable tags', () => {
	assert.match(releaseVersion(), /^\d+\.\d+\.\d+$/);
	assert.deepEqual(versionMismatches(), []);
	// The check itself sees a difference.
	assert.equal(versionMismatches('9.9.9').length, PLUGINS.length * 3);
});

for (const { dir, slug } of PLUGINS) {
	test(`${slug}/readme.txt: plugin directory format, and its requirements are the ones the code and tests stand behind`, () => {
		const readme = readFileSync(join(dir, 'readme.txt'), 'utf8');
		const main = readFileSync(join(dir, `${slug}.php`), 'utf8');
		assert.equal(readme.match(/^=== (.+) ===$/m)?.[1], headerField(main, 'Plugin Name'), 'the title is the plugin name');
		for (const field of ['Contributors', 'Tags', 'Requires at least', 'Tested up to', 'Requires PHP', 'Stable tag', 'License', 'License URI']) {
			assert.ok(headerField(readme, field), `header ${field} missing`);
		}
		assert.ok(headerField(readme, 'Tags')!.split(',').length <= 5, 'the directory reads at most 5 tags');

		// The short description: the first paragraph after the headers, at most 150 characters.
		const short = readme.split(/\n\s*\n/)[1]?.trim() ?? '';
		assert.ok(short && !short.startsWith('==') && short.length <= 150, `short description of ${short.length} characters (150 at most)`);

		const sections = [...readme.matchAll(/^== (.+) ==$/gm)].map((m) => m[1]);
		assert.deepEqual(sections, SECTIONS);
		assert.match(readme, new RegExp(`^= ${releaseVersion().replace(/\./g, '\\.')} =$`, 'm'), 'the changelog and upgrade notice name the release');

		assert.equal(headerField(readme, 'Requires at least'), headerField(main, 'Requires at least'));
		assert.equal(headerField(readme, 'Requires PHP'), headerField(main, 'Requires PHP'));
		assert.equal(headerField(readme, 'Requires PHP'), lintedPhpVersions()[0], 'Requires PHP is the lowest PHP version every file is compiled on');
		assert.equal(headerField(readme, 'Tested up to'), testedWordPressBranch(), 'Tested up to is the WordPress the tests run');
		assert.equal(headerField(readme, 'Stable tag'), releaseVersion());
	});
}
