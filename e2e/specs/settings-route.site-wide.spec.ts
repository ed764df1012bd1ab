/**
 * GET/PUT /mvs/v1/settings, the admin-ui extension route behind the settings
 * screen: who may use it, what it describes, all-or-nothing validation (the
 * same on /wp/v2/settings) and secret masking. It changes site settings, so it runs in the site-wide project.
 */
import { UNGROUPED_PRIVACY } from '../../client/src/client';
import { expect, test, type Api } from '../support/mvs';

test.describe.configure({ mode: 'serial' });

async function current(admin: Api) {
	const res = await admin.op('get_settings');
	expect(res.status).toBe(200);
	return res.body;
}

// Every value as it was, restored afterwards (secrets are write-only: cleared).
let initial: Record<string, unknown> = {};

test.beforeAll(async ({ api }) => {
	const screen = await current(api('admin'));
	initial = Object.fromEntries(
		screen.fields.map((f) => [f.key, f.secret ? '' : (screen.values as Record<string, unknown>)[f.key]]),
	);
});

test.afterAll(async ({ api }) => {
	const res = await api('admin').op('update_settings', { body: { values: initial } });
	expect(res.status).toBe(200);
});

test('only holders of manage_options or manage_mvs_settings may read or change settings', async ({ api }) => {
	const anonymous = await api('anonymous').op('get_settings');
	expect(anonymous.status).toBe(401);
	expect(anonymous.body.code).toBe('mvs_not_logged_in');
	for (const role of ['subscriber', 'member', 'moderator'] as const) {
		const read = await api(role).op('get_settings');
		expect(read.status, role).toBe(403);
		expect(read.body.code, role).toBe('mvs_forbidden');
		const write = await api(role).op('update_settings', { body: { values: { report_threshold: 7 } } });
		expect(write.status, role).toBe(403);
	}
	expect((await api('anonymous').op('update_settings', { body: { values: { report_threshold: 7 } } })).status).toBe(401);
	const screen = await current(api('admin'));
	expect(screen.values.report_threshold).not.toBe(7);
});

test('GET describes every setting: values, typed fields with titles, sections', async ({ api }) => {
	const screen = await current(api('admin'));
	const sectionKeys = screen.sections.map((s) => s.key);
	expect(sectionKeys).toEqual(expect.arrayContaining(['privacy', 'uploads', 'files', 'moderation', 'account']));
	const byKey = new Map(screen.fields.map((f) => [f.key, f]));
	expect(byKey.get('default_privacy')).toMatchObject({
		section: 'privacy',
		type: 'string',
		enum: [...UNGROUPED_PRIVACY],
		options: [
			{ value: 'public', label: 'Public: everyone, visitors included' },
			{ value: 'members', label: 'Members: logged-in users only' },
			{ value: 'private', label: 'Private: the uploader only' },
		],
		secret: false,
	});
	expect(byKey.get('report_threshold')).toMatchObject({ section: 'moderation', type: 'integer', minimum: 1, maximum: 100, enum: null, options: null });
	// Every choice of every enum setting has a label of its own, in the enum's order.
	for (const field of screen.fields.filter((f) => f.enum)) {
		expect(field.options!.map((o) => o.value), field.key).toEqual(field.enum);
		for (const option of field.options!) expect(option.label, `${field.key}=${option.value}`).not.toBe(option.value);
	}
	expect(byKey.get('allow_downloads')).toMatchObject({ type: 'boolean' });
	expect(byKey.get('allowed_mime_types')).toMatchObject({ type: 'array' });
	for (const field of screen.fields) {
		expect(field.title.length, field.key).toBeGreaterThan(0);
		expect(sectionKeys, field.key).toContain(field.section);
		expect(Object.keys(screen.values), field.key).toContain(field.key);
	}
});

