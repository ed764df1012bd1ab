/**
 * POST /auth/app-password, the sign-in of native apps (docs/sign-in.md):
 * each guard of the contract's Authentication section, the credential it
 * issues (working for HTTP Basic, shown once, replaced per app_id), and the
 * filters and action it names. Every test signs in members of its own,
 * made through WordPress's POST /wp/v2/users; the rate-limit test counts in
 * a bucket, a pinned window and addresses of its own. Timing and credential
 * stuffing are the security suite's (security/sign-in.spec.ts); the site
 * owner's setting is app-password.site-wide.spec.ts's.
 */
import { randomUUID } from 'node:crypto';
import { request as playwrightRequest } from '@playwright/test';
import { createPasswordUser, type PasswordUser } from '../support/community';
import { baseUrl, connect, expect, test, upload, type Api } from '../support/mvs';
import { pinnedWindow } from '../support/rate-limit';

test.describe.configure({ mode: 'parallel' });

type SignIn = { username: string; password: string; app_name?: string; app_id?: string };

/** POST /auth/app-password; the harness records the wp_login_failed calls it makes. */
async function signIn(api: Api, body: SignIn, headers: Record<string, string> = {}) {
	return api.withHeaders({ 'X-MVS-Test-Record-Failures': '1', ...headers }).op('create_app_password', { body });
}

/** The status of GET /wp/v2/users/me with this application password, and who it names. */
async function whoAmI(login: string, appPassword: string): Promise<{ status: number; id?: number; code?: string }> {
	const client = await connect('member', { login, appPassword });
	try {
		const res = await client.raw('GET', '/wp-json/wp/v2/users/me');
		return { status: res.status, id: res.body?.id, code: res.body?.code };
	} finally {
		await client.dispose();
	}
}

/** The member's application passwords as WordPress lists them (never with the password). */
async function credentials(admin: Api, user: PasswordUser): Promise<{ uuid: string; app_id: string; name: string }[]> {
	const res = await admin.raw('GET', `/wp-json/wp/v2/users/${user.id}/application-passwords`);
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body;
}

const INVALID = { status: 401, code: 'mvs_invalid_credentials' };

test('signs in by user name or e-mail; the credential works for HTTP Basic, is answered once and never kept', async ({ api }) => {
	const admin = api('admin');
	const user = await createPasswordUser(admin);
	const appId = randomUUID();

	const byName = await signIn(api('anonymous'), { username: user.login, password: user.password, app_name: 'Pixel 8', app_id: appId });
	expect(byName.status, JSON.stringify(byName.body)).toBe(201);
	expect(byName.headers['cache-control']).toBe('no-store');
	expect(byName.body).toMatchObject({ user_id: user.id, user_login: user.login, app_id: appId, name: 'Pixel 8' });
	expect(byName.body.password).toMatch(/^[A-Za-z0-9]{24}$/);
	expect(await whoAmI(user.login, byName.body.password)).toEqual({ status: 200, id: user.id, code: undefined });

	// By e-mail, in another case and with spaces around it: the user name comes back for Basic auth.
	const byEmail = await signIn(api('anonymous'), { username: ` ${user.email.toUpperCase()} `, password: user.password });
	expect(byEmail.status, JSON.stringify(byEmail.body)).toBe(201);
	expect(byEmail.body).toMatchObject({ user_login: user.login, app_id: null, name: 'Mobile app' });
	expect((await whoAmI(byEmail.body.user_login, byEmail.body.password)).status).toBe(200);

	// WordPress keeps hashes only; the action tells extensions what was issued, never the password.
	const listed = await credentials(admin, user);
	expect(listed.map((c) => c.uuid).sort()).toEqual([byName.body.uuid, byEmail.body.uuid].sort());
	const events = await admin.raw('GET', '/wp-json/mvs-test/v1/sign-in-events', { query: { user_id: String(user.id) } });
	expect(events.body.issued.map((e: { args: unknown[] }) => e.args)).toEqual([
		[user.id, { uuid: byName.body.uuid, app_id: appId, name: 'Pixel 8', created: expect.any(Number) }],
		[user.id, { uuid: byEmail.body.uuid, app_id: '', name: 'Mobile app', created: expect.any(Number) }],
	]);
	for (const secret of [byName.body.password, byEmail.body.password]) {
		expect(JSON.stringify(listed)).not.toContain(secret);
		expect(JSON.stringify(events.body)).not.toContain(secret);
	}
});

