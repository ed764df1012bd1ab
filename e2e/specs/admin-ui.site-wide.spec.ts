/**
 * The wp-admin screens in a real browser (Chromium), logged in through
 * wp-login.php: the moderation queue as a moderator, the settings screen as
 * an administrator (who also creates a package on Pro's Quotas screen;
 * the whole screen: quotas-screen.site-wide.spec.ts), and neither for a
 * subscriber. Any console error or
 * warning on our screens fails the test (the test sites run SCRIPT_DEBUG, so
 * React's development warnings are printed). A screenshot of each screen is
 * kept under test-results/admin-ui/.
 *
 * Site-wide: it holds uploads for moderation and changes settings.
 */
import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/a11y';
import { logIn, screenshot } from '../support/admin-browser';
import { routes } from '../support/matrix';
import { expect, files, test, upload, type Api } from '../support/mvs';
import { uniqueName } from '../support/seed';

/**
 * Thumbnails are signed /serve URLs. Until GET /media/{id}/signed-url ships
 * (it answers 501 before), the queue probes it once and shows the media type.
 */
const signedUrls = routes.find((r) => r.name === 'get_media_signed_url')!.implemented;
const moderatorStatuses: ReadonlySet<number> = new Set(signedUrls ? [] : [501]);

test.describe.configure({ mode: 'serial' });

interface Counts {
	pending: number;
	flagged: number;
}

async function held(member: Api, title: string): Promise<number> {
	return (await upload(member, { title })).id;
}

async function counts(moderator: Api): Promise<Counts> {
	const res = await moderator.op('get_moderation_counts');
	expect(res.status).toBe(200);
	return res.body as Counts;
}

/** Pages through the queue screen until the row of `id` shows (the queue is oldest first). */
async function showRow(page: Page, id: number) {
	const row = page.locator(`tr[data-media-id="${id}"]`);
	for (let i = 0; i < 20; i++) {
		await expect(page.locator('.mvs-queue__table tbody')).toHaveAttribute('aria-busy', 'false');
		if ((await row.count()) > 0) return row;
		const next = page.getByRole('button', { name: 'Next page' });
		if (await next.isDisabled()) break;
		await next.click();
	}
	throw new Error(`queue row ${id} not found`);
}

let initial: Record<string, unknown> = {};

test.beforeAll(async ({ api }) => {
	const screen = await api('admin').op('get_settings');
	// Secrets are left out: the screen never gets them, and '' would delete them.
	initial = Object.fromEntries(screen.body.fields.filter((f) => !f.secret).map((f) => [f.key, (screen.body.values as Record<string, unknown>)[f.key]]));
	const hold = await api('admin').op('update_settings', { body: { values: { moderation_hold: true } } });
	expect(hold.status).toBe(200);
});

test.afterAll(async ({ api }) => {
	await api('admin').op('update_settings', { body: { values: initial } });
});

test('a moderator approves one item and rejects another with a reason; counts follow; the rejected item is gone for others', async ({ api, browser, fixtures }) => {
	const stamp = Date.now();
	const keepTitle = `ui-approve-${stamp}`;
	const dropTitle = `ui-reject-${stamp}`;
	const keep = await held(api('member'), keepTitle);
	const drop = await held(api('member'), dropTitle);
	const before = await counts(api('moderator'));

	const { context, page, problems } = await logIn(browser, fixtures, 'moderator', moderatorStatuses);
	// The menu entry, with the count bubble of pending + flagged items.
	const menu = page.locator('#toplevel_page_mvs-moderation');
	await expect(menu).toContainText('Media Community');
	// The top-level link's bubble (the open menu repeats it on the Moderation entry, as Comments does).
	await expect(menu.getByRole('link', { name: /^Media Community \d+ items? awaiting moderation$/ }).locator('.awaiting-mod')).toBeVisible();

	await page.goto('/wp-admin/admin.php?page=mvs-moderation');
	await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
	await expect(page.getByRole('link', { name: `Pending (${before.pending})` })).toBeVisible();

	const keepRow = await showRow(page, keep);
	await expect(keepRow).toContainText(keepTitle);
	if (signedUrls) {
		const thumb = keepRow.locator('img.mvs-queue__thumb');
		await expect(thumb).toBeVisible();
		await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
	} else {
		await expect(keepRow.locator('.mvs-queue__thumb--placeholder')).toHaveText('image');
	}
	await screenshot(page, 'moderation');
	await keepRow.getByRole('button', { name: `Approve ${keepTitle}` }).click();
	// The desk answers in the row (moderation-desk.site-wide.spec covers Undo).
	await expect(keepRow.getByRole('status')).toHaveText(new RegExp(`${keepTitle} approved\\.`));

	const dropRow = await showRow(page, drop);
	await dropRow.getByRole('button', { name: `Reject ${dropTitle}` }).click();
	const dialog = page.getByRole('dialog', { name: 'Reject 1 item' });
	await dialog.getByLabel('Reason (optional, sent to the uploader)').fill('Blurry test picture');
	await screenshot(page, 'moderation-reject');
	await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
	await expect(dialog).toHaveCount(0);
	await expect(dropRow.getByRole('status')).toHaveText(new RegExp(`${dropTitle} rejected\\.`));

	const after = await counts(api('moderator'));
	expect(after.pending).toBe(before.pending - 2);
	await expect(page.getByRole('link', { name: `Pending (${after.pending})` })).toBeVisible();

	// The approved item is public now; the rejected one is gone for everyone else.
	expect((await api('member2').op('get_media', { params: { id: keep } })).status).toBe(200);
	for (const role of ['anonymous', 'member2'] as const) {
		expect([403, 404], role).toContain((await api(role).op('get_media', { params: { id: drop } })).status);
		const listed = await api(role).op('list_media', { query: { s: dropTitle, scope: 'all' } });
		expect(listed.status).toBe(200);
		expect(listed.body.items.map((i) => i.id), role).not.toContain(drop);
	}
	expect(problems).toEqual([]);
	await context.close();
});

