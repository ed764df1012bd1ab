/**
 * GET /app/config (docs/native-app.md): the appearance settings as a native
 * client reads them, null for what the site leaves unset, the feature
 * toggles and their filter, and the private-community gate. It saves
 * site-wide settings, so it runs in the `site-wide` project.
 */
import { setPrivateCommunity } from '../support/gate';
import { expect, test, type Api } from '../support/mvs';

test.describe.configure({ mode: 'serial' });

const UNSET = { app_accent_color: '', app_logo_url: '', app_login_bg_url: '', app_dark_mode_default: false, app_layout: 'grid' };

async function saveSettings(admin: Api, settings: Record<string, unknown>) {
	return admin.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: settings } });
}

test.afterAll(async ({ api }) => {
	expect((await saveSettings(api('admin'), { ...UNSET, dm_access: 'members' })).status).toBe(200);
	await setPrivateCommunity(api('admin'), false);
});

test('a visitor reads the appearance settings, null where unset, and the feature toggles', async ({ api }) => {
	const admin = api('admin');
	expect((await saveSettings(admin, UNSET)).status).toBe(200);
	const unset = await api('anonymous').op('get_app_config');
	expect(unset.status).toBe(200);
	expect(unset.body).toEqual({
		accent_color: null,
		logo_url: null,
		login_bg_url: null,
		dark_mode_default: false,
		layout: 'grid',
		pro_active: true,
		// Every feature's routes answer: the feed and follows shipped with issue 25, messaging with issue 26.
		features: { messaging: true, reactions: true, comments: true, favorites: true, albums: true, collections: true, follows: true, notifications: true, activity: true },
	});

	const set = { app_accent_color: '#3366CC', app_logo_url: 'https://cdn.example.org/logo.png', app_login_bg_url: 'http://example.org/bg.jpg', app_dark_mode_default: true, app_layout: 'masonry' };
	expect((await saveSettings(admin, set)).status).toBe(200);
	const res = await api('anonymous').op('get_app_config');
	expect(res.body).toMatchObject({ accent_color: '#3366cc', logo_url: set.app_logo_url, login_bg_url: set.app_login_bg_url, dark_mode_default: true, layout: 'masonry' });
});

test('appearance settings are validated: bad colours, URLs and layouts are refused by name', async ({ api }) => {
	const bad = await saveSettings(api('admin'), { app_accent_color: 'red', app_logo_url: 'javascript:alert(1)', app_layout: 'carousel' });
	expect(bad.status).toBe(400);
	expect(bad.body.code).toBe('rest_invalid_param');
	expect(Object.keys(bad.body.data.params).sort()).toEqual(['app_accent_color', 'app_layout', 'app_logo_url']);
});

test('messaging stays off when direct messages are off; the features filter adds and turns off toggles, as booleans', async ({ api }) => {
	expect((await saveSettings(api('admin'), { dm_access: 'nobody' })).status).toBe(200);
	const filtered = await api('anonymous').withHeaders({ 'X-MVS-Test-App-Features': 'stories=1,comments=0' }).op('get_app_config');
	expect(filtered.status).toBe(200);
	expect(filtered.body.features).toMatchObject({ messaging: false, comments: false, stories: true, reactions: true });
});

test('on a private community a visitor gets 401 mvs_community_private, a member the config', async ({ api }) => {
	await setPrivateCommunity(api('admin'), true);
	const visitor = await api('anonymous').op('get_app_config');
	expect([visitor.status, visitor.body.code]).toEqual([401, 'mvs_community_private']);
	expect((await api('member').op('get_app_config')).status).toBe(200);
});
