/**
 * Bad credentials are told apart from none (issue 32, row 1; docs/api-conventions.md,
 * "Authentication failures"): a revoked, wrong or malformed application password
 * answers 401 with WordPress's own code on a public route, a /me route and a write
 * route, and on /serve; no Authorization header, a valid password and a browser's
 * cookie session are served as before.
 */
import { request as playwrightRequest } from '@playwright/test';
import { baseUrl, connect, expect, test, upload, type Api } from '../support/mvs';

const basic = (value: string) => ({ Authorization: `Basic ${value}` });
const encoded = (login: string, password: string) => basic(Buffer.from(`${login}:${password}`).toString('base64'));

/** A public read, a /me read and a write, as `api`'s client. */
async function threeRoutes(api: Api, mediaId: number) {
	return {
		public: await api.op('list_media', { query: { per_page: 1 } }),
		me: await api.op('get_my_stats'),
		write: await api.op('add_media_favorite', { params: { id: mediaId } }),
	};
}

function expect401(answers: Record<string, { status: number; body: any }>, code: string, label: string): void {
	for (const [route, res] of Object.entries(answers)) {
		expect(res.status, `${label}, ${route} route: ${JSON.stringify(res.body)}`).toBe(401);
		expect(res.body.code, `${label}, ${route} route`).toBe(code);
		expect(res.body.data.status).toBe(401);
	}
}

test('a revoked, wrong or malformed application password is a 401 with WordPress\'s code on public, /me and write routes', async ({ api, fixtures }) => {
	const member = fixtures.users.member;
	const item = await upload(api('member2'));

	// A password of its own, revoked through WordPress's own route.
	const created = await api('admin').raw('POST', `/wp-json/wp/v2/users/${member.id}/application-passwords`, { json: { name: `credentials spec ${Date.now()}` } });
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	const client = await connect('member', { login: member.login, appPassword: created.body.password as string });
	try {
		const before = await threeRoutes(client, item.id);
		expect([before.public.status, before.me.status, before.write.status], 'the password works before it is revoked').toEqual([200, 200, 200]);
		const revoked = await api('admin').raw('DELETE', `/wp-json/wp/v2/users/${member.id}/application-passwords/${created.body.uuid}`);
		expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
		expect401(await threeRoutes(client, item.id), 'incorrect_password', 'revoked');
	} finally {
		await client.dispose();
	}

	const anonymous = api('anonymous');
	expect401(await threeRoutes(anonymous.withHeaders(encoded(member.login, 'wrong wrong wrong wrong')), item.id), 'incorrect_password', 'wrong password');
	expect401(await threeRoutes(anonymous.withHeaders(encoded('no-such-member-32', 'abcd abcd abcd abcd')), item.id), 'invalid_username', 'unknown user');
	// Not base64, no "user:password" inside, nothing at all: still a credential the client meant to send.
	for (const header of [basic('!!!not-base64'), basic(Buffer.from('no colon').toString('base64')), { Authorization: 'Basic' }]) {
		expect401(await threeRoutes(anonymous.withHeaders(header), item.id), 'incorrect_password', `malformed: ${header.Authorization}`);
	}
	// The route's namespace in any case, as WordPress matches it.
	const upper = await anonymous.send({ method: 'GET', path: '/MVS/v1/media', query: {} }, basic('!!!'));
	expect(upper.status).toBe(401);

	// Unchanged: no header at all, a valid password, another scheme (another plugin's tokens).
	const none = await threeRoutes(anonymous, item.id);
	expect([none.public.status, none.me.status, none.me.body.code, none.write.status]).toEqual([200, 401, 'mvs_not_logged_in', 401]);
	expect((await api('member').op('get_my_stats')).status).toBe(200);
	expect((await anonymous.withHeaders({ Authorization: 'Bearer abc' }).op('list_media', { query: { per_page: 1 } })).status).toBe(200);
});

test('a browser session (cookie and nonce) is unaffected; /serve answers a bad Authorization header like every route', async ({ api, fixtures }) => {
	const member = fixtures.users.member;
	const browser = await playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Connection: 'close' } });
	try {
		await browser.get('/wp-login.php');
		const login = await browser.post('/wp-login.php', { form: { log: member.login, pwd: member.password, testcookie: '1', 'wp-submit': 'Log In' }, maxRedirects: 0 });
		expect(login.status(), 'the login redirects').toBe(302);
		const nonce = await (await browser.get('/wp-admin/admin-ajax.php?action=rest-nonce')).text();
		expect(nonce).toMatch(/^[0-9a-f]{10}$/);
		const stats = await browser.get('/wp-json/mvs/v1/me/stats', { headers: { 'X-WP-Nonce': nonce } });
		expect(stats.status(), await stats.text()).toBe(200);
	} finally {
		await browser.dispose();
	}

	// The signature is /serve's credential: without a header the file comes; with a bad one, the 401 of every route
	// (the fast path and the lean entry leave any Authorization header to the REST route).
	const item = await upload(api('member'));
	const plain = await api('anonymous').send({ method: 'GET', path: item.file_url.replace(/^.*\/wp-json/, ''), query: {} });
	expect(plain.status).toBe(200);
	const bad = await connect('anonymous', { login: member.login, appPassword: 'wrong wrong wrong wrong' });
	try {
		const res = await bad.send({ method: 'GET', path: item.file_url.replace(/^.*\/wp-json/, ''), query: {} });
		expect(res.status, 'a bad Authorization header on /serve').toBe(401);
		expect(res.body.code).toBe('incorrect_password');
	} finally {
		await bad.dispose();
	}
});