test('PUT saves the given values only, and the change is visible through the API', async ({ api }) => {
	const before = await current(api('admin'));
	const res = await api('admin').op('update_settings', { body: { values: { report_threshold: 9, signed_url_ttl: 600 } } });
	expect(res.status).toBe(200);
	expect(res.body.values.report_threshold).toBe(9);
	expect(res.body.values.signed_url_ttl).toBe(600);
	expect(res.body.values.default_privacy).toBe(before.values.default_privacy);
	const after = await current(api('admin'));
	expect(after.values.report_threshold).toBe(9);
	// The same option WordPress's own settings route serves.
	const wp = await api('admin').raw('GET', '/wp-json/wp/v2/settings');
	expect(wp.body.mvs_settings.signed_url_ttl).toBe(600);
	// PATCH reaches the same handler (convention 1).
	const patched = await api('admin').raw('PATCH', '/wp-json/mvs/v1/settings', { json: { values: { signed_url_ttl: 900 } } });
	expect(patched.status).toBe(200);
	expect(patched.body.values.signed_url_ttl).toBe(900);
});

test('all or nothing: one invalid value saves none, and data.params names each bad field', async ({ api }) => {
	await api('admin').op('update_settings', { body: { values: { report_threshold: 4, allow_downloads: true } } });
	const res = await api('admin').op('update_settings', {
		body: {
			values: { report_threshold: 5, allow_downloads: false, signed_url_ttl: 5, default_privacy: 'everyone', no_such_setting: 1 },
		},
	});
	expect(res.status).toBe(400);
	expect(res.body.code).toBe('rest_invalid_param');
	expect(res.body.data?.status).toBe(400);
	const params = res.body.data?.params as Record<string, string>;
	expect(Object.keys(params).sort()).toEqual(['default_privacy', 'no_such_setting', 'signed_url_ttl']);
	for (const message of Object.values(params)) expect(typeof message).toBe('string');
	const after = await current(api('admin'));
	expect(after.values.report_threshold).toBe(4);
	expect(after.values.allow_downloads).toBe(true);

	const badItem = await api('admin').op('update_settings', { body: { values: { allowed_mime_types: ['image/png', 'not a type'], report_threshold: 8 } } });
	expect(badItem.status).toBe(400);
	expect(Object.keys(badItem.body.data?.params as object)).toEqual(['allowed_mime_types']);
	expect((await current(api('admin'))).values.report_threshold).toBe(4);
	const badBody = await api('admin').raw('PUT', '/wp-json/mvs/v1/settings', { json: { values: 'nope' } });
	expect(badBody.status).toBe(400);
	expect(badBody.body.code).toBe('rest_invalid_param');
});

test('/wp/v2/settings refuses what PUT /mvs/v1/settings refuses, with the same 400 naming each field, and saves nothing', async ({ api }) => {
	const admin = api('admin');
	expect((await admin.op('update_settings', { body: { values: { report_threshold: 4, allow_downloads: true } } })).status).toBe(200);
	const values = { report_threshold: 5, allow_downloads: false, signed_url_ttl: 5, default_privacy: 'everyone', allowed_mime_types: ['image/png', 'not a type'] };
	const ours = await admin.op('update_settings', { body: { values } });
	const wp = await admin.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: values } });
	expect(wp.status, JSON.stringify(wp.body)).toBe(400);
	expect(wp.body.code).toBe('rest_invalid_param');
	expect(wp.body.data.status).toBe(400);
	expect(Object.keys(wp.body.data.params).sort()).toEqual(['allowed_mime_types', 'default_privacy', 'signed_url_ttl']);
	expect(wp.body.data.params).toEqual(ours.body.data?.params);
	expect(wp.body.message).toBe(ours.body.message);
	const after = await current(admin);
	expect(after.values.report_threshold).toBe(4);
	expect(after.values.allow_downloads).toBe(true);

	const notObject = await admin.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: 'nope' } });
	expect(notObject.status).toBe(400);
	expect(notObject.body.code).toBe('rest_invalid_param');
	// Valid values still save through WordPress's route.
	const ok = await admin.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: { report_threshold: 6 } } });
	expect(ok.status, JSON.stringify(ok.body)).toBe(200);
	expect((await current(admin)).values.report_threshold).toBe(6);
	// Who may not change settings gets WordPress's 403 (our validator answers administrators only).
	const moderator = await api('moderator').raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: { report_threshold: 7 } } });
	expect(moderator.status).toBe(403);
	expect((await current(admin)).values.report_threshold).toBe(6);
});

