/**
 * Reactions: one per member per item, of an allowed type (filterable with
 * mvs_reaction_types); zero-filled counts, the total and the caller's own;
 * reactions_count and viewer_reaction on media objects agree with them on
 * every route; a hidden item is a 404; mvs_reaction_set announces new and
 * changed reactions. The 50-writer race is in security/concurrency.spec.ts.
 */
import { freshUser } from '../support/moderation';
import { expect, test, type Api } from '../support/mvs';
import { uniqueName, uploadImage } from '../support/seed';

test.describe.configure({ mode: 'parallel' });

const TYPES = ['like', 'love', 'haha', 'wow', 'sad', 'angry'];

type Summary = { media_id: number; counts: { type: string; count: number }[]; total: number; viewer_reaction: string | null };

const zeros = (over: Record<string, number> = {}) => TYPES.map((type) => ({ type, count: over[type] ?? 0 }));

async function react(api: Api, id: number, reactionType: string) {
	const res = await api.op('set_media_reaction', { params: { id }, body: { reaction_type: reactionType } });
	return { status: res.status, body: res.body as unknown as Summary & { code?: string; data?: unknown } };
}

async function summary(api: Api, id: number) {
	const res = await api.op('list_media_reactions', { params: { id } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as unknown as Summary;
}

/** reactions_count and viewer_reaction of the item on GET /media/{id} and in GET /media. */
async function onMedia(api: Api, id: number, title: string) {
	const single = await api.op('get_media', { params: { id } });
	expect(single.status).toBe(200);
	const listed = await api.op('list_media', { query: { s: title } });
	const item = listed.body.items.find((i) => i.id === id)!;
	const pick = (m: { reactions_count: number; viewer_reaction: string | null }) => ({ reactions_count: m.reactions_count, viewer_reaction: m.viewer_reaction });
	expect(pick(item), 'list and single agree').toEqual(pick(single.body));
	return pick(single.body);
}

test('GET answers a zero count for every type, total 0 and no own reaction, to visitors and members', async ({ api }) => {
	const id = await uploadImage(api('member'));
	for (const role of ['anonymous', 'member2'] as const) {
		expect(await summary(api(role), id)).toEqual({ media_id: id, counts: zeros(), total: 0, viewer_reaction: null });
	}
	expect((await api('anonymous').op('list_media_reactions', { params: { id: 999999999 } })).body.code).toBe('mvs_not_found');
});

test('one reaction per member: POST adds, a new type replaces it, DELETE removes it (twice is fine); counts agree with media objects', async ({ api }) => {
	const title = uniqueName('reacted');
	const id = await uploadImage(api('member'), { title });

	const first = await react(api('member2'), id, 'love');
	expect(first.status, JSON.stringify(first.body)).toBe(200);
	expect(first.body).toEqual({ media_id: id, counts: zeros({ love: 1 }), total: 1, viewer_reaction: 'love' });
	expect((await react(api('member2'), id, 'love')).body.total, 'the same type again').toBe(1);
	const byOwner = await react(api('member'), id, 'like');
	expect(byOwner.body).toMatchObject({ counts: zeros({ love: 1, like: 1 }), total: 2, viewer_reaction: 'like' });

	const changed = await react(api('member2'), id, 'wow');
	expect(changed.body).toEqual({ media_id: id, counts: zeros({ wow: 1, like: 1 }), total: 2, viewer_reaction: 'wow' });
	expect(await summary(api('anonymous'), id)).toEqual({ media_id: id, counts: zeros({ wow: 1, like: 1 }), total: 2, viewer_reaction: null });
	expect(await onMedia(api('member2'), id, title)).toEqual({ reactions_count: 2, viewer_reaction: 'wow' });
	expect(await onMedia(api('member'), id, title)).toEqual({ reactions_count: 2, viewer_reaction: 'like' });
	expect(await onMedia(api('anonymous'), id, title)).toEqual({ reactions_count: 2, viewer_reaction: null });
	const stats = await api('anonymous').op('get_media_stats', { params: { id } });
	expect(stats.body.reactions).toBe(2);

	for (let i = 0; i < 2; i++) {
		const removed = await api('member2').op('remove_media_reaction', { params: { id } });
		expect(removed.status).toBe(200);
		expect(removed.body).toEqual({ media_id: id, counts: zeros({ like: 1 }), total: 1, viewer_reaction: null, deleted: i === 0 });
	}
	expect(await onMedia(api('member2'), id, title)).toEqual({ reactions_count: 1, viewer_reaction: null });
});

test('bad input: an unknown type is 400 mvs_invalid_param and changes nothing; a missing one is 400; visitors get 401', async ({ api }) => {
	const id = await uploadImage(api('member'));
	expect((await react(api('member2'), id, 'like')).status).toBe(200);
	for (const bad of ['dislike', 'x'.repeat(40)]) {
		const res = await react(api('member2'), id, bad);
		expect(res.status, bad).toBe(400);
		expect(['mvs_invalid_param', 'rest_invalid_param'], bad).toContain(res.body.code);
	}
	const unknown = await react(api('member2'), id, 'dislike');
	expect(unknown.body.code).toBe('mvs_invalid_param');
	expect(unknown.body.data).toMatchObject({ status: 400, params: ['reaction_type'] });
	const missing = await api('member2').send({ method: 'POST', path: `/mvs/v1/media/${id}/reactions`, query: {}, json: {} });
	expect(missing.status).toBe(400);
	expect(missing.body.code).toBe('rest_missing_callback_param');
	expect((await react(api('anonymous'), id, 'like')).status).toBe(401);
	expect((await api('anonymous').op('remove_media_reaction', { params: { id } })).status).toBe(401);
	expect(await summary(api('member2'), id)).toMatchObject({ total: 1, viewer_reaction: 'like' });
});

test('mvs_reaction_types changes the allowed types and the zero-filled list', async ({ api }) => {
	const id = await uploadImage(api('member'));
	const custom = api('member2').withHeaders({ 'X-MVS-Test-Reaction-Types': 'like,clap' });
	const res = await react(custom, id, 'clap');
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	expect(res.body).toEqual({ media_id: id, counts: [{ type: 'like', count: 0 }, { type: 'clap', count: 1 }], total: 1, viewer_reaction: 'clap' });
	expect((await react(custom, id, 'love')).body.code, 'a default type the filter removed').toBe('mvs_invalid_param');
	expect((await react(api('member2'), id, 'clap')).body.code, 'without the filter').toBe('mvs_invalid_param');
	// A reaction of a type since removed still counts in the total (= reactions_count).
	expect(await summary(api('anonymous'), id)).toEqual({ media_id: id, counts: zeros(), total: 1, viewer_reaction: null });
});

test('an item the caller may not see is a 403 on all three routes, as on GET /media/{id} (private, members-only to visitors, rejected, blocked both ways)', async ({ api }) => {
	const admin = api('admin');
	const privateItem = await uploadImage(api('member'), { privacy: 'private' });
	const membersItem = await uploadImage(api('member'), { privacy: 'members' });
	const calls = (caller: Api, id: number) => [
		caller.op('list_media_reactions', { params: { id } }),
		caller.op('set_media_reaction', { params: { id }, body: { reaction_type: 'like' } }),
		caller.op('remove_media_reaction', { params: { id } }),
	];
	for (const res of await Promise.all(calls(api('member2'), privateItem))) {
		expect(res.status).toBe(403);
		expect(res.body.code).toBe('mvs_forbidden');
	}
	expect((await react(api('member'), privateItem, 'like')).status, 'the owner reacts to their own private item').toBe(200);
	expect((await api('anonymous').op('list_media_reactions', { params: { id: membersItem } })).status).toBe(403);
	expect((await react(api('member2'), membersItem, 'like')).status).toBe(200);

	const rejected = await uploadImage(api('member'));
	expect((await api('moderator').op('reject_media', { params: { id: rejected } })).status).toBe(200);
	expect((await react(api('member2'), rejected, 'like')).status).toBe(403);

	const owner = await freshUser(admin);
	const blocker = await freshUser(admin);
	try {
		const id = await uploadImage(owner.api);
		expect((await react(blocker.api, id, 'like')).status).toBe(200);
		expect((await blocker.api.op('block_user', { params: { id: owner.id } })).status).toBe(200);
		for (const res of await Promise.all(calls(blocker.api, id))) expect(res.status, 'the blocker').toBe(403);
		const theirs = await uploadImage(blocker.api);
		expect((await react(owner.api, theirs, 'like')).status, 'the blocked member').toBe(403);
	} finally {
		await owner.api.dispose();
		await blocker.api.dispose();
	}
});

test('mvs_reaction_set fires for a new reaction and a change of type, not for the same type again nor a removal', async ({ api, fixtures }) => {
	const id = await uploadImage(api('member'));
	await react(api('member2'), id, 'like');
	await react(api('member2'), id, 'like');
	await react(api('member2'), id, 'sad');
	await api('member2').op('remove_media_reaction', { params: { id } });
	await react(api('member2'), id, 'haha');
	const events = await api('admin').raw('GET', `/wp-json/mvs-test/v1/reaction-events/${id}`);
	const member2 = fixtures.users.member2.id;
	expect(events.body).toEqual([
		[member2, 'like', ''],
		[member2, 'sad', 'like'],
		[member2, 'haha', ''],
	]);
});

test('GET /media/{id}/reactions costs the same number of queries with 0 and 5 reactions', async ({ api }) => {
	const id = await uploadImage(api('member'));
	const before = Number((await api('anonymous').op('list_media_reactions', { params: { id } })).headers['x-mvs-queries']);
	const admin = api('admin');
	const members = await Promise.all(Array.from({ length: 5 }, () => freshUser(admin)));
	try {
		for (const [i, m] of members.entries()) expect((await react(m.api, id, TYPES[i]!)).status).toBe(200);
		const after = await api('anonymous').op('list_media_reactions', { params: { id } });
		expect(after.body.total).toBe(5);
		expect(Number(after.headers['x-mvs-queries'])).toBe(before);
	} finally {
		await Promise.all(members.map((m) => m.api.dispose()));
	}
});
