/**
 * Behaviour that depends on site-wide settings and counters: default privacy,
 * holding uploads for moderation, duplicate handling, settings validation
 * and rate limits. These flip global state, so they run in the `site-wide`
 * project: after the other specs, one at a time.
 */
import { expect, files, test, type Api } from '../support/mvs';
import { pinnedWindow } from '../support/rate-limit';

test.describe.configure({ mode: 'serial' });

async function saveSettings(admin: Api, settings: Record<string, unknown>) {
	const res = await admin.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: settings } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body.mvs_settings as Record<string, unknown>;
}

const DEFAULTS = { default_privacy: 'public', moderation_hold: false, duplicate_action: 'warn' };

test.afterAll(async ({ api }) => {
	await saveSettings(api('admin'), DEFAULTS);
});

test('uploads take the default privacy from the site setting', async ({ api }) => {
	await saveSettings(api('admin'), { default_privacy: 'members' });
	const res = await api('member').op('create_media', { body: { file: files.uniquePng() } });
	expect(res.status).toBe(201);
	expect(res.body.privacy).toBe('members');
	expect((await api('anonymous').op('get_media', { params: { id: res.body.id } })).status).toBe(403);
	await saveSettings(api('admin'), { default_privacy: 'public' });
});

test('held uploads stay pending: visible to their owner and moderators only', async ({ api }) => {
	await saveSettings(api('admin'), { moderation_hold: true });
	const title = `held-${Date.now()}`;
	const held = await api('member').op('create_media', { body: { file: files.uniquePng(), title, privacy: 'public' } });
	expect(held.status).toBe(201);
	const id = held.body.id;
	for (const role of ['anonymous', 'subscriber', 'member2'] as const) {
		expect((await api(role).op('get_media', { params: { id } })).status, role).toBe(403);
		const listed = await api(role).op('list_media', { query: { s: title, scope: 'all' } });
		expect(listed.body.total, role).toBe(0);
	}
	const mine = await api('member').op('list_my_media', { query: { s: title } });
	expect(mine.body.items.map((i) => i.id)).toEqual([id]);
	const queue = await api('moderator').op('list_media', { query: { s: title, scope: 'all' } });
	expect(queue.body.items.map((i) => i.id)).toEqual([id]);
	// Moderators' own uploads are not held.
	const own = await api('moderator').op('create_media', { body: { file: files.uniquePng(), title } });
	expect((await api('anonymous').op('get_media', { params: { id: own.body.id } })).status).toBe(200);
	await saveSettings(api('admin'), { moderation_hold: false });
});

test('duplicates: warn names the earlier item, skip refuses with 409, and other members are never told', async ({ api }) => {
	const file = files.uniquePng('same.png');
	const first = await api('member').op('create_media', { body: { file } });
	expect(first.status).toBe(201);
	const warned = await api('member').op('create_media', { body: { file } });
	expect(warned.status).toBe(201);
	expect(warned.headers['x-mvs-duplicate-of']).toBe(String(first.body.id));

	await saveSettings(api('admin'), { duplicate_action: 'skip' });
	const skipped = await api('member').op('create_media', { body: { file } });
	expect(skipped.status).toBe(409);
	expect(skipped.body.code).toBe('mvs_duplicate');
	// Another member uploading the same bytes learns nothing about the first member's items.
	const other = await api('member2').op('create_media', { body: { file } });
	expect(other.status).toBe(201);
	expect(other.headers['x-mvs-duplicate-of']).toBeUndefined();
	await saveSettings(api('admin'), { duplicate_action: 'warn' });
});

test('settings are validated on the server and only administrators may change them', async ({ api }) => {
	const bad = await api('admin').raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: { default_privacy: 'everyone' } } });
	expect(bad.status).toBe(400);
	expect(bad.body.code).toBe('rest_invalid_param');
	const current = await api('admin').raw('GET', '/wp-json/wp/v2/settings');
	expect(current.body.mvs_settings.default_privacy).toBe('public');
	const member = await api('moderator').raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: { default_privacy: 'private' } } });
	expect(member.status).toBe(403);
});

test('rate limits: a new window restores the allowance; refused requests do nothing', async ({ api }) => {
	// POST /media/bulk allows 10 a minute. A pinned window of this test's own (support/rate-limit.ts).
	const window = pinnedWindow('window');
	const member2 = api('member2');
	const body = { action: 'delete' as const, media_ids: [1] };
	for (let i = 1; i <= 10; i++) {
		const res = await member2.withHeaders(window.headers()).op('bulk_media', { body });
		expect(res.status, `request ${i}`).not.toBe(429);
	}
	const limited = await member2.withHeaders(window.headers()).op('bulk_media', { body });
	expect(limited.status).toBe(429);
	expect(limited.body.data!.retry_after).toBe(Number(limited.headers['retry-after']));
	// Still refused for the rest of the minute, whatever the count...
	expect((await member2.withHeaders(window.headers()).op('bulk_media', { body })).status).toBe(429);
	// ...and allowed again, ten times, once the next minute begins.
	for (let i = 1; i <= 10; i++) {
		const res = await member2.withHeaders(window.headers(1)).op('bulk_media', { body });
		expect(res.status, `next window, request ${i}`).not.toBe(429);
	}
	expect((await member2.withHeaders(window.headers(1)).op('bulk_media', { body })).status).toBe(429);
});
