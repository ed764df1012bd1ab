/**
 * Collections: manual ones filled through POST /media/{id}/favorite with
 * collection_id, smart ones resolved from rules in SQL for each caller
 * (both rule shapes stored as one representation; unknown fields and values
 * are a 400); a private collection is a 404 to others; lists page at a
 * constant query count.
 */
import { freshUser, type FreshUser } from '../support/moderation';
import { expect, test, type Api } from '../support/mvs';
import { createCollection, uniqueName, uploadImage } from '../support/seed';

test.describe.configure({ mode: 'parallel' });

type Collection = {
	id: number;
	title: string;
	type: 'manual' | 'smart';
	privacy: string;
	author_id: number;
	rules: { field: string; value: string }[];
	item_count: number;
	can_edit: boolean;
	items: { id: number; is_favorited: boolean }[];
	page: number;
	pages: number;
	code?: string;
};

async function getCollection(api: Api, id: number, query: Record<string, number> = {}) {
	const res = await api.op('get_collection', { params: { id }, query });
	return { status: res.status, body: res.body as unknown as Collection, queries: Number(res.headers['x-mvs-queries']) };
}

async function create(api: Api, body: Record<string, unknown>) {
	const res = await api.op('create_collection', { body: { title: uniqueName('c'), ...body } as never });
	return { status: res.status, body: res.body as unknown as Collection & { data?: { params?: string[] } }, location: res.headers['location'] };
}

async function withMembers<T>(api: (role: 'admin') => Api, n: number, body: (members: FreshUser[]) => Promise<T>): Promise<T> {
	const members = await Promise.all(Array.from({ length: n }, () => freshUser(api('admin'))));
	try {
		return await body(members);
	} finally {
		await Promise.all(members.map((m) => m.api.dispose()));
	}
}

test('a manual collection is filled by favoriting with collection_id and emptied by unfavoriting; GET /me/favorites filters by it; item_count counts visible items', async ({ api }) => {
	await withMembers(api, 1, async ([owner]) => {
		const made = await create(owner!.api, { privacy: 'public' });
		expect(made.status, JSON.stringify(made.body)).toBe(201);
		expect(made.location).toMatch(new RegExp(`/mvs/v1/collections/${made.body.id}$`));
		expect(made.body).toMatchObject({ type: 'manual', privacy: 'public', author_id: owner!.id, rules: [], item_count: 0, items: [], can_edit: true });
		const id = made.body.id;
		const [a, b, c] = [await uploadImage(api('member')), await uploadImage(api('member')), await uploadImage(api('member'))];
		for (const media of [a, b]) {
			const fav = await owner!.api.op('add_media_favorite', { params: { id: media }, body: { collection_id: id } });
			expect(fav.body).toEqual({ media_id: media, is_favorited: true, collection_id: id });
		}
		await owner!.api.op('add_media_favorite', { params: { id: c } });

		const seen = await getCollection(api('anonymous'), id);
		expect(seen.body.items.map((i) => i.id), 'in the order they were added').toEqual([a, b]);
		expect(seen.body).toMatchObject({ item_count: 2, page: 1, pages: 1, can_edit: false });
		expect((await getCollection(owner!.api, id)).body.items.every((i) => i.is_favorited)).toBe(true);
		const filtered = await owner!.api.op('list_my_favorites', { query: { collection_id: id } });
		expect(filtered.body.items.map((i) => i.id).sort()).toEqual([a, b].sort());
		expect((await owner!.api.op('list_my_favorites', {})).body.total).toBe(3);

		// An item that goes private drops out of the collection and its count for others.
		expect((await api('member').op('update_media', { params: { id: a }, body: { privacy: 'private' } })).status).toBe(200);
		expect((await getCollection(api('anonymous'), id)).body).toMatchObject({ item_count: 1, items: [{ id: b }] });
		const listed = await owner!.api.op('list_collections', {});
		expect(listed.status).toBe(200);
		expect(listed.headers['x-wp-total']).toBe('1');
		expect(listed.body as unknown).toEqual([expect.objectContaining({ id, item_count: 1 })]);

		// Unfavoriting is the way out of a manual collection (the contract has no item route).
		expect((await api('member').op('update_media', { params: { id: a }, body: { privacy: 'public' } })).status).toBe(200);
		expect((await owner!.api.op('remove_media_favorite', { params: { id: b } })).status).toBe(200);
		expect((await getCollection(owner!.api, id)).body).toMatchObject({ item_count: 1, items: [{ id: a }] });
		expect((await owner!.api.op('list_my_favorites', { query: { collection_id: id } })).body.items.map((i) => i.id)).toEqual([a]);
	});
});

