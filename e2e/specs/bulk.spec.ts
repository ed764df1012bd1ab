/**
 * POST /media/bulk: delete, move_to_album and change_privacy, each checked
 * per item against the action's own/others capability; all or nothing (a
 * refused item blocks the whole batch and the answer lists every id's
 * outcome); at most 100 ids; mvs_no_ids when missing or empty.
 * A failure half-way through rolls every item back; 10 requests a minute.
 */
import { expect, test, type Api } from '../support/mvs';
import { pinnedWindow } from '../support/rate-limit';
import { createAlbum, uniqueName, uploadImage } from '../support/seed';

test.describe.configure({ mode: 'parallel' });

type Result = { id: number; ok: boolean; code?: string };

async function privacyOf(api: Api, id: number): Promise<string> {
	const res = await api.op('get_media', { params: { id } });
	expect(res.status).toBe(200);
	return res.body.privacy as string;
}

test('change_privacy applies to every item and reports each id', async ({ api }) => {
	const member = api('member');
	const items = [await uploadImage(member), await uploadImage(member)];
	const res = await member.op('bulk_media', { body: { action: 'change_privacy', privacy: 'private', media_ids: items } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	expect(res.body).toEqual({ action: 'change_privacy', applied: true, count: 2, results: items.map((id) => ({ id, ok: true })) });
	for (const id of items) {
		expect(await privacyOf(member, id)).toBe('private');
		expect((await api('anonymous').op('get_media', { params: { id } })).status).toBe(403);
	}
});

test('move_to_album moves items into an album the caller may edit, out of their old album', async ({ api }) => {
	const owner = api('member2');
	const from = await createAlbum(owner);
	const to = await createAlbum(owner);
	const items = [await uploadImage(owner, { album_id: String(from) }), await uploadImage(owner)];
	const res = await owner.op('bulk_media', { body: { action: 'move_to_album', album_id: to, media_ids: items } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	const album = await owner.op('get_album', { params: { id: to } });
	expect((album.body as unknown as { media: { id: number }[] }).media.map((m) => m.id)).toEqual(items);
	expect((album.body as unknown as { media_count: number }).media_count).toBe(2);
	expect((await owner.op('get_album', { params: { id: from } })).body).toMatchObject({ media_count: 0, media: [] });
	// Someone else's album is refused, and nothing moves.
	const theirs = await createAlbum(api('member'));
	const refused = await owner.op('bulk_media', { body: { action: 'move_to_album', album_id: theirs, media_ids: items } });
	expect(refused.status).toBe(400);
	expect(refused.body.code).toBe('mvs_invalid_param');
	expect((await owner.op('get_media', { params: { id: items[0]! } })).body.album_id).toBe(to);
});

test('delete removes every item through the same routine as DELETE /media/{id}', async ({ api }) => {
	const owner = api('member2');
	const album = await createAlbum(owner);
	const tag = uniqueName('bulkdel');
	const items = [await uploadImage(owner, { album_id: String(album), tags: tag }), await uploadImage(owner, { tags: tag })];
	const res = await owner.op('bulk_media', { body: { action: 'delete', media_ids: items } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	expect(res.body).toMatchObject({ action: 'delete', applied: true, count: 2 });
	for (const id of items) expect((await owner.op('get_media', { params: { id } })).status).toBe(404);
	// Everything attached went too: album membership and tag relationships.
	expect((await owner.op('get_album', { params: { id: album } })).body).toMatchObject({ media_count: 0, media: [] });
	const unused = await api('moderator').op('list_tags', { query: { search: tag } });
	expect((unused.body as unknown as { count: number }[])[0]?.count).toBe(0);
	// A tag on no visible item is listed to moderators only.
	expect((await owner.op('list_tags', { query: { search: tag } })).body).toEqual([]);
});

test('one refused item blocks the batch: nothing is applied and each id reports its outcome', async ({ api }) => {
	const member = api('member');
	const mine = await uploadImage(member);
	const theirsPublic = await uploadImage(api('member2'));
	const theirsPrivate = await uploadImage(api('member2'), { privacy: 'private' });
	const res = await member.op('bulk_media', { body: { action: 'change_privacy', privacy: 'members', media_ids: [mine, theirsPublic, theirsPrivate, 999999999] } });
	expect(res.status).toBe(403);
	expect(res.body.code).toBe('mvs_forbidden');
	const data = res.body.data as unknown as { applied: boolean; results: Result[] };
	expect(data.applied).toBe(false);
	expect(data.results).toEqual([
		{ id: mine, ok: true },
		{ id: theirsPublic, ok: false, code: 'mvs_forbidden' },
		// An item the caller cannot see is reported as missing: no probing for private items.
		{ id: theirsPrivate, ok: false, code: 'mvs_not_found' },
		{ id: 999999999, ok: false, code: 'mvs_not_found' },
	]);
	expect(await privacyOf(member, mine)).toBe('public');

	const del = await member.op('bulk_media', { body: { action: 'delete', media_ids: [mine, theirsPublic] } });
	expect(del.status).toBe(403);
	expect((await member.op('get_media', { params: { id: mine } })).status).toBe(200);
	expect((await member.op('get_media', { params: { id: theirsPublic } })).status).toBe(200);

	// Only missing ids: 404, still nothing applied.
	const missing = await api('admin').op('bulk_media', { body: { action: 'delete', media_ids: [999999998, 999999999] } });
	expect(missing.status).toBe(404);
	expect(missing.body.code).toBe('mvs_not_found');
});

test('the "others" capability lets a moderator act on anyone\'s items; subscribers and anonymous callers are refused', async ({ api }) => {
	const items = [await uploadImage(api('member')), await uploadImage(api('member2'))];
	const res = await api('moderator').op('bulk_media', { body: { action: 'change_privacy', privacy: 'members', media_ids: items } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	for (const id of items) expect(await privacyOf(api('moderator'), id)).toBe('members');
	const subscriber = await api('subscriber').op('bulk_media', { body: { action: 'delete', media_ids: items } });
	expect(subscriber.status).toBe(403);
	expect(subscriber.body.code).toBe('mvs_forbidden');
	const anonymous = await api('anonymous').op('bulk_media', { body: { action: 'delete', media_ids: items } });
	expect(anonymous.status).toBe(401);
	for (const id of items) expect((await api('moderator').op('get_media', { params: { id } })).status).toBe(200);
});

test('a failure half-way through a batch rolls back every item already applied', async ({ api }) => {
	const member = api('member');
	const tag = uniqueName('rollback');
	const first = await uploadImage(member, { tags: tag });
	const second = await uploadImage(member, { tags: tag });
	// The harness makes the statement deleting the second row fail, after the first item is gone.
	const res = await api('admin').send(
		{ method: 'POST', path: '/mvs/v1/media/bulk', query: {}, json: { action: 'delete', media_ids: [first, second] } },
		{ 'X-MVS-Test-Fail-Query': `mvs_media WHERE id = ${second}` },
	);
	expect(res.status, JSON.stringify(res.body)).toBe(500);
	expect(res.body.code).toBe('mvs_storage_failed');
	for (const id of [first, second]) {
		const item = await member.op('get_media', { params: { id } });
		expect(item.status, `item ${id} is back`).toBe(200);
		expect(item.body.tags.map((t) => t.name), `item ${id} keeps its tags`).toEqual([tag]);
	}
	// Without the failure the same batch goes through.
	const ok = await api('admin').op('bulk_media', { body: { action: 'delete', media_ids: [first, second] } });
	expect(ok.status).toBe(200);
});

test('10 requests a minute: the 10th passes, the 11th gets 429 with Retry-After; another bucket is not throttled', async ({ api }) => {
	// A bucket and a pinned window of this test's own (see the harness and support/rate-limit.ts).
	const window = pinnedWindow('bulk');
	const send = (headers: Record<string, string>) =>
		api('member2').send({ method: 'POST', path: '/mvs/v1/media/bulk', query: {}, json: { action: 'delete', media_ids: [999999999] } }, headers);
	const responses = [];
	for (let i = 1; i <= 10; i++) responses.push(await send(window.headers()));
	// Under the limit each request reaches the handler (404: the id does not exist).
	expect(responses.map((r) => r.status)).toEqual(Array(10).fill(404));
	const limited = await send(window.headers());
	expect(limited.status).toBe(429);
	expect(limited.body.code).toBe('mvs_rate_limited');
	expect(limited.headers['retry-after']).toBe('40');
	expect((await send(window.other().headers())).status).toBe(404);
});

test('input: missing or empty is mvs_no_ids, over 100 ids is 400, conditional fields are required, group privacy is refused', async ({ api }) => {
	const admin = api('admin');
	const empty = await admin.op('bulk_media', { body: { action: 'delete', media_ids: [] } });
	expect(empty.status).toBe(400);
	expect(empty.body.code).toBe('mvs_no_ids');
	// Left out entirely: the same contract code, not WordPress's rest_missing_callback_param.
	const missing = await admin.op('bulk_media', { body: { action: 'delete' } as never });
	expect(missing.status, JSON.stringify(missing.body)).toBe(400);
	expect(missing.body).toMatchObject({ code: 'mvs_no_ids', data: { status: 400, params: ['media_ids'] } });
	const tooMany = await admin.op('bulk_media', { body: { action: 'delete', media_ids: Array.from({ length: 101 }, (_, i) => i + 1) } });
	expect(tooMany.status).toBe(400);
	expect(tooMany.body.code).toBe('rest_invalid_param');
	// 100 is accepted (these ids do not exist, so nothing is applied).
	const hundred = await admin.op('bulk_media', { body: { action: 'change_privacy', privacy: 'public', media_ids: Array.from({ length: 100 }, (_, i) => 900000000 + i) } });
	expect(hundred.status).toBe(404);
	expect((hundred.body.data as unknown as { results: Result[] }).results).toHaveLength(100);
	const noAlbum = await admin.op('bulk_media', { body: { action: 'move_to_album', media_ids: [1] } });
	expect(noAlbum.status).toBe(400);
	expect(noAlbum.body.code).toBe('rest_missing_callback_param');
	const group = await admin.op('bulk_media', { body: { action: 'change_privacy', privacy: 'group', media_ids: [1] } });
	expect(group.status).toBe(400);
	expect(group.body.code).toBe('mvs_invalid_param');
	const action = await admin.op('bulk_media', { body: { action: 'archive', media_ids: [1] } as never });
	expect(action.status).toBe(400);
	expect(action.body.code).toBe('rest_invalid_param');
});
