/**
 * Smoke journey of the Media area (17 routes), for the Playground tier: one
 * member's item goes through upload, read, edit, file replacement, delivery,
 * counters, privacy, a gallery group, a bulk change and deletion, each write
 * checked through a read. Few requests (about 1 s each on Playground);
 * data made through the API by a member of its own (see support/community.ts).
 * The edge cases of each route are in the full suite (media.spec.ts and its neighbours).
 */
import type { MediaItem } from '../../../client/src/client';
import { files } from '../../support/mvs';
import { uniqueName } from '../../support/seed';
import { bigPdf, serveQuery } from '../../support/serve';
import { expect, test } from '../../support/smoke';

test('a media item from upload to deletion, every route once', async ({ api, members }) => {
	const [owner] = await members(1);
	const member = owner.api;
	const title = uniqueName('smoke media');

	// POST /media, GET /media/{id}
	const created = await member.op('create_media', { body: { file: files.uniquePng(), title, privacy: 'public' } as never });
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	const item = created.body as MediaItem;
	expect(item).toMatchObject({ title, privacy: 'public', media_type: 'image', mime_type: 'image/png', author_id: owner.id, can_edit: true });
	const seen = await api('anonymous').op('get_media', { params: { id: item.id } });
	expect(seen.status).toBe(200);
	expect(seen.body).toMatchObject({ id: item.id, title, can_edit: false });

	// PUT /media/{id}: the new title is what GET /media finds, and GET /me/media lists it.
	const renamed = `${title} renamed`;
	const updated = await member.op('update_media', { params: { id: item.id }, body: { title: renamed, description: 'edited' } });
	expect(updated.status, JSON.stringify(updated.body)).toBe(200);
	expect(updated.body).toMatchObject({ id: item.id, title: renamed, description: 'edited' });
	const found = await api('anonymous').op('list_media', { query: { s: renamed } });
	expect(found.status).toBe(200);
	expect(found.body.items.map((i) => i.id)).toEqual([item.id]);
	expect(found.body.total).toBe(1);
	const mine = await member.op('list_my_media');
	expect(mine.body.items.map((i) => i.id)).toEqual([item.id]);

	// POST /media/{id}/replace with a PDF, then the signed URL serves the new bytes.
	const pdf = bigPdf(12_000);
	const replaced = await member.op('replace_media_file', { params: { id: item.id }, body: { file: pdf } });
	expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
	expect(replaced.body).toMatchObject({ id: item.id, media_type: 'document', mime_type: 'application/pdf' });
	const signed = await api('member2').op('get_media_signed_url', { params: { id: item.id } });
	expect(signed.status).toBe(200);
	expect(signed.body.expires).toBeGreaterThan(Date.now() / 1000);
	const served = await api('anonymous').op('serve_media_file', { query: serveQuery(signed.body.url) as never });
	expect(served.status).toBe(200);
	expect(served.headers['content-type']).toContain('application/pdf');
	expect(Number(served.headers['content-length'])).toBe(pdf.buffer.byteLength);

	// The counters, one event each, read back per item and as the owner's totals.
	expect((await api('anonymous').op('record_media_view', { params: { id: item.id } })).body).toMatchObject({ views: 1 });
	expect((await api('member2').op('record_media_download', { params: { id: item.id } })).body).toMatchObject({ downloads: 1 });
	expect((await api('subscriber').op('record_media_share', { params: { id: item.id } })).body).toMatchObject({ shares: 1 });
	const stats = await api('anonymous').op('get_media_stats', { params: { id: item.id } });
	expect(stats.body).toEqual({ views: 1, reactions: 0, comments: 0, downloads: 1, shares: 1 });
	const totals = await member.op('get_my_stats');
	expect(totals.body).toEqual({ views: 1, reactions: 0, comments: 0, downloads: 1, shares: 1 });

	// A gallery of two, made private in one bulk call: strangers lose access, the owner keeps it.
	const group = uniqueName('g');
	const second = await member.op('create_media', { body: { file: files.uniquePng(), upload_group: group, privacy: 'public' } as never });
	const third = await member.op('create_media', { body: { file: files.uniquePng(), upload_group: group, privacy: 'public' } as never });
	const gallery = [second.body.id, third.body.id];
	const listed = await api('anonymous').op('get_media_group', { params: { id: gallery[0]! } });
	expect(listed.status).toBe(200);
	expect(listed.body.map((i) => i.id)).toEqual(gallery);
	const bulk = await member.op('bulk_media', { body: { action: 'change_privacy', privacy: 'private', media_ids: gallery } });
	expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
	expect(bulk.body).toMatchObject({ action: 'change_privacy', applied: true, count: 2 });
	// GET /media/{id}/access: 403 to whoever can neither view nor owns the item (the contract's error list).
	const stranger = await api('member2').op('get_media_access', { params: { id: gallery[1]! } });
	expect(stranger.status).toBe(403);
	expect(stranger.body.code).toBe('mvs_forbidden');
	const own = await member.op('get_media_access', { params: { id: gallery[1]! } });
	expect(own.status).toBe(200);
	expect(own.body).toEqual({ media_id: gallery[1], can_view: true, privacy: 'private', is_owner: true });

	// DELETE /media/{id}: gone for everyone, the owner included.
	const deleted = await member.op('delete_media', { params: { id: item.id } });
	expect(deleted.status).toBe(200);
	expect(deleted.body).toEqual({ deleted: true, id: item.id });
	const gone = await member.op('get_media', { params: { id: item.id } });
	expect(gone.status).toBe(404);
	expect(gone.body.code).toBe('mvs_not_found');
});
