/**
 * Tags (mvs_tag terms): create, list, rename, delete, merge, and a cloud
 * whose counts never include media the caller cannot see.
 */
import { expect, test, upload, type Api } from '../support/mvs';
import { createMember } from '../support/community';
import { createTag, uniqueName, uploadImage } from '../support/seed';

test.describe.configure({ mode: 'parallel' });

type Tag = { id: number; name: string; slug: string; count: number };

async function tagged(api: Api, tags: string[], privacy = 'public'): Promise<number> {
	return uploadImage(api, { tags: tags.join(','), privacy });
}

async function idsWithTag(api: Api, slug: string): Promise<number[]> {
	const res = await api.op('list_media', { query: { tag: slug, per_page: 100, scope: 'all' } });
	expect(res.status).toBe(200);
	return res.body.items.map((i) => i.id).sort((a, b) => a - b);
}

async function findTag(api: Api, name: string): Promise<Tag | undefined> {
	const res = await api.op('list_tags', { query: { search: name, per_page: 100 } });
	expect(res.status).toBe(200);
	return (res.body as unknown as Tag[]).find((t) => t.name === name);
}

test('POST /tags creates a tag (201); a taken name is 409 mvs_term_exists with its id; subscribers get 403', async ({ api }) => {
	const name = uniqueName('Sunset');
	const res = await api('member').op('create_tag', { body: { name } });
	expect(res.status, JSON.stringify(res.body)).toBe(201);
	const tag = res.body as unknown as Tag;
	expect(tag).toEqual({ id: expect.any(Number), name, slug: name.toLowerCase(), count: 0 });
	const again = await api('member2').op('create_tag', { body: { name } });
	expect(again.status).toBe(409);
	expect(again.body.code).toBe('mvs_term_exists');
	expect((again.body.data as unknown as { term_id: number }).term_id).toBe(tag.id);
	const slugged = await api('member').op('create_tag', { body: { name: uniqueName('Other'), slug: `${name.toLowerCase()}-x` } });
	expect(slugged.status).toBe(201);
	expect((slugged.body as unknown as Tag).slug).toBe(`${name.toLowerCase()}-x`);
	expect((await api('subscriber').op('create_tag', { body: { name: uniqueName('no') } })).status).toBe(403);
	expect((await api('anonymous').op('create_tag', { body: { name: uniqueName('no') } })).status).toBe(401);
	const empty = await api('member').op('create_tag', { body: { name: '' } });
	expect(empty.status).toBe(400);
	expect(empty.body.code).toBe('rest_invalid_param');
});

test('tag names: at most 200 characters as stored is a clear 400; a clash is 409 naming the name or the slug, with the tag\'s id', async ({ api }) => {
	const member = api('member');
	const long = await member.op('create_tag', { body: { name: 'x'.repeat(300) } });
	expect(long.status).toBe(400);
	expect(long.body.code).toBe('rest_invalid_param');
	expect(JSON.stringify(long.body.data)).toContain('200');
	// & is stored as &amp;: 150 of them as sent are 750 characters in the column.
	const escaped = await member.op('create_tag', { body: { name: `${uniqueName('a')}${'&'.repeat(150)}` } });
	expect(escaped.status, JSON.stringify(escaped.body)).toBe(400);
	expect(escaped.body).toMatchObject({ code: 'mvs_invalid_param', data: { params: ['name'] } });
	expect(escaped.body.message).toContain('200');
	const name = uniqueName('Clash').slice(0, 190);
	const full = `${name}${'y'.repeat(200 - name.length)}`;
	const created = await member.op('create_tag', { body: { name: full } });
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	const tag = created.body as unknown as Tag;
	const byName = await member.op('create_tag', { body: { name: full, slug: uniqueName('other-slug').toLowerCase() } });
	expect(byName.status).toBe(409);
	expect(byName.body).toMatchObject({ code: 'mvs_term_exists', message: 'A tag with this name already exists.', data: { term_id: tag.id, field: 'name' } });
	const bySlug = await member.op('create_tag', { body: { name: uniqueName('Different'), slug: tag.slug } });
	expect(bySlug.status).toBe(409);
	expect(bySlug.body).toMatchObject({ code: 'mvs_term_exists', message: 'A tag with this slug already exists.', data: { term_id: tag.id, field: 'slug' } });
	// Renaming has the same limits.
	const other = await createTag(member, uniqueName('rename'));
	expect((await api('admin').op('update_tag', { params: { id: other }, body: { name: 'z'.repeat(201) } })).body.code).toBe('rest_invalid_param');
	const renamedLong = await api('admin').op('update_tag', { params: { id: other }, body: { name: '<'.repeat(60) } });
	expect([renamedLong.status, renamedLong.body.code]).toEqual([400, 'mvs_invalid_param']);
	const renamedClash = await api('admin').op('update_tag', { params: { id: other }, body: { name: full } });
	expect(renamedClash.body).toMatchObject({ code: 'mvs_term_exists', data: { term_id: tag.id, field: 'name' } });
});

