/**
 * Smoke journey of reactions and favorites (7 routes), for the Playground
 * tier: a member reacts, changes and removes a reaction, favorites and
 * unfavorites an item, each write checked through a read and through the
 * media object. The edge cases are in reactions.spec.ts and favorites.spec.ts.
 */
import { uploadImage } from '../../support/seed';
import { expect, test } from '../../support/smoke';

test('reactions and favorites, every route once', async ({ api, members }) => {
	const [owner, fan] = await members(2);
	const id = await uploadImage(owner.api);

	const reacted = await fan.api.op('set_media_reaction', { params: { id }, body: { reaction_type: 'love' } });
	expect(reacted.status, JSON.stringify(reacted.body)).toBe(200);
	expect(reacted.body).toMatchObject({ media_id: id, total: 1, viewer_reaction: 'love' });
	const changed = await fan.api.op('set_media_reaction', { params: { id }, body: { reaction_type: 'wow' } });
	expect(changed.body.counts.find((c) => c.type === 'wow')?.count).toBe(1);
	const counts = await api('anonymous').op('list_media_reactions', { params: { id } });
	expect(counts.status).toBe(200);
	expect(counts.body).toMatchObject({ total: 1, viewer_reaction: null });
	expect((await fan.api.op('get_media', { params: { id } })).body).toMatchObject({ reactions_count: 1, viewer_reaction: 'wow' });
	const removed = await fan.api.op('remove_media_reaction', { params: { id } });
	expect(removed.body).toMatchObject({ total: 0, viewer_reaction: null });

	const added = await fan.api.op('add_media_favorite', { params: { id } });
	expect(added.status, JSON.stringify(added.body)).toBe(200);
	expect((await fan.api.op('get_media_favorite', { params: { id } })).body.is_favorited).toBe(true);
	const mine = await fan.api.op('list_my_favorites', {});
	expect(mine.body.items.map((i) => i.id)).toEqual([id]);
	expect(mine.body.items[0]).toMatchObject({ is_favorited: true, reactions_count: 0 });
	expect(mine.headers['x-wp-total']).toBe('1');
	const unfavorited = await fan.api.op('remove_media_favorite', { params: { id } });
	expect(unfavorited.body).toEqual({ media_id: id, is_favorited: false, collection_id: null, deleted: true });
	expect((await fan.api.op('list_my_favorites', {})).body.total).toBe(0);
});
