/**
 * The community overview (issue 29): GET /overview's numbers against known
 * uploads, reports and a deletion (as differences, the site holds other
 * specs' items), who may read it, a constant number of queries, the cache,
 * and the plan of each statement (docs/community-overview.md).
 *
 * Site-wide: the figures are the whole site's, so no other spec may write
 * between two reads.
 */
import { writeFileSync } from 'node:fs';
import type { CommunityOverview } from '../../client/src/client';
import { createMember } from '../support/community';
import { uniqueName } from '../support/seed';
import { expect, files, test, upload, type Api } from '../support/mvs';

test.describe.configure({ mode: 'serial' });

/** The overview as computed now (the harness turns the cache off for the request). */
async function fresh(moderator: Api, query: Record<string, string> = {}) {
	const res = await moderator.send({ method: 'GET', path: '/mvs/v1/overview', query, json: undefined }, { 'X-MVS-Test-Overview-Ttl': '0' });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return { body: res.body as CommunityOverview, queries: Number(res.headers['x-mvs-queries']), log: res.headers['x-mvs-query-log'] };
}

/** The hourly counts (active members, top tags), run now as WP-Cron would; their statements. */
async function countHourly(admin: Api): Promise<string[]> {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/jobs/hook', { query: { mvs_debug_queries: '1' }, json: { hook: 'mvs_overview_hourly_counts' } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[];
}

const today = (o: CommunityOverview) => o.uploads_per_day[o.uploads_per_day.length - 1]!;
const storageOf = (o: CommunityOverview, type: string) => o.storage.find((s) => s.media_type === type)!;
const reportsToday = (o: CommunityOverview) => o.reports_per_day[o.reports_per_day.length - 1]!.count;

test('the overview counts uploads, storage, reports, the queue and active members exactly, in a constant number of queries', async ({ api }) => {
	const moderator = api('moderator');
	await countHourly(api('admin'));
	const before = await fresh(moderator);
	expect(before.body.uploads_per_day).toHaveLength(30);
	expect(before.body.reports_per_day).toHaveLength(30);
	expect(today(before.body).day).toBe(new Date().toISOString().slice(0, 10));
	expect(before.body.storage.map((s) => s.media_type)).toEqual(['image', 'video', 'audio', 'document']);

	// Two images and a document by member, one of the images reported by member2; then member's document deleted.
	const png = files.uniquePng();
	const pdf = files.pdf();
	const image = await upload(api('member'), { file: png });
	await upload(api('member'), { file: files.uniquePng(), privacy: 'members' });
	const doc = await upload(api('member'), { file: pdf });
	const filed = await api('member2').op('report_media', { params: { id: image.id }, body: { reason: 'spam', details: 'overview' } });
	expect(filed.status, JSON.stringify(filed.body)).toBe(200);

	const after = await fresh(moderator);
	expect(today(after.body).image - today(before.body).image, 'images uploaded today').toBe(2);
	expect(today(after.body).document - today(before.body).document, 'documents uploaded today').toBe(1);
	expect(storageOf(after.body, 'image').items - storageOf(before.body, 'image').items).toBe(2);
	expect(storageOf(after.body, 'document').bytes - storageOf(before.body, 'document').bytes, 'a document\'s bytes').toBe(pdf.buffer.length);
	expect(storageOf(after.body, 'image').bytes - storageOf(before.body, 'image').bytes).toBeGreaterThanOrEqual(png.buffer.length);
	expect(reportsToday(after.body) - reportsToday(before.body), 'reports filed today').toBe(1);
	expect(after.body.queue.reported - before.body.queue.reported, 'an approved item with an open report waits').toBe(1);
	expect(after.body.queue.size).toBe(after.body.queue.pending + after.body.queue.flagged + after.body.queue.reported);
	expect(after.body.queue.oldest_at, 'something waits').not.toBeNull();
	// Active members are counted hourly (MVS_Overview_Hourly_Counts): a new member's upload shows at the next count.
	expect(after.body.active_members, 'the stored count until the next one').toBe(before.body.active_members);
	await countHourly(api('admin'));
	const counted = (await fresh(moderator)).body.active_members;
	expect(counted, 'member uploaded in the last 30 days').toBeGreaterThanOrEqual(1);
	const newcomer = await createMember(api('admin'));
	try {
		await upload(newcomer.api);
		expect((await fresh(moderator)).body.active_members).toBe(counted);
		await countHourly(api('admin'));
		expect((await fresh(moderator)).body.active_members, 'the newcomer, active since the count').toBe(counted + 1);
	} finally {
		await newcomer.api.dispose();
	}
	const counts = after.body.top_tags.map((t) => t.items);
	expect(counts, 'top tags, most first').toEqual([...counts].sort((a, b) => b - a));
	expect(after.queries, 'queries do not follow what the site holds').toBe(before.queries);

	// A deletion takes the item out of its day and its type's storage, in the same write.
	expect((await api('member').op('delete_media', { params: { id: doc.id } })).status).toBe(200);
	const deleted = await fresh(moderator);
	expect(today(deleted.body).document).toBe(today(before.body).document);
	expect(storageOf(deleted.body, 'document')).toEqual(storageOf(before.body, 'document'));

	// Resolve the report this test filed, so the queue is as it found it.
	expect((await moderator.op('approve_media', { params: { id: image.id } })).status).toBe(200);
	expect((await fresh(moderator)).body.queue.reported).toBe(before.body.queue.reported);
});

