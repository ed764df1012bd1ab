/**
 * The pure parts of the benchmark (stack/bench/): the round statistics and
 * their flag, the target list (every implemented list route of the DSL,
 * paginated or not, has a row or a stated reason), and the Markdown and SVG
 * reports.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { plugins } from '../src/api/index.js';
import { buildModel } from '../src/model/build.js';
// @ts-expect-error plain JavaScript modules of the bench (node runs them without a build step)
import { costByRound, differenceByRound, median, percentile, ratioByRound, summarize, SPREAD_LIMIT } from '../../stack/bench/stats.mjs';
// @ts-expect-error see above
import { buildTargets, floorOf, selectTargets, typicalTag } from '../../stack/bench/targets.mjs';
// @ts-expect-error see above
import { formatSummary, goalChecks, logTicks, renderMarkdown, renderSvg, sizeLabel } from '../../stack/bench/report.mjs';
// @ts-expect-error see above
import { cpuMeter, cpuNanos, processTree } from '../../stack/bench/cpu.mjs';

const IDS = { mediaItem: 1, mostCommented: 2, mostReacted: 3, album: 4, author: 5, tag: 'seed-city-3', smartCollection: 6, manualCollection: 7, publicFile: '/wp-json/mvs/v1/serve?a=1', privateFile: '/wp-json/mvs/v1/serve?a=2', memberFile: '/wp-json/mvs/v1/serve?a=3' };

describe('bench statistics', () => {
	test('median of odd and even counts, ignoring non-finite values', () => {
		assert.equal(median([3, 1, 2]), 2);
		assert.equal(median([4, 1, 3, 2]), 2.5);
		assert.equal(median([5, Number.NaN, null, 1]), 3);
		assert.equal(median([]), null);
	});

	test('spread is (max - min) / median, flagged only above the limit', () => {
		assert.equal(SPREAD_LIMIT, 0.1);
		const steady = summarize([1.0, 1.05, 1.1]);
		assert.deepEqual({ ...steady, spread: Number(steady.spread.toFixed(6)) }, { median: 1.05, min: 1.0, max: 1.1, spread: 0.095238, n: 3, flagged: false });
		// exactly 10 % is not "exceeds"
		assert.equal(summarize([0.95, 1.0, 1.05]).flagged, false);
		assert.equal(summarize([0.9, 1.0, 1.11]).flagged, true);
		assert.equal(summarize([1.0]).spread, 0);
		assert.equal(summarize([]), null);
	});

	test('cost is anchor req/s ÷ target req/s, round by round', () => {
		const cost = costByRound([400, 380, 420], [200, 200, 200]);
		assert.equal(cost.median, 2);
		assert.equal(cost.min, 1.9);
		assert.equal(cost.max, 2.1);
		assert.equal(cost.flagged, false);
		// a round missing on one side is left out, not paired with another round
		assert.equal(costByRound([400, 300], [200]).n, 1);
		assert.equal(ratioByRound([10, 12], [0, 10]).median, 1.2);
	});

	test('nearest-rank percentiles', () => {
		const values = Array.from({ length: 100 }, (_, i) => 100 - i);
		assert.equal(percentile(values, 0.5), 50);
		assert.equal(percentile(values, 0.99), 99);
		assert.equal(percentile([7], 0.99), 7);
		assert.equal(percentile([], 0.5), null);
	});
});

describe('bench targets', () => {
	const targets = buildTargets(IDS);

	const routes = buildModel(plugins).plugins.flatMap((p) => p.resources.flatMap((r) => r.routes)).filter((r) => r.method === 'GET' && r.implemented);
	const covered = new Set(targets.map((t: { operation: string | null }) => t.operation));

	test('every implemented list route of the DSL has a target (a new list route adds its row)', () => {
		const lists = routes.filter((r) => r.paginate);
		assert.ok(lists.length >= 10);
		assert.deepEqual(lists.map((r) => r.name).filter((name) => !covered.has(name)), []);
	});

	/**
	 * Unpaginated GET routes answering a list (`list:` schema) that need no
	 * row, each with why. Every other such route has a target.
	 */
	const UNPAGINATED_WITHOUT_ROW: Record<string, string> = {
		// At most GROUP_MAX (100) items of one upload, through GET /media's own search (its rows measure it).
		get_media_group: 'one upload group, capped, the media list search',
		// One item's access rules: a handful of rows read by the item's key.
		list_access_rules: 'one item, a few rows by key',
		// Pro's quota packages: a few rows a site defines, read by administrators on a settings screen.
		list_packages: 'a few site-defined packages, admin only',
	};

	test('every implemented unpaginated list route has a target or a reason in the allow-list', () => {
		const lists = routes.filter((r) => !r.paginate && r.response.schema?.startsWith('list:')).map((r) => r.name);
		assert.ok(lists.includes('list_app_interests') && lists.includes('list_suggested_users'));
		assert.deepEqual(lists.filter((name) => !covered.has(name) && !(name in UNPAGINATED_WITHOUT_ROW)), [], 'add a row to stack/bench/targets.mjs, or a reason to UNPAGINATED_WITHOUT_ROW');
		// An entry names a route that exists, is still such a list and has no row.
		assert.deepEqual(Object.keys(UNPAGINATED_WITHOUT_ROW).filter((name) => !lists.includes(name) || covered.has(name)), []);
	});

	test('the interests run both cached and computed (the harness header misses the cache), and answer chips', () => {
		const rows = targets.filter((t: { operation: string }) => t.operation === 'list_app_interests');
		assert.deepEqual(rows.map((t: { key: string; headers?: object }) => [t.key, t.headers]), [['interests', undefined], ['interests-uncached', { 'x-mvs-test-interests-uncached': '1' }]]);
		assert.ok(rows.every((t: { nonEmpty: boolean }) => t.nonEmpty));
	});

	test('keys are unique, every orderby and filter of GET /media runs for both viewers', () => {
		const keys = targets.map((t: { key: string }) => t.key);
		assert.equal(new Set(keys).size, keys.length);
		for (const viewer of ['anon', 'member']) {
			const paths = targets.filter((t: { operation: string; viewer: string }) => t.operation === 'list_media' && t.viewer === viewer).map((t: { path: string }) => t.path);
			for (const part of ['orderby=popular', 'orderby=trending', 'media_type=image', 'tag=seed-city-3', 'author=5']) assert.ok(paths.some((p: string) => p.includes(part)), `${viewer}: ${part}`);
		}
		assert.equal(floorOf({ viewer: 'moderator' }), 'floor-member');
		assert.equal(floorOf({ viewer: 'anon' }), 'floor');
	});

	test('--only keeps the named targets and the anchors they divide by', () => {
		const picked = selectTargets(targets, ['media-member-tag', 'serve-private']).map((t: { key: string }) => t.key);
		assert.deepEqual(picked.sort(), ['floor', 'floor-member', 'media-member-tag', 'serve-private', 'static']);
		assert.throws(() => selectTargets(targets, ['nope']), /unknown key\(s\) nope/);
		assert.equal(selectTargets(targets, null).length, targets.length);
	});

	test('each idle page runs with the plugins and without them (the switch header), at the base size, and --only keeps the pair', () => {
		const idle = targets.filter((t: { group: string }) => t.group === 'idle');
		assert.deepEqual(idle.map((t: { key: string }) => t.key), ['idle-front', 'idle-front-off', 'idle-admin', 'idle-admin-off', 'idle-rest', 'idle-rest-off']);
		for (const off of idle.filter((t: { idleOf?: string }) => t.idleOf)) {
			const on = idle.find((t: { key: string }) => t.key === off.idleOf);
			assert.deepEqual([off.path, off.viewer, off.headers, on.headers], [on.path, on.viewer, { 'x-mvs-test-plugins': 'off' }, undefined]);
		}
		assert.ok(idle.every((t: { baseOnly: boolean }) => t.baseOnly));
		assert.deepEqual(selectTargets(targets, ['idle-admin']).map((t: { key: string }) => t.key).sort(), ['floor', 'floor-member', 'idle-admin', 'idle-admin-off']);
	});

	test('the typical tag sits at the middle of the tag uses, not at the top', () => {
		const cloud = [
			{ id: 1, slug: 'a', count: 50 },
			{ id: 2, slug: 'b', count: 30 },
			{ id: 3, slug: 'c', count: 20 },
			{ id: 4, slug: 'd', count: 0 },
		];
		assert.equal(typicalTag(cloud).slug, 'a'); // 50 of 100 uses: half reached at the first
		assert.equal(typicalTag([{ id: 1, slug: 'a', count: 40 }, ...cloud.slice(1), { id: 5, slug: 'e', count: 10 }]).slug, 'b');
		assert.equal(typicalTag([]), null);
	});
});

