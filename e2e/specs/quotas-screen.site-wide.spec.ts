/**
 * Pro's Quotas screen in Chromium, as a site owner uses it: a package with
 * its storage typed in MB, made the default, assigned to a member, credits
 * adjusted with a note and seen in the member's credit history, the
 * member's usage against the limits (one GET /quotas/members a page,
 * sortable by usage, no request per row); then the
 * same screen on a 390-px phone. Fails on any console error or warning and
 * on serious or critical axe violations inside the screen; screenshots go
 * to test-results/…/admin-ui/quotas-*.png. A moderator (no
 * manage_mvs_settings) cannot open it.
 *
 * Site-wide: the default package applies to every member without one.
 */
import { seriousViolations } from '../support/a11y';
import { logIn, screenshot } from '../support/admin-browser';
import { createMember, type Member } from '../support/community';
import { expect, test, upload } from '../support/mvs';
import { uniqueName } from '../support/seed';

test.describe.configure({ mode: 'serial' });

const MB = 1024 * 1024;
// The screen and its dialogs (these render outside the root, in a portal).
const SCREEN = ['#mvs-quotas-root', '.components-modal__screen-overlay'];

let member: Member;
let previousDefault: number | undefined;
let made: number | undefined;

test.beforeAll(async ({ api }) => {
	member = await createMember(api('admin'));
	await upload(member.api, { title: uniqueName('quota-usage') });
	previousDefault = (await api('admin').op('list_packages')).body.find((p) => p.is_default)?.id;
});

test.afterAll(async ({ api }) => {
	if (made) await api('admin').op('delete_package', { params: { id: made } });
	if (previousDefault) await api('admin').op('update_package', { params: { id: previousDefault }, body: { is_default: true } });
	await member?.api.dispose();
});

