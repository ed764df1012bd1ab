/**
 * The daily check of the list totals and the per-term listing
 * (MVS_Media_Totals::verify_and_heal, docs/list-totals.md), run through its
 * cron hook by the harness: a difference written around the plugin (a totals
 * row, a listing row missing, changed or extra, a relationship or an item
 * changed by SQL) is found and healed, and a burst of the plugin's own
 * writes while the check runs, one unit a run, is never taken for one (a
 * false alarm would rebuild every total). Site-wide: the check reads the
 * whole site, and its heals empty the totals while they rebuild.
 */
import { expect, test, upload, type Api } from '../support/mvs';
import { createMember, type Member } from '../support/community';
import { uniqueName } from '../support/seed';

test.describe.configure({ mode: 'serial' });

interface Drift {
	key: (string | number)[];
	stored: number;
	actual: number;
	matching?: number;
}

interface Verified {
	runs: number;
	pending: boolean;
	drift: Drift[];
	rebuilt: boolean;
	statements: string[];
}

/** Runs the daily check through its cron hook until it has checked everything (budget: seconds a run). */
async function verify(admin: Api, budget?: number): Promise<Verified> {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/media-totals/verify', { json: { times: 100_000, ...(budget === undefined ? {} : { budget }) } });
	expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
	return res.body as Verified;
}

type Corruption = 'term-total' | 'site-total' | 'listing-missing' | 'listing-changed' | 'relationship-deleted' | 'item-private';

/** A write around the plugin on one item and its tag (harness: media-totals/corrupt). */
async function corrupt(admin: Api, kind: Corruption, mediaId: number, tag: string): Promise<number> {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/media-totals/corrupt', { json: { kind, media_id: mediaId, tag } });
	expect(res.status, `${kind}: ${JSON.stringify(res.body)}`).toBe(200);
	return res.body.rows as number;
}

const tagTotal = async (anonymous: Api, tag: string) => (await anonymous.op('list_media', { query: { tag, per_page: 1 } })).body.total as number;

test('the daily check finds what was written around the plugin and heals it: a term (totals key, listing row missing, changed or extra) by rewriting that term alone, a site-wide key by a rebuild', async ({ api }) => {
	test.setTimeout(300_000);
	const admin = api('admin');
	const anonymous = api('anonymous');
	const owner = await createMember(admin);
	const tag = uniqueName('heal');
	const ids: number[] = [];
	for (let i = 0; i < 3; i++) ids.push((await upload(owner.api, { privacy: 'public', tags: [tag] })).id);
	expect(await tagTotal(anonymous, tag)).toBe(3);
	// Exact before anything is corrupted: nothing found, nothing rebuilt.
	const clean = await verify(admin);
	expect({ drift: clean.drift, rebuilt: clean.rebuilt, pending: clean.pending }).toEqual({ drift: [], rebuilt: false, pending: false });

	// rebuilt: a site-wide key's difference rebuilds every total; a term's is healed by rewriting that term alone.
	const cases: { name: string; kind: Corruption; item: number; found: (d: Drift) => boolean; total: number; rebuilt: boolean }[] = [
		{
			name: "a tag's totals key",
			kind: 'term-total',
			item: ids[0]!,
			found: (d) => d.key[0] !== 'term_index' && d.key[0] !== 0 && d.stored === d.actual + 1,
			total: 3,
			rebuilt: false,
		},
		{
			name: 'a site-wide totals key',
			kind: 'site-total',
			item: ids[0]!,
			found: (d) => JSON.stringify(d.key) === JSON.stringify([0, 'approved', 'public', 0, 'image']) && d.stored === d.actual + 1,
			total: 3,
			rebuilt: true,
		},
		{ name: 'a missing listing row', kind: 'listing-missing', item: ids[0]!, found: (d) => d.key[0] === 'term_index' && d.stored === d.actual - 1, total: 3, rebuilt: false },
		{
			name: 'a changed listing row',
			kind: 'listing-changed',
			item: ids[1]!,
			found: (d) => d.key[0] === 'term_index' && d.stored === d.actual && d.matching === d.actual - 1,
			total: 3,
			rebuilt: false,
		},
		{
			// Another plugin removing a term from an item: the listing row and the totals stay behind.
			name: 'an extra listing row (a relationship deleted by SQL)',
			kind: 'relationship-deleted',
			item: ids[2]!,
			found: (d) => d.key[0] === 'term_index' && d.stored === d.actual + 1,
			total: 2,
			rebuilt: false,
		},
		// Its tag's listing row is rewritten, then the site-wide keys differ too: everything is rebuilt.
		{ name: 'an item made private by SQL', kind: 'item-private', item: ids[1]!, found: (d) => d.key[0] === 'term_index' && d.matching === d.actual - 1, total: 1, rebuilt: true },
	];
	for (const c of cases) {
		expect(await corrupt(admin, c.kind, c.item, tag), c.name).toBe(1);
		const found = await verify(admin);
		expect(found.rebuilt, `${c.name}: ${JSON.stringify(found.drift)}`).toBe(c.rebuilt);
		expect(found.drift.filter(c.found), `${c.name}: ${JSON.stringify(found.drift)}`).toHaveLength(1);
		// Healed: the next check finds nothing, and the tag's total counts what its items now are.
		const healed = await verify(admin);
		expect({ drift: healed.drift, rebuilt: healed.rebuilt }, c.name).toEqual({ drift: [], rebuilt: false });
		expect(await tagTotal(anonymous, tag), c.name).toBe(c.total);
	}
	expect((await admin.raw('GET', '/wp-json/mvs-test/v1/media-totals')).body).toEqual({ ready: true, drift: [] });
});

