/**
 * Activity and feed (docs/activity-and-feed.md): an event for each upload,
 * album creation, comment and reaction; GET /feed (public and following)
 * and GET /users/{id}/activity show only what the caller may see at read
 * time (an item made private, rejected or deleted after its events, an
 * album made private, a comment or reaction removed, blocks both ways);
 * newest first, exact X-WP-Total, a constant number of queries; GET
 * /users/{id}/media agrees with GET /media?author=…&scope=all. Every
 * member of a test is a throw-away one, so parallel tests and the shared
 * fixture users never see each other's events.
 */
import type { ActivityEvent, MediaItem } from '../../client/src/client';
import { expect, test, upload, type Api } from '../support/mvs';
import { freshUser, type FreshUser } from '../support/moderation';
import { createAlbum, createComment } from '../support/seed';

test.describe.configure({ mode: 'parallel' });

type Lister = (caller: Api, query?: Record<string, number | string>) => Promise<{ events: ActivityEvent[]; total: number; headers: Record<string, string> }>;

/** GET /users/{id}/activity as `caller` (fails the test on anything but 200). */
const activityOf =
	(userId: number): Lister =>
	async (caller, query = {}) => {
		const res = await caller.op('list_user_activity', { params: { id: userId }, query: { per_page: 100, ...query } });
		expect(res.status, `${caller.role}: ${JSON.stringify(res.body)}`).toBe(200);
		return { events: res.body as unknown as ActivityEvent[], total: Number(res.headers['x-wp-total']), headers: res.headers };
	};

/** GET /feed as `caller`. */
const feed: (scope: 'public' | 'following') => Lister = (scope) => async (caller, query = {}) => {
	const res = await caller.op('get_feed', { query: { scope, per_page: 100, ...query } });
	expect(res.status, `${caller.role}: ${JSON.stringify(res.body)}`).toBe(200);
	return { events: res.body as unknown as ActivityEvent[], total: Number(res.headers['x-wp-total']), headers: res.headers };
};

/** "type:object_type:object_id" of each event, newest first. */
const keys = (events: ActivityEvent[]) => events.map((e) => `${e.type}:${e.object_type}:${e.object_id}`);

/** Throw-away members (a tuple of as many as asked). */
function members(admin: Api, n: 1): Promise<[FreshUser]>;
function members(admin: Api, n: 2): Promise<[FreshUser, FreshUser]>;
function members(admin: Api, n: 3): Promise<[FreshUser, FreshUser, FreshUser]>;
function members(admin: Api, n: number): Promise<FreshUser[]> {
	return Promise.all(Array.from({ length: n }, () => freshUser(admin)));
}

async function dispose(users: FreshUser[]): Promise<void> {
	for (const user of users) await user.api.dispose();
}

