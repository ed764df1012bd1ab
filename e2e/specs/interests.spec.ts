/**
 * Interests and onboarding (GET /app/interests, GET/POST /me/interests,
 * POST /me/onboarding/complete) and the browser's nonce (GET /auth/nonce).
 * Choices: docs/native-app.md, "Interests" and "The REST nonce".
 */
import { request as playwrightRequest } from '@playwright/test';
import { Api, baseUrl, expect, test } from '../support/mvs';
import { freshUser } from '../support/moderation';
import { uniqueName, uploadImage } from '../support/seed';

test.describe.configure({ mode: 'parallel' });

/** A category named to sort first among equally used ones (ties go by name). */
async function category(admin: Api): Promise<{ id: number; slug: string }> {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/category', { json: { name: `!${uniqueName('Interest')}` } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as { id: number; slug: string };
}

async function chip(api: Api, id: number) {
	const res = await api.op('list_app_interests');
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	expect(res.body.length).toBeLessThanOrEqual(40);
	return res.body.find((c) => c.id === id);
}

const coverOf = (url: string | null | undefined) => (url ? Number(new URL(url).searchParams.get('mvs_id')) : null);

test('GET /app/interests: counts and covers are what a visitor may see; a cover made private is replaced at once', async ({ api }) => {
	const admin = api('admin');
	const cat = await category(admin);
	const older = await uploadImage(api('member'), { category: cat.slug });
	const cover = await uploadImage(api('member'), { category: cat.slug });
	await uploadImage(api('member'), { category: cat.slug, privacy: 'members' });
	await uploadImage(api('member'), { category: cat.slug, privacy: 'private' });
	const rejected = await uploadImage(api('member2'), { category: cat.slug });
	expect((await api('moderator').op('reject_media', { params: { id: rejected }, body: {} })).status).toBe(200);
	// Renaming a category (as wp-admin does) drops the cached chips: the next read sees these items.
	expect((await admin.raw('POST', `/wp-json/mvs-test/v1/category/${cat.id}`, { json: { name: `!${uniqueName('Interest')}` } })).status).toBe(200);

	for (const role of ['anonymous', 'member'] as const) {
		const seen = await chip(api(role), cat.id);
		expect(seen, role).toMatchObject({ id: cat.id, slug: cat.slug, count: 2 });
		expect(coverOf(seen!.cover_url), role).toBe(cover);
	}
	// A cached read: the transient and one primary-key check of the covers, whatever the site holds.
	const cached = await api('anonymous').op('list_app_interests');
	expect(Number(cached.headers['x-mvs-queries'])).toBeLessThanOrEqual(3);
	// A computed read (the harness misses the cache) reads every cover's sizes at once: no query per chip.
	const other = await category(admin);
	await uploadImage(api('member2'), { category: other.slug });
	const computed = await api('anonymous').send({ method: 'GET', path: '/mvs/v1/app/interests', query: {}, json: undefined }, { 'X-MVS-Test-Interests-Uncached': '1' });
	const covered = (computed.body as { id: number; cover_url: string | null }[]).filter((c) => c.cover_url);
	expect(covered.map((c) => c.id)).toEqual(expect.arrayContaining([cat.id, other.id]));
	// The transient's reads and writes (4), the top categories, their covers, the covers' sizes (7), not a read per chip.
	expect(Number(computed.headers['x-mvs-queries'])).toBeLessThanOrEqual(7);
	const url = cached.body.find((c) => c.id === cat.id)!.cover_url!;
	const file = await api('anonymous').send({ method: 'GET', path: url.replace(/^.*\/wp-json/, ''), query: {} });
	expect(file.status, 'a visitor fetches the cover').toBe(200);

	// No hook runs on a privacy change: the read re-checks the covers and reads again.
	expect((await api('member').op('update_media', { params: { id: cover }, body: { privacy: 'private' } })).status).toBe(200);
	const after = await chip(api('anonymous'), cat.id);
	expect(after).toMatchObject({ count: 1 });
	expect(coverOf(after!.cover_url)).toBe(older);
});