test("collection_id must be one of the caller's manual collections: another member's or a smart one is 400", async ({ api }) => {
	const media = await uploadImage(api('member'));
	const theirs = await createCollection(api('member'));
	const smart = (await create(api('member2'), { type: 'smart', rules: { media_type: 'image' } })).body.id;
	for (const collectionId of [theirs, smart]) {
		const res = await api('member2').op('add_media_favorite', { params: { id: media }, body: { collection_id: collectionId } });
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('mvs_invalid_param');
	}
	expect((await getCollection(api('member'), theirs)).body.item_count).toBe(0);
});

test('privacy: a private collection is 404 to everyone but its owner and moderators; members-only is 404 to visitors', async ({ api }) => {
	const secret = (await create(api('member'), { privacy: 'private' })).body.id;
	const members = (await create(api('member'), { privacy: 'members' })).body.id;
	const expected: [Parameters<typeof api>[0], number, number][] = [
		['anonymous', 404, 404],
		['member2', 404, 200],
		['member', 200, 200],
		['moderator', 200, 200],
	];
	for (const [role, secretStatus, membersStatus] of expected) {
		const res = await getCollection(api(role), secret);
		expect(res.status, `${role} private`).toBe(secretStatus);
		if (secretStatus === 404) expect(res.body.code).toBe('mvs_not_found');
		expect((await getCollection(api(role), members)).status, `${role} members`).toBe(membersStatus);
	}
	expect((await getCollection(api('member'), 999999999)).status).toBe(404);
});

test('smart rules: the object shape and the {field, value} array store one representation; items resolve per caller in SQL', async ({ api, fixtures }) => {
	await withMembers(api, 2, async ([owner, blocker]) => {
		const tag = uniqueName('smart').toLowerCase();
		const other = `${tag}-other`;
		const both = await uploadImage(owner!.api, { tags: `${tag},${other}` });
		const onlyOne = await uploadImage(owner!.api, { tags: tag });
		const hidden = await uploadImage(owner!.api, { tags: `${tag},${other}`, privacy: 'private' });
		const others = await uploadImage(api('member'), { tags: `${tag},${other}` });

		const made = await create(owner!.api, { type: 'smart', rules: { tags: [tag, other], media_type: 'image' } });
		expect(made.status, JSON.stringify(made.body)).toBe(201);
		const normalised = [
			{ field: 'media_type', value: 'image' },
			{ field: 'tag', value: tag },
			{ field: 'tag', value: other },
		].sort((x, y) => `${x.field}\n${x.value}`.localeCompare(`${y.field}\n${y.value}`));
		expect(made.body.rules).toEqual(normalised);
		// Every rule narrows (AND): items with both tags; the owner also sees their private one.
		expect(made.body.items.map((i) => i.id)).toEqual([others, hidden, both]);
		const id = made.body.id;
		const visitor = await getCollection(api('anonymous'), id);
		expect(visitor.body.items.map((i) => i.id)).toEqual([others, both]);
		expect(visitor.body.item_count).toBe(2);
		// A member who blocked the item's author no longer sees that item in anyone's collection.
		expect((await blocker!.api.op('block_user', { params: { id: fixtures.users.member.id } })).status).toBe(200);
		expect((await getCollection(blocker!.api, id)).body.items.map((i) => i.id)).toEqual([both]);

		const same = await owner!.api.op('set_collection_rules', { params: { id }, body: { rules: [...normalised].reverse() } });
		expect(same.status, JSON.stringify(same.body)).toBe(200);
		expect((same.body as unknown as Collection).rules).toEqual(normalised);
		const narrowed = await owner!.api.op('set_collection_rules', { params: { id }, body: { rules: [{ field: 'tag', value: tag }, { field: 'author', value: String(owner!.id) }] } });
		expect((narrowed.body as unknown as Collection).items.map((i) => i.id)).toEqual([hidden, onlyOne, both]);
		const paged = await getCollection(owner!.api, id, { per_page: 2, page: 2 });
		expect(paged.body).toMatchObject({ item_count: 3, page: 2, pages: 2, items: [{ id: both }] });
	});
});

