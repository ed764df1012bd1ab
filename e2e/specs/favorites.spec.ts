/**
 * Favorites: GET, POST and DELETE /media/{id}/favorite are idempotent and
 * agree with is_favorited on media objects; GET /me/favorites pages with
 * X-WP-Total at a constant query count and never lists an item the caller
 * may no longer see. collection_id is covered in collections.spec.ts; the
 * 50-writer race in security/concurrency.spec.ts.
 */
import { freshUser, type FreshUser } from '../support/moderation';
import { expect, test, type Api } from '../support/mvs';
import { uniqueName, uploadImage } from '../support/seed';

test.describe.configure({ mode: 'parallel' });

async function favorited(api: Api, id: number) {
	const res = await api.op('get_media_favorite', { params: { id } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body.is_favorited;
}

async function myFavorites(api: Api, query: Record<string, number> = {}) {
	const res = await api.op('list_my_favorites', { query });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return { ids: res.body.items.map((i) => i.id), total: res.body.total, header: res.headers['x-wp-total'], queries: Number(res.headers['x-mvs-queries']) };
}

/** A member of its own, so totals are not shared with parallel tests. */
async function withMember<T>(api: (role: 'admin') => Api, body: (member: FreshUser) => Promise<T>): Promise<T> {
	const member = await freshUser(api('admin'));
	try {
		return await body(member);
	} finally {
		await member.api.dispose();
	}
}

test('POST and DELETE are idempotent and answer the new state; is_favorited agrees on GET /media/{id} and GET /media', async ({ api }) => {
	const title = uniqueName('fav');
	const id = await uploadImage(api('member'), { title });
	expect(await favorited(api('member2'), id)).toBe(false);
	for (let i = 0; i < 2; i++) {
		const added = await api('member2').op('add_media_favorite', { params: { id } });
		expect(added.status).toBe(200);
		expect(added.body).toEqual({ media_id: id, is_favorited: true, collection_id: null });
	}
	expect(await favorited(api('member2'), id)).toBe(true);
	expect(await favorited(api('member'), id), 'another member').toBe(false);
	const seen = async (caller: Api) => {
		const single = (await caller.op('get_media', { params: { id } })).body.is_favorited;
		const listed = (await caller.op('list_media', { query: { s: title } })).body.items.find((i) => i.id === id)!.is_favorited;
		expect(listed).toBe(single);
		return single;
	};
	expect(await seen(api('member2'))).toBe(true);
	expect(await seen(api('member'))).toBe(false);
	expect(await seen(api('anonymous'))).toBe(false);
	for (let i = 0; i < 2; i++) {
		const removed = await api('member2').op('remove_media_favorite', { params: { id } });
		expect(removed.status).toBe(200);
		expect(removed.body).toEqual({ media_id: id, is_favorited: false, collection_id: null, deleted: i === 0 });
	}
	expect(await seen(api('member2'))).toBe(false);
});

test('visitors get 401; a missing item is 404, a hidden one 403; collection_id that is not an own manual collection is 400', async ({ api }) => {
	const id = await uploadImage(api('member'));
	for (const res of [
		await api('anonymous').op('get_media_favorite', { params: { id } }),
		await api('anonymous').op('add_media_favorite', { params: { id } }),
		await api('anonymous').op('remove_media_favorite', { params: { id } }),
		await api('anonymous').op('list_my_favorites', {}),
	]) {
		expect(res.status).toBe(401);
	}
	const hidden = await uploadImage(api('member'), { privacy: 'private' });
	for (const [target, status, code] of [[hidden, 403, 'mvs_forbidden'], [999999999, 404, 'mvs_not_found']] as const) {
		for (const res of [
			await api('member2').op('get_media_favorite', { params: { id: target } }),
			await api('member2').op('add_media_favorite', { params: { id: target } }),
			await api('member2').op('remove_media_favorite', { params: { id: target } }),
		]) {
			expect(res.status).toBe(status);
			expect(res.body.code).toBe(code);
		}
	}
	const badCollection = await api('member2').op('add_media_favorite', { params: { id }, body: { collection_id: 999999999 } });
	expect(badCollection.status).toBe(400);
	expect(badCollection.body).toMatchObject({ code: 'mvs_invalid_param', data: { status: 400, params: ['collection_id'] } });
	expect(await favorited(api('member2'), id), 'a refused favorite writes nothing').toBe(false);
	const notAnId = await api('member2').send({ method: 'POST', path: `/mvs/v1/media/${id}/favorite`, query: {}, json: { collection_id: 'x' } });
	expect(notAnId.status).toBe(400);
	expect(notAnId.body.code).toBe('rest_invalid_param');
});

test('GET /me/favorites: newest favorite first, pages with X-WP-Total', async ({ api }) => {
	await withMember(api, async (member) => {
		const ids: number[] = [];
		for (let i = 0; i < 3; i++) {
			const id = await uploadImage(api('member'));
			expect((await member.api.op('add_media_favorite', { params: { id } })).status).toBe(200);
			ids.push(id);
		}
		const all = await myFavorites(member.api);
		expect(all.ids).toEqual([...ids].reverse());
		expect([all.total, all.header]).toEqual([3, '3']);
		const second = await myFavorites(member.api, { per_page: 2, page: 2 });
		expect(second.ids).toEqual([ids[0]]);
		expect(second.total).toBe(3);
		expect((await member.api.op('list_my_favorites', { query: { per_page: 101 } })).status).toBe(400);
	});
});

test('GET /me/favorites never lists an item the caller may no longer see: went private, rejected, its owner blocked the caller', async ({ api }) => {
	await withMember(api, async (member) => {
		const owner = await freshUser(api('admin'));
		try {
			const [goesPrivate, rejected, stays] = [await uploadImage(api('member')), await uploadImage(api('member')), await uploadImage(api('member'))];
			const blockersItem = await uploadImage(owner.api);
			for (const id of [goesPrivate, rejected, stays, blockersItem]) expect((await member.api.op('add_media_favorite', { params: { id } })).status).toBe(200);
			expect((await myFavorites(member.api)).total).toBe(4);

			expect((await api('member').op('update_media', { params: { id: goesPrivate }, body: { privacy: 'private' } })).status).toBe(200);
			expect((await api('moderator').op('reject_media', { params: { id: rejected } })).status).toBe(200);
			expect((await owner.api.op('block_user', { params: { id: member.id } })).status).toBe(200);
			const after = await myFavorites(member.api);
			expect(after.ids).toEqual([stays]);
			expect([after.total, after.header]).toEqual([1, '1']);

			// Visible again: the favorite was kept, only hidden.
			expect((await api('member').op('update_media', { params: { id: goesPrivate }, body: { privacy: 'public' } })).status).toBe(200);
			expect((await myFavorites(member.api)).ids).toEqual([stays, goesPrivate]);
		} finally {
			await owner.api.dispose();
		}
	});
});

test('GET /me/favorites costs the same number of SQL queries for per_page 1, 20 and 100', async ({ api }) => {
	await withMember(api, async (member) => {
		for (let i = 0; i < 3; i++) {
			const id = await uploadImage(api('member'));
			await member.api.op('add_media_favorite', { params: { id } });
		}
		const counts: number[] = [];
		for (const perPage of [1, 20, 100]) counts.push((await myFavorites(member.api, { per_page: perPage })).queries);
		expect(new Set(counts).size, `queries for per_page 1/20/100 = ${counts.join('/')}`).toBe(1);
	});
});
