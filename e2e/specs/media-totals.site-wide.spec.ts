/**
 * Exact list totals (mvs_media_totals, docs/list-totals.md): after every kind
 * of write that changes what a viewer may see (upload, privacy change,
 * moderation, block, tag set, bulk actions, delete, tag merge and delete,
 * account erasure), `total` and X-WP-Total of GET /media and GET /me/media
 * equal the items actually listed over all pages, for every kind of viewer,
 * with and without media_type and tag filters; a tag's page (read from the
 * per-term listing, mvs_media_term_index) lists the same items as the same
 * filter in popular order (read from term_relationships). The list itself
 * stays two SQL queries. Site-wide: the unfiltered totals count the whole site, so no
 * other spec may write while this one reads them.
 */
import { expect, test, upload, type Api } from '../support/mvs';
import { createMember, type Member } from '../support/community';
import { uniqueName } from '../support/seed';

test.describe.configure({ mode: 'serial' });

type Query = Record<string, string>;

/** Every page of a list: the IDs listed, and the totals each page announced. */
async function listAll(caller: Api, operation: 'list_media' | 'list_my_media', query: Query) {
	const ids = new Set<number>();
	const totals = new Set<string>();
	for (let page = 1; page < 200; page++) {
		const res = await caller.op(operation, { query: { ...query, per_page: 100, page } });
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		const body = res.body as { items: { id: number }[]; total: number };
		totals.add(`${body.total}/${res.headers['x-wp-total']}`);
		for (const item of body.items) ids.add(item.id);
		if (body.items.length < 100) break;
	}
	return { ids, totals: [...totals] };
}