test('GET /tags searches, pages with X-WP-Total, and sorts by name or count', async ({ api }) => {
	const prefix = uniqueName('list');
	const [a, b, c] = [`${prefix}-a`, `${prefix}-b`, `${prefix}-c`];
	for (const name of [a, b, c]) await createTag(api('member'), name);
	await tagged(api('member'), [c, b]);
	await tagged(api('member'), [c]);
	// Moderators see every tag, unused ones too (they merge and tidy them).
	const byName = await api('moderator').op('list_tags', { query: { search: prefix, per_page: 2 } });
	expect(byName.status).toBe(200);
	expect(byName.headers['x-wp-total']).toBe('3');
	expect(byName.headers['x-wp-totalpages']).toBe('2');
	expect((byName.body as unknown as Tag[]).map((t) => t.name)).toEqual([a, b]);
	const byCount = await api('moderator').op('list_tags', { query: { search: prefix, orderby: 'count' } });
	expect((byCount.body as unknown as Tag[]).map((t) => [t.name, t.count])).toEqual([[c, 2], [b, 1], [a, 0]]);
	// Everyone else sees the tags of items they may see: the unused one is absent.
	const anonymous = await api('anonymous').op('list_tags', { query: { search: prefix, orderby: 'count', per_page: 1 } });
	expect(anonymous.headers['x-wp-total']).toBe('2');
	expect((anonymous.body as unknown as Tag[]).map((t) => [t.name, t.count])).toEqual([[c, 2]]);
	const bad = await api('anonymous').op('list_tags', { query: { orderby: 'date' } as never });
	expect(bad.status).toBe(400);
	expect(bad.body.code).toBe('rest_invalid_param');
});

test('GET /tags lists only tags on items the caller may see: a private item\'s tag names stay private, and X-WP-Total agrees', async ({ api }) => {
	const secret = uniqueName('secret');
	const both = uniqueName('both');
	await tagged(api('member'), [secret, both], 'private');
	await tagged(api('member'), [both], 'public');
	const listed = async (role: string, search: string) => {
		const res = await api(role as never).op('list_tags', { query: { search, per_page: 100 } });
		expect(res.status).toBe(200);
		return { names: (res.body as unknown as Tag[]).map((t) => t.name), total: res.headers['x-wp-total'] };
	};
	for (const role of ['anonymous', 'subscriber', 'member2']) {
		expect(await listed(role, secret), role).toEqual({ names: [], total: '0' });
		expect(await listed(role, both), role).toEqual({ names: [both], total: '1' });
	}
	// The owner sees the tags of their own items; moderators see every tag.
	expect(await listed('member', secret)).toEqual({ names: [secret], total: '1' });
	expect(await listed('moderator', secret)).toEqual({ names: [secret], total: '1' });
});

test('GET /tags/cloud counts only media the caller may see; tags used only on hidden media are absent', async ({ api }) => {
	const shared = uniqueName('cloud');
	const hidden = uniqueName('hidden');
	await tagged(api('member'), [shared], 'public');
	await tagged(api('member'), [shared, hidden], 'private');
	const cloudOf = async (role: string) => {
		const res = await api(role as never).op('get_tag_cloud', { query: { limit: 200 } });
		expect(res.status).toBe(200);
		return res.body as unknown as Tag[];
	};
	const anon = await cloudOf('anonymous');
	expect(anon.find((t) => t.name === shared)?.count, 'anonymous').toBe(1);
	expect(anon.find((t) => t.name === hidden), 'anonymous sees no hidden-only tag').toBeUndefined();
	const member2 = await cloudOf('member2');
	expect(member2.find((t) => t.name === shared)?.count).toBe(1);
	expect(member2.find((t) => t.name === hidden)).toBeUndefined();
	const owner = await cloudOf('member');
	expect(owner.find((t) => t.name === shared)?.count).toBe(2);
	expect(owner.find((t) => t.name === hidden)?.count).toBe(1);
	const moderator = await cloudOf('moderator');
	expect(moderator.find((t) => t.name === shared)?.count).toBe(2);
	// The list's count follows the same rule.
	expect((await findTag(api('anonymous'), shared))?.count).toBe(1);
	expect((await findTag(api('member'), shared))?.count).toBe(2);
	// Sorted by count, most used first; limit is 1..200, default 50.
	const sorted = anon.map((t) => t.count);
	expect(sorted).toEqual([...sorted].sort((x, y) => y - x));
	const one = await api('anonymous').op('get_tag_cloud', { query: { limit: 1 } });
	expect((one.body as unknown as Tag[]).length).toBe(1);
	const dflt = await api('anonymous').op('get_tag_cloud');
	expect((dflt.body as unknown as Tag[]).length).toBeLessThanOrEqual(50);
	for (const limit of [0, 201]) {
		const bad = await api('anonymous').op('get_tag_cloud', { query: { limit } });
		expect(bad.status, `limit ${limit}`).toBe(400);
		expect(bad.body.code).toBe('rest_invalid_param');
	}
});