test('the same app_id replaces that installation\'s credential; other apps and hand-made ones stay', async ({ api }) => {
	const admin = api('admin');
	const user = await createPasswordUser(admin);
	const [phone, tablet] = [randomUUID(), randomUUID()];
	const as = (app_id: string) => signIn(api('anonymous'), { username: user.login, password: user.password, app_name: 'Phone', app_id });

	const first = await as(phone);
	const other = await as(tablet);
	expect(other.body.name, 'two credentials of one name: the second is numbered').toBe('Phone (2)');
	const again = await as(phone);
	expect([first.status, other.status, again.status]).toEqual([201, 201, 201]);
	expect(again.body.name, 'the replaced credential freed its name').toBe('Phone');

	expect((await whoAmI(user.login, first.body.password)).status, 'the replaced credential is revoked').toBe(401);
	expect((await whoAmI(user.login, other.body.password)).status).toBe(200);
	expect((await whoAmI(user.login, again.body.password)).status).toBe(200);
	const listed = await credentials(admin, user);
	expect(listed.map((c) => [c.app_id, c.name]).sort()).toEqual([[phone, 'Phone'], [tablet, 'Phone (2)']].sort());
});

test('a wrong password, an unknown user name and an unknown e-mail get one answer; login limiters hear of it', async ({ api }) => {
	const admin = api('admin');
	const user = await createPasswordUser(admin);
	const tries: SignIn[] = [
		{ username: user.login, password: 'not-the-password' },
		{ username: user.email, password: 'not-the-password' },
		{ username: `${user.login}_nobody`, password: user.password },
		{ username: `nobody_${user.email}`, password: user.password },
	];
	const answers = [];
	for (const body of tries) {
		const res = await signIn(api('anonymous'), body);
		answers.push({ status: res.status, body: res.body });
	}
	expect(answers[0]).toMatchObject({ status: INVALID.status, body: { code: INVALID.code } });
	for (const answer of answers) expect(answer).toEqual(answers[0]);

	const events = await admin.raw('GET', '/wp-json/mvs-test/v1/sign-in-events', { query: { login: user.login } });
	expect(events.body.failed, 'wp_login_failed fired for the wrong password').toBe(1);
	expect(await credentials(admin, user)).toEqual([]);

	// Bad input is a 400 before anything is read.
	expect((await api('anonymous').send({ method: 'POST', path: '/mvs/v1/auth/app-password', query: {}, json: { username: user.login } })).status).toBe(400);
	expect((await signIn(api('anonymous'), { username: 'x'.repeat(201), password: 'p' })).status).toBe(400);
});

test('the site switch (filter mvs_app_password_login_enabled) refuses before any password is checked', async ({ api }) => {
	const admin = api('admin');
	const user = await createPasswordUser(admin);
	for (const password of [user.password, 'wrong']) {
		const res = await signIn(api('anonymous'), { username: user.login, password }, { 'X-MVS-Test-App-Login': '0' });
		expect([res.status, res.body.code]).toEqual([403, 'mvs_app_login_disabled']);
	}
	const events = await admin.raw('GET', '/wp-json/mvs-test/v1/sign-in-events', { query: { login: user.login } });
	expect(events.body.failed, 'the wrong password was never checked').toBe(0);
	expect(await credentials(admin, user)).toEqual([]);
});

