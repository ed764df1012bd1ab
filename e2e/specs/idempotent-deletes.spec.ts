/**
 * Retry-safe writes (issue 32, row 3): every implemented DELETE, repeated,
 * answers 200 with its usual body and `deleted: false`, after the same
 * permission checks as the first one; an id that never existed answers the
 * same as one deleted earlier; a missing parent is still 404 and a hidden
 * one 403 (docs/api-conventions.md, "Retry-safe writes").
 */
import { freshUser } from '../support/moderation';
import { expect, test } from '../support/mvs';
import { createAlbum, createCollection, createComment, createTag, uniqueName, uploadImage } from '../support/seed';

test.describe.configure({ mode: 'parallel' });

/** An id no row has ever had (auto-increment ids never reach it). */
const NEVER = 2_000_000_000;

/** Sends `call` twice and checks the two answers: deleted true, then false, both 200. */
async function twice(call: () => Promise<{ status: number; body: unknown }>, expected: Record<string, unknown> = {}) {
	const first = await call();
	expect(first.status, JSON.stringify(first.body)).toBe(200);
	expect(first.body).toMatchObject({ ...expected, deleted: true });
	const second = await call();
	expect(second.status, JSON.stringify(second.body)).toBe(200);
	expect(second.body).toMatchObject({ ...expected, deleted: false });
	return second.body as Record<string, unknown>;
}

test('resources: media, albums, collections, tags and comments answer deleted: false when repeated, as for an id that never existed', async ({ api }) => {
	const member = api('member');
	const item = await uploadImage(member);
	await twice(() => member.op('delete_media', { params: { id: item } }), { id: item });
	expect((await member.op('delete_media', { params: { id: NEVER } })).body).toEqual({ deleted: false, id: NEVER });

	const album = await createAlbum(member);
	await twice(() => member.op('delete_album', { params: { id: album } }), { id: album });
	expect((await member.op('delete_album', { params: { id: NEVER } })).body).toEqual({ deleted: false, id: NEVER });

	const collection = await createCollection(member);
	await twice(() => member.op('delete_collection', { params: { id: collection } }), { id: collection });
	expect((await member.op('delete_collection', { params: { id: NEVER } })).body).toEqual({ deleted: false, id: NEVER });

	const tag = await createTag(api('admin'), uniqueName('idem'));
	await twice(() => api('admin').op('delete_tag', { params: { id: tag } }), { id: tag });

	const commented = await uploadImage(member);
	const comment = await createComment(api('member2'), commented);
	await twice(() => api('member2').op('delete_media_comment', { params: { id: commented, comment_id: comment } }), { id: comment });
});

test('the same permission checks as a first delete: others get 403, a missing parent 404, a hidden item 403', async ({ api }) => {
	const member = api('member');
	const item = await uploadImage(member);
	const denied = await api('member2').op('delete_media', { params: { id: item } });
	expect(denied.status, 'an existing item of another member').toBe(403);
	expect((await api('anonymous').op('delete_media', { params: { id: NEVER } })).status).toBe(401);
	expect((await api('subscriber').op('delete_tag', { params: { id: NEVER } })).status, 'tags stay admin-only').toBe(403);

	// Parents: the album of an item removal, the item of a comment.
	const album = await createAlbum(member);
	await member.op('delete_album', { params: { id: album } });
	const gone = await member.op('remove_album_item', { params: { id: album, media_id: item } });
	expect(gone.status, JSON.stringify(gone.body)).toBe(404);
	expect((await member.op('delete_media_comment', { params: { id: NEVER, comment_id: NEVER } })).status).toBe(404);
	const hidden = await uploadImage(member, { privacy: 'private' });
	const forbidden = await api('member2').op('delete_media_comment', { params: { id: hidden, comment_id: NEVER } });
	expect(forbidden.status, JSON.stringify(forbidden.body)).toBe(403);
	expect(forbidden.body.code).toBe('mvs_forbidden');
});

test('relations: reactions, favorites, album items, devices and blocks answer their usual body with deleted: false when repeated', async ({ api }) => {
	const member = api('member');
	const item = await uploadImage(member);
	const fan = api('member2');

	expect((await fan.op('set_media_reaction', { params: { id: item }, body: { reaction_type: 'like' } })).status).toBe(200);
	await twice(() => fan.op('remove_media_reaction', { params: { id: item } }), { media_id: item, viewer_reaction: null, total: 0 });

	expect((await fan.op('add_media_favorite', { params: { id: item } })).status).toBe(200);
	await twice(() => fan.op('remove_media_favorite', { params: { id: item } }), { media_id: item, is_favorited: false, collection_id: null });

	const album = await createAlbum(member);
	const placed = await uploadImage(member, { album_id: String(album) });
	const left = await twice(() => member.op('remove_album_item', { params: { id: album, media_id: placed } }), { id: album });
	expect((left.media as { id: number }[]).map((m) => m.id)).not.toContain(placed);

	const token = uniqueName('device');
	expect((await fan.op('register_device', { body: { platform: 'ios', token } })).status).toBe(200);
	await twice(() => fan.op('unregister_device', { body: { token } }));

	// Blocks between throw-away members, so parallel specs keep their views.
	const blocker = await freshUser(api('admin'));
	const blocked = await freshUser(api('admin'));
	try {
		expect((await blocker.api.op('block_user', { params: { id: blocked.id } })).status).toBe(200);
		await twice(() => blocker.api.op('unblock_user', { params: { id: blocked.id } }), { user_id: blocked.id, blocked: false });
	} finally {
		await blocker.api.dispose();
		await blocked.api.dispose();
	}
});