test('a moderator analyzes an item and bulk-approves two', async ({ api, browser, fixtures }) => {
	const stamp = Date.now();
	const first = await held(api('member'), `ui-bulk-a-${stamp}`);
	const second = await held(api('member'), `ui-bulk-b-${stamp}`);
	const { context, page, problems } = await logIn(browser, fixtures, 'moderator', moderatorStatuses);
	await page.goto('/wp-admin/admin.php?page=mvs-moderation');

	const firstRow = await showRow(page, first);
	await firstRow.getByRole('button', { name: `Analyze ui-bulk-a-${stamp}` }).click();
	const analysis = page.locator('.mvs-analysis');
	await expect(analysis).toContainText(`Analysis of ui-bulk-a-${stamp}`);
	// The local provider's skin-tone share on a small colour-gradient PNG: a measure, no verdict.
	await expect(analysis.locator('dt', { hasText: 'Skin-tone share' })).toBeVisible();
	await expect(analysis.locator('dd', { hasText: /^Skin-tone share \d+ %: a colour measure, not a safety verdict$/ })).toBeVisible();
	await expect(analysis.locator('dt', { hasText: 'Verdict' })).toHaveCount(0);
	await expect(firstRow.getByRole('cell', { name: 'Pending', exact: true })).toBeVisible();
	await screenshot(page, 'moderation-analysis');

	await firstRow.getByRole('checkbox', { name: `Select ui-bulk-a-${stamp}` }).check();
	const secondRow = await showRow(page, second);
	await secondRow.getByRole('checkbox', { name: `Select ui-bulk-b-${stamp}` }).check();
	await page.getByRole('button', { name: 'Approve selected (2)' }).click();
	// Bulk approval is confirmed, naming what it acts on.
	const confirm = page.getByRole('dialog', { name: 'Approve selected items' });
	await expect(confirm).toContainText('Approve 2 items:');
	for (const title of [`ui-bulk-a-${stamp}`, `ui-bulk-b-${stamp}`]) await expect(confirm).toContainText(title);
	await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
	await expect(secondRow.getByRole('status')).toHaveText(new RegExp(`ui-bulk-b-${stamp} approved\\.`));
	await expect(firstRow.getByRole('status')).toHaveText(new RegExp(`ui-bulk-a-${stamp} approved\\.`));
	for (const id of [first, second]) expect((await api('anonymous').op('get_media', { params: { id } })).status).toBe(200);
	expect(problems).toEqual([]);
	await context.close();
});

