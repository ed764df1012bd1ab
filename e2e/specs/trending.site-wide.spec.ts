/**
 * The trending order without a decay pass (MVS_Trending_Score): events scored
 * at pinned times hours apart rank as their decayed sums would (half-life
 * 13.5 hours, a view 1, a download 3, a share 5), with no job run in
 * between; and the one-off conversion of an upgraded install's legacy
 * scores keeps their order while it runs. The conversion changes the site's
 * scoring state, so these run in the site-wide project, alone.
 */
import { expect, test, upload, type Api } from '../support/mvs';

test.describe.configure({ mode: 'serial' });

const HOUR = 3600;
const HALF_LIFE_HOURS = 13.5;
// A fixed time well after the scale's epoch (2026-01-01), so the test does not depend on the wall clock.
const T = 1_800_000_000;

/** A test address of its own for each viewer name (198.18.0.0/15, the benchmarking range; harness X-MVS-Test-Client-Ip). */
function addressOf(viewer: string): string {
	let h = 0;
	for (const c of viewer) h = (h * 31 + c.charCodeAt(0)) >>> 0;
	return `198.${18 + (h & 1)}.${(h >>> 8) & 255}.${h & 255}`;
}

/**
 * Records an event on `id` as scored at `at`, from a viewer of its own: each
 * event counts once per viewer, item and 30 minutes, and an address counts
 * few anonymous viewers, so each viewer comes from an address of its own.
 */
async function event(api: (who: 'anonymous') => Api, id: number, kind: 'view' | 'download' | 'share', at: number, viewer: string) {
	const client = api('anonymous').withHeaders({ 'X-MVS-Test-Trending-Now': String(at), 'User-Agent': `trending-${viewer}`, 'X-MVS-Test-Client-Ip': addressOf(viewer) });
	const op = kind === 'view' ? 'record_media_view' : kind === 'download' ? 'record_media_download' : 'record_media_share';
	expect((await client.op(op, { params: { id } })).status).toBe(200);
}

async function rescale(admin: Api, times = 1) {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/trending-rescale', { json: { times } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as { converted: number; pending: boolean; scheduled: boolean; statements: string[] };
}

test.beforeAll(async ({ api }) => {
	// A site still converting (an earlier run stopped midway) finishes first.
	await rescale(api('admin'), 3);
});

test('items engaged at different times rank as their decayed scores would, with no job in between; untouched items fall behind', async ({ api }) => {
	const tag = `trend${Date.now().toString(36)}`;
	const items: Record<string, number> = {};
	for (const name of ['none', 'twoOld', 'oneNow', 'shareOlder', 'downloadOld']) items[name] = (await upload(api('member'), { title: `${tag} ${name}` })).id;
	const weight = { view: 1, download: 3, share: 5 };
	const history: [string, keyof typeof weight, number][] = [
		['twoOld', 'view', T - 20 * HOUR],
		['twoOld', 'view', T - 20 * HOUR],
		['oneNow', 'view', T],
		['shareOlder', 'share', T - 30 * HOUR],
		['downloadOld', 'download', T - 10 * HOUR],
	];
	let viewer = 0;
	for (const [name, kind, at] of history) await event(api, items[name]!, kind, at, `${tag}-${viewer++}`);
	const decayed = (at: number) => (name: string) =>
		history.filter(([n, , t]) => n === name && t <= at).reduce((sum, [, kind, t]) => sum + weight[kind] * 0.5 ** ((at - t) / HOUR / HALF_LIFE_HOURS), 0);
	const expected = (at: number) => {
		const score = decayed(at);
		// Ties (none here but the untouched item) go to the newest item, like the list.
		return Object.keys(items)
			.sort((a, b) => score(b) - score(a) || items[b]! - items[a]!)
			.map((name) => items[name]);
	};
	const order = async () => (await api('anonymous').op('list_media', { query: { s: tag, orderby: 'trending' } })).body.items.map((i) => i.id);
	// downloadOld 1.79, shareOlder 1.07, oneNow 1, twoOld 0.72, none 0.
	expect(expected(T)).toEqual([items.downloadOld, items.shareOlder, items.oneNow, items.twoOld, items.none]);
	expect(await order()).toEqual(expected(T));
	// Five hours later one more view of oneNow: 1.77 against downloadOld's 1.39 decayed; the others keep their places.
	history.push(['oneNow', 'view', T + 5 * HOUR]);
	await event(api, items.oneNow!, 'view', T + 5 * HOUR, `${tag}-${viewer++}`);
	expect(expected(T + 5 * HOUR)).toEqual([items.oneNow, items.downloadOld, items.shareOlder, items.twoOld, items.none]);
	expect(await order()).toEqual(expected(T + 5 * HOUR));
	// Equal events: the later one ranks higher; any event beats none.
	const early = (await upload(api('member'), { title: `${tag} early` })).id;
	const late = (await upload(api('member'), { title: `${tag} late` })).id;
	await event(api, late, 'view', T - 19 * HOUR, `${tag}-${viewer++}`);
	// Recorded after `late` and uploaded before it: neither the request order nor the id decides.
	await event(api, early, 'view', T - 21 * HOUR, `${tag}-${viewer++}`);
	const ids = await order();
	expect(ids.indexOf(late)).toBeLessThan(ids.indexOf(early));
	expect(ids.indexOf(early)).toBeLessThan(ids.indexOf(items.none!));
});

