/**
 * The plugin's tests under Tools → Site Health (docs/site-health.md), each
 * provoked into its bad state and shown in its good one. The async storage
 * probe is read through the plugin's mvs/v1 route (a `site-health`
 * extension, generated from the DSL) that Site Health fetches, the direct
 * tests through the harness (WordPress has no REST route for them), which
 * finds each in site_status_tests and runs it with the state it checks set
 * for that request only. The one site-wide change, the maximum upload size
 * setting, is restored.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Api } from '../support/mvs';

test.describe.configure({ mode: 'serial' });

const BADGE = 'Media Community Service';
const MB = 1024 * 1024;
const STRONG = randomBytes(32).toString('hex'); // as the plugin makes one: 64 hex characters.

interface Check {
	label: string;
	status: 'good' | 'recommended' | 'critical';
	badge: { label: string; color: string };
	description: string;
	actions: string;
	test: string;
}

/** Runs a direct test of the plugin, with filters, scheduled jobs and an object cache for the request. */
async function run(admin: Api, name: string, state: { filters?: Record<string, unknown>; scheduled?: Record<string, number | null>; object_cache?: boolean } = {}): Promise<Check> {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/site-health', { json: { test: name, ...state } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	const check = res.body.result as Check;
	expect(check).toMatchObject({ test: name, badge: { label: BADGE } });
	expect(check.description).toMatch(/^<p>.+<\/p>$/s);
	return check;
}

test('the storage probe: refused by the web server, critical with the nginx and Apache fixes when the folder is served', async ({ api }) => {
	const admin = api('admin');
	const path = '/wp-json/mvs/v1/site-health/storage-exposure';
	const member = await api('member').raw('GET', path);
	expect([member.status, member.body.code]).toEqual([403, 'mvs_forbidden']);
	const anonymous = await api('anonymous').raw('GET', path);
	expect([anonymous.status, anonymous.body.code]).toEqual([401, 'mvs_not_logged_in']);
	const listed = await admin.raw('POST', '/wp-json/mvs-test/v1/site-health', { json: { test: 'mvs_signing_secret' } });
	expect(listed.body.async).toEqual({ mvs_storage_exposure: { test: expect.stringMatching(/\/mvs\/v1\/site-health\/storage-exposure$/), has_rest: true } });
	expect(listed.body.direct.sort()).toEqual(['mvs_list_totals', 'mvs_long_poll_workers', 'mvs_object_cache', 'mvs_scheduled_jobs', 'mvs_signing_secret', 'mvs_upload_limits']);

	const closed = await admin.op('check_storage_exposure');
	expect(closed.status, JSON.stringify(closed.body)).toBe(200);
	expect(closed.body).toMatchObject({ test: 'mvs_storage_exposure', status: 'good', badge: { label: BADGE } });

	const open = await admin.withHeaders({ 'X-MVS-Test-Exposed-Storage': '1' }).raw('GET', path);
	expect(open.body).toMatchObject({ test: 'mvs_storage_exposure', status: 'critical' });
	expect(open.body.description).toContain('/wp-content/uploads/mvs-test-exposed/mvs/');
	expect(open.body.actions).toContain('location ^~ /wp-content/uploads/mvs-test-exposed/mvs/ { deny all; }');
	expect(open.body.actions).toContain('AllowOverride');
});

test('the signing secret: strong is good, short or repetitive is critical, missing is recommended', async ({ api }) => {
	const admin = api('admin');
	const secret = (value: string) => run(admin, 'mvs_signing_secret', { filters: { pre_option_mvs_signing_secret: value } });
	expect((await secret(STRONG)).status).toBe('good');
	const weak = await secret('ab'.repeat(40));
	expect(weak.status).toBe('critical');
	expect(weak.actions).toContain('wp option delete mvs_signing_secret');
	expect((await secret('0123456789abcdef')).status).toBe('critical');
	expect((await secret('')).status).toBe('recommended');
});

test('scheduled jobs: on time is good; an hour late recommends, a day late is critical, naming the job and the system cron', async ({ api }) => {
	const admin = api('admin');
	expect((await run(admin, 'mvs_scheduled_jobs', { scheduled: { '*': 60 } })).status).toBe('good');
	const late = await run(admin, 'mvs_scheduled_jobs', { scheduled: { '*': 60, mvs_purge_rate_limits: -2 * 3600 } });
	expect(late.status).toBe('recommended');
	const stalled = await run(admin, 'mvs_scheduled_jobs', { scheduled: { '*': 60, mvs_purge_view_log: -2 * 86400 } });
	expect(stalled.status).toBe('critical');
	expect(stalled.description).toContain('mvs_purge_view_log');
	expect(stalled.description).not.toContain('mvs_purge_rate_limits');
	expect(stalled.actions).toContain('DISABLE_WP_CRON');
});

test('list totals: complete is good, a rebuild under way recommends waiting, a rebuild with no next run is critical', async ({ api }) => {
	const admin = api('admin');
	const totals = (cursor: string, next: number | null) => run(admin, 'mvs_list_totals', { filters: { pre_option_mvs_media_totals_cursor: cursor }, scheduled: { mvs_media_totals_rebuild: next } });
	expect((await totals('complete', null)).status).toBe('good');
	const running = await totals('0', 60);
	expect(running.status).toBe('recommended');
	expect(running.description).toContain('#0 of #');
	expect((await totals('0', null)).status).toBe('critical');
	expect((await totals('0', -2 * 3600)).status).toBe('critical');
});

test('object cache: a large site without one is recommended one; with one, or below the threshold, good', async ({ api }) => {
	const admin = api('admin');
	const large = { filters: { mvs_site_health_large_site_items: 0 } };
	expect((await run(admin, 'mvs_object_cache', large)).status).toBe('recommended');
	expect((await run(admin, 'mvs_object_cache', { ...large, object_cache: true })).status).toBe('good');
	expect((await run(admin, 'mvs_object_cache', { filters: { mvs_site_health_large_site_items: 1_000_000_000 } })).status).toBe('good');
});

test("upload limits: a maximum upload size above PHP's limits is critical, one within them good", async ({ api }) => {
	const admin = api('admin');
	const saved = (await admin.raw('GET', '/wp-json/wp/v2/settings')).body.mvs_settings.max_upload_bytes as number;
	const save = async (bytes: number) => expect((await admin.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: { max_upload_bytes: bytes } } })).status).toBe(200);
	try {
		// The native stack's PHP accepts 128 MB (stack/config.mjs).
		await save(200 * MB);
		const over = await run(admin, 'mvs_upload_limits');
		expect(over.status).toBe('critical');
		expect(over.actions).toContain('upload_max_filesize');
		await save(MB);
		expect((await run(admin, 'mvs_upload_limits')).status).toBe('good');
	} finally {
		await save(saved);
	}
});

test('long-polls: no hold is good; an unknown worker count recommends, few workers are critical, many good', async ({ api }) => {
	const admin = api('admin');
	const poll = (seconds: number, workers: number) => run(admin, 'mvs_long_poll_workers', { filters: { mvs_message_poll_seconds: seconds, mvs_php_workers: workers } });
	expect((await poll(0, 4)).status).toBe('good');
	const unknown = await poll(25, 0);
	expect(unknown.status).toBe('recommended');
	expect(unknown.actions).toContain('MVS_PHP_WORKERS');
	expect((await poll(25, 4)).status).toBe('critical');
	expect((await poll(25, 40)).status).toBe('good');
});