test('totals stay exact through every write, for every viewer and filter', async ({ api }) => {
	test.setTimeout(300_000);
	const admin = api('admin');
	const owner = await createMember(admin);
	const other = await createMember(admin);
	const grouped = await createMember(admin);
	const group = 40_000 + Math.floor(Math.random() * 10_000);
	for (const m of [owner, grouped]) {
		expect((await admin.raw('POST', '/wp-json/mvs-test/v1/user-groups', { json: { user_id: m.id, groups: [group] } })).status).toBe(200);
	}
	const tag = uniqueName('tot');
	const tag2 = uniqueName('tot2');
	const tag3 = uniqueName('tot3');

	const viewers: [string, Api, 'list_media' | 'list_my_media', Query][] = [
		['anonymous', api('anonymous'), 'list_media', {}],
		['member', api('member2'), 'list_media', {}],
		['owner scope=all', owner.api, 'list_media', { scope: 'all' }],
		['owner /me/media', owner.api, 'list_my_media', {}],
		['blocked member', other.api, 'list_media', { scope: 'all' }],
		['group member', grouped.api, 'list_media', {}],
		['moderator scope=all', api('moderator'), 'list_media', { scope: 'all' }],
	];
	const filters: Query[] = [{ tag }, { tag, media_type: 'image' }, { tag, media_type: 'video' }, { tag: tag2 }];
	// Listing every page for every viewer runs past the lists' per-minute limit,
	// and the site-wide specs after this one use the same callers.
	const resetLimits = async () => expect((await admin.raw('POST', '/wp-json/mvs-test/v1/reset-rate-limits')).status).toBe(200);
	// The unfiltered lists span the whole site: listed page by page only while
	// it is small (alone, or early in the run; mariadb.spec grows it to 50,000
	// items). The tag filters prove the same keys' arithmetic on this spec's
	// own items, and the run's end compares every key with a full recount.
	const siteSize = (await api('moderator').op('list_media', { query: { scope: 'all', per_page: 1 } })).body.total as number;
	const whole = siteSize <= 3000;
	const check = async (step: string, unfiltered = false) => {
		const problems: string[] = [];
		for (const [name, caller, operation, base] of viewers) {
			for (const filter of unfiltered && whole ? [{}, { media_type: 'image' }, ...filters] : filters) {
				await resetLimits();
				const { ids, totals } = await listAll(caller, operation, { ...base, ...filter });
				if (totals.length !== 1 || totals[0] !== `${ids.size}/${ids.size}`) {
					problems.push(`${step}: ${name} ${JSON.stringify(filter)} listed ${ids.size}, totals ${totals.join(', ')}`);
				}
				if (!filter.tag) continue;
				// A tag's date-ordered page reads the per-term listing (mvs_media_term_index);
				// popular order still reads term_relationships: both must list the same items.
				const popular = await listAll(caller, operation, { ...base, ...filter, orderby: 'popular' });
				const missing = [...ids].filter((id) => !popular.ids.has(id));
				const extra = [...popular.ids].filter((id) => !ids.has(id));
				if (missing.length || extra.length) {
					problems.push(`${step}: ${name} ${JSON.stringify(filter)} by date lists ${JSON.stringify(extra)} less, ${JSON.stringify(missing)} more than by popularity`);
				}
			}
		}
		await resetLimits();
		expect(problems).toEqual([]);
	};

	// GET /moderation/counts (the site-wide keys): this spec's writes move it by
	// exactly what they did to its own items (no other spec writes meanwhile),
	// and the queued states equal the queue's X-WP-Total (both read the
	// totals' site-wide keys; the run's end-of-run recount checks those keys).
	const moderator = api('moderator');
	const moderationCounts = async () => {
		const res = await moderator.op('get_moderation_counts');
		expect(res.status).toBe(200);
		return res.body as Record<'pending' | 'flagged' | 'approved' | 'rejected', number>;
	};
	const base = await moderationCounts();
	const sum = (c: Record<'pending' | 'flagged' | 'approved' | 'rejected', number>) => c.pending + c.flagged + c.approved + c.rejected;
	/** approved and rejected: their changes since the start; all: the change of every state together. */
	const states = async (step: string, expected: { approved: number; rejected: number } | { all: number }) => {
		const now = await moderationCounts();
		const queued = async (state: string) =>
			Number((await moderator.op('list_moderation_queue', { query: { state, per_page: 1 } as never })).headers['x-wp-total']);
		const changed = 'all' in expected ? { all: sum(now) - sum(base) } : { approved: now.approved - base.approved, rejected: now.rejected - base.rejected };
		expect({ pending: now.pending, flagged: now.flagged, ...changed }, `moderation counts after ${step}`).toEqual({
			pending: await queued('pending'),
			flagged: await queued('flagged'),
			...expected,
		});
	};

	await check('before', true);
	await states('before', { approved: 0, rejected: 0 });
	const up = async (member: Member, privacy: string, tags: string[], extra: Record<string, number> = {}) =>
		(await upload(member.api, { privacy: privacy as 'public', tags, ...extra })).id;
	const items = {
		public: await up(owner, 'public', [tag]),
		members: await up(owner, 'members', [tag]),
		private: await up(owner, 'private', [tag]),
		group: await up(owner, 'group', [tag, tag2], { group_id: group }),
		other: await up(other, 'public', [tag]),
		otherMembers: await up(other, 'members', [tag, tag3]),
		plain: await up(owner, 'public', []),
	};
	await check('uploads');
	await states('uploads', { approved: 7, rejected: 0 });

	expect((await owner.api.op('update_media', { params: { id: items.private }, body: { privacy: 'public' } })).status).toBe(200);
	expect((await owner.api.op('update_media', { params: { id: items.members }, body: { privacy: 'group', group_id: group } })).status).toBe(200);
	await check('privacy changes');
	await states('privacy changes', { approved: 7, rejected: 0 });

	expect((await api('moderator').op('reject_media', { params: { id: items.public } })).status).toBe(200);
	expect((await api('moderator').op('reject_media', { params: { id: items.other } })).status).toBe(200);
	expect((await api('moderator').op('approve_media', { params: { id: items.other } })).status).toBe(200);
	await check('moderation');
	await states('moderation', { approved: 6, rejected: 1 });

	expect((await other.api.op('block_user', { params: { id: owner.id } })).status).toBe(200);
	await check('block');

	expect((await owner.api.op('update_media', { params: { id: items.plain }, body: { tags: [tag, tag2] } })).status).toBe(200);
	expect((await owner.api.op('update_media', { params: { id: items.group }, body: { tags: [tag2] } })).status).toBe(200);
	await check('tag changes');
	await states('tag changes', { approved: 6, rejected: 1 });

	expect((await owner.api.op('bulk_media', { body: { action: 'change_privacy', privacy: 'members', media_ids: [items.private, items.plain] } })).status).toBe(200);
	expect((await owner.api.op('bulk_media', { body: { action: 'delete', media_ids: [items.private] } })).status).toBe(200);
	expect((await owner.api.op('delete_media', { params: { id: items.plain } })).status).toBe(200);
	await check('bulk and delete');
	await states('bulk and delete', { approved: 4, rejected: 1 });

	const tagId = async (name: string) => ((await api('moderator').op('list_tags', { query: { search: name } })).body as { id: number; name: string }[]).find((t) => t.name === name)!.id;
	expect((await api('moderator').op('merge_tags', { body: { source_id: await tagId(tag3), target_id: await tagId(tag2) } })).status).toBe(200);
	await check('tag merge');
	expect((await admin.op('delete_tag', { params: { id: await tagId(tag2) } })).status).toBe(200);
	await check('tag delete');
	await states('tag merge and delete', { approved: 4, rejected: 1 });

	expect((await other.api.op('unblock_user', { params: { id: owner.id } })).status).toBe(200);
	// Grown tables (mariadb.spec) give their rows random authors, this member among them:
	// the erasure removes every item of theirs, counted here on the author filter (rows, not keys).
	const otherItems = (await moderator.op('list_media', { query: { author: other.id, scope: 'all', per_page: 1 } })).body.total as number;
	const before = sum(await moderationCounts());
	const erased = await admin.raw('DELETE', `/wp-json/wp/v2/users/${other.id}`, { query: { force: 'true', reassign: 'false' } });
	expect(erased.status, JSON.stringify(erased.body)).toBe(200);
	viewers.splice(viewers.findIndex(([name]) => name === 'blocked member'), 1);
	await check('account erasure', true);
	await states('account erasure', { all: before - sum(base) - otherItems });

	const drift = await admin.raw('GET', '/wp-json/mvs-test/v1/media-totals');
	expect(drift.body).toEqual({ ready: true, drift: [] });
});

test('a rebuild from scratch, in batches, gives the same totals', async ({ api }) => {
	const admin = api('admin');
	const before = await api('member').op('list_media', { query: { scope: 'all' } });
	const rebuilt = await admin.raw('POST', '/wp-json/mvs-test/v1/media-totals');
	expect(rebuilt.status, JSON.stringify(rebuilt.body)).toBe(200);
	expect(rebuilt.body.drift).toEqual([]);
	const after = await api('member').op('list_media', { query: { scope: 'all' } });
	expect(after.body.total).toBe(before.body.total);
});