test('an upgraded install converts its legacy scores highest first, in the order it had, and counts events meanwhile on the scale of their row', async ({ api }) => {
	const admin = api('admin');
	const tag = `legacy${Date.now().toString(36)}`;
	const ids: number[] = [];
	for (let i = 0; i < 4; i++) ids.push((await upload(api('member'), { title: `${tag} ${i}` })).id);
	const [low, mid, high, none] = ids as [number, number, number, number];
	const legacy = await admin.raw('POST', '/wp-json/mvs-test/v1/trending-legacy', { json: { scores: { [low]: 150, [mid]: 900, [high]: 4000, [none]: 0 } } });
	expect(legacy.status, JSON.stringify(legacy.body)).toBe(200);
	expect(legacy.body.pending).toBe(true);
	const order = async () => (await api('anonymous').op('list_media', { query: { s: tag, orderby: 'trending' } })).body.items.map((i) => i.id);
	expect(await order()).toEqual([high, mid, low, none]);
	// While legacy scores remain, a view adds the legacy weight (100) to a legacy row: 150 + 100 stays below 900.
	await event(api, low, 'view', T, `${tag}-a`);
	expect(await order()).toEqual([high, mid, low, none]);
	const run = await rescale(admin);
	expect(run.converted).toBeGreaterThanOrEqual(3);
	// Every legacy row converted: the run that finds none left records the new scale and schedules one more sweep.
	expect((await rescale(admin)).pending).toBe(false);
	expect(await order()).toEqual([high, mid, low, none]);
	const scores = (await admin.raw('GET', '/wp-json/mvs-test/v1/trending-scores', { query: { ids: ids.join(',') } })).body as { scores: Record<string, number>; offset: number };
	for (const id of [low, mid, high]) expect(scores.scores[id]).toBeGreaterThan(scores.offset);
	expect(scores.scores[none]).toBe(0);
	// Converted to now: 4000 / 900 is log2(4.44) = 2.15 half-lives apart.
	expect(scores.scores[high]! - scores.scores[mid]!).toBeCloseTo(Math.log2(4000 / 900), 4);
	// The sweep a minute later finds nothing and schedules nothing more.
	const sweep = await rescale(admin);
	expect(sweep.converted).toBe(0);
	expect(sweep.scheduled).toBe(false);
	expect(sweep.statements.filter((sql) => /^UPDATE /.test(sql) && /mvs_media(?![a-z_])/.test(sql))).toEqual([]);
});