test('each upload, album, comment and reaction is an event, newest first, with its actor and object as the caller sees them', async ({ api }) => {
	const [a, b] = await members(api('admin'), 2);
	try {
		const item = await upload(a.api);
		const album = await createAlbum(a.api, { title: 'Trip' });
		const comment = await createComment(b.api, item.id, 'Lovely');
		expect((await b.api.op('set_media_reaction', { params: { id: item.id }, body: { reaction_type: 'love' } })).status).toBe(200);
		// A changed reaction type is no new event.
		expect((await b.api.op('set_media_reaction', { params: { id: item.id }, body: { reaction_type: 'wow' } })).status).toBe(200);

		const ofA = await activityOf(a.id)(api('anonymous'));
		expect(keys(ofA.events)).toEqual([`album:album:${album}`, `upload:media:${item.id}`]);
		expect(ofA.total).toBe(2);
		const [albumEvent, uploadEvent] = ofA.events as [ActivityEvent, ActivityEvent];
		expect(albumEvent.actor).toMatchObject({ id: a.id, is_following: false });
		expect(albumEvent.actor.avatar_url).toMatch(/^https?:\/\//);
		expect(albumEvent).toMatchObject({ album: { id: album, title: 'Trip' } });
		expect('media' in albumEvent).toBe(false);
		expect(uploadEvent).toMatchObject({ media: { id: item.id, title: item.title } });
		expect('album' in uploadEvent).toBe(false);
		expect(uploadEvent.id).toBeLessThan(albumEvent.id);

		const ofB = await activityOf(b.id)(api('member2'));
		expect(keys(ofB.events)).toEqual([`reaction:media:${item.id}`, `comment:media:${item.id}`]);
		// The item through the media presenter, with the caller's own viewer fields.
		expect((await activityOf(b.id)(b.api)).events[0]?.media).toMatchObject({ id: item.id, viewer_reaction: 'wow' });

		const pub = await feed('public')(api('anonymous'));
		const ours = pub.events.filter((e) => [a.id, b.id].includes(e.actor.id));
		expect(keys(ours)).toEqual([`reaction:media:${item.id}`, `comment:media:${item.id}`, `album:album:${album}`, `upload:media:${item.id}`]);
		const ids = pub.events.map((e) => e.id);
		expect(ids).toEqual([...ids].sort((x, y) => y - x));

		// Removing the reaction or the comment takes its event away.
		expect((await b.api.op('remove_media_reaction', { params: { id: item.id } })).status).toBe(200);
		expect((await b.api.op('delete_media_comment', { params: { id: item.id, comment_id: comment } })).status).toBe(200);
		expect((await activityOf(b.id)(api('anonymous'))).total).toBe(0);
		// Reacting again is one event, not two.
		expect((await b.api.op('set_media_reaction', { params: { id: item.id }, body: { reaction_type: 'like' } })).status).toBe(200);
		expect(keys((await activityOf(b.id)(api('anonymous'))).events)).toEqual([`reaction:media:${item.id}`]);
	} finally {
		await dispose([a, b]);
	}
});

test('events vanish at read time when their item is made private, rejected or deleted, or their album made private', async ({ api }) => {
	const [a, b] = await members(api('admin'), 2);
	try {
		const privated = await upload(a.api);
		const rejected = await upload(a.api);
		const deleted = await upload(a.api);
		const kept = await upload(a.api);
		const album = await createAlbum(a.api, { privacy: 'members' });
		const hidden = await createAlbum(a.api, { privacy: 'private' });
		for (const item of [privated, rejected, deleted, kept]) await createComment(b.api, item.id);
		expect((await b.api.op('set_media_reaction', { params: { id: privated.id }, body: { reaction_type: 'like' } })).status).toBe(200);

		const strangers = [api('anonymous'), api('member2')];
		expect((await activityOf(a.id)(api('anonymous'))).total).toBe(4);
		expect((await activityOf(a.id)(api('member2'))).total).toBe(5); // + the members-only album
		expect((await activityOf(a.id)(a.api)).total).toBe(6); // + their private album

		expect((await a.api.op('update_media', { params: { id: privated.id }, body: { privacy: 'private' } })).status).toBe(200);
		expect((await api('moderator').op('reject_media', { params: { id: rejected.id }, body: { reason: 'off-topic' } })).status).toBe(200);
		expect((await a.api.op('delete_media', { params: { id: deleted.id } })).status).toBe(200);
		expect((await a.api.op('update_album', { params: { id: album }, body: { privacy: 'private' } })).status).toBe(200);

		const gone = [privated.id, rejected.id, deleted.id];
		for (const caller of strangers) {
			const ofA = await activityOf(a.id)(caller);
			expect(keys(ofA.events), caller.role).toEqual([`upload:media:${kept.id}`]);
			expect(ofA.total, caller.role).toBe(1);
			const ofB = await activityOf(b.id)(caller);
			expect(keys(ofB.events), caller.role).toEqual([`comment:media:${kept.id}`]);
			expect(ofB.total, caller.role).toBe(1);
			const pub = (await feed('public')(caller)).events;
			expect(pub.filter((e) => (e.media && gone.includes(e.media.id)) || [album, hidden].includes(e.album?.id ?? 0)), caller.role).toEqual([]);
		}
		// The owner still sees their private and rejected items and private albums; never the deleted one.
		const own = keys((await activityOf(a.id)(a.api)).events);
		expect(own).toEqual([`album:album:${hidden}`, `album:album:${album}`, `upload:media:${kept.id}`, `upload:media:${rejected.id}`, `upload:media:${privated.id}`]);
	} finally {
		await dispose([a, b]);
	}
});

test('blocks hide events both ways: the actor, and events about a blocked member’s items; their activity is a 404', async ({ api }) => {
	const [a, b, c] = await members(api('admin'), 3);
	try {
		const item = await upload(a.api);
		expect((await b.api.op('set_media_reaction', { params: { id: item.id }, body: { reaction_type: 'like' } })).status).toBe(200);
		const cItem = await upload(c.api);
		expect((await c.api.op('block_user', { params: { id: a.id } })).status).toBe(200);

		// c blocked a: neither sees the other's events, nor events about the other's items.
		const seenByC = (await feed('public')(c.api)).events;
		expect(seenByC.filter((e) => e.actor.id === a.id || e.media?.author_id === a.id)).toEqual([]);
		expect(keys((await activityOf(b.id)(c.api)).events)).toEqual([]);
		const seenByA = (await feed('public')(a.api)).events;
		expect(seenByA.filter((e) => e.actor.id === c.id || e.media?.id === cItem.id)).toEqual([]);
		for (const [caller, other] of [
			[c.api, a.id],
			[a.api, c.id],
		] as const) {
			for (const op of ['list_user_activity', 'list_user_media'] as const) {
				const res = await caller.op(op, { params: { id: other } });
				expect(res.status, op).toBe(404);
				expect(res.body.code, op).toBe('mvs_user_not_found');
			}
		}
		// b sees all of it.
		expect(keys((await activityOf(b.id)(b.api)).events)).toEqual([`reaction:media:${item.id}`]);
	} finally {
		await dispose([a, b, c]);
	}
});

test('scope=following: the events of whom the caller follows, from the follow on; nothing once unfollowed; empty for visitors', async ({ api }) => {
	const [a, b, c] = await members(api('admin'), 3);
	try {
		const anon = await api('anonymous').op('get_feed', { query: { scope: 'following' } });
		expect(anon.status).toBe(200);
		expect(anon.body).toEqual([]);
		expect(anon.headers['x-wp-total']).toBe('0');

		expect((await c.api.op('follow_user', { params: { id: a.id } })).status).toBe(200);
		const item = await upload(a.api);
		const album = await createAlbum(a.api);
		await upload(b.api); // not followed
		const hidden = await upload(a.api, { privacy: 'private' });
		const following = await feed('following')(c.api);
		expect(keys(following.events)).toEqual([`album:album:${album}`, `upload:media:${item.id}`]);
		expect(following.total).toBe(2);
		expect(following.events[0]?.actor).toMatchObject({ id: a.id, is_following: true });
		expect(following.events.some((e) => e.media?.id === hidden.id)).toBe(false);

		expect((await c.api.op('unfollow_user', { params: { id: a.id } })).status).toBe(200);
		const after = await feed('following')(c.api);
		expect(after.events).toEqual([]);
		expect(after.total).toBe(0);
	} finally {
		await dispose([a, b, c]);
	}
});

test('pages: newest first, X-WP-Total exact on every page and past the last, and the same number of queries for per_page 1, 3 and 100', async ({ api }) => {
	const [a] = await members(api('admin'), 1);
	try {
		const items: MediaItem[] = [];
		for (let i = 0; i < 5; i++) items.push(await upload(a.api));
		const expected = items.map((m) => `upload:media:${m.id}`).reverse();
		const list = activityOf(a.id);
		const seen: string[] = [];
		for (let page = 1; page <= 3; page++) {
			const res = await list(api('member2'), { per_page: 2, page });
			expect(res.total).toBe(5);
			expect(res.headers['x-wp-totalpages']).toBe('3');
			seen.push(...keys(res.events));
		}
		expect(seen).toEqual(expected);
		const past = await list(api('member2'), { per_page: 2, page: 4 });
		expect(past.events).toEqual([]);
		expect(past.total).toBe(5);

		// The member, the page with its total, the items, their viewer state, the actors (users and
		// their meta) and whom the caller follows among them: the same whatever per_page is.
		for (const caller of [api('anonymous'), api('member2')]) {
			const counts: number[] = [];
			for (const perPage of [1, 3, 100]) counts.push(Number((await list(caller, { per_page: perPage })).headers['x-mvs-queries']));
			const label = `${caller.role}: queries for per_page 1/3/100 = ${counts.join('/')}`;
			expect(counts[0], label).toBeGreaterThan(0);
			expect(new Set(counts).size, label).toBe(1);
		}
		// The public feed's pages hold whatever parallel tests wrote (albums add their one query): bounded.
		for (const perPage of [1, 100]) {
			const count = Number((await feed('public')(api('member2'), { per_page: perPage })).headers['x-mvs-queries']);
			expect(count, `public feed per_page ${perPage}`).toBeLessThanOrEqual(8);
		}
	} finally {
		await dispose([a]);
	}
});

test('GET /users/{id}/media lists what GET /media?author=…&scope=all lists, for every kind of caller', async ({ api }) => {
	const [a] = await members(api('admin'), 1);
	try {
		await upload(a.api);
		await upload(a.api, { privacy: 'members' });
		await upload(a.api, { privacy: 'private' });
		const expected: Record<string, number> = { anonymous: 1, member2: 2, moderator: 3, owner: 3 };
		for (const [name, caller] of [
			['anonymous', api('anonymous')],
			['member2', api('member2')],
			['moderator', api('moderator')],
			['owner', a.api],
		] as const) {
			const mine = await caller.op('list_user_media', { params: { id: a.id }, query: { per_page: 2 } });
			expect(mine.status, name).toBe(200);
			const all = await caller.op('list_media', { query: { author: a.id, scope: 'all', per_page: 2 } });
			expect(mine.body.total, name).toBe(expected[name]);
			expect(mine.headers['x-wp-total'], name).toBe(String(expected[name]));
			expect(all.body.total, name).toBe(expected[name]);
			// The same items in the same order, each shaped alike (signed URLs aside, which carry their own expiry).
			expect(mine.body.items.map((m) => m.id), name).toEqual(all.body.items.map((m) => m.id));
			expect(Object.keys(mine.body.items[0] ?? {}), name).toEqual(Object.keys(all.body.items[0] ?? {}));
		}
		const unknown = await api('anonymous').op('list_user_media', { params: { id: 999_999_999 } });
		expect(unknown.status).toBe(404);
		expect(unknown.body.code).toBe('mvs_user_not_found');
	} finally {
		await dispose([a]);
	}
});

test('bad input: 400 with a stable code, 404 for an unknown member', async ({ api }) => {
	const anon = api('anonymous');
	const queries: Record<string, string>[] = [{ scope: 'everyone' }, { per_page: '0' }, { per_page: '101' }, { page: '0' }, { per_page: 'many' }];
	for (const query of queries) {
		const res = await anon.send({ method: 'GET', path: '/mvs/v1/feed', query });
		expect(res.status, JSON.stringify(query)).toBe(400);
		expect(res.body.code, JSON.stringify(query)).toBe('rest_invalid_param');
	}
	const bad = await anon.send({ method: 'GET', path: '/mvs/v1/users/1/activity', query: { per_page: '101' } });
	expect(bad.status).toBe(400);
	const unknown = await anon.op('list_user_activity', { params: { id: 999_999_999 } });
	expect(unknown.status).toBe(404);
	expect(unknown.body.code).toBe('mvs_user_not_found');
});
