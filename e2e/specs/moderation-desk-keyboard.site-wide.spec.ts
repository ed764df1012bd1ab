/**
 * The moderation desk by keyboard alone (issue 29), on both targets (the
 * Playground tier too): filters kept in the URL (the uploader picked by
 * typing part of a name), j/k/a/r/o/? on the rows, the preview through a
 * signed URL, and a bulk approval that names its items and asks first.
 * Screenshots: testInfo.outputPath('desk-preview-1280.png', 'desk-help-1280.png').
 *
 * Site-wide: it holds uploads for moderation and reads the shared queue.
 */
import type { Page } from '@playwright/test';
import { logIn } from '../support/admin-browser';
import { expect, test, upload } from '../support/mvs';
import { token } from '../support/moderation';

test.describe.configure({ mode: 'serial' });

let initial: Record<string, unknown> = {};

test.beforeAll(async ({ api }) => {
	const screen = await api('admin').op('get_settings');
	initial = Object.fromEntries(screen.body.fields.map((f) => [f.key, f.secret ? '' : (screen.body.values as Record<string, unknown>)[f.key]]));
	const hold = await api('admin').op('update_settings', { body: { values: { moderation_hold: true } } });
	expect(hold.status).toBe(200);
});

test.afterAll(async ({ api }) => {
	await api('admin').op('update_settings', { body: { values: initial } });
});

function rowOf(page: Page, id: number) {
	return page.locator(`tr[data-media-id="${id}"]`);
}

test('the desk by keyboard alone, the preview, a confirmed bulk approval, filters that survive a reload', async ({ api, browser, fixtures }, testInfo) => {
	const tag = token();
	const [a, b, c] = [await upload(api('member'), { title: `${tag}-a` }), await upload(api('member'), { title: `${tag}-b` }), await upload(api('member'), { title: `${tag}-c` })];
	const { context, page, problems } = await logIn(browser, fixtures, 'moderator');
	const rows = page.locator('tr[data-media-id]');
	// Filters come from the URL: no video of this spec waits; all types show its three images, oldest first.
	await page.goto(`/wp-admin/admin.php?page=mvs-moderation&view=waiting&orderby=oldest&media_type=video&s=${tag}`);
	await expect(page.getByText('Nothing is waiting for a moderator.')).toBeVisible();
	await page.getByLabel('Media type').selectOption('');
	await expect(rows).toHaveCount(3);
	await page.getByLabel('Items per page').selectOption('50');
	await expect(page).toHaveURL(/per_page=50/);
	await expect(page).not.toHaveURL(/media_type/);
	await page.reload();
	await expect(page.getByLabel('Search titles')).toHaveValue(tag);
	await expect(page.getByLabel('Items per page')).toHaveValue('50');
	await expect(rows).toHaveCount(3);
	// The uploader filter: part of a name typed, the member picked, shown by name after a reload, Reset clears.
	const { id: memberId, login } = fixtures.users.member;
	const uploader = page.getByLabel('Uploader', { exact: true });
	await uploader.fill(login.slice(0, -1));
	await page.getByRole('option', { name: new RegExp(`\\(#${memberId}\\)$`) }).click();
	await expect(page).toHaveURL(new RegExp(`uploader=${memberId}(&|$)`));
	await expect(rows).toHaveCount(3);
	await page.reload();
	await expect(uploader).toHaveValue(new RegExp(`^${login} \\(#${memberId}\\)$`));
	await page.getByRole('button', { name: 'Reset' }).click();
	await expect(page).not.toHaveURL(/uploader=/);
	// Reset clears the search too: back to this spec's three items (other specs' items wait on a full run).
	await page.goto(`/wp-admin/admin.php?page=mvs-moderation&view=waiting&orderby=oldest&s=${tag}`);
	await expect(rows).toHaveCount(3);

	// Keyboard alone: j/k move, a approves, r asks for the reason (Escape cancels, keys do nothing meanwhile), o previews, ? helps.
	await page.locator('body').click({ position: { x: 1, y: 1 } });
	for (const key of ['j', 'j', 'k']) await page.keyboard.press(key);
	await expect(rowOf(page, a.id)).toBeFocused();
	await page.keyboard.press('a');
	await expect(rowOf(page, a.id).getByRole('status')).toHaveText(new RegExp(`${tag}-a approved\\.`));
	await page.keyboard.press('j');
	await expect(rowOf(page, b.id)).toBeFocused();
	await page.keyboard.press('r');
	const reject = page.getByRole('dialog', { name: 'Reject 1 item' });
	await expect(reject).toBeVisible();
	await page.keyboard.press('a');
	await page.keyboard.press('Escape');
	await expect(reject).toHaveCount(0);
	await expect(rowOf(page, b.id)).toContainText('Pending');
	await page.keyboard.press('o');
	const preview = page.getByRole('dialog', { name: `Preview of ${tag}-b` });
	const image = preview.getByRole('img', { name: `${tag}-b` });
	await expect(image).toBeVisible();
	expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the signed URL serves the image').toBe(true);
	await page.screenshot({ path: testInfo.outputPath('desk-preview-1280.png') });
	await page.keyboard.press('Escape');
	await page.keyboard.press('?');
	const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
	await expect(help).toContainText('Approve the item');
	await page.screenshot({ path: testInfo.outputPath('desk-help-1280.png') });
	await page.keyboard.press('Escape');

	// Bulk approval names its items and asks first; Cancel changes nothing.
	await page.getByRole('checkbox', { name: `Select ${tag}-b` }).check();
	await page.getByRole('checkbox', { name: `Select ${tag}-c` }).check();
	await page.getByRole('button', { name: 'Approve selected (2)' }).click();
	const confirm = page.getByRole('dialog', { name: 'Approve selected items' });
	await expect(confirm).toContainText(`Approve 2 items: ${tag}-b, ${tag}-c?`);
	await confirm.getByRole('button', { name: 'Cancel' }).click();
	await expect(confirm).toHaveCount(0);
	await expect(rowOf(page, b.id)).toContainText('Pending');
	await page.getByRole('button', { name: 'Approve selected (2)' }).click();
	await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
	await expect(rowOf(page, c.id).getByRole('status')).toHaveText(new RegExp(`${tag}-c approved\\.`));
	await expect(rowOf(page, b.id).getByRole('status')).toHaveText(new RegExp(`${tag}-b approved\\.`));
	expect(problems).toEqual([]);
	await context.close();
});