test('a site owner creates a package in MB, makes it the default, assigns it, adjusts credits and sees the usage; also on a phone', async ({ api, browser, fixtures }) => {
	const admin = api('admin');
	const name = uniqueName('ui-quota');
	const { context, page, problems } = await logIn(browser, fixtures, 'admin');
	await page.goto('/wp-admin/admin.php?page=mvs-quotas');
	await expect(page.getByRole('heading', { name: 'Quotas', level: 1 })).toBeVisible();
	// The page sits under the plugin's menu.
	await expect(page.locator('#toplevel_page_mvs-moderation a[href$="page=mvs-quotas"]')).toHaveText('Quotas');

	// Create: limits per type, storage typed in MB, a role.
	await page.getByRole('button', { name: 'Add package' }).click();
	const form = page.getByRole('dialog', { name: 'Add package' });
	await form.getByLabel('Name', { exact: true }).fill(name);
	await form.getByLabel('Images', { exact: true }).fill('5');
	await form.getByLabel('Amount', { exact: true }).fill('250');
	await expect(form.getByLabel('Unit', { exact: true })).toHaveValue('MB');
	await form.getByLabel('Community Member', { exact: true }).check();
	expect(await seriousViolations(page, SCREEN)).toEqual([]);
	await screenshot(page, 'quotas-package-form');
	await form.getByRole('button', { name: 'Save package' }).click();
	await expect(form).toHaveCount(0);
	await expect(page.locator('.components-snackbar', { hasText: `Package "${name}" created.` })).toBeVisible();
	const row = page.getByRole('row', { name: new RegExp(name) });
	await expect(row).toContainText('250 MB');
	const saved = (await admin.op('list_packages')).body.find((p) => p.name === name);
	made = saved?.id;
	expect(saved).toMatchObject({ image_limit: 5, video_limit: 0, storage_bytes: 250 * MB, roles: ['mvs_member'], is_default: false });

	// Set default: the badge moves here, and the server agrees.
	await row.getByRole('button', { name: `Make ${name} the default` }).click();
	await expect(row.getByText('Default', { exact: true })).toBeVisible();
	await expect(row.getByRole('button', { name: `Make ${name} the default` })).toHaveCount(0);
	const defaults = (await admin.op('list_packages')).body.filter((p) => p.is_default).map((p) => p.id);
	expect(defaults).toEqual([made]);
	await screenshot(page, 'quotas-packages');

	// The member: found by search, their usage against the package's limits,
	// each page one request to GET /quotas/members and none per row.
	const reads: string[] = [];
	page.on('request', (request) => {
		const url = decodeURIComponent(request.url());
		if (/wp\/v2\/users|mvs-pro\/v1\/(quotas\/members|users\/\d+\/quota)/.test(url)) reads.push(url);
	});
	await page.getByRole('tab', { name: 'Usage per member' }).click();
	await page.getByLabel('Search members', { exact: true }).fill(member.login);
	const searched = page.waitForResponse((res) => res.url().includes('quotas/members') && res.url().includes(`search=${member.login}`));
	await page.getByRole('button', { name: 'Search', exact: true }).click();
	await searched;
	const memberRow = page.getByRole('row', { name: new RegExp(member.login) });
	await expect(page.getByRole('row')).toHaveCount(2); // the heading row and the member
	await expect(memberRow.getByRole('meter', { name: `Images of ${member.login}` })).toHaveAttribute('aria-valuetext', '1 of 5');
	await expect(memberRow.getByRole('meter', { name: `Storage of ${member.login}` })).toHaveAttribute('aria-valuetext', /^[\d.]+ (B|KB) of 250 MB$/);

	const sorted = page.waitForResponse((res) => res.url().includes('quotas/members') && res.url().includes('orderby=storage_used'));
	await page.getByLabel('Sort by', { exact: true }).selectOption('storage-desc');
	expect((await sorted).status()).toBe(200);
	await expect(memberRow.getByRole('meter', { name: `Images of ${member.login}` })).toHaveAttribute('aria-valuetext', '1 of 5');
	expect(reads.length).toBeGreaterThanOrEqual(2);
	expect(reads.filter((url) => !url.includes('mvs-pro/v1/quotas/members'))).toEqual([]);

	// Assign the package directly, then add three image credits with a note:
	// the member's credit history (empty so far) shows the new row.
	await memberRow.getByRole('button', { name: `Manage ${member.login}` }).click();
	const panel = page.getByRole('dialog', { name: `Quota of ${member.login}` });
	await expect(panel.getByText('No credit changes yet.')).toBeVisible();
	await panel.getByLabel('Package', { exact: true }).selectOption({ label: name });
	await panel.getByRole('button', { name: 'Assign package' }).click();
	await expect(page.locator('.components-snackbar', { hasText: `Package "${name}" assigned to ${member.login}.` })).toBeVisible();
	await panel.getByLabel('Credit type', { exact: true }).selectOption('image');
	await panel.getByLabel('Change (e.g. 5 or -2)', { exact: true }).fill('3');
	await panel.getByLabel("Note (shown in the member's credit history)", { exact: true }).fill('Photo contest prize');
	await panel.getByRole('button', { name: 'Adjust credits' }).click();
	await expect(panel.getByRole('table', { name: 'Credit history' }).getByRole('row', { name: /image credits \+3 3 Manual Photo contest prize/ })).toBeVisible();
	await expect(panel).toContainText('Balances: images 3 · videos 0 · audio 0');
	expect(await seriousViolations(page, SCREEN)).toEqual([]);
	await screenshot(page, 'quotas-member');
	await panel.getByRole('button', { name: 'Done', exact: true }).click();
	await expect(memberRow).toContainText('Images 3 · Videos 0 · Audio 0');

	const quota = await admin.op('get_user_quota', { params: { user_id: member.id } });
	expect(quota.body).toMatchObject({ package_ids: [made], limits: { image_limit: 5, storage_bytes: 250 * MB }, credits: { image: 3 } });
	const history = await member.api.op('list_my_credit_history');
	expect(history.body[0]).toMatchObject({ source: 'manual', amount: 3, balance_after: 3, note: 'Photo contest prize' });

	// On a 390-px phone: the tables stack, nothing is wider than the screen.
	await page.setViewportSize({ width: 390, height: 844 });
	await expect(memberRow.getByRole('meter', { name: `Images of ${member.login}` })).toBeVisible();
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
	await screenshot(page, 'quotas-phone-members');
	await page.getByRole('tab', { name: 'Packages' }).click();
	// Earlier specs' packages may push the row below the fold: scrolled to, it must fit whole (not cut off at the side).
	const remove = row.getByRole('button', { name: `Delete ${name}` });
	await remove.scrollIntoViewIfNeeded();
	await expect(remove).toBeInViewport({ ratio: 1 });
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
	expect(await seriousViolations(page, SCREEN)).toEqual([]);
	await screenshot(page, 'quotas-phone-packages');

	// Delete, confirmed; the member falls back (their direct assignment goes).
	await row.getByRole('button', { name: `Delete ${name}` }).click();
	await page.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete package' }).click();
	await expect(page.locator('.components-snackbar', { hasText: `Package "${name}" deleted; 1 member assigned to it falls back` })).toBeVisible();
	await expect(row).toHaveCount(0);
	made = undefined;
	expect(problems).toEqual([]);
	await context.close();
});

test('a moderator has no Quotas page', async ({ browser, fixtures }) => {
	const { context, page } = await logIn(browser, fixtures, 'moderator');
	await expect(page.locator('a[href$="page=mvs-quotas"]')).toHaveCount(0);
	const res = await page.goto('/wp-admin/admin.php?page=mvs-quotas');
	expect(res?.status()).toBe(403);
	await expect(page.locator('#mvs-quotas-root')).toHaveCount(0);
	await context.close();
});
