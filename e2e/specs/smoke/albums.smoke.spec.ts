/**
 * Smoke journey of the Albums area (9 routes), for the Playground tier: a
 * member's album is created, filled, ordered, given a cover, listed, made
 * private, emptied and deleted, each write checked through a read by
 * another caller. Data made through the API by a member of its own; the
 * edge cases are in albums.spec.ts.
 */
import type { AlbumWithMedia } from '../../../client/src/client';
import { uniqueName, uploadImage } from '../../support/seed';
import { expect, test } from '../../support/smoke';

const mediaIds = (album: AlbumWithMedia) => album.media.map((m) => m.id);

test('an album from creation to deletion, every route once', async ({ api, members }) => {
	const [owner] = await members(1);
	const member = owner.api;
	const anonymous = api('anonymous');
	const title = uniqueName('smoke album');

	const created = await member.op('create_album', { body: { title, privacy: 'public' } });
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	expect(created.body).toMatchObject({ title, privacy: 'public', author_id: owner.id, media_count: 0, can_edit: true, media: [] });
	const album = created.body.id;

	const [first, second] = [await uploadImage(member), await uploadImage(member)];
	const added = await member.op('add_album_items', { params: { id: album }, body: { media_ids: [first, second] } });
	expect(added.status, JSON.stringify(added.body)).toBe(200);
	expect(mediaIds(added.body)).toEqual([first, second]);

	const reordered = await member.op('reorder_album', { params: { id: album }, body: { order: [second, first] } });
	expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
	expect(mediaIds(reordered.body)).toEqual([second, first]);

	const covered = await member.op('set_album_cover', { params: { id: album }, body: { media_id: first } });
	expect(covered.status, JSON.stringify(covered.body)).toBe(200);
	expect(covered.body).toMatchObject({ cover_media_id: first, cover: { id: first } });

	// What a visitor sees: the order, the cover, the count, and the album in the owner's list.
	const visited = await anonymous.op('get_album', { params: { id: album } });
	expect(visited.status).toBe(200);
	expect(visited.body).toMatchObject({ id: album, title, media_count: 2, cover_media_id: first, can_edit: false });
	expect(mediaIds(visited.body)).toEqual([second, first]);
	const listed = await anonymous.op('list_albums', { query: { author: owner.id } });
	expect(listed.status).toBe(200);
	expect(listed.body.map((a) => [a.id, a.media_count])).toEqual([[album, 2]]);
	expect(listed.headers['x-wp-total']).toBe('1');

	// Private: the owner keeps it, a visitor gets the 404 of a missing album.
	const renamed = `${title} private`;
	const updated = await member.op('update_album', { params: { id: album }, body: { title: renamed, privacy: 'private' } });
	expect(updated.status, JSON.stringify(updated.body)).toBe(200);
	expect(updated.body).toMatchObject({ title: renamed, privacy: 'private' });
	expect((await anonymous.op('get_album', { params: { id: album } })).status).toBe(404);

	const removed = await member.op('remove_album_item', { params: { id: album, media_id: second } });
	expect(removed.status, JSON.stringify(removed.body)).toBe(200);
	expect(mediaIds(removed.body)).toEqual([first]);
	expect(removed.body.media_count).toBe(1);

	// Deleting the album keeps its media.
	const deleted = await member.op('delete_album', { params: { id: album } });
	expect(deleted.status).toBe(200);
	expect(deleted.body).toEqual({ deleted: true, id: album });
	expect((await member.op('get_album', { params: { id: album } })).status).toBe(404);
	const kept = await member.op('get_media', { params: { id: first } });
	expect(kept.status).toBe(200);
	expect(kept.body.album_id).toBeNull();
});
