/**
 * Follows and people: follow/unfollow (idempotent, self 400, unknown 404,
 * a block either way answered as unknown), the counts, the four lists
 * (cards, is_following, X-WP-Total, newest first, a fixed number of queries),
 * a follow notification that folds, public profiles, member search and
 * suggestions. Every test uses throw-away members (freshUser), so counts
 * start at zero and fixture users are untouched. Choices: docs/people.md.
 */
import type { SuggestedUser, UserCard, UserProfile } from '../../client/src/client';
import { expect, test, upload, type Api } from '../support/mvs';
import { freshUser, type FreshUser } from '../support/moderation';

test.describe.configure({ mode: 'parallel' });

async function people(admin: Api, n: number): Promise<FreshUser[]> {
	return Promise.all(Array.from({ length: n }, () => freshUser(admin)));
}

async function dispose(users: FreshUser[]): Promise<void> {
	await Promise.all(users.map((u) => u.api.dispose()));
}

async function follow(who: FreshUser, target: number) {
	return who.api.op('follow_user', { params: { id: target } });
}

async function profile(caller: Api, id: number): Promise<UserProfile> {
	const res = await caller.op('get_user', { params: { id } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as unknown as UserProfile;
}

test('follow and unfollow are idempotent and keep both counts; self 400, unknown 404, visitors 401', async ({ api }) => {
	const [a, b] = await people(api('admin'), 2);
	try {
		const first = await follow(a!, b!.id);
		expect(first.status, JSON.stringify(first.body)).toBe(200);
		expect(first.body).toEqual({ user_id: b!.id, is_following: true, follower_count: 1 });
		// Again: the same answer, nothing counted twice.
		expect((await follow(a!, b!.id)).body).toEqual(first.body);
		expect(await profile(api('anonymous'), b!.id)).toMatchObject({ follower_count: 1, following_count: 0 });
		expect(await profile(api('anonymous'), a!.id)).toMatchObject({ follower_count: 0, following_count: 1 });

		const self = await follow(a!, a!.id);
		expect(self.status).toBe(400);
		expect(self.body.code).toBe('mvs_invalid_param');
		const unknown = await follow(a!, 999999999);
		expect(unknown.status).toBe(404);
		expect(unknown.body.code).toBe('mvs_user_not_found');
		expect((await api('anonymous').op('follow_user', { params: { id: b!.id } })).status).toBe(401);
		const zero = await a!.api.send({ method: 'POST', path: '/mvs/v1/users/0/follow', query: {} });
		expect(zero.status).toBe(400);
		const word = await a!.api.send({ method: 'POST', path: '/mvs/v1/users/abc/follow', query: {} });
		expect(word.status).toBe(404);

		const removed = await a!.api.op('unfollow_user', { params: { id: b!.id } });
		expect(removed.body).toEqual({ user_id: b!.id, is_following: false, follower_count: 0, deleted: true });
		const again = await a!.api.op('unfollow_user', { params: { id: b!.id } });
		expect(again.status).toBe(200);
		expect(again.body).toEqual({ user_id: b!.id, is_following: false, follower_count: 0, deleted: false });
		expect((await a!.api.op('unfollow_user', { params: { id: 999999999 } })).status).toBe(404);
		expect(await profile(api('anonymous'), a!.id)).toMatchObject({ follower_count: 0, following_count: 0 });
	} finally {
		await dispose([a!, b!]);
	}
});

test('lists: cards with is_following for the viewer, newest first, X-WP-Total, pages, and the same queries whatever per_page', async ({ api }) => {
	const [star, f1, f2, f3, viewer] = await people(api('admin'), 5);
	try {
		for (const f of [f1!, f2!, f3!]) expect((await follow(f, star!.id)).status).toBe(200);
		expect((await follow(viewer!, f2!.id)).status).toBe(200);
		expect((await follow(star!, f1!.id)).status).toBe(200);

		const counts: number[] = [];
		let all: UserCard[] = [];
		for (const perPage of [1, 2, 100]) {
			const res = await viewer!.api.op('list_user_followers', { params: { id: star!.id }, query: { per_page: perPage } });
			expect(res.status).toBe(200);
			expect(res.headers['x-wp-total']).toBe('3');
			counts.push(Number(res.headers['x-mvs-queries']));
			if (perPage === 100) all = res.body as unknown as UserCard[];
		}
		expect(new Set(counts).size, `queries per_page 1/2/100: ${counts.join('/')}`).toBe(1);
		// Newest first to the second; follows within one second: higher user ID first (docs/people.md).
		expect(all.map((c) => c.id).sort()).toEqual([f1!.id, f2!.id, f3!.id].sort());
		expect(Object.fromEntries(all.map((c) => [c.id, c.is_following]))).toEqual({ [f1!.id]: false, [f2!.id]: true, [f3!.id]: false });
		const card = all.find((c) => c.id === f3!.id)!;
		expect(card.display_name).toBe(f3!.login);
		expect(card.avatar_url).toMatch(/^https?:\/\//);
		expect(card.profile_url).toMatch(/^https?:\/\//);
		expect(JSON.stringify(all)).not.toContain('@');
		const page1 = await api('anonymous').op('list_user_followers', { params: { id: star!.id }, query: { per_page: 2, page: 1 } });
		const page2 = await api('anonymous').op('list_user_followers', { params: { id: star!.id }, query: { per_page: 2, page: 2 } });
		expect([...(page1.body as unknown as UserCard[]), ...(page2.body as unknown as UserCard[])].map((c) => c.id)).toEqual(all.map((c) => c.id));
		expect((page2.body as unknown as UserCard[]).every((c) => c.is_following === false)).toBe(true);

		const following = await api('anonymous').op('list_user_following', { params: { id: star!.id } });
		expect((following.body as unknown as UserCard[]).map((c) => c.id)).toEqual([f1!.id]);
		expect(following.headers['x-wp-total']).toBe('1');
		const mine = await star!.api.op('list_my_followers');
		expect((mine.body as unknown as UserCard[]).map((c) => c.id)).toEqual(all.map((c) => c.id));
		expect(Object.fromEntries((mine.body as unknown as UserCard[]).map((c) => [c.id, c.is_following]))).toEqual({ [f1!.id]: true, [f2!.id]: false, [f3!.id]: false });
		const myFollowing = await viewer!.api.op('list_my_following');
		expect((myFollowing.body as unknown as UserCard[]).map((c) => [c.id, c.is_following])).toEqual([[f2!.id, true]]);
		expect((await api('anonymous').op('list_my_following')).status).toBe(401);
		expect((await api('anonymous').op('list_user_following', { params: { id: 999999999 } })).status).toBe(404);
	} finally {
		await dispose([star!, f1!, f2!, f3!, viewer!]);
	}
});

test('a block either way: the other member is unknown to follow, profile and lists, and the block ends follows and their counts', async ({ api }) => {
	const [a, b, c] = await people(api('admin'), 3);
	try {
		expect((await follow(a!, b!.id)).status).toBe(200);
		expect((await follow(b!, a!.id)).status).toBe(200);
		expect((await follow(c!, b!.id)).status).toBe(200);
		expect((await b!.api.op('block_user', { params: { id: a!.id } })).status).toBe(200);
		// Both directions answer exactly as an unknown member.
		for (const [who, other] of [[a!, b!], [b!, a!]] as const) {
			const refused = await follow(who, other.id);
			expect(refused.status).toBe(404);
			expect(refused.body).toEqual((await follow(who, 999999999)).body);
			expect((await who.api.op('get_user', { params: { id: other.id } })).status).toBe(404);
			expect((await who.api.op('list_user_followers', { params: { id: other.id } })).status).toBe(404);
		}
		// The block removed both follows and took them off the counts.
		expect(await profile(api('anonymous'), b!.id)).toMatchObject({ follower_count: 1, following_count: 0 });
		expect(await profile(api('anonymous'), a!.id)).toMatchObject({ follower_count: 0, following_count: 0 });
		// c's following list, seen by a, leaves b out (and its total with it).
		const seen = await a!.api.op('list_user_following', { params: { id: c!.id } });
		expect(seen.body).toEqual([]);
		expect(seen.headers['x-wp-total']).toBe('0');
		const bySomeoneElse = await api('anonymous').op('list_user_following', { params: { id: c!.id } });
		expect(bySomeoneElse.headers['x-wp-total']).toBe('1');
	} finally {
		await dispose([a!, b!, c!]);
	}
});

test('a new follower notifies once: following again, or unfollowing and following, folds into it', async ({ api }) => {
	const [a, b] = await people(api('admin'), 2);
	try {
		await follow(a!, b!.id);
		await a!.api.op('unfollow_user', { params: { id: b!.id } });
		await follow(a!, b!.id);
		await follow(a!, b!.id);
		const res = await b!.api.op('list_my_notifications');
		const notices = (res.body as unknown as { type: string; actor_id: number; object_type: string; object_id: number }[]).filter((n) => n.type === 'new_follower');
		expect(notices).toHaveLength(1);
		expect(notices[0]).toMatchObject({ actor_id: a!.id, object_type: 'user', object_id: a!.id });
	} finally {
		await dispose([a!, b!]);
	}
});

test('GET /users/{id}: profile, counts, the media a visitor may see; login and registration only for self and list_users', async ({ api, fixtures }) => {
	const [a, b] = await people(api('admin'), 2);
	try {
		await upload(a!.api, { privacy: 'public' });
		await upload(a!.api, { privacy: 'private' });
		await upload(a!.api, { privacy: 'members' });
		await follow(b!, a!.id);
		const stranger = await profile(b!.api, a!.id);
		expect(stranger).toMatchObject({ id: a!.id, display_name: a!.login, media_count: 1, follower_count: 1, following_count: 0, is_following: true, user_login: null, user_registered: null, description: '' });
		expect(JSON.stringify(stranger)).not.toContain('@');
		const self = await profile(a!.api, a!.id);
		expect(self).toMatchObject({ user_login: a!.login, is_following: false, media_count: 1 });
		expect(self.user_registered).toMatch(/^\d{4}-\d\d-\d\dT/);
		expect((await profile(api('admin'), a!.id)).user_login).toBe(a!.login);
		expect((await profile(api('member'), a!.id)).user_login).toBeNull();
		expect((await api('anonymous').op('get_user', { params: { id: 999999999 } })).body.code).toBe('mvs_user_not_found');
		expect((await profile(api('anonymous'), fixtures.users.admin.id)).user_login).toBeNull();
	} finally {
		await dispose([a!, b!]);
	}
});

test('search: word prefixes of names and logins, never e-mail, q of 2 characters or more, block relations left out, an indexed range', async ({ api }) => {
	const [a, b, viewer] = await people(api('admin'), 3);
	try {
		// freshUser logins are fresh<random>; their e-mail is <login>@example.test.
		const prefix = a!.login.slice(0, 9);
		const found = await viewer!.api.op('search_users', { query: { q: prefix.toUpperCase() } });
		expect(found.status).toBe(200);
		expect((found.body as unknown as UserCard[]).map((c) => c.id)).toContain(a!.id);
		const exact = await api('anonymous').op('search_users', { query: { q: a!.login, per_page: 50 } });
		expect((exact.body as unknown as UserCard[]).map((c) => c.id)).toEqual([a!.id]);
		expect((await api('anonymous').op('search_users', { query: { q: 'example.test' } })).body).toEqual([]);
		expect((await api('anonymous').op('search_users', { query: { q: `${a!.login}@example` } })).body).toEqual([]);
		for (const q of ['', 'x']) {
			const short = await api('anonymous').send({ method: 'GET', path: '/mvs/v1/users/search', query: { q } });
			expect(short.status, q).toBe(400);
		}
		expect((await api('anonymous').send({ method: 'GET', path: '/mvs/v1/users/search', query: {} })).body.code).toBe('rest_missing_callback_param');
		expect((await api('anonymous').send({ method: 'GET', path: '/mvs/v1/users/search', query: { q: 'ab', per_page: '51' } })).status).toBe(400);

		expect((await b!.api.op('block_user', { params: { id: viewer!.id } })).status).toBe(200);
		const blocked = await viewer!.api.op('search_users', { query: { q: b!.login } });
		expect(blocked.body).toEqual([]);
		expect(((await api('anonymous').op('search_users', { query: { q: b!.login } })).body as unknown as UserCard[]).map((c) => c.id)).toEqual([b!.id]);
	} finally {
		await dispose([a!, b!, viewer!]);
	}
});

test('suggestions: followed by people you follow first; never yourself, whom you follow or block; re-ranked after a follow; public samples only', async ({ api }) => {
	const [viewer, friend, pick, blocked] = await people(api('admin'), 4);
	try {
		await upload(pick!.api, { privacy: 'public' });
		await upload(pick!.api, { privacy: 'private' });
		await follow(viewer!, friend!.id);
		await follow(friend!, pick!.id);
		await follow(friend!, blocked!.id);
		await blocked!.api.op('block_user', { params: { id: viewer!.id } });

		const res = await viewer!.api.op('list_suggested_users', { query: { limit: 50 } });
		expect(res.status).toBe(200);
		const list = res.body as unknown as SuggestedUser[];
		expect(list[0]).toMatchObject({ id: pick!.id, name: pick!.login, follower_count: 1, is_following: false });
		expect(list[0]!.sample_media).toHaveLength(1);
		const ids = list.map((s) => s.id);
		expect(ids).not.toContain(viewer!.id);
		expect(ids).not.toContain(friend!.id);
		expect(ids).not.toContain(blocked!.id);
		expect(ids.length).toBeLessThanOrEqual(50);
		// The sample is a thumbnail a visitor may fetch.
		const sample = await api('anonymous').raw('GET', list[0]!.sample_media[0]!.replace(/^https?:\/\/[^/]+/, ''));
		expect(sample.status).toBe(200);

		// Following the suggestion ranks again at once: it is gone.
		await follow(viewer!, pick!.id);
		const after = await viewer!.api.op('list_suggested_users', { query: { limit: 1 } });
		expect(after.body as unknown as SuggestedUser[]).toHaveLength(1);
		expect((after.body as unknown as SuggestedUser[])[0]!.id).not.toBe(pick!.id);
		// Out of range is clamped, as the contract says (1-50); not a number is a 400.
		expect((await viewer!.api.op('list_suggested_users', { query: { limit: 0 } })).body as unknown as SuggestedUser[]).toHaveLength(1);
		expect(((await viewer!.api.op('list_suggested_users', { query: { limit: 500 } })).body as unknown as SuggestedUser[]).length).toBeLessThanOrEqual(50);
		expect((await viewer!.api.send({ method: 'GET', path: '/mvs/v1/users/suggested', query: { limit: 'ten' } })).status).toBe(400);
		expect((await api('anonymous').op('list_suggested_users')).status).toBe(401);
	} finally {
		await dispose([viewer!, friend!, pick!, blocked!]);
	}
});

test("erasing a member takes their follows off the other members' counts and lists", async ({ api }) => {
	const [gone, b, c] = await people(api('admin'), 3);
	try {
		await follow(gone!, b!.id);
		await follow(gone!, c!.id);
		await follow(c!, gone!.id);
		await follow(b!, c!.id);
		const erased = await api('admin').raw('DELETE', `/wp-json/wp/v2/users/${gone!.id}`, { query: { force: 'true', reassign: 'false' } });
		expect(erased.status, JSON.stringify(erased.body)).toBe(200);
		expect(await profile(api('anonymous'), b!.id)).toMatchObject({ follower_count: 0, following_count: 1 });
		expect(await profile(api('anonymous'), c!.id)).toMatchObject({ follower_count: 1, following_count: 0 });
		const followers = await api('anonymous').op('list_user_followers', { params: { id: c!.id } });
		expect((followers.body as unknown as UserCard[]).map((u) => u.id)).toEqual([b!.id]);
		expect(followers.headers['x-wp-total']).toBe('1');
		expect((await api('anonymous').op('get_user', { params: { id: gone!.id } })).status).toBe(404);
	} finally {
		await dispose([gone!, b!, c!]);
	}
});