test('top tags come from the hourly count under their names now: a rename shows at once, new items at the next count', async ({ api }) => {
	const moderator = api('moderator');
	// A tagged upload, so that the count has at least one tag to rank.
	await upload(api('member'), { tags: [uniqueName('overview-tag')] });
	await countHourly(api('admin'));
	const counted = await fresh(moderator);
	const top = counted.body.top_tags[0];
	expect(top, 'a top tag').toBeDefined();
	const renamed = uniqueName('renamed-top-tag');
	expect((await api('admin').op('update_tag', { params: { id: top!.id }, body: { name: renamed } })).status).toBe(200);
	try {
		const now = (await fresh(moderator)).body.top_tags.find((t) => t.id === top!.id);
		expect(now, 'the rename, before the next count').toEqual({ ...top, name: renamed, slug: now!.slug });
		await upload(api('member'), { tags: [renamed] });
		expect((await fresh(moderator)).body.top_tags.find((t) => t.id === top!.id)!.items, 'the stored count until the next one').toBe(top!.items);
		await countHourly(api('admin'));
		expect((await fresh(moderator)).body.top_tags.find((t) => t.id === top!.id)!.items, 'its new item, at the next count').toBe(top!.items + 1);
	} finally {
		expect((await api('admin').op('update_tag', { params: { id: top!.id }, body: { name: top!.name } })).status).toBe(200);
	}
});

test('members and visitors may not read the overview', async ({ api }) => {
	expect((await api('member').op('get_community_overview')).status).toBe(403);
	expect((await api('anonymous').op('get_community_overview')).status).toBe(401);
});

test('the overview is cached for its lifetime: a cached answer repeats the numbers without computing them', async ({ api }) => {
	const moderator = api('moderator');
	const first = await moderator.op('get_community_overview');
	expect(first.status).toBe(200);
	// The cache may hold an answer of an earlier spec: count the upload against a computed answer.
	const base = await fresh(moderator);
	await upload(api('member'));
	const second = await moderator.op('get_community_overview');
	expect(second.body, 'the same answer until the cache expires').toEqual(first.body);
	const computed = await fresh(moderator);
	expect(Number(second.headers['x-mvs-queries']), 'a cached answer reads the transient only').toBeLessThan(computed.queries);
	expect(today(computed.body).image).toBe(today(base.body).image + 1);
});

test('each statement of the overview reads an index range or the day rows, never the whole media table (EXPLAIN)', async ({ api }, testInfo) => {
	const { log } = await fresh(api('moderator'), { mvs_debug_queries: '1' });
	// The overview's statements, and the hourly count of active members it reads.
	const statements = [...(JSON.parse(log ?? '[]') as string[]), ...(await countHourly(api('admin')))].filter(
		(sql) => /^SELECT/i.test(sql) && /mvs_(media|reports|activity)/.test(sql) && !/FROM \S*options/.test(sql),
	);
	expect(statements.length, 'the overview\'s statements').toBeGreaterThanOrEqual(8);
	expect(statements.some((sql) => /COUNT\(DISTINCT user_id\) FROM \S*mvs_activity/.test(sql)), 'the count of active members').toBe(true);
	const plans: { sql: string; plan: Record<string, unknown>[] }[] = [];
	for (const sql of statements) {
		const res = await api('admin').raw('POST', '/wp-json/mvs-test/v1/explain', { json: { sql } });
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		plans.push({ sql, plan: res.body as Record<string, unknown>[] });
	}
	const kept = testInfo.outputPath('overview-explain.json');
	writeFileSync(kept, JSON.stringify(plans, null, 2));
	await testInfo.attach('overview-explain.json', { path: kept, contentType: 'application/json' });
	for (const { sql, plan } of plans) {
		for (const row of plan) {
			const table = String(row.table ?? '');
			// The media table is the one that grows to millions: read by key (MIN per range, or one row by id) only.
			if (/mvs_media$/.test(table) || 'm' === table) {
				expect(row.type, `${sql}\n${JSON.stringify(row)}`).not.toBe('ALL');
			}
		}
	}
});
