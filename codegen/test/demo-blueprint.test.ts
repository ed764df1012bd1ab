/**
 * demo/blueprint.json, the Playground blueprint of the demo community
 * (README, "Try it"), is one Playground accepts and one whose files exist:
 *
 * - it passes the blueprint schema validator the Playground CLI runs (so
 *   every step is a known step with its known fields);
 * - it installs and activates both plugins from the zips `npm run package`
 *   names after their slugs, and every other bundled file is in demo/;
 * - the PHP it runs is the file it writes, and every mvs/v1 route that
 *   file calls is a route of the API.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { PLUGINS } from '../../tools/package-files.mjs';
import { repoRoot } from './helpers/paths.js';

type Step = { step: string; [key: string]: unknown };
const blueprint = JSON.parse(readFileSync(join(repoRoot, 'demo/blueprint.json'), 'utf8')) as { steps: Step[] };
const bundled = (value: unknown): string | undefined =>
	value && typeof value === 'object' && (value as { resource?: string }).resource === 'bundled' ? (value as { path: string }).path : undefined;

test('Playground\'s own blueprint validator accepts the demo blueprint', async () => {
	// Not in the package's exports: loaded by path, the file the CLI bundles.
	const file = join(repoRoot, 'node_modules/@wp-playground/blueprints/blueprint-schema-validator.js');
	const validate = (await import(file)).default as ((data: unknown) => boolean) & { errors?: unknown };
	assert.ok(validate(blueprint), JSON.stringify(validate.errors, null, 2));
	// The validator is no rubber stamp: an unknown step fails it.
	assert.equal(validate({ steps: [{ step: 'seedEverything' }] }), false);
});

test('the blueprint installs and activates both plugins from the zips of `npm run package`', () => {
	const installs = blueprint.steps.filter((s) => s.step === 'installPlugin');
	assert.deepEqual(
		installs.map((s) => bundled(s.pluginData)),
		PLUGINS.map(({ slug }) => `/${slug}.zip`),
	);
	for (const s of installs) assert.deepEqual(s.options, { activate: true });
});

test('every other file the blueprint bundles is in demo/, and it runs the PHP it writes', () => {
	const files = blueprint.steps.map((s) => bundled(s.data)).filter((p): p is string => p !== undefined);
	assert.ok(files.length > 0);
	for (const file of files) assert.ok(existsSync(join(repoRoot, 'demo', file)), `demo${file} is missing`);
	const written = blueprint.steps.filter((s) => s.step === 'writeFile').map((s) => s.path as string);
	const run = blueprint.steps.filter((s) => s.step === 'runPHP').map((s) => String(s.code).match(/require '([^']+)'/)?.[1]);
	assert.deepEqual(run, written);
});

test('every mvs/v1 route the blueprint\'s PHP calls is a route of the API', () => {
	const php = readFileSync(join(repoRoot, 'demo/seed-community.php'), 'utf8');
	const manifest = JSON.parse(readFileSync(join(repoRoot, 'codegen/out/route-manifest.json'), 'utf8')) as {
		routes: Array<{ method: string; path: string; namespace: string }>;
	};
	const known = new Set(manifest.routes.filter((r) => r.namespace === 'mvs/v1').map((r) => `${r.method} ${r.path.replace(/\{[a-z_]+\}/g, '{}')}`));
	// mvs_demo_call( $user, 'METHOD', '/route' or "/route/$id/..." ...
	const calls = [...php.matchAll(/mvs_demo_call\(\s*[^,]+,\s*'([A-Z]+)',\s*(['"])(\/[^'"]*)\2/g)].map(
		([, method, , path]) => `${method} ${path!.replace(/\{\$[^}]+\}|\$[a-z_]+/g, '{}')}`,
	);
	assert.ok(calls.length >= 10, `only ${calls.length} calls found`);
	for (const call of calls) assert.ok(known.has(call), `${call} is not a route of mvs/v1`);
});