describe('bench reports', () => {
	const summary = (values: number[]) => summarize(values);
	const row = (over: Record<string, unknown>) => ({ viewer: 'anon', group: 'list', queries: 7, memoryPeak: 5 * 2 ** 20, memoryVsFloor: 2 ** 20, rps: 100, p50: 10, p99: 30, failures: 0, bytesPerRequest: 1000, p50VsBase: null, ...over });
	const run = {
		startedAt: '2026-11-24T19:00:00.000Z',
		totalSeconds: 600,
		gitHead: 'abc',
		machine: { cpus: 2, cpuModel: 'Test CPU', memoryGb: 8, os: 'Linux 6', node: 'v20' },
		config: { rounds: 3, duration: 2, warmup: 1, connections: 4 },
		only: null,
		phases: [{ phase: 'base', media: 10000 }, { phase: 'large', media: 1000000 }],
		rows: [
			row({ key: 'floor', name: 'floor', group: 'floor', phase: 'base', media: 10000, memoryVsFloor: 0, cost: { floor: summary([1, 1, 1]) } }),
			row({ key: 'media-anon', name: 'media date anon', goal: 'flat', phase: 'base', media: 10000, queries: 4, cost: { floor: summary([1.1, 1.12, 1.14]), posts: summary([0.4, 0.41, 0.42]) } }),
			row({ key: 'media-anon', name: 'media date anon', goal: 'flat', phase: 'large', media: 1000000, memoryVsFloor: 9 * 2 ** 20, cost: { floor: summary([1.2, 1.5, 1.9]), posts: null }, p50VsBase: summary([1.1, 1.15, 1.2]) }),
			row({ key: 'static', name: 'nginx static 5 MB', group: 'file', phase: 'base', media: 10000, bytesPerRequest: 5 * 2 ** 20, cost: { static: summary([1, 1, 1]) } }),
			row({ key: 'serve-public', name: 'serve <public> & co', group: 'file', phase: 'base', media: 10000, bytesPerRequest: 5 * 2 ** 20, cost: { static: summary([2, 2, 2]) } }),
		],
		jobs: [
			{ hook: 'mvs_decay_trending', media: 10000, seconds: 0.0123, queries: 1, rows_read: 10001, rows_scanned: 10001, rows_written: 9000 },
			{ hook: 'mvs_refill_terms_copies', work: 'after renaming the largest tag (812 items)', media: 10000, seconds: 0.1, queries: 6, rows_read: 4000, rows_scanned: 0, rows_written: 812 },
		],
	};

	test('sizes read in k and M, to 3 significant digits', () => {
		assert.deepEqual([999, 2000, 10000, 100002, 1000002, 1250000].map(sizeLabel), ['999', '2k', '10k', '100k', '1M', '1.25M']);
	});

	test('a summary reads median (min–max), with ⚠ when unsteady', () => {
		assert.equal(formatSummary(summary([1.1, 1.12, 1.14])), '1.12 (1.10–1.14)');
		assert.equal(formatSummary(summary([1.2, 1.5, 1.9])), '1.50 (1.20–1.90) ⚠');
		assert.equal(formatSummary(null), '-');
	});

	test('the Markdown has the routes, file delivery and jobs tables, and judges goals on medians', () => {
		const md = renderMarkdown(run);
		assert.match(md, /\| media date anon \| anon \| 10k \| 100\.0 \| 10\.0 \| 30\.0 \| 4 \| 5\.0 \| \+1\.0 \| 1\.12 \(1\.10–1\.14\) \| 0\.41 \(0\.40–0\.42\) \| - \| 0 \|/);
		assert.match(md, /\| media date anon \| anon \| 1M \|.* 1\.50 \(1\.20–1\.90\) ⚠ \|/);
		assert.match(md, /\| serve <public> & co \| 100\.0 \| 500 \|.*\| 2\.00 \(2\.00–2\.00\) \| 0\.50 × \|/);
		assert.match(md, /\| mvs_decay_trending \| 10k \| 0\.012 \| 1 \| 10001 \| 10001 \| 9000 \|/);
		// A job given work first says which.
		assert.match(md, /\| mvs_refill_terms_copies \(after renaming the largest tag \(812 items\)\) \| 10k \| 0\.100 \| 6 \| 4000 \| 0 \| 812 \|/);
		const checks = goalChecks(run);
		assert.deepEqual(checks.map((c: string[]) => [c[0], c[3]]), [
			['1. lean hot path', 'met'],
			['2. flat lists', 'NOT met'],
			['3. file delivery', 'NOT met'],
			['5. memory', 'NOT met'],
		]);
		assert.match(md, /2 × Test CPU, 8 GB RAM/);
	});

	test('free when idle: PHP core-ms with the plugins minus without them, round by round, against each page\'s budget', () => {
		assert.deepEqual(differenceByRound([12.5, 12.75, 12.25, 5], [12, 12, 12.25]), summarize([0.5, 0.75, 0]));
		const idleRun = {
			...run,
			rows: [
				row({ key: 'idle-front', name: 'front page (idle)', group: 'idle', phase: 'base', media: 10000, cost: {} }),
				row({ key: 'idle-front-off', name: 'front page (idle), plugins off', group: 'idle', idleOf: 'idle-front', budgetMs: 0.5, phase: 'base', media: 10000, cost: {}, idleCost: summary([0.3, 0.45, 0.4]) }),
				row({ key: 'idle-rest', name: 'wp/v2/posts (idle)', group: 'idle', phase: 'base', media: 10000, cost: {} }),
				row({ key: 'idle-rest-off', name: 'wp/v2/posts (idle), plugins off', group: 'idle', idleOf: 'idle-rest', budgetMs: 1, phase: 'base', media: 10000, cost: {}, idleCost: summary([1.4, 1.6, 1.5]) }),
			],
		};
		assert.deepEqual(goalChecks(idleRun), [
			['4. free when idle', 'front page (idle): ≤ 0.5 PHP core-ms over the plugins off', '+0.40 core-ms (0.40 (0.30–0.45) ⚠)', 'met'],
			['4. free when idle', 'wp/v2/posts (idle): ≤ 1 PHP core-ms over the plugins off', '+1.50 core-ms (1.50 (1.40–1.60) ⚠)', 'NOT met'],
		]);
	});

	test('the CPU table splits each route\'s core-ms by server, only for rows that were metered', () => {
		assert.doesNotMatch(renderMarkdown(run), /CPU per request/);
		const cpu = { php: 12.345, mariadb: 3.2, nginx: 0.41, client: 0.9, total: 16.855 };
		const metered = { ...run, rows: run.rows.map((r: Record<string, any>) => (r.key === 'media-anon' && r.phase === 'base' ? { ...r, cpu, cost: { ...r.cost, cpuFloor: summary([1.08, 1.1, 1.11]) } } : r)) };
		const md = renderMarkdown(metered);
		assert.match(md, /## CPU per request/);
		assert.match(md, /\| media date anon \| anon \| 10k \| 12\.35 \| 3\.20 \| 0\.41 \| 0\.90 \| 16\.86 \| 1\.10 \(1\.08–1\.11\) \|/);
		const section = md.slice(md.indexOf('## CPU per request'), md.indexOf('## File delivery'));
		assert.equal(section.split('\n').filter((line: string) => line.startsWith('| media')).length, 1);
	});

	test('the CPU meter reads this process tree from /proc and turns two samples into ms per request', () => {
		const tree = processTree(process.pid);
		assert.equal(tree[0], process.pid);
		assert.ok(cpuNanos(tree) > 0);
		assert.deepEqual(processTree(2 ** 30), []);
		const meter = cpuMeter({ self: process.pid });
		assert.deepEqual(meter.parts, ['self', 'client']);
		assert.deepEqual(meter.perRequest({ self: 1e6, client: 5e6 }, { self: 21e6, client: 9e6 }, 10), { self: 2, client: 0.4, total: 2.4 });
		assert.deepEqual(meter.perRequest({ self: 0, client: 0 }, { self: 1, client: 1 }, 0), { self: null, client: null, total: null });
		assert.equal(meter.perRequest(null, null, 10), null); // no schedstat: nothing measured
		let spin = 0;
		const before = meter.sample();
		for (let i = 0; i < 2e7; i++) spin += i;
		const after = meter.sample();
		assert.ok(spin > 0 && after.self > before.self && after.client > before.client);
	});

	test('the SVG is self-contained, escapes labels and places medians on a log axis', () => {
		const svg = renderSvg(run);
		assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
		assert.ok(svg.trimEnd().endsWith('</svg>'));
		assert.doesNotMatch(svg, /<script|href=/);
		assert.doesNotMatch(svg, /serve <public>/); // file rows are not on the floor chart
		assert.match(svg, /media date anon/);
		assert.match(svg, /1\.50 ⚠/);
		// ticks 0.5, 1, 2 span the 520 px plot from x = 330: 1 sits in the middle, a median m at log2(m) of the upper half
		const dots = [...svg.matchAll(/<circle cx="([\d.]+)" cy="[\d.]+" r="4" fill="#[0-9a-f]+"><title>/g)].map((m) => Number(m[1]));
		assert.deepEqual(dots, [330 + 260 + 260 * Math.log2(1.12), 330 + 260 + 260 * Math.log2(1.5)].map((v) => Number(v.toFixed(1))));
		assert.deepEqual(logTicks(0.5, 2), [0.5, 1, 2]);
		assert.deepEqual(logTicks(0.3, 38.7), [0.2, 0.5, 1, 2, 5, 10, 20, 50]);
	});
});
