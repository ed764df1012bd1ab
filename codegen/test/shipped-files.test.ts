/**
 * The plugin folders are served by the web server as they are: anything in
 * them that is not code the site runs (notes, internal docs, inventories,
 * source maps, tests) is readable by anyone over HTTP. The audit read
 * docs/security.md and the personal-data inventory that way (issue 23,
 * row 9), so the docs live in docs/ at the top of the repository and this
 * test keeps the plugin folders to PHP and the built admin assets.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './helpers/paths.js';

/** What a plugin folder may hold: PHP, and the admin screens' built scripts and styles. */
const SHIPPED = /\.(php|js|css)$/;

/** Every file under `dir`, the built admin assets (plugin-core/build, after npm run build) included. */
function files(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		return entry.isDirectory() ? files(path) : [path];
	});
}

for (const plugin of ['plugin-core', 'plugin-pro']) {
	test(`${plugin} holds only files the site runs (PHP, built scripts and styles): no docs, notes or maps the web server would hand out`, () => {
		const root = join(repoRoot, plugin);
		const strays = files(root)
			.map((path) => relative(root, path))
			.filter((path) => !SHIPPED.test(path));
		assert.deepEqual(strays, [], `${plugin}: move these out of the plugin folder (docs/ for documentation)`);
	});
}
