/**
 * Smoke journey of activity and feed (GET /feed, GET /users/{id}/activity,
 * GET /users/{id}/media), for the Playground tier: a member uploads, creates
 * an album and gets a reaction; a follower sees it in both feeds, and an
 * item made private leaves them. Proves the feed's SQL runs on SQLite. The
 * edge cases are in feed.spec.ts.
 */
import type { ActivityEvent } from '../../../client/src/client';
import { createAlbum, uploadImage } from '../../support/seed';
import { expect, test } from '../../support/smoke';

test('uploads, an album and a reaction reach the feeds and the member’s activity; a private item leaves them', async ({ api, members }) => {
	const [author, follower] = await members(2);
	expect((await follower.api.op('follow_user', { params: { id: author.id } })).status).toBe(200);
	const item = await uploadImage(author.api, { privacy: 'public' });
	const album = await createAlbum(author.api);
	expect((await follower.api.op('set_media_reaction', { params: { id: item }, body: { reaction_type: 'like' } })).status).toBe(200);

	const following = await follower.api.op('get_feed', { query: { scope: 'following' } });
	expect(following.status).toBe(200);
	expect((following.body as unknown as ActivityEvent[]).map((e) => [e.type, e.object_id])).toEqual([
		['album', album],
		['upload', item],
	]);
	expect(following.headers['x-wp-total']).toBe('2');

	const pub = await api('anonymous').op('get_feed', { query: { per_page: 100 } });
	expect(pub.status).toBe(200);
	const ours = (pub.body as unknown as ActivityEvent[]).filter((e) => [author.id, follower.id].includes(e.actor.id));
	expect(ours.map((e) => e.type)).toEqual(['reaction', 'album', 'upload']);

	const activity = await api('anonymous').op('list_user_activity', { params: { id: author.id } });
	expect(activity.status).toBe(200);
	expect(activity.headers['x-wp-total']).toBe('2');

	const media = await api('anonymous').op('list_user_media', { params: { id: author.id } });
	expect(media.status).toBe(200);
	expect(media.body.items.map((m) => m.id)).toEqual([item]);
	expect(media.body.total).toBe(1);

	expect((await author.api.op('update_media', { params: { id: item }, body: { privacy: 'private' } })).status).toBe(200);
	const after = await follower.api.op('get_feed', { query: { scope: 'following' } });
	expect((after.body as unknown as ActivityEvent[]).map((e) => e.type)).toEqual(['album']);
	const afterPub = await api('anonymous').op('get_feed', { query: { per_page: 100 } });
	expect((afterPub.body as unknown as ActivityEvent[]).filter((e) => e.media?.id === item)).toEqual([]);
});