test('every tag count equals a recount of the items the caller may see: anonymous, member, owner, blocked member, group member, moderator', async ({ api }) => {
	const admin = api('admin');
	const [owner, other, blocker, grouped] = [await createMember(admin), await createMember(admin), await createMember(admin), await createMember(admin)];
	const group = 50_000 + Math.floor(Math.random() * 10_000);
	for (const m of [owner, grouped]) {
		expect((await admin.raw('POST', '/wp-json/mvs-test/v1/user-groups', { json: { user_id: m.id, groups: [group] } })).status).toBe(200);
	}
	const prefix = uniqueName('recount');
	const [tag, secret] = [`${prefix}-tag`, `${prefix}-secret`];
	const up = async (api: Api, privacy: string, tags: string[], extra: Record<string, number> = {}) =>
		(await upload(api, { privacy: privacy as 'public', tags, ...extra })).id;
	await up(owner.api, 'public', [tag]);
	const rejected = await up(owner.api, 'public', [tag]);
	await up(owner.api, 'members', [tag]);
	await up(owner.api, 'private', [tag, secret]);
	await up(owner.api, 'group', [tag], { group_id: group });
	await up(other.api, 'public', [tag]);
	await up(other.api, 'members', [tag]);
	expect((await api('moderator').op('reject_media', { params: { id: rejected } })).status).toBe(200);
	expect((await blocker.api.op('block_user', { params: { id: owner.id } })).status).toBe(200);

	/** The items carrying a tag that the caller may see, listed (the list's rows, not a stored count). */
	const recount = async (caller: Api, slug: string) => {
		const res = await caller.op('list_media', { query: { tag: slug, scope: 'all', per_page: 100 } });
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		return res.body.items.length;
	};
	const viewers: [string, Api, number, number][] = [
		// name, caller, visible items with `tag`, with `secret`
		['anonymous', api('anonymous'), 2, 0],
		['member', api('member2'), 4, 0],
		['owner', owner.api, 7, 1],
		['blocked member', blocker.api, 2, 0],
		['group member', grouped.api, 5, 0],
		['moderator', api('moderator'), 7, 1],
	];
	const problems: string[] = [];
	for (const [name, caller, expected, expectedSecret] of viewers) {
		const slug = tag.toLowerCase();
		const counted = await recount(caller, slug);
		const byName = (await caller.op('list_tags', { query: { search: prefix, per_page: 100 } })).body as unknown as Tag[];
		const byCount = (await caller.op('list_tags', { query: { search: prefix, per_page: 100, orderby: 'count' } })).body as unknown as Tag[];
		const cloud = (await caller.op('get_tag_cloud', { query: { limit: 200 } })).body as unknown as Tag[];
		const seen = {
			recount: counted,
			byName: byName.find((t) => t.name === tag)?.count,
			byCount: byCount.find((t) => t.name === tag)?.count,
			cloud: cloud.find((t) => t.name === tag)?.count,
			secret: byName.find((t) => t.name === secret)?.count,
			secretCloud: cloud.find((t) => t.name === secret)?.count,
		};
		const want = {
			recount: expected,
			byName: expected,
			byCount: expected,
			cloud: expected,
			// A tag on hidden items only is absent, not listed with 0.
			secret: expectedSecret ? await recount(caller, secret.toLowerCase()) : undefined,
			secretCloud: expectedSecret || undefined,
		};
		if (JSON.stringify(seen) !== JSON.stringify(want)) problems.push(`${name}: ${JSON.stringify(seen)} expected ${JSON.stringify(want)}`);
	}
	expect(problems).toEqual([]);
});

