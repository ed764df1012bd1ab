/**
 * Smoke journey of the people area (follows, public profiles, search,
 * suggestions: 9 routes), for the Playground tier: every route once on
 * SQLite, with two members of their own. The edge cases are in follows.spec.ts.
 */
import type { SuggestedUser, UserCard } from '../../../client/src/client';
import { uploadImage } from '../../support/seed';
import { expect, test } from '../../support/smoke';

test('a member finds another, follows, reads both lists and the profile, sees suggestions, unfollows', async ({ api, members }) => {
	const [star, fan] = await members(2);
	await uploadImage(star.api);
	const found = await fan.api.op('search_users', { query: { q: star.login } });
	expect(found.status, JSON.stringify(found.body)).toBe(200);
	expect((found.body as unknown as UserCard[]).map((u) => u.id)).toEqual([star.id]);

	const suggested = await fan.api.op('list_suggested_users', { query: { limit: 50 } });
	expect(suggested.status, JSON.stringify(suggested.body)).toBe(200);
	expect((suggested.body as unknown as SuggestedUser[]).map((u) => u.id)).not.toContain(fan.id);

	const followed = await fan.api.op('follow_user', { params: { id: star.id } });
	expect(followed.body).toEqual({ user_id: star.id, is_following: true, follower_count: 1 });
	const followers = await api('anonymous').op('list_user_followers', { params: { id: star.id } });
	expect((followers.body as unknown as UserCard[]).map((u) => u.id)).toEqual([fan.id]);
	expect(followers.headers['x-wp-total']).toBe('1');
	expect(((await api('anonymous').op('list_user_following', { params: { id: fan.id } })).body as unknown as UserCard[]).map((u) => u.id)).toEqual([star.id]);
	expect(((await fan.api.op('list_my_following')).body as unknown as UserCard[]).map((u) => [u.id, u.is_following])).toEqual([[star.id, true]]);
	expect(((await star.api.op('list_my_followers')).body as unknown as UserCard[]).map((u) => [u.id, u.is_following])).toEqual([[fan.id, false]]);

	const profile = await fan.api.op('get_user', { params: { id: star.id } });
	expect(profile.body).toMatchObject({ id: star.id, follower_count: 1, following_count: 0, media_count: 1, is_following: true, user_login: null });

	const unfollowed = await fan.api.op('unfollow_user', { params: { id: star.id } });
	expect(unfollowed.body).toEqual({ user_id: star.id, is_following: false, follower_count: 0, deleted: true });
});
