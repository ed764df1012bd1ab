/**
 * The route manifest the e2e suite reads: 131 routes, split 121 / 10 between
 * the namespaces, and exactly the routes of the spec's routes.txt.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { generateAll, loadModel } from '../src/cli/outputs.js';
import { skipUnless, specRoutesFile } from './helpers/paths.js';

interface ManifestRoute {
	name: string;
	plugin: string;
	namespace: string;
	method: string;
	methods: string[];
	path: string;
	implemented: boolean;
	extension: string | null;
	sample: { query: Record<string, unknown>; body: Record<string, unknown>; multipart: Record<string, unknown> };
}

const model = loadModel();
const manifest = JSON.parse(generateAll(model).get('codegen/out/route-manifest.json')!) as { routes: ManifestRoute[] };
const allRoutes = manifest.routes;
/** The contract's routes: extension routes (outside the contract) are checked apart. */
const routes = allRoutes.filter((r) => r.extension === null);
const key = (r: { namespace: string; method: string; path: string }) => `${r.namespace} ${r.method} ${r.path}`;

/** Non-comment lines of routes.txt as `namespace METHOD /path`. */
function specRoutes(): string[] {
	return readFileSync(specRoutesFile, 'utf8')
		.split('\n')
		.map((l) => l.trim())
		.filter((l) => l && !l.startsWith('#'))
		.map((l) => l.split(/\s+/).join(' '));
}

describe('route manifest', () => {
	test('131 routes, with unique names', () => {
		assert.equal(routes.length, 131);
		assert.equal(new Set(routes.map((r) => r.name)).size, routes.length, 'route names must be unique');
	});

	test('121 routes in mvs/v1 and 10 in mvs-pro/v1, and no other namespace', () => {
		const counts: Record<string, number> = {};
		for (const r of routes) counts[r.namespace] = (counts[r.namespace] ?? 0) + 1;
		assert.deepEqual(counts, { 'mvs/v1': 121, 'mvs-pro/v1': 10 });
	});

	test('extension routes: the admin-ui moderation desk, settings and Quotas screen routes, and names unique across all routes', () => {
		assert.deepEqual(
			allRoutes.filter((r) => r.extension !== null).map((r) => [r.name, r.extension, key(r)]),
			[
				['list_moderation_desk', 'admin-ui', 'mvs/v1 GET /moderation/desk'],
				['undo_moderation_decision', 'admin-ui', 'mvs/v1 POST /moderation/{id}/undo'],
				['list_held_comments', 'admin-ui', 'mvs/v1 GET /moderation/comments'],
				['moderate_comment', 'admin-ui', 'mvs/v1 POST /moderation/comments/{comment_id}'],
				['list_reported_members', 'admin-ui', 'mvs/v1 GET /moderation/members'],
				['search_desk_members', 'admin-ui', 'mvs/v1 GET /moderation/members/search'],
				['moderate_member', 'admin-ui', 'mvs/v1 POST /moderation/members/{user_id}'],
				['get_settings', 'admin-ui', 'mvs/v1 GET /settings'],
				['update_settings', 'admin-ui', 'mvs/v1 PUT /settings'],
				['check_storage_exposure', 'site-health', 'mvs/v1 GET /site-health/storage-exposure'],
				['get_community_overview', 'admin-ui', 'mvs/v1 GET /overview'],
				['list_member_quotas', 'admin-ui', 'mvs-pro/v1 GET /quotas/members'],
				['list_user_credit_history', 'admin-ui', 'mvs-pro/v1 GET /users/{user_id}/credits/history'],
			],
		);
		assert.equal(new Set(allRoutes.map((r) => r.name)).size, allRoutes.length);
	});

	test('each (namespace, method, path) appears once in the manifest', () => {
		const keys = allRoutes.map(key);
		const dupes = keys.filter((k, i) => keys.indexOf(k) !== i);
		assert.deepEqual(dupes, []);
	});

	test('agrees with the model: names, methods, aliases, implemented flags', () => {
		const modelRoutes = model.plugins.flatMap((p) => p.routes);
		assert.deepEqual(
			allRoutes.map((r) => [r.name, key(r), r.methods.join(','), r.implemented, r.extension]),
			modelRoutes.map((r) => [r.name, key(r), r.methods.join(','), r.implemented, r.extension ?? null]),
		);
	});

	test('every route of the spec routes.txt appears exactly once', { skip: skipUnless(specRoutesFile) }, () => {
		const spec = specRoutes();
		assert.equal(spec.length, 131, 'routes.txt should list 131 routes');
		const problems: string[] = [];
		for (const line of spec) {
			const n = routes.filter((r) => key(r) === line).length;
			if (n !== 1) problems.push(`${line}: ${n} times in the manifest`);
		}
		assert.deepEqual(problems, []);
	});

	test('the manifest declares no route the spec routes.txt lacks', { skip: skipUnless(specRoutesFile) }, () => {
		const spec = new Set(specRoutes());
		assert.deepEqual(
			routes.filter((r) => !spec.has(key(r))).map(key),
			[],
		);
	});
});