test('an administrator changes settings on the settings screen and they take effect through the API, and creates a quota package', async ({ api, browser, fixtures }) => {
	await api('admin').op('update_settings', { body: { values: { moderation_hold: false, default_privacy: 'public', report_threshold: 3 } } });
	const { context, page, problems } = await logIn(browser, fixtures, 'admin');
	await page.goto('/wp-admin/admin.php?page=mvs-settings');
	await expect(page.getByRole('heading', { name: 'Media Community Settings', level: 1 })).toBeVisible();
	await expect(page.getByRole('heading', { name: 'Moderation', level: 2 })).toBeVisible();
	await screenshot(page, 'settings');

	// Choices are shown by their labels, saved by their values.
	await page.getByLabel('Default privacy').selectOption({ label: 'Members: logged-in users only' });
	await page.getByLabel('Report threshold').fill('7');
	await page.getByLabel('Hold uploads for moderation').check();
	await page.getByRole('button', { name: 'Save settings' }).click();
	await expect(page.locator('.components-snackbar', { hasText: 'Settings saved.' })).toBeVisible();

	const saved = await api('admin').op('get_settings');
	expect(saved.body.values).toMatchObject({ default_privacy: 'members', report_threshold: 7, moderation_hold: true });
	// In effect: a member's upload takes the new default privacy and is held.
	const created = await api('member').op('create_media', { body: { file: files.uniquePng() } });
	expect(created.status).toBe(201);
	expect(created.body.privacy).toBe('members');
	expect((await api('member2').op('get_media', { params: { id: created.body.id } })).status).toBe(403);
	// Leave no held item behind in the moderation queue.
	expect((await api('member').op('delete_media', { params: { id: created.body.id } })).status).toBe(200);

	// A value out of range: its message names the field, nothing is saved
	// (the whole refusal story: settings-screen.site-wide.spec.ts).
	await page.getByLabel('Default privacy').selectOption('public');
	await page.getByLabel('Report threshold').fill('500');
	await page.getByRole('button', { name: 'Save settings' }).click();
	await expect(page.locator('.components-notice.is-error')).toContainText('Nothing was saved');
	await expect(page.locator('[data-setting="report_threshold"] .mvs-settings__error')).toHaveText('“Report threshold” must be from 1 to 100.');
	await screenshot(page, 'settings-error');
	const unchanged = await api('admin').op('get_settings');
	expect(unchanged.body.values).toMatchObject({ default_privacy: 'members', report_threshold: 7 });

	// Pro's Quotas screen, on the same session: a package whose storage is typed in MB
	// (the whole screen: quotas-screen.site-wide.spec.ts).
	const name = uniqueName('ui-package');
	await page.goto('/wp-admin/admin.php?page=mvs-quotas');
	await expect(page.getByRole('heading', { name: 'Quotas', level: 1 })).toBeVisible();
	await page.getByRole('button', { name: 'Add package' }).click();
	const dialog = page.getByRole('dialog', { name: 'Add package' });
	await dialog.getByLabel('Name', { exact: true }).fill(name);
	await dialog.getByLabel('Amount', { exact: true }).fill('300');
	await dialog.getByRole('button', { name: 'Save package' }).click();
	await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('300 MB');
	expect(await seriousViolations(page, ['#mvs-quotas-root'])).toEqual([]);
	await screenshot(page, 'quotas');
	const pkg = (await api('admin').op('list_packages')).body.find((p) => p.name === name);
	expect(pkg?.storage_bytes).toBe(300 * 1024 * 1024);
	expect((await api('admin').op('delete_package', { params: { id: pkg!.id } })).status).toBe(200);
	expect(problems).toEqual([]);
	await context.close();
});

test("a moderator's desk tabs and the overview pass axe, and the overview fits a phone", async ({ api, browser, fixtures }) => {
	// Something to chart, counted now (the harness header skips the overview's five-minute cache).
	await upload(api('member'), { privacy: 'public' });
	const { context, page, problems } = await logIn(browser, fixtures, 'moderator', moderatorStatuses);
	await page.setExtraHTTPHeaders({ 'X-MVS-Test-Overview-Ttl': '0' });
	await page.goto('/wp-admin/admin.php?page=mvs-moderation');
	const desk = page.locator('#mvs-moderation-root');
	await expect(desk.getByRole('link', { name: /^Pending \(\d+\)$/ })).toBeVisible();
	expect(await seriousViolations(page, ['#mvs-moderation-root'])).toEqual([]);
	for (const tab of ['Comments', 'Members']) {
		await desk.getByRole('button', { name: new RegExp(`^${tab} \\(\\d+\\)$`) }).click();
		await expect(desk.getByLabel('Show')).toBeVisible();
		expect(await seriousViolations(page, ['#mvs-moderation-root']), tab).toEqual([]);
	}
	await screenshot(page, 'moderation-members-tab');

	await page.goto('/wp-admin/admin.php?page=mvs-overview');
	const overview = page.locator('#mvs-overview-root');
	await expect(overview.getByRole('table', { name: 'Top tags' })).toBeVisible();
	expect(await seriousViolations(page, ['#mvs-overview-root'])).toEqual([]);
	await screenshot(page, 'overview');
	await page.setViewportSize({ width: 390, height: 844 });
	await expect(overview.getByRole('table', { name: 'Top tags' })).toBeVisible();
	expect(await overview.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
	await screenshot(page, 'overview-390');
	expect(problems).toEqual([]);
	await context.close();
});

test('a subscriber can open neither screen, and a moderator not the settings', async ({ browser, fixtures }) => {
	const subscriber = await logIn(browser, fixtures, 'subscriber');
	await expect(subscriber.page.locator('#toplevel_page_mvs-moderation, #toplevel_page_mvs-settings')).toHaveCount(0);
	for (const screen of ['mvs-moderation', 'mvs-settings']) {
		const res = await subscriber.page.goto(`/wp-admin/admin.php?page=${screen}`);
		expect(res?.status(), screen).toBe(403);
		await expect(subscriber.page.locator('#mvs-moderation-root, #mvs-settings-root')).toHaveCount(0);
	}
	await subscriber.context.close();

	const moderator = await logIn(browser, fixtures, 'moderator');
	await expect(moderator.page.locator('#toplevel_page_mvs-moderation a[href$="page=mvs-settings"]')).toHaveCount(0);
	const res = await moderator.page.goto('/wp-admin/admin.php?page=mvs-settings');
	expect(res?.status()).toBe(403);
	await moderator.context.close();
});