test('TLS: refused over plain HTTP where it is required; accepted once is_ssl() knows the proxy had TLS', async ({ api }) => {
	const user = await createPasswordUser(api('admin'));
	const required = { 'X-MVS-Test-Require-Tls': '1' };
	for (const password of [user.password, 'wrong']) {
		const res = await signIn(api('anonymous'), { username: user.login, password }, required);
		expect([res.status, res.body.code]).toEqual([403, 'mvs_tls_required']);
	}
	// What wp-config.php sets behind a TLS-terminating proxy it trusts (docs/sign-in.md).
	const proxied = await signIn(api('anonymous'), { username: user.login, password: user.password }, { ...required, 'X-MVS-Test-Https': '1' });
	expect(proxied.status, JSON.stringify(proxied.body)).toBe(201);
	// A forwarded-protocol header from the client proves nothing.
	const claimed = await signIn(api('anonymous'), { username: user.login, password: user.password }, { ...required, 'X-Forwarded-Proto': 'https', 'X-Forwarded-Ssl': 'on' });
	expect(claimed.body.code).toBe('mvs_tls_required');
});

test('a suspended member is told so only with the right password (filter mvs_is_member_suspended)', async ({ api }) => {
	const admin = api('admin');
	const user = await createPasswordUser(admin);
	const suspended = { 'X-MVS-Test-Suspended': String(user.id) };
	const right = await signIn(api('anonymous'), { username: user.login, password: user.password }, suspended);
	expect([right.status, right.body.code]).toEqual([403, 'mvs_account_suspended']);
	const wrong = await signIn(api('anonymous'), { username: user.login, password: 'wrong' }, suspended);
	expect([wrong.status, wrong.body.code]).toEqual([INVALID.status, INVALID.code]);
	expect(await credentials(admin, user)).toEqual([]);
});

test('a member whose account deletion is pending still signs in, to cancel it from a new phone', async ({ api }) => {
	const user = await createPasswordUser(api('admin'));
	const first = await signIn(api('anonymous'), { username: user.login, password: user.password });
	const member = await connect('member', { login: user.login, appPassword: first.body.password });
	try {
		const asked = await member.op('delete_my_account', { body: { confirm: 'DELETE', password: user.password } });
		expect([asked.status, asked.body.status], JSON.stringify(asked.body)).toEqual([200, 'pending']);
		const again = await signIn(api('anonymous'), { username: user.login, password: user.password, app_id: randomUUID() });
		expect(again.status, JSON.stringify(again.body)).toBe(201);
		const phone = await connect('member', { login: user.login, appPassword: again.body.password });
		try {
			expect((await phone.op('cancel_my_deletion_request')).body.status).toBe('none');
		} finally {
			await phone.dispose();
		}
	} finally {
		await member.dispose();
	}
});

test('two-factor members get 409: the Two-Factor plugin and the filter mvs_user_uses_two_factor', async ({ api }) => {
	const admin = api('admin');
	const [plugin, filtered] = [await createPasswordUser(admin), await createPasswordUser(admin)];
	const viaPlugin = { 'X-MVS-Test-Two-Factor': String(plugin.id) };
	const right = await signIn(api('anonymous'), { username: plugin.login, password: plugin.password }, viaPlugin);
	expect([right.status, right.body.code]).toEqual([409, 'mvs_two_factor_required']);
	const wrong = await signIn(api('anonymous'), { username: plugin.login, password: 'wrong' }, viaPlugin);
	expect([wrong.status, wrong.body.code]).toEqual([INVALID.status, INVALID.code]);
	const viaFilter = await signIn(api('anonymous'), { username: filtered.login, password: filtered.password }, { 'X-MVS-Test-Two-Factor-Filter': String(filtered.id) });
	expect([viaFilter.status, viaFilter.body.code]).toEqual([409, 'mvs_two_factor_required']);
	expect([...(await credentials(admin, plugin)), ...(await credentials(admin, filtered))]).toEqual([]);
});

