/**
 * Plugin lifecycle on a live site: Pro without core degrades to an admin
 * notice (never a fatal error), deactivation stops scheduled work and keeps
 * data, reactivation restores the API, and uninstall leaves no table,
 * option, capability or role behind. Uninstall is destructive, so this spec
 * runs in its own project after every other one.
 */
import { readFileSync } from 'node:fs';
import { expect, test, upload, type Api } from '../support/mvs';
import { logInPage } from '../support/browser-login';
import { fetchFile } from '../support/serve';

test.describe.configure({ mode: 'serial' });

const CORE = 'media-community-service/media-community-service';

/** Every table the DSL declares for both plugins, as the migrations create them (the generated manifest). */
const DECLARED_TABLES: string[] = (
	JSON.parse(readFileSync(new URL('../../codegen/out/route-manifest.json', import.meta.url), 'utf8')) as { tables: { name: string }[] }
).tables
	.map((table) => table.name)
	.sort();

async function setStatus(admin: Api, plugin: string, status: 'active' | 'inactive') {
	const res = await admin.raw('POST', `/wp-json/wp/v2/plugins/${plugin}`, { json: { status } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	expect(res.body.status).toBe(status);
}

test('core taken out of active_plugins without its deactivation hook: the lean /serve entry hands every request to WordPress', async ({ api, request }) => {
	test.skip(process.env.MVS_TARGET !== 'native', 'the lean rule is a web server rule: the native stack\'s nginx has it, Playground has no rules');
	const admin = api('admin');
	const item = await upload(api('member'), { privacy: 'public' });
	const served = await fetchFile(request, item.file_url);
	expect([served.status, served.headers['x-mvs-served-by']]).toEqual([200, 'lean']);
	// As an edit of the option, a network deactivation or --skip-plugins leaves it: the lean record still in place.
	const setActive = async (active: boolean) => {
		const res = await admin.raw('POST', '/wp-json/mvs-test/v1/active-plugins', { json: { plugin: `${CORE}.php`, active } });
		expect(res.status, JSON.stringify(res.body)).toBe(200);
	};
	await setActive(false);
	try {
		const gone = await fetchFile(request, item.file_url);
		expect([gone.status, gone.json?.code, gone.headers['x-mvs-served-by']]).toEqual([404, 'rest_no_route', undefined]);
	} finally {
		await setActive(true);
	}
	const back = await fetchFile(request, item.file_url);
	expect([back.status, back.headers['x-mvs-served-by']]).toEqual([200, 'lean']);
});

test('deactivating core leaves Pro harmless: no fatal error, an admin notice, no Pro routes', async ({ api, page, fixtures }) => {
	const admin = api('admin');
	// Every job of the registry scheduled, one-off ones included: deactivation must clear each.
	const armed = await admin.raw('POST', '/wp-json/mvs-test/v1/lifecycle/arm-jobs');
	expect(armed.status, JSON.stringify(armed.body)).toBe(200);
	expect(armed.body.cron_hooks.length).toBeGreaterThanOrEqual(8);
	// A WP-Cron run that loaded the cron option before the deactivation would write it back after:
	// hold WP-Cron and wait until no run is in flight (WordPress's race, not the plugin's).
	const holdCron = async (hold: boolean) => (await admin.raw('POST', '/wp-json/mvs-test/v1/lifecycle/hold-cron', { json: { hold } })).body;
	await expect.poll(async () => (await holdCron(true)).cron_running, { timeout: 70_000, intervals: [500, 1_000] }).toBe(false);
	try {
		await setStatus(admin, CORE, 'inactive');
		const index = await api('anonymous').raw('GET', '/wp-json/');
		expect(index.status).toBe(200);
		expect(index.body.namespaces).not.toContain('mvs/v1');
		expect(index.body.namespaces).not.toContain('mvs-pro/v1');
		// Nor hooks: Pro's usage widget prints nothing on its page action (pro-push.spec shows it with core).
		const widget = await admin.raw('GET', '/wp-json/mvs-test/v1/render-hook', { query: { hook: 'mvs_before_upload_form', user_id: String(fixtures.users.member.id) } });
		expect([widget.status, widget.body.html]).toEqual([200, '']);

		await logInPage(page, fixtures.users.admin.login, fixtures.users.admin.password);
		await page.goto('/wp-admin/plugins.php');
		await expect(page.getByText('Media Community Service Pro needs the Media Community Service plugin')).toBeVisible();

		// Deactivation keeps data: the cron events are gone, the tables are not.
		const state = await admin.raw('GET', '/wp-json/mvs-test/v1/lifecycle');
		expect(state.body.cron_hooks).toEqual([]);
		expect(state.body.tables).toContain('mvs_media');
		expect(state.body.options).toContain('mvs_settings');
	} finally {
		await holdCron(false);
	}
});

test('reactivating core restores both namespaces and the scheduled clean-up', async ({ api }) => {
	const admin = api('admin');
	await setStatus(admin, CORE, 'active');
	const index = await api('anonymous').raw('GET', '/wp-json/');
	expect(index.body.namespaces).toEqual(expect.arrayContaining(['mvs/v1', 'mvs-pro/v1']));
	const state = await admin.raw('GET', '/wp-json/mvs-test/v1/lifecycle');
	// Rate-limit clean-up, account deletions and the count of active members (hourly); view-record and notification clean-up, the list totals' check and the inbox trim (daily).
	const refill = 'mvs_refill_terms_copies';
	expect(state.body.cron_hooks.filter((hook: string) => hook !== refill)).toEqual(['mvs_account_deletions', 'mvs_media_totals_verify', 'mvs_overview_hourly_counts', 'mvs_purge_notifications', 'mvs_purge_rate_limits', 'mvs_purge_view_log', 'mvs_trim_activity_inbox']);
	// The terms-copy refill is a one-off that activation schedules only while a
	// row lacks its copy. WP-Cron may be running it (its event is taken off the
	// schedule while it runs, and put back if rows remain after its time budget),
	// so wait for either end: no row without a copy, or the refill scheduled.
	await expect
		.poll(
			async () => {
				const now = (await admin.raw('GET', '/wp-json/mvs-test/v1/lifecycle')).body;
				return now.rows_without_terms_copy === 0 || now.cron_hooks.includes(refill);
			},
			{ timeout: 60_000, intervals: [1_000] },
		)
		.toBe(true);
	expect((await api('member').op('list_my_media')).status).toBe(200);
});

test('activation schedules the terms-copy refill only while a media row lacks its copy', async ({ api }) => {
	const admin = api('admin');
	await upload(api('member'), { privacy: 'public' });
	const activate = async (missing: boolean) => {
		const res = await admin.raw('POST', '/wp-json/mvs-test/v1/activation-refill', { json: { missing } });
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		return res.body;
	};
	// Every copy in place: one indexed read, no job. Rows an earlier spec left without their copy
	// (scale.site-wide's growth) may still be refilling on a busy machine, a minute between cron runs:
	// each call runs the refill job once within its time budget, until none is left.
	await expect
		.poll(async () => activate(false), { timeout: 150_000, intervals: [0] })
		.toEqual({ rows_without_terms_copy: 0, refill_scheduled: false });
	// One row without its copy (its refill was pending when the plugin was deactivated): the refill is scheduled.
	expect(await activate(true)).toEqual({ rows_without_terms_copy: 1, refill_scheduled: true });
});

// After the deactivation tests: the jobs leave runs due that WP-Cron may still be making when the next
// request arrives, and a cron run that saves the schedule after a deactivation cleared it brings it back.
test('every scheduled job runs on this database (MariaDB or SQLite) without a refused statement', async ({ api }) => {
	const admin = api('admin');
	const tool = async (method: 'GET' | 'POST', path: string, json?: unknown) => {
		const res = await admin.raw(method, `/wp-json/mvs-test/v1/${path}`, json === undefined ? {} : { json });
		expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
		return res.body;
	};
	// Work for the jobs that act only on old or unconverted rows: an aged view
	// record, a legacy trending score, an item whose terms copy is missing.
	const item = await upload(api('member'), { privacy: 'public' });
	expect((await api('anonymous').op('record_media_view', { params: { id: item.id } })).status).toBe(200);
	expect((await tool('POST', 'view-log', { media_id: item.id, age_days: 400 })).rows).toBe(1);
	expect((await tool('POST', 'trending-legacy', { scores: { [item.id]: 150 } })).pending).toBe(true);
	expect((await tool('POST', 'activation-refill', { missing: true })).rows_without_terms_copy).toBeGreaterThanOrEqual(1);

	const { jobs } = (await tool('POST', 'jobs/run')) as { jobs: Record<string, { sent: number; refused: { sql: string; error: string }[] }> };
	// Every job with a handler ran (the retired hourly decay has none), with no statement refused; those
	// given work here sent SQL (a job with nothing to do may answer from autoloaded options alone).
	const worked = ['mvs_media_totals_rebuild', 'mvs_media_totals_verify', 'mvs_purge_notifications', 'mvs_purge_rate_limits', 'mvs_purge_view_log', 'mvs_refill_terms_copies', 'mvs_trending_rescale', 'mvs_trim_activity_inbox'];
	expect(Object.keys(jobs)).toEqual(expect.arrayContaining(worked));
	expect(worked.filter((hook) => !(jobs[hook]!.sent > 0))).toEqual([]);
	expect(Object.entries(jobs).flatMap(([hook, job]) => job.refused.map((r) => `${hook}: ${r.error} in ${r.sql}`))).toEqual([]);
	// And each did its work.
	expect((await tool('POST', 'view-log', { media_id: item.id })).rows).toBe(0);
	expect((await tool('GET', 'lifecycle')).rows_without_terms_copy).toBe(0);
	const scores = await tool('GET', `trending-scores?ids=${item.id}`);
	expect(scores.scores[item.id]).toBeGreaterThanOrEqual(scores.offset);
});

test('uninstall removes every table, option, capability and role of both plugins', async ({ api }) => {
	const res = await api('admin').raw('POST', '/wp-json/mvs-test/v1/uninstall');
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	// The harness stored every option of the registry first: uninstall must remove each.
	expect(res.body.before.options).toEqual(expect.arrayContaining(['mvs_serve_lean', 'mvs_trending_decay_cursor', 'mvs_category_children']));
	expect(res.body.before.tables).toEqual(DECLARED_TABLES);
	expect(res.body.after).toEqual({ tables: [], options: [], capabilities: [], roles: [], cron_hooks: [], terms: 0 });
});
