/**
 * Notifications, push devices and the one creation service behind them:
 * the caller's list (all/unread, X-WP-Total, newest first), the cached
 * unread count, marking read (only the caller's own ids, or all), no
 * notification to oneself, push hand-off to registered devices (vetoed by
 * mvs_push_should_send), device tokens moving between members, and the
 * reaction notices folded per item (run once the reaction routes exist).
 * Notifications are produced through the product: moderators reject items.
 */
import { routes } from '../support/matrix';
import { expect, test, upload, type Api } from '../support/mvs';
import { freshUser, token, type FreshUser } from '../support/moderation';

test.describe.configure({ mode: 'parallel' });

interface Notice {
	id: number;
	type: string;
	actor_id: number;
	object_type: string;
	object_id: number;
	data: Record<string, unknown>;
	is_read: boolean;
	created_at: string;
}

const implemented = new Set(routes.filter((r) => r.implemented).map((r) => r.name));

/** Uploads `n` items as `owner` and has the moderator reject each: one notice per item. */
async function rejected(api: (role: 'moderator') => Api, owner: FreshUser, n: number): Promise<number[]> {
	const ids: number[] = [];
	for (let i = 0; i < n; i++) {
		const id = (await upload(owner.api, { title: `notice ${token()}` })).id;
		const res = await api('moderator').op('reject_media', { params: { id }, body: { reason: `reason ${i}` } });
		expect(res.status).toBe(200);
		ids.push(id);
	}
	return ids;
}

async function list(caller: Api, query: Record<string, string | number> = {}) {
	const res = await caller.op('list_my_notifications', { query });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return { items: res.body as unknown as Notice[], total: Number(res.headers['x-wp-total']), queries: Number(res.headers['x-mvs-queries']) };
}

async function unread(caller: Api): Promise<number> {
	const res = await caller.op('get_my_notification_count');
	expect(res.status).toBe(200);
	return (res.body as { count: number }).count;
}

async function pushes(admin: Api, userId: number): Promise<{ tokens: string[]; payload: { type: string; object_id: number; notification_id: number } }[]> {
	return (await admin.raw('GET', `/wp-json/mvs-test/v1/push?user_id=${userId}`)).body.sent;
}

test('the list: newest first, typed records, X-WP-Total, the unread filter; read marks only the caller\'s own', async ({ api }) => {
	const owner = await freshUser(api('admin'));
	const other = await freshUser(api('admin'));
	try {
		const items = await rejected(api, owner, 3);
		const [otherItem] = await rejected(api, other, 1);
		const all = await list(owner.api);
		expect(all.total).toBe(3);
		expect(all.items.map((n) => n.object_id)).toEqual([...items].reverse());
		expect(all.items[0]).toMatchObject({ type: 'media_rejected', object_type: 'media', is_read: false, data: { media_id: items[2], reason: 'reason 2' } });
		expect(await unread(owner.api)).toBe(3);

		// Another member's notification id marks nothing and stays unread for them.
		const othersId = (await list(other.api)).items[0]!.id;
		const foreign = await owner.api.op('mark_notifications_read', { body: { ids: [othersId] } });
		expect(foreign.status).toBe(200);
		expect(foreign.body).toEqual({ marked: 0, unread: 3 });
		expect(await unread(other.api)).toBe(1);
		expect((await list(other.api)).items.map((n) => n.object_id)).toEqual([otherItem]);

		const one = await owner.api.op('mark_notifications_read', { body: { ids: [all.items[1]!.id, all.items[1]!.id] } });
		expect(one.body).toEqual({ marked: 1, unread: 2 });
		const open = await list(owner.api, { filter: 'unread' });
		expect(open.total).toBe(2);
		expect(open.items.map((n) => n.id)).toEqual([all.items[0]!.id, all.items[2]!.id]);
		expect((await list(owner.api)).items.map((n) => n.is_read)).toEqual([false, true, false]);

		// No ids: everything is read; a second call changes nothing.
		expect((await owner.api.op('mark_notifications_read', { body: {} })).body).toEqual({ marked: 2, unread: 0 });
		expect((await owner.api.op('mark_notifications_read', { body: {} })).body).toEqual({ marked: 0, unread: 0 });
		expect((await list(owner.api, { filter: 'unread' })).total).toBe(0);
		expect(await unread(owner.api)).toBe(0);
		expect(await unread(other.api)).toBe(1);

		// Paging.
		const page2 = await list(owner.api, { per_page: 2, page: 2 });
		expect(page2.total).toBe(3);
		expect(page2.items.map((n) => n.object_id)).toEqual([items[0]]);
	} finally {
		await owner.api.dispose();
		await other.api.dispose();
	}
});

