/**
 * Smoke journey of the native-app routes, for the Playground tier: the
 * configuration, the interest chips, a member's interests and onboarding,
 * a browser's nonce, and a member's account deletion request and usage
 * ledger. Settings, the filter and the gate are in app-config.site-wide.spec.ts;
 * the interests' cases in interests.spec.ts; deletion in account-deletion.spec.ts.
 */
import { request as playwrightRequest } from '@playwright/test';
import { createPasswordUser } from '../../support/community';
import { Api, baseUrl, connect } from '../../support/mvs';
import { expect, test } from '../../support/smoke';

test('a visitor reads the app configuration and the interest chips', async ({ api }) => {
	const res = await api('anonymous').op('get_app_config');
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	expect(typeof res.body.dark_mode_default).toBe('boolean');
	expect(res.body.features.reactions).toBe(true);

	const chips = await api('anonymous').op('list_app_interests');
	expect(chips.status, JSON.stringify(chips.body)).toBe(200);
	expect(chips.body.length).toBeLessThanOrEqual(40);
});

test('a member saves interests (unknown ids dropped) and completes onboarding; a browser gets a working nonce', async ({ api, fixtures }) => {
	const member = api('member');
	const saved = await member.op('set_my_interests', { body: { interest_ids: [999999999] } });
	expect([saved.status, saved.body]).toEqual([200, { interest_ids: [] }]);
	expect((await member.op('get_my_interests')).body).toEqual({ interest_ids: [] });

	const user = fixtures.users.member;
	const browser = await playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Connection: 'close' } });
	try {
		await browser.get('/wp-login.php');
		await browser.post('/wp-login.php', { form: { log: user.login, pwd: user.password, testcookie: '1', 'wp-submit': 'Log In' }, maxRedirects: 0 });
		const cookie = new Api('member', browser);
		const nonce = await cookie.op('get_rest_nonce');
		expect(nonce.status, JSON.stringify(nonce.body)).toBe(200);
		const done = await cookie.withHeaders({ 'X-WP-Nonce': nonce.body.nonce }).op('complete_onboarding');
		expect([done.status, done.body]).toEqual([200, { onboarded: true }]);
	} finally {
		await browser.dispose();
	}
});

test('a member asks for their account to be deleted, reads the request, cancels it, and reads their usage ledger', async ({ api, fixtures }) => {
	const member = api('member');
	const asked = await member.op('delete_my_account', { body: { confirm: 'DELETE', password: fixtures.users.member.password } });
	try {
		expect([asked.status, asked.body.status], JSON.stringify(asked.body)).toEqual([200, 'pending']);
		expect((await member.op('get_my_deletion_request')).body).toEqual(asked.body);
	} finally {
		// Always: the fixture member must not stay on its way out.
		const cancelled = await member.op('cancel_my_deletion_request');
		expect([cancelled.status, cancelled.body.status]).toEqual([200, 'none']);
	}
	const ledger = await member.op('list_my_transactions', { query: { per_page: 5 } });
	expect([ledger.status, Array.isArray(ledger.body), ledger.headers['x-wp-total'] !== undefined]).toEqual([200, true, true]);
});

test('an app signs in with a password, and its credential works; a wrong password gets the uniform 401', async ({ api }) => {
	const user = await createPasswordUser(api('admin'));
	const wrong = await api('anonymous').op('create_app_password', { body: { username: user.email, password: 'wrong' } });
	expect([wrong.status, wrong.body.code]).toEqual([401, 'mvs_invalid_credentials']);
	const issued = await api('anonymous').op('create_app_password', { body: { username: user.email, password: user.password, app_id: 'smoke-install' } });
	expect(issued.status, JSON.stringify(issued.body)).toBe(201);
	expect(issued.body).toMatchObject({ user_id: user.id, user_login: user.login, app_id: 'smoke-install' });
	const app = await connect('member', { login: issued.body.user_login, appPassword: issued.body.password });
	try {
		expect((await app.op('get_my_interests')).status).toBe(200);
	} finally {
		await app.dispose();
	}
});

test('Site Health asks the storage probe through its route; only administrators may', async ({ api }) => {
	expect((await api('member').op('check_storage_exposure')).status).toBe(403);
	const probe = await api('admin').op('check_storage_exposure');
	expect(probe.status, JSON.stringify(probe.body)).toBe(200);
	// Playground's server hands out files itself, past any .htaccess: whatever it finds, a verdict with its label.
	expect(probe.body).toMatchObject({ test: 'mvs_storage_exposure', status: expect.stringMatching(/^(good|recommended|critical)$/) });
});
