/**
 * The site owner's switch of the app sign-in (setting app_password_login,
 * docs/sign-in.md): off, POST /auth/app-password refuses even the right
 * password; the private-community gate keeps it from visitors like every
 * route. It saves site-wide settings, so it runs in the `site-wide` project.
 */
import { createPasswordUser } from '../support/community';
import { setPrivateCommunity } from '../support/gate';
import { expect, test, type Api } from '../support/mvs';

test.describe.configure({ mode: 'serial' });

async function saveSettings(admin: Api, settings: Record<string, unknown>) {
	return admin.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: settings } });
}

test.afterAll(async ({ api }) => {
	expect((await saveSettings(api('admin'), { app_password_login: true })).status).toBe(200);
	await setPrivateCommunity(api('admin'), false);
});

test('the setting app_password_login turns the sign-in off and on; the private-community gate covers it', async ({ api }) => {
	const admin = api('admin');
	const user = await createPasswordUser(admin);
	const body = { username: user.login, password: user.password };

	expect((await saveSettings(admin, { app_password_login: false })).status).toBe(200);
	const off = await api('anonymous').op('create_app_password', { body });
	expect([off.status, off.body.code]).toEqual([403, 'mvs_app_login_disabled']);

	expect((await saveSettings(admin, { app_password_login: true })).status).toBe(200);
	const on = await api('anonymous').op('create_app_password', { body });
	expect(on.status, JSON.stringify(on.body)).toBe(201);

	await setPrivateCommunity(admin, true);
	const gated = await api('anonymous').op('create_app_password', { body });
	expect([gated.status, gated.body.code]).toEqual([401, 'mvs_community_private']);
});
