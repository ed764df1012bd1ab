/**
 * The plugin folders are served by the web server as they are: anything in
 * them that is not code the site runs (notes, internal docs, inventories,
 * source maps, tests) is readable by anyone over HTTP. The audit read
 * docs/security.md and the personal-data inventory that way (issue 23,
 * row 9), so the docs live in docs/ at the top of the repository and this
 * test keeps the plugin folders to PHP, the built admin assets, and what
 * WordPress reads (readme.txt, license.txt, languages/): the list of
 * tools/package-files.mjs, which is also what `npm run package` zips.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { isShipped, pluginFiles } from '../../tools/package-files.mjs';
import { repoRoot } from './helpers/paths.js';

for (const plugin of ['plugin-core', 'plugin-pro']) {
	test(`${plugin} holds only files the site runs (PHP, built scripts and styles) and readme.txt, license.txt, languages/: no docs, notes or maps the web server would hand out`, () => {
		// Every file, the built admin assets (plugin-core/build, after npm run build) included.
		const strays = pluginFiles(join(repoRoot, plugin)).filter((path) => !isShipped(path));
		assert.deepEqual(strays, [], `${plugin}: move these out of the plugin folder (docs/ for documentation)`);
	});
}

test('the list refuses what a plugin folder must not hold', () => {
	for (const stray of ['README.md', 'build/admin/moderation.js.map', 'languages/notes.txt', 'docs/readme.txt', 'includes/license.txt']) {
		assert.equal(isShipped(stray), false, stray);
	}
});
