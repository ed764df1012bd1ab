/**
 * `npm run status`: the resource → area table is complete and matches the
 * spec's Endpoints subsections; coverage follows the op(/.call( rule and
 * ignores the auth matrix.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { plugins } from '../src/api/index.js';
import {
	AREAS,
	computeStatus,
	findSpecFiles,
	formatExtensions,
	formatStatus,
	operationsCalled,
	repositoryStatus,
	RESOURCE_AREAS,
	type Area,
} from '../src/cli/status.js';
import { buildModel } from '../src/model/build.js';
import { tinyPlugin } from './helpers/fixtures.js';
import { repoRoot, skipUnless, specInterfaceFile } from './helpers/paths.js';

const model = buildModel(plugins);

/** The spec's Endpoints subsections → the `METHOD /path` lines each lists (namespace-relative). */
function specAreas(markdown: string): Map<string, string[]> {
	const lines = markdown.split('\n');
	const start = lines.findIndex((l) => /^## Endpoints\b/.test(l));
	assert.ok(start >= 0, 'no "## Endpoints" section in the spec');
	const out = new Map<string, string[]>();
	let current: string[] | undefined;
	for (const line of lines.slice(start + 1)) {
		if (line.startsWith('## ')) break;
		const heading = /^### (.+)$/.exec(line);
		if (heading) {
			const area = heading[1]!
				.replace(/, under .*$/, '')
				.replace(/\s*\((?!Pro\)).*\)\s*$/, '')
				.trim();
			current = [];
			out.set(area, current);
			continue;
		}
		if (!current) continue;
		// The route is in the first cell of a table row, or opens a paragraph (Feed).
		const first = line.startsWith('|') ? line.split('|')[1] ?? '' : line;
		const text = line.startsWith('|') ? first : /^(GET|POST|PUT|PATCH|DELETE) \//.test(line) ? line.split(':')[0]! : '';
		for (const m of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[^\s,|()]*)/g)) current.push(`${m[1]} ${m[2]}`);
	}
	return out;
}

describe('status: areas', () => {
	test('every resource of the model has an area, and the table names no other resource', () => {
		// Resources made only of extension routes (outside the contract) have no area.
		const resources = model.plugins.flatMap((p) =>
			p.resources.filter((r) => r.routes.some((route) => !route.extension)).map((r) => `${p.id}/${r.name}`),
		);
		assert.deepEqual(Object.keys(RESOURCE_AREAS).sort(), [...resources].sort());
		for (const area of Object.values(RESOURCE_AREAS)) assert.ok((AREAS as readonly string[]).includes(area), area);
	});

	test('the table of the real repository adds up: 131 declared, every area non-empty', () => {
		const status = computeStatus(model, []);
		assert.deepEqual(
			status.areas.map((a) => a.area),
			[...AREAS],
		);
		assert.equal(status.total.declared, 131);
		assert.equal(
			status.total.implemented,
			model.plugins.flatMap((p) => p.routes).filter((r) => r.implemented && !r.extension).length,
		);
		assert.equal(status.total.covered, 0);
		assert.equal(status.total.playground, 0);
		for (const a of status.areas) assert.ok(a.declared > 0, `${a.area} has no route`);
	});

	test('an unmapped resource throws, naming it', () => {
		const tiny = buildModel([tinyPlugin()]);
		assert.throws(() => computeStatus({ ...model, plugins: [...model.plugins, ...tiny.plugins] }, []), /resource "things" of plugin "tiny" has no area/);
	});

	test('areas are the spec Endpoints subsections, each holding exactly its routes', { skip: skipUnless(specInterfaceFile) }, () => {
		const spec = specAreas(readFileSync(specInterfaceFile, 'utf8'));
		assert.deepEqual([...spec.keys()], [...AREAS], 'area names and order follow the spec headings');
		const status = computeStatus(model, []);
		for (const a of status.areas) {
			const ours = a.routes.map((r) => `${r.method} ${r.path}`).sort();
			assert.deepEqual(ours, [...spec.get(a.area)!].sort(), `routes of area ${a.area}`);
		}
	});
});