test('GET/POST /me/interests: unknown ids dropped, the member onboarded; onboarding complete is idempotent', async ({ api }) => {
	const admin = api('admin');
	const [a, b] = [await category(admin), await category(admin)];
	const fresh = await freshUser(admin);
	const onboarded = async () => (await admin.raw('GET', '/wp-json/mvs-test/v1/user-meta', { query: { user_id: String(fresh.id), key: 'mvs_onboarded' } })).body.values;
	try {
		expect((await fresh.api.op('get_my_interests')).body).toEqual({ interest_ids: [] });
		expect(await onboarded()).toEqual([]);
		// A tag's id is no category either.
		const tag = (await api('member').op('create_tag', { body: { name: uniqueName('notacategory') } })).body.id as number;
		const saved = await fresh.api.op('set_my_interests', { body: { interest_ids: [b.id, 999999999, a.id, tag, b.id] } });
		expect([saved.status, saved.body]).toEqual([200, { interest_ids: [b.id, a.id] }]);
		expect((await fresh.api.op('get_my_interests')).body).toEqual({ interest_ids: [b.id, a.id] });
		expect(await onboarded()).toEqual(['1']);

		const other = await freshUser(admin);
		try {
			for (let i = 0; i < 2; i++) expect((await other.api.op('complete_onboarding')).body).toEqual({ onboarded: true });
			const meta = await admin.raw('GET', '/wp-json/mvs-test/v1/user-meta', { query: { user_id: String(other.id), key: 'mvs_onboarded' } });
			expect(meta.body.values).toEqual(['1']);
			expect((await other.api.op('get_my_interests')).body).toEqual({ interest_ids: [] });
		} finally {
			await other.api.dispose();
		}
	} finally {
		await fresh.api.dispose();
	}
});

test('interests: visitors are refused; bad interest_ids are 400 and store nothing', async ({ api }) => {
	const anonymous = api('anonymous');
	expect((await anonymous.op('get_my_interests')).status).toBe(401);
	expect((await anonymous.op('set_my_interests', { body: { interest_ids: [1] } })).status).toBe(401);
	expect((await anonymous.op('complete_onboarding')).status).toBe(401);
	expect((await anonymous.op('get_rest_nonce')).status).toBe(401);

	const fresh = await freshUser(api('admin'));
	try {
		const bad: unknown[] = [undefined, 'abc', { a: 1 }, ['x'], [0], Array.from({ length: 41 }, (_, i) => i + 1)];
		for (const value of bad) {
			const res = await fresh.api.send({ method: 'POST', path: '/mvs/v1/me/interests', query: {}, json: value === undefined ? {} : { interest_ids: value } });
			expect(res.status, JSON.stringify(value)).toBe(400);
			expect(res.body.code).toBe(value === undefined ? 'rest_missing_callback_param' : 'rest_invalid_param');
		}
		expect((await fresh.api.op('get_my_interests')).body).toEqual({ interest_ids: [] });
	} finally {
		await fresh.api.dispose();
	}
});

test('GET /auth/nonce: a cookie-signed-in browser gets a wp_rest nonce that works for a write; JSONP and other origins get none', async ({ fixtures }) => {
	const user = fixtures.users.member2;
	const browser = await playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Connection: 'close' } });
	try {
		await browser.get('/wp-login.php');
		const login = await browser.post('/wp-login.php', { form: { log: user.login, pwd: user.password, testcookie: '1', 'wp-submit': 'Log In' }, maxRedirects: 0 });
		expect(login.status(), 'the login redirects').toBe(302);
		const cookie = new Api('member2', browser);
		const res = await cookie.op('get_rest_nonce');
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		expect(res.body.nonce).toMatch(/^[0-9a-f]{10}$/);
		// Without the nonce the cookie alone is a visitor's; with it, the write is the member's.
		expect((await cookie.op('complete_onboarding')).status).toBe(401);
		const write = await cookie.withHeaders({ 'X-WP-Nonce': res.body.nonce }).op('complete_onboarding');
		expect([write.status, write.body]).toEqual([200, { onboarded: true }]);
		// JSONP would let another site's script read the nonce: only a plain GET is served to the cookie.
		const jsonp = await browser.get('/wp-json/mvs/v1/auth/nonce?_jsonp=steal');
		expect(await jsonp.text()).not.toContain('"nonce"');
		// WordPress lets any origin read REST answers with cookies (CORS): another site's fetch stays a visitor's.
		const foreign: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }, { Origin: new URL(baseUrl()).origin, 'Sec-Fetch-Site': 'same-site' }];
		for (const headers of foreign) {
			const foreign = await cookie.withHeaders(headers).op('get_rest_nonce');
			expect([foreign.status, foreign.body.code], JSON.stringify(headers)).toEqual([401, 'mvs_not_logged_in']);
		}
		const own = await cookie.withHeaders({ Origin: new URL(baseUrl()).origin, 'Sec-Fetch-Site': 'same-origin' }).op('get_rest_nonce');
		expect(own.status).toBe(200);
	} finally {
		await browser.dispose();
	}
});