test('a smart collection holds its newest items up to the cap: item_count, pages and pages past the cap agree', async ({ api }) => {
	await withMembers(api, 1, async ([owner]) => {
		const tag = uniqueName('capped').toLowerCase();
		const ids: number[] = [];
		for (let i = 0; i < 5; i++) ids.push(await uploadImage(owner!.api, { tags: tag }));
		const newest = [...ids].reverse();
		const id = (await create(owner!.api, { type: 'smart', rules: { tags: [tag] } })).body.id;
		// Under the cap (1,000): every item, counted exactly.
		expect((await getCollection(owner!.api, id)).body).toMatchObject({ item_count: 5, pages: 1 });
		// The harness lowers the cap to 3: the three newest, for the owner and a visitor alike.
		for (const caller of [owner!.api, api('anonymous')]) {
			const capped = caller.withHeaders({ 'X-MVS-Test-Smart-Max': '3' });
			const first = await getCollection(capped, id, { per_page: 2 });
			expect(first.body).toMatchObject({ item_count: 3, pages: 2 });
			expect(first.body.items.map((i) => i.id)).toEqual(newest.slice(0, 2));
			expect((await getCollection(capped, id, { per_page: 2, page: 2 })).body.items.map((i) => i.id)).toEqual(newest.slice(2, 3));
			const past = await getCollection(capped, id, { per_page: 2, page: 3 });
			expect(past.status).toBe(200);
			expect(past.body).toMatchObject({ item_count: 3, items: [] });
		}
		// GET /collections counts the same way.
		const listed = await owner!.api.withHeaders({ 'X-MVS-Test-Smart-Max': '3' }).op('list_collections', {});
		expect((listed.body as unknown as Collection[]).find((c) => c.id === id)?.item_count).toBe(3);
	});
});

test('bad rules are a 400 and change nothing: unknown field, unknown value, repeated single field, rules on a manual collection', async ({ api }) => {
	const smart = (await create(api('member'), { type: 'smart', rules: { media_type: 'video' } })).body.id;
	const badObjects = [{ colour: 'red' }, { media_type: 'hologram' }, { category: 'no-such-category-x' }, { author: '999999999' }, { date_after: '2024-13-01' }, { tags: ['Not A Slug'] }];
	for (const rules of badObjects) {
		const res = await create(api('member'), { type: 'smart', rules });
		expect(res.status, JSON.stringify(rules)).toBe(400);
		expect(res.body.code).toBe('mvs_invalid_param');
		expect(res.body.data?.params).toEqual(['rules']);
	}
	expect((await create(api('member'), { type: 'manual', rules: { media_type: 'image' } })).status).toBe(400);
	const badArrays = [
		[{ field: 'colour', value: 'red' }],
		[{ field: 'media_type', value: 'image' }, { field: 'media_type', value: 'video' }],
		[{ field: 'date_before', value: 'yesterday' }],
	];
	for (const rules of badArrays) {
		const res = await api('member').op('set_collection_rules', { params: { id: smart }, body: { rules } });
		expect(res.status, JSON.stringify(rules)).toBe(400);
		expect(res.body.code).toBe('mvs_invalid_param');
	}
	const malformed = await api('member').send({ method: 'PUT', path: `/mvs/v1/collections/${smart}/rules`, query: {}, json: { rules: [{ field: 'tag' }] } });
	expect(malformed.status).toBe(400);
	expect((await getCollection(api('member'), smart)).body.rules).toEqual([{ field: 'media_type', value: 'video' }]);
	const manual = await createCollection(api('member'));
	const onManual = await api('member').op('set_collection_rules', { params: { id: manual }, body: { rules: [{ field: 'media_type', value: 'image' }] } });
	expect(onManual.status).toBe(400);
	const badPrivacy = await create(api('member'), { privacy: 'group' });
	expect(badPrivacy.status).toBe(400);
	expect((await create(api('member'), { title: '' })).status).toBe(400);
	expect((await create(api('member'), { type: 'folder' })).status).toBe(400);
});