describe('status: coverage', () => {
	test('operationsCalled follows the op( / .call( rule', () => {
		const text = [
			"await op('list_media', {});",
			'await client.call( "get_media", { params: { id: 1 } });',
			"await op(\n\t'create_media')",
			"await shop('update_media')", // \b: not an op( call
			"await op(name)", // not a literal
			"await op('Get_Media')", // not [a-z_]
			"const s = 'op(\\'delete_media\\')';",
		].join('\n');
		assert.deepEqual(operationsCalled(text), ['list_media', 'get_media', 'create_media']);
	});

	test('specs are found recursively; auth-matrix files do not count; unknown names are reported', () => {
		const root = mkdtempSync(join(tmpdir(), 'mvs-status-'));
		try {
			const specs = join(root, 'e2e', 'specs');
			mkdirSync(join(specs, 'media'), { recursive: true });
			writeFileSync(join(specs, 'media', 'list.spec.ts'), "await op('list_media'); await api.call('get_media', {}); op('list_medias');");
			writeFileSync(join(specs, 'auth-matrix.spec.ts'), "op('get_feed'); op('list_albums');");
			writeFileSync(join(specs, 'media', 'pro-auth-matrix.spec.ts'), "op('get_my_quota');");
			writeFileSync(join(specs, 'helpers.ts'), "op('get_feed');");
			writeFileSync(join(specs, 'quota.spec.ts'), "await client.call('get_my_quota');");
			const files = findSpecFiles(root);
			assert.deepEqual(files, [
				join('e2e', 'specs', 'auth-matrix.spec.ts'),
				join('e2e', 'specs', 'media', 'list.spec.ts'),
				join('e2e', 'specs', 'media', 'pro-auth-matrix.spec.ts'),
				join('e2e', 'specs', 'quota.spec.ts'),
			]);
			const specsRead = files.map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
			const status = computeStatus(model, specsRead);
			const area = (name: Area) => status.areas.find((a) => a.area === name)!;
			assert.equal(area('Media').covered, 2);
			assert.equal(area('Feed').covered, 0, 'auth-matrix and non-spec files do not count');
			assert.equal(area('Albums').covered, 0);
			assert.equal(area('(Pro) Quotas').covered, 1);
			assert.equal(status.total.covered, 3);
			assert.deepEqual(status.excludedFiles.length, 2);
			assert.deepEqual(status.unknownOperations, [{ name: 'list_medias', file: join('e2e', 'specs', 'media', 'list.spec.ts') }]);
		} finally {
			rmSync(root, { recursive: true, force: true });
		}
	});

	test('the printed table ends with the TOTAL line', () => {
		const text = formatStatus(computeStatus(model, []));
		const lines = text.split('\n');
		assert.match(lines[0]!, /^Area\s+declared\s+implemented\s+covered\s+playground$/);
		for (const area of AREAS) assert.ok(lines.some((l) => l.startsWith(`${area} `)), area);
		const widths = new Set(lines.slice(0, -1).filter((l) => !l.startsWith('-')).map((l) => l.length));
		assert.equal(widths.size, 1, 'rows are fixed-width');
		const implemented = model.plugins.flatMap((p) => p.routes).filter((r) => r.implemented && !r.extension).length;
		assert.equal(lines.at(-1), `TOTAL  131 declared  ${implemented} implemented  0 covered  0 on Playground`);
	});

	test('extension routes are listed apart, never in an area or the total', () => {
		const status = computeStatus(model, [{ file: 'e2e/specs/x.spec.ts', text: "op('get_settings')" }]);
		const extensionNames = model.plugins.flatMap((p) => p.routes).filter((r) => r.extension).map((r) => r.name);
		assert.ok(extensionNames.includes('get_settings'), 'the admin-ui settings route is an extension');
		assert.deepEqual(status.extensions.map((e) => e.name), extensionNames);
		assert.equal(status.extensions.find((e) => e.name === 'get_settings')!.covered, true);
		assert.equal(status.extensions.find((e) => e.name === 'update_settings')!.covered, false);
		for (const a of status.areas) for (const r of a.routes) assert.ok(!extensionNames.includes(r.name), r.name);
		assert.deepEqual(status.unknownOperations, []);
		assert.equal(status.total.covered, 0);
		const lines = formatExtensions(status);
		assert.deepEqual(lines.filter((l) => !/^extension [a-z-]+: (GET|POST|PUT|PATCH|DELETE) \//.test(l)), [], 'each line names its extension');
		assert.ok(lines.some((l) => l.startsWith('extension admin-ui: GET /mvs/v1/settings (get_settings)')), lines.join('\n'));
	});

	test('the Playground column counts only the Playground tier (e2e/tiers.ts), never the auth matrix', () => {
		const spec = (file: string, text: string) => ({ file: join('e2e', 'specs', file), text });
		const status = computeStatus(model, [
			spec(join('smoke', 'media.smoke.spec.ts'), "op('create_media'); op('get_media');"),
			spec('admin-ui.site-wide.spec.ts', "op('get_settings');"),
			spec('auth-matrix.spec.ts', "op('list_albums');"),
			spec('media.spec.ts', "op('delete_media'); op('get_media');"),
			spec('smoke.spec.ts', "op('list_tags');"), // not under smoke/: not in the tier
		]);
		const media = status.areas.find((a) => a.area === 'Media')!;
		assert.equal(media.covered, 3);
		assert.equal(media.playground, 2);
		assert.deepEqual(
			media.routes.filter((r) => r.playground).map((r) => r.name).sort(),
			['create_media', 'get_media'],
		);
		assert.equal(status.areas.find((a) => a.area === 'Albums')!.playground, 0, 'the auth matrix does not count');
		assert.equal(status.areas.find((a) => a.area === 'Tags')!.playground, 0);
		assert.equal(status.total.playground, 2);
		assert.equal(status.extensions.find((e) => e.name === 'get_settings')!.playground, true);
		assert.deepEqual(status.playgroundFiles, [join('e2e', 'specs', 'smoke', 'media.smoke.spec.ts'), join('e2e', 'specs', 'admin-ui.site-wide.spec.ts')]);
	});

	test('every implemented route is covered by the native suite and driven on the Playground tier', () => {
		const status = repositoryStatus(repoRoot);
		const routes = [...status.areas.flatMap((a) => a.routes), ...status.extensions].filter((r) => r.implemented);
		assert.ok(routes.length > 0);
		const describe = (r: (typeof routes)[number]) => `${r.method} /${r.namespace}${r.path} (${r.name})`;
		assert.deepEqual(routes.filter((r) => !r.covered).map(describe), [], 'implemented routes no e2e spec calls (add them to the full suite)');
		assert.deepEqual(
			routes.filter((r) => !r.playground).map(describe),
			[],
			'implemented routes missing from the Playground tier (add them to the area smoke journey in e2e/specs/smoke/)',
		);
	});

	test('repositoryStatus reads the real repository without a site', () => {
		const status = repositoryStatus(repoRoot);
		assert.equal(status.total.declared, 131);
		assert.ok(status.excludedFiles.every((f) => f.includes('auth-matrix')));
	});
});