test('secrets are write-only: stored, never returned, reported by is_set, cleared with an empty string', async ({ api }) => {
	const secret = `s3cret-${Date.now()}`;
	const saved = await api('admin').op('update_settings', { body: { values: { harness_secret: secret } } });
	expect(saved.status).toBe(200);
	expect(JSON.stringify(saved.body)).not.toContain(secret);
	expect(saved.body.values.harness_secret).toBe('');
	expect(saved.body.fields.find((f) => f.key === 'harness_secret')).toMatchObject({ secret: true, is_set: true });
	const read = await current(api('admin'));
	expect(JSON.stringify(read)).not.toContain(secret);
	// Nor through WordPress's own settings route, which neither shows nor takes secrets.
	const wp = await api('admin').raw('GET', '/wp-json/wp/v2/settings');
	expect(wp.status).toBe(200);
	expect(JSON.stringify(wp.body)).not.toContain(secret);
	expect(Object.keys(wp.body.mvs_settings)).not.toContain('harness_secret');
	const wpWrite = await api('admin').raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: { harness_secret: 'x' } } });
	expect(wpWrite.status).toBe(400);
	// Saving other settings leaves the secret alone.
	await api('admin').op('update_settings', { body: { values: { report_threshold: 6 } } });
	expect((await current(api('admin'))).fields.find((f) => f.key === 'harness_secret')!.is_set).toBe(true);
	const cleared = await api('admin').op('update_settings', { body: { values: { harness_secret: '' } } });
	expect(cleared.body.fields.find((f) => f.key === 'harness_secret')!.is_set).toBe(false);
});

test('the screen learns units, defaults and when a setting applies; the AI key, masked on /wp/v2/settings, is not even masked here', async ({ api }) => {
	const admin = api('admin');
	const key = `sk-screen-${Date.now()}-LAST`;
	const saved = await admin.op('update_settings', { body: { values: { ai_endpoint: 'https://api.openai.com/v1/chat/completions', ai_api_key: key } } });
	expect(saved.status).toBe(200);
	expect(JSON.stringify(saved.body)).not.toContain('LAST');
	expect(saved.body.values.ai_api_key).toBe('');
	const byKey = new Map(saved.body.fields.map((f) => [f.key, f]));
	expect(byKey.get('ai_api_key')).toMatchObject({ secret: true, is_set: true, applies_when: { key: 'ai_provider', values: ['openai'] } });
	expect(byKey.get('max_upload_bytes')).toMatchObject({ unit: 'bytes', default: 104857600, minimum: 1024 });
	expect(byKey.get('signed_url_ttl')).toMatchObject({ unit: 'seconds', default: 3600 });
	expect(byKey.get('max_image_pixels')).toMatchObject({ unit: 'pixels' });
	expect(byKey.get('report_threshold')).toMatchObject({ unit: null, default: 3, applies_when: null });
	expect(byKey.get('default_privacy')).toMatchObject({ default: null });
	// WordPress's settings route keeps its contract: the mask, and no screen-only keys in its schema.
	const wp = await admin.raw('GET', '/wp-json/wp/v2/settings');
	expect(wp.body.mvs_settings.ai_api_key).toBe('************LAST');
	const schema = await admin.raw('OPTIONS', '/wp-json/wp/v2/settings');
	expect(JSON.stringify(schema.body.schema.properties.mvs_settings)).not.toMatch(/"(unit|applies_when|write_only|details)"/);
	expect((await admin.op('update_settings', { body: { values: { ai_api_key: '' } } })).body.fields.find((f) => f.key === 'ai_api_key')!.is_set).toBe(false);
});