test('rate limits, counted before any password is checked: 5 a minute per address, 5 a minute per user name from any address', async ({ api }) => {
	const admin = api('admin');
	const user = await createPasswordUser(admin);
	const anonymous = api('anonymous');

	// One address: five names tried, the sixth request is refused even with the right password.
	const perAddress = pinnedWindow('signin-address');
	const address = { ...perAddress.headers(), 'X-MVS-Test-Client-Ip': '203.0.113.7' };
	for (let i = 0; i < 5; i++) {
		expect((await signIn(anonymous, { username: `stuffed_${i}_${user.login}`, password: 'guess' }, address)).status).toBe(401);
	}
	const refused = await signIn(anonymous, { username: user.login, password: user.password }, address);
	expect([refused.status, refused.body.code]).toEqual([429, 'mvs_rate_limited']);
	expect(Number(refused.headers['retry-after'])).toBe(40);
	const nextMinute = await signIn(anonymous, { username: user.login, password: user.password }, { ...perAddress.headers(1), 'X-MVS-Test-Client-Ip': '203.0.113.7' });
	expect(nextMinute.status, JSON.stringify(nextMinute.body)).toBe(201);

	// One name from five addresses (in any case): the sixth try, from a sixth address, is refused unread.
	const perName = pinnedWindow('signin-name');
	const from = (n: number) => ({ ...perName.headers(), 'X-MVS-Test-Client-Ip': `198.51.100.${n}` });
	for (let n = 1; n <= 5; n++) {
		const username = n % 2 ? user.login : user.login.toUpperCase();
		expect((await signIn(anonymous, { username, password: `guess-${n}` }, from(n))).status).toBe(401);
	}
	const before = (await admin.raw('GET', '/wp-json/mvs-test/v1/sign-in-events', { query: { login: user.login } })).body.failed;
	const sixth = await signIn(anonymous, { username: user.login, password: 'guess-6' }, from(6));
	expect([sixth.status, sixth.body.code]).toEqual([429, 'mvs_rate_limited']);
	const after = (await admin.raw('GET', '/wp-json/mvs-test/v1/sign-in-events', { query: { login: user.login } })).body.failed;
	expect(after, 'the refused try checked no password').toBe(before);
	// Another name from the same addresses is unaffected.
	expect((await signIn(anonymous, { username: `other_${user.login}`, password: 'guess' }, from(6))).status).toBe(401);
});

test('the Authorize Application screen keeps the address at the app\'s own scheme (filters mvs_app_scheme, mvs_app_connect_schemes)', async ({ api }) => {
	const user = await createPasswordUser(api('admin'));
	const browser = await playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Connection: 'close' } });
	try {
		await browser.get('/wp-login.php');
		await browser.post('/wp-login.php', { form: { log: user.login, pwd: user.password, testcookie: '1', 'wp-submit': 'Log In' }, maxRedirects: 0 });
		const screen = async (headers: Record<string, string>) =>
			(await browser.get('/wp-admin/authorize-application.php', { params: { app_name: 'Spec app', success_url: 'mvsapp://signed-in' }, headers })).text();
		expect(await screen({ 'X-MVS-Test-App-Scheme': 'mvsapp' })).toContain('name="success_url" value="mvsapp://signed-in"');
		// Without the site naming it, WordPress drops an unknown scheme: the app would never get its credential.
		expect(await screen({})).toContain('name="success_url" value=""');
	} finally {
		await browser.dispose();
	}
});

test('a member whose deletion is pending still signs in, but is refused once the deletion job has begun', async ({ api }) => {
	const admin = api('admin');
	const user = await createPasswordUser(admin);
	const first = await signIn(api('anonymous'), { username: user.login, password: user.password });
	const member = await connect('member', { login: user.login, appPassword: first.body.password });
	const run = async (items: number) => (await admin.raw('POST', '/wp-json/mvs-test/v1/account-deletions/run', { json: { user_id: user.id, items } })).body;
	try {
		await upload(member);
		await upload(member);
		expect((await member.op('delete_my_account', { body: { confirm: 'DELETE', password: user.password } })).body.status).toBe('pending');
		// The job deletes one item and stops, as a run out of time would: the request is executing.
		expect(await run(1)).toMatchObject({ finished: false, user_exists: true });
		const late = await signIn(api('anonymous'), { username: user.login, password: user.password, app_id: randomUUID() });
		expect([late.status, late.body.code]).toEqual([403, 'mvs_account_suspended']);
	} finally {
		await member.dispose();
	}
	expect(await run(1)).toMatchObject({ finished: true, user_exists: false });
});