test('PUT /tags/{id} renames (admin only), keeping the slug; clashes are 409; unknown ids 404', async ({ api }) => {
	const name = uniqueName('old');
	const id = await createTag(api('member'), name);
	const slug = name.toLowerCase();
	const newName = uniqueName('New name');
	expect((await api('moderator').op('update_tag', { params: { id }, body: { name: newName } })).status).toBe(403);
	const res = await api('admin').op('update_tag', { params: { id }, body: { name: newName } });
	expect(res.status).toBe(200);
	expect(res.body).toMatchObject({ id, name: newName, slug });
	const taken = uniqueName('taken');
	await createTag(api('member'), taken);
	const clash = await api('admin').op('update_tag', { params: { id }, body: { name: taken } });
	expect(clash.status).toBe(409);
	expect(clash.body.code).toBe('mvs_term_exists');
	const missing = await api('admin').op('update_tag', { params: { id: 999999999 }, body: { name: 'x' } });
	expect(missing.status).toBe(404);
	expect(missing.body.code).toBe('mvs_not_found');
});

test('DELETE /tags/{id} removes the tag from its media and keeps the media; a repeat answers deleted: false', async ({ api }) => {
	const name = uniqueName('gone');
	const item = await tagged(api('member'), [name]);
	const tag = (await findTag(api('member'), name))!;
	expect(await idsWithTag(api('member'), tag.slug)).toEqual([item]);
	expect((await api('moderator').op('delete_tag', { params: { id: tag.id } })).status).toBe(403);
	const res = await api('admin').op('delete_tag', { params: { id: tag.id } });
	expect(res.status).toBe(200);
	expect(res.body).toEqual({ deleted: true, id: tag.id });
	expect(await findTag(api('member'), name)).toBeUndefined();
	expect(await idsWithTag(api('member'), tag.slug)).toEqual([]);
	expect((await api('member').op('get_media', { params: { id: item } })).status).toBe(200);
	const again = await api('admin').op('delete_tag', { params: { id: tag.id } });
	expect([again.status, again.body], 'a repeated DELETE (docs/api-conventions.md, "Retry-safe writes")').toEqual([200, { deleted: false, id: tag.id }]);
});

test('POST /tags/merge re-tags the source\'s media with the target and deletes the source', async ({ api }) => {
	const source = uniqueName('src');
	const target = uniqueName('dst');
	const onlySource = await tagged(api('member'), [source]);
	const both = await tagged(api('member'), [source, target]);
	const onlyTarget = await tagged(api('member2'), [target]);
	const s = (await findTag(api('member'), source))!;
	const t = (await findTag(api('member'), target))!;
	expect((await api('member').op('merge_tags', { body: { source_id: s.id, target_id: t.id } })).status).toBe(403);
	const self = await api('moderator').op('merge_tags', { body: { source_id: s.id, target_id: s.id } });
	expect(self.status).toBe(400);
	expect(self.body.code).toBe('mvs_invalid_param');
	const missing = await api('moderator').op('merge_tags', { body: { source_id: s.id, target_id: 999999999 } });
	expect(missing.status).toBe(404);
	expect(missing.body.code).toBe('mvs_not_found');

	const res = await api('moderator').op('merge_tags', { body: { source_id: s.id, target_id: t.id } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	expect(res.body).toMatchObject({ merged: true, source_id: s.id, target: { id: t.id, name: target, count: 3 } });
	expect(await findTag(api('member'), source)).toBeUndefined();
	expect(await idsWithTag(api('member'), s.slug)).toEqual([]);
	expect(await idsWithTag(api('anonymous'), t.slug)).toEqual([onlySource, both, onlyTarget].sort((a, b) => a - b));
	// The item that had both tags carries the target once.
	expect((await findTag(api('anonymous'), target))?.count).toBe(3);
});

test('the tag list and the cloud cost the same number of queries whatever their size', async ({ api }) => {
	const prefix = uniqueName('budget');
	for (const suffix of ['a', 'b', 'c']) await tagged(api('member'), [`${prefix}-${suffix}`]);
	for (const role of ['anonymous', 'member2', 'moderator'] as const) {
		for (const orderby of ['name', 'count'] as const) {
			const list: number[] = [];
			for (const perPage of [1, 3, 100]) {
				const res = await api(role).op('list_tags', { query: { search: prefix, per_page: perPage, orderby } });
				expect((res.body as unknown as Tag[]).length).toBe(Math.min(perPage, 3));
				list.push(Number(res.headers['x-mvs-queries']));
			}
			// The page and the total.
			expect(list, `${role} list_tags orderby=${orderby} per_page 1/3/100`).toEqual([2, 2, 2]);
		}
		const cloud: number[] = [];
		for (const limit of [1, 3, 200]) {
			const res = await api(role).op('get_tag_cloud', { query: { limit } });
			expect((res.body as unknown as Tag[]).length).toBeLessThanOrEqual(limit);
			cloud.push(Number(res.headers['x-mvs-queries']));
		}
		expect(cloud, `${role} cloud limit 1/3/200`).toEqual([1, 1, 1]);
	}
});