test('PUT edits title and privacy; switching type clears the rules; only the owner edits or deletes', async ({ api }) => {
	const made = await create(api('member'), { type: 'smart', rules: { media_type: 'image' } });
	const id = made.body.id;
	const edited = await api('member').op('update_collection', { params: { id }, body: { title: 'Renamed', privacy: 'private' } });
	expect(edited.status, JSON.stringify(edited.body)).toBe(200);
	expect(edited.body).toMatchObject({ title: 'Renamed', privacy: 'private', type: 'smart', rules: [{ field: 'media_type', value: 'image' }] });
	const switched = await api('member').op('update_collection', { params: { id }, body: { type: 'manual' } });
	expect(switched.body).toMatchObject({ type: 'manual', rules: [], item_count: 0 });
	for (const role of ['member2', 'moderator'] as const) {
		expect((await api(role).op('update_collection', { params: { id }, body: { title: 'x' } })).status, role).toBeGreaterThanOrEqual(403);
		expect((await api(role).op('delete_collection', { params: { id } })).status, role).toBeGreaterThanOrEqual(403);
	}
	expect((await api('anonymous').op('list_collections', {})).status).toBe(401);
	expect((await api('anonymous').op('create_collection', { body: { title: 'x' } })).status).toBe(401);
});

test('DELETE removes the collection only: its items and the favorites filed under it stay', async ({ api }) => {
	await withMembers(api, 1, async ([owner]) => {
		const id = (await create(owner!.api, {})).body.id;
		const media = await uploadImage(api('member'));
		await owner!.api.op('add_media_favorite', { params: { id: media }, body: { collection_id: id } });
		const deleted = await owner!.api.op('delete_collection', { params: { id } });
		expect(deleted.status).toBe(200);
		expect(deleted.body).toEqual({ deleted: true, id });
		expect((await getCollection(owner!.api, id)).status).toBe(404);
		expect((await owner!.api.op('delete_collection', { params: { id } })).body, 'a repeated DELETE').toEqual({ deleted: false, id });
		expect((await owner!.api.op('get_media_favorite', { params: { id: media } })).body).toEqual({ media_id: media, is_favorited: true, collection_id: null });
		expect((await api('anonymous').op('get_media', { params: { id: media } })).status).toBe(200);
	});
});

test('lists cost the same number of SQL queries for per_page 1, 20 and 100 (GET /collections, and the items of a manual and a smart collection)', async ({ api }) => {
	await withMembers(api, 1, async ([owner]) => {
		const manual = (await create(owner!.api, {})).body.id;
		const tag = uniqueName('q').toLowerCase();
		const smart = (await create(owner!.api, { type: 'smart', rules: { tags: [tag] } })).body.id;
		for (let i = 0; i < 3; i++) {
			const media = await uploadImage(owner!.api, { tags: tag });
			await owner!.api.op('add_media_favorite', { params: { id: media }, body: { collection_id: manual } });
		}
		const counts: Record<string, number[]> = { list: [], manual: [], smart: [] };
		for (const perPage of [1, 20, 100]) {
			const listed = await owner!.api.op('list_collections', { query: { per_page: perPage } });
			counts.list!.push(Number(listed.headers['x-mvs-queries']));
			counts.manual!.push((await getCollection(owner!.api, manual, { per_page: perPage })).queries);
			const res = await getCollection(owner!.api, smart, { per_page: perPage });
			expect(res.body.items.length).toBe(Math.min(perPage, 3));
			counts.smart!.push(res.queries);
		}
		for (const [name, list] of Object.entries(counts)) expect(new Set(list).size, `${name}: ${list.join('/')}`).toBe(1);
	});
});