test('bad input: an unknown filter, per_page over 100, ids that are not numbers; anonymous callers get 401', async ({ api }) => {
	const member = api('member');
	for (const query of [{ filter: 'everything' }, { per_page: 101 }, { page: 0 }]) {
		const res = await member.send({ method: 'GET', path: '/mvs/v1/me/notifications', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
		expect(res.status, JSON.stringify(query)).toBe(400);
		expect(res.body.code).toBe('rest_invalid_param');
	}
	const ids = await member.send({ method: 'POST', path: '/mvs/v1/me/notifications/read', query: {}, json: { ids: ['x'] } });
	expect(ids.status).toBe(400);
	const tooMany = await member.send({ method: 'POST', path: '/mvs/v1/me/notifications/read', query: {}, json: { ids: Array.from({ length: 101 }, (_, i) => i + 1) } });
	expect(tooMany.status).toBe(400);
	for (const name of ['list_my_notifications', 'get_my_notification_count'] as const) {
		expect((await api('anonymous').op(name)).status).toBe(401);
	}
});

test('a list page costs the same number of queries whatever per_page; the count is cached until a change', async ({ api }) => {
	const owner = await freshUser(api('admin'));
	try {
		await rejected(api, owner, 3);
		const costs: number[] = [];
		for (const perPage of [1, 3, 100]) {
			const page = await list(owner.api, { per_page: perPage });
			expect(page.items.length).toBe(Math.min(perPage, 3));
			costs.push(page.queries);
		}
		expect(new Set(costs).size, `per_page 1/3/100: ${costs.join('/')}`).toBe(1);

		const count = async () => {
			const res = await owner.api.op('get_my_notification_count');
			return { count: (res.body as { count: number }).count, queries: Number(res.headers['x-mvs-queries']) };
		};
		const first = await count();
		const cached = await count();
		expect(first.count).toBe(3);
		expect(cached.count).toBe(3);
		// The cached answer skips the COUNT and the cache write.
		expect(cached.queries).toBeLessThan(first.queries);
		// A new notification invalidates it.
		await rejected(api, owner, 1);
		expect((await count()).count).toBe(4);
	} finally {
		await owner.api.dispose();
	}
});

test('no notification to oneself: a moderator rejecting their own item gets none', async ({ api }) => {
	const moderator = api('moderator');
	const before = (await list(moderator)).total;
	const id = (await upload(moderator, { title: token() })).id;
	expect((await moderator.op('reject_media', { params: { id } })).status).toBe(200);
	expect((await list(moderator)).total).toBe(before);
});

test('devices: register, re-register moves the token, delete removes only the caller\'s; pushes reach the current holder', async ({ api }) => {
	const first = await freshUser(api('admin'));
	const second = await freshUser(api('admin'));
	try {
		const device = `tok-${token()}`;
		const made = await first.api.op('register_device', { body: { platform: 'ios', token: device } });
		expect(made.status).toBe(200);
		expect(made.body).toEqual({ platform: 'ios', registered: true });
		// Registering again is an upsert, not a second row.
		expect((await first.api.op('register_device', { body: { platform: 'ios', token: device } })).status).toBe(200);
		await rejected(api, first, 1);
		let sent = await pushes(api('admin'), first.id);
		expect(sent).toHaveLength(1);
		expect(sent[0]!.tokens).toEqual([device]);
		expect(sent[0]!.payload).toMatchObject({ type: 'media_rejected', notification_id: expect.any(Number) });

		// The same token registered by another member moves to them.
		expect((await second.api.op('register_device', { body: { platform: 'android', token: device } })).status).toBe(200);
		await rejected(api, first, 1);
		expect(await pushes(api('admin'), first.id)).toHaveLength(1);
		await rejected(api, second, 1);
		sent = await pushes(api('admin'), second.id);
		expect(sent.map((s) => s.tokens)).toEqual([[device]]);

		// The former holder cannot delete it; the holder can, once.
		const refused = await first.api.op('unregister_device', { body: { token: device } });
		expect(refused.status).toBe(200);
		expect(refused.body).toEqual({ deleted: false });
		const removed = await second.api.op('unregister_device', { body: { token: device } });
		expect(removed.body).toEqual({ deleted: true });
		expect((await second.api.op('unregister_device', { body: { token: device } })).body).toEqual({ deleted: false });
		await rejected(api, second, 1);
		expect(await pushes(api('admin'), second.id)).toHaveLength(1);
	} finally {
		await first.api.dispose();
		await second.api.dispose();
	}
});

test('devices: bad platform, empty or missing token → 400', async ({ api }) => {
	const member = api('member');
	for (const json of [{ platform: 'blackberry', token: 'x' }, { platform: 'ios', token: '' }, { platform: 'ios' }, { token: 'x' }, { platform: 'web', token: 'x'.repeat(4097) }]) {
		const res = await member.send({ method: 'POST', path: '/mvs/v1/me/devices', query: {}, json });
		expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
		expect(['rest_invalid_param', 'rest_missing_callback_param']).toContain(res.body.code);
	}
	expect((await member.send({ method: 'DELETE', path: '/mvs/v1/me/devices', query: {}, json: {} })).status).toBe(400);
});

test('mvs_push_should_send can veto a push; the notification is still stored', async ({ api }) => {
	const owner = await freshUser(api('admin'));
	try {
		await owner.api.op('register_device', { body: { platform: 'web', token: `tok-${token()}` } });
		const vetoed = api('moderator').withHeaders({ 'X-MVS-Test-Push-Veto': '1' });
		const id = (await upload(owner.api, { title: token() })).id;
		expect((await vetoed.op('reject_media', { params: { id } })).status).toBe(200);
		expect(await pushes(api('admin'), owner.id)).toEqual([]);
		expect((await list(owner.api)).items.map((n) => n.object_id)).toEqual([id]);
	} finally {
		await owner.api.dispose();
	}
});

test('reactions notify the owner once per item while unread; changing a reaction notifies nobody', async ({ api }) => {
	test.skip(!implemented.has('set_media_reaction'), 'set_media_reaction is not built yet');
	const owner = await freshUser(api('admin'));
	try {
		const id = (await upload(owner.api, { title: token(), privacy: 'public' })).id;
		expect((await api('member').op('set_media_reaction', { params: { id }, body: { reaction_type: 'like' } })).status).toBeLessThan(300);
		let page = await list(owner.api);
		expect(page.total).toBe(1);
		expect(page.items[0]).toMatchObject({ type: 'media_reaction', object_id: id, is_read: false });
		const first = page.items[0]!;
		// Changing the type: nothing new.
		expect((await api('member').op('set_media_reaction', { params: { id }, body: { reaction_type: 'love' } })).status).toBeLessThan(300);
		expect((await list(owner.api)).total).toBe(1);
		// A second reactor folds into the unread notice, which names them.
		expect((await api('member2').op('set_media_reaction', { params: { id }, body: { reaction_type: 'like' } })).status).toBeLessThan(300);
		page = await list(owner.api);
		expect(page.total).toBe(1);
		expect(page.items[0]).toMatchObject({ id: first.id, actor_id: expect.any(Number), type: 'media_reaction' });
		expect(page.items[0]!.actor_id).not.toBe(first.actor_id);
		expect(await unread(owner.api)).toBe(1);
		// The owner reacting to their own item notifies nobody.
		expect((await owner.api.op('set_media_reaction', { params: { id }, body: { reaction_type: 'like' } })).status).toBeLessThan(300);
		expect((await list(owner.api)).total).toBe(1);
	} finally {
		await owner.api.dispose();
	}
});

/** The unread list's total, its length and the count: all three must agree (issue 32 row 2). */
async function agreed(caller: Api): Promise<number> {
	const page = await list(caller, { filter: 'unread' });
	const count = await unread(caller);
	expect({ total: page.total, listed: page.items.length, count }).toEqual({ total: count, listed: count, count });
	return count;
}

test('the count agrees with the list right after a block or unblock, both ways; read marks only what the list shows', async ({ api }) => {
	const owner = await freshUser(api('admin'));
	const fan = await freshUser(api('admin'));
	try {
		const id = (await upload(owner.api, { title: token(), privacy: 'public' })).id;
		expect((await fan.api.op('create_media_comment', { params: { id }, body: { content: 'hello' } })).status).toBe(201);
		// Cached at 1 from here on.
		expect(await agreed(owner.api)).toBe(1);

		// The owner blocks the fan: the fan's notification leaves the list, and the count with it.
		expect((await owner.api.op('block_user', { params: { id: fan.id } })).status).toBe(200);
		expect(await agreed(owner.api)).toBe(0);
		// Marking all read touches nothing the list hides.
		const all = await owner.api.op('mark_notifications_read', { body: {} });
		expect(all.body).toEqual({ marked: 0, unread: 0 });
		// Unblocked: it is back, still unread, and counted (the cache said 0).
		expect((await owner.api.op('unblock_user', { params: { id: fan.id } })).status).toBe(200);
		expect(await agreed(owner.api)).toBe(1);

		// The other direction: the fan blocks the owner, then lifts it.
		expect((await fan.api.op('block_user', { params: { id: owner.id } })).status).toBe(200);
		expect(await agreed(owner.api)).toBe(0);
		expect((await fan.api.op('unblock_user', { params: { id: owner.id } })).status).toBe(200);
		expect(await agreed(owner.api)).toBe(1);
	} finally {
		await Promise.all([owner.api.dispose(), fan.api.dispose()]);
	}
});

test('the count agrees with the list right after the item goes private, is rejected, approved or deleted', async ({ api }) => {
	const owner = await freshUser(api('admin'));
	const fan = await freshUser(api('admin'));
	const named = await freshUser(api('admin'));
	try {
		const id = (await upload(owner.api, { title: token(), privacy: 'public' })).id;
		expect((await fan.api.op('create_media_comment', { params: { id }, body: { content: `look @${named.login}` } })).status).toBe(201);
		const mention = (await list(named.api)).items[0]!;
		expect(mention).toMatchObject({ type: 'mention', object_id: id });
		expect(await agreed(named.api)).toBe(1);

		expect((await owner.api.op('update_media', { params: { id }, body: { privacy: 'private' } })).status).toBe(200);
		expect(await agreed(named.api)).toBe(0);
		// A hidden notification is not marked, by id or by "all".
		expect((await named.api.op('mark_notifications_read', { body: { ids: [mention.id] } })).body).toEqual({ marked: 0, unread: 0 });
		expect((await named.api.op('mark_notifications_read', { body: {} })).body).toEqual({ marked: 0, unread: 0 });
		expect((await owner.api.op('update_media', { params: { id }, body: { privacy: 'public' } })).status).toBe(200);
		expect(await agreed(named.api)).toBe(1);

		expect((await api('moderator').op('reject_media', { params: { id }, body: { reason: 'no' } })).status).toBe(200);
		expect(await agreed(named.api)).toBe(0);
		expect((await api('moderator').op('approve_media', { params: { id } })).status).toBe(200);
		expect(await agreed(named.api)).toBe(1);

		expect((await owner.api.op('delete_media', { params: { id } })).status).toBe(200);
		expect(await agreed(named.api)).toBe(0);
	} finally {
		await Promise.all([owner.api.dispose(), fan.api.dispose(), named.api.dispose()]);
	}
});