/** `count` new members, each with `each` public items tagged `tag`; the rate limits reset after the uploads. */
async function membersWithItems(admin: Api, count: number, each: number, tag: string): Promise<{ members: Member[]; items: Map<Member, number[]> }> {
	const members: Member[] = [];
	const items = new Map<Member, number[]>();
	for (let i = 0; i < count; i++) {
		const m = await createMember(admin);
		const own: number[] = [];
		for (let j = 0; j < each; j++) own.push((await upload(m.api, { privacy: 'public', tags: [tag] })).id);
		members.push(m);
		items.set(m, own);
	}
	await admin.raw('POST', '/wp-json/mvs-test/v1/reset-rate-limits');
	return { members, items };
}

test('a burst of plugin writes while the check runs, one unit a run, is never reported as drift and rebuilds nothing', async ({ api }) => {
	test.setTimeout(300_000);
	const admin = api('admin');
	const moderator = api('moderator');
	const tag = uniqueName('burst');
	const tag2 = uniqueName('burst2');
	const { members, items } = await membersWithItems(admin, 4, 3, tag);

	let writing = true;
	const checks: Verified[] = [];
	const checker = (async () => {
		// One unit a run: the check's statements interleave with the writes below.
		while (writing) checks.push(await verify(admin, 0));
	})();
	const privacies = ['members', 'public', 'private', 'public'] as const;
	for (let round = 0; round < 4; round++) {
		await Promise.all(
			members.flatMap((m) => {
				const [a, b, c] = items.get(m)!;
				return [
					(async () => expect((await m.api.op('update_media', { params: { id: a! }, body: { privacy: privacies[round] } })).status).toBe(200))(),
					(async () => expect((await m.api.op('update_media', { params: { id: b! }, body: { tags: round % 2 ? [tag] : [tag, tag2] } })).status).toBe(200))(),
					(async () => expect((await moderator.op(round % 2 ? 'approve_media' : 'reject_media', { params: { id: c! } })).status).toBe(200))(),
					(async () => items.get(m)!.push((await upload(m.api, { privacy: 'public', tags: [tag, tag2] })).id))(),
				];
			}),
		);
		await admin.raw('POST', '/wp-json/mvs-test/v1/reset-rate-limits');
	}
	writing = false;
	await checker;
	// The check ran while the writes landed, and never raised an alarm.
	expect(checks.length).toBeGreaterThan(0);
	expect(checks.flatMap((c) => c.drift)).toEqual([]);
	expect(checks.filter((c) => c.rebuilt)).toEqual([]);
	// And the writes left everything exact.
	expect((await admin.raw('GET', '/wp-json/mvs-test/v1/media-totals')).body).toEqual({ ready: true, drift: [] });
});

test("a term healed while the plugin writes that term's items stays exact", async ({ api }) => {
	test.setTimeout(300_000);
	const admin = api('admin');
	const moderator = api('moderator');
	const tag = uniqueName('healrace');
	const { members, items } = await membersWithItems(admin, 3, 4, tag);
	for (let round = 0; round < 4; round++) {
		// A difference in the tag each round (its listing row gone), healed while its items change.
		const [victim] = items.get(members[round % members.length]!)!;
		expect(await corrupt(admin, 'listing-missing', victim!, tag)).toBe(1);
		const [healing] = await Promise.all([
			verify(admin),
			...members.flatMap((m) => {
				const [, a, b, c] = items.get(m)!;
				return [
					(async () => expect((await m.api.op('update_media', { params: { id: a! }, body: { privacy: round % 2 ? 'public' : 'members' } })).status).toBe(200))(),
					(async () => expect((await m.api.op('update_media', { params: { id: b! }, body: { tags: round % 2 ? [tag] : [] } })).status).toBe(200))(),
					(async () => expect((await moderator.op(round % 2 ? 'approve_media' : 'reject_media', { params: { id: c! } })).status).toBe(200))(),
					(async () => items.get(m)!.push((await upload(m.api, { privacy: 'public', tags: [tag] })).id))(),
				];
			}),
		]);
		expect(healing.drift.filter((d) => d.key[0] === 'term_index'), JSON.stringify(healing.drift)).toHaveLength(1);
		expect(healing.rebuilt).toBe(false);
		// Whatever landed during the heal: the term equals a recount afterwards.
		expect((await admin.raw('GET', '/wp-json/mvs-test/v1/media-totals')).body).toEqual({ ready: true, drift: [] });
		await admin.raw('POST', '/wp-json/mvs-test/v1/reset-rate-limits');
	}
});
