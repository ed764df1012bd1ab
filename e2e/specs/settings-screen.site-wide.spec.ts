/**
 * The settings screen in Chromium as a site owner uses it: sizes, durations
 * and pixel caps in units with their ranges and defaults, saved as the
 * stored numbers; refusals worded by label, checked before sending and
 * mapped from the server's 400, focus on the first refused field, and a
 * notice that nothing was saved; a section list; the AI address and key
 * hidden with local analysis; the stored key never sent to the browser;
 * the leave-page warning; the same screen on a 390-px phone. And a
 * moderator lands on the moderation desk after login. Fails on any console
 * error or warning and on serious axe violations inside the screen;
 * screenshots: test-results/…/admin-ui/settings-screen-*.png.
 *
 * Site-wide: it changes settings (restored afterwards).
 */
import { seriousViolations } from '../support/a11y';
import { logIn, screenshot } from '../support/admin-browser';
import { fillLoginForm } from '../support/browser-login';
import { baseUrl, expect, test } from '../support/mvs';

test.describe.configure({ mode: 'serial' });

const KEY = `sk-settings-screen-${Date.now()}-WXYZ`;
const ROOT = ['#mvs-settings-root'];
let initial: Record<string, unknown> = {};

test.beforeAll(async ({ api }) => {
	const screen = (await api('admin').op('get_settings')).body;
	initial = Object.fromEntries(screen.fields.filter((f) => !f.secret).map((f) => [f.key, (screen.values as Record<string, unknown>)[f.key]]));
	const set = await api('admin').op('update_settings', {
		body: { values: { max_upload_bytes: 104857600, max_image_pixels: 25000000, signed_url_ttl: 3600, report_threshold: 3, ai_provider: 'openai', ai_endpoint: 'https://api.openai.com/v1/chat/completions', ai_api_key: KEY } },
	});
	expect(set.status).toBe(200);
});

test.afterAll(async ({ api }) => {
	expect((await api('admin').op('update_settings', { body: { values: { ...initial, ai_api_key: '' } } })).status).toBe(200);
});

test('a site owner reads and edits settings in units, is told in words what to fix, and is warned before leaving; also on a phone', async ({ api, browser, fixtures }) => {
	// The AI model name below is refused by the server on purpose (400).
	const { context, page, problems } = await logIn(browser, fixtures, 'admin', new Set([400]));
	await page.setViewportSize({ width: 1280, height: 900 });
	const loaded = page.waitForResponse((r) => /mvs(\/|%2F)v1(\/|%2F)settings/.test(r.url()) && r.request().method() === 'GET');
	await page.goto('/wp-admin/admin.php?page=mvs-settings');
	// The stored key never reaches the browser, not even masked.
	expect(await (await loaded).text()).not.toContain('WXYZ');

	// Sections to jump to.
	const nav = page.getByRole('navigation', { name: 'Settings sections' });
	await nav.getByRole('link', { name: 'Downloads and file delivery' }).click();
	await expect(page).toHaveURL(/#mvs-section-files$/);

	// Units, ranges and defaults.
	const upload = page.getByRole('textbox', { name: 'Largest upload', exact: true });
	const uploadUnit = page.getByRole('combobox', { name: 'Unit of “Largest upload”' });
	await expect(upload).toHaveValue('100');
	await expect(uploadUnit).toHaveValue('MB');
	await expect(page.getByText('From 1 KB to 4 GB. Default: 100 MB.')).toBeVisible();
	await expect(page.getByRole('textbox', { name: 'Largest image', exact: true })).toHaveValue('25');
	await expect(page.getByText('About 5773 × 4330 pixels (4:3 photo).')).toBeVisible();
	const ttl = page.getByRole('textbox', { name: 'How long a file link stays valid', exact: true });
	await expect(ttl).toHaveValue('1');
	await expect(page.getByRole('combobox', { name: 'Unit of “How long a file link stays valid”' })).toHaveValue('hours');
	// Server details sit behind "More".
	await expect(page.getByText('mvs_file_too_large', { exact: false })).toBeHidden();

	// The key: a password field, empty, saying one is stored.
	const key = page.getByLabel('AI API key');
	await expect(key).toHaveAttribute('type', 'password');
	await expect(key).toHaveValue('');
	await expect(page.getByText('A key is stored. Leave this empty to keep it.')).toBeVisible();

	// Saved as the stored numbers, exactly.
	await upload.fill('1.1');
	await uploadUnit.selectOption('GB');
	await ttl.fill('90');
	await page.getByRole('combobox', { name: 'Unit of “How long a file link stays valid”' }).selectOption('minutes');
	await page.getByRole('button', { name: 'Save settings' }).click();
	await expect(page.locator('.components-snackbar', { hasText: 'Settings saved.' })).toBeVisible();
	const saved = (await api('admin').op('get_settings')).body;
	expect(saved.values).toMatchObject({ max_upload_bytes: 1181116006, signed_url_ttl: 5400 });
	// Left empty, the key was kept.
	expect(saved.fields.find((f) => f.key === 'ai_api_key')).toMatchObject({ secret: true, is_set: true });

	// Checked before sending: each message names the label; focus on the first; nothing saved.
	await upload.fill('5');
	await page.getByRole('spinbutton', { name: 'Report threshold' }).fill('500');
	await page.getByRole('button', { name: 'Save settings' }).click();
	const notice = page.locator('.components-notice.is-error');
	await expect(notice).toContainText('Nothing was saved: 2 settings need a change. Your other changes were not saved either');
	await expect(upload).toBeFocused();
	await expect(upload).toHaveAttribute('aria-invalid', 'true');
	await expect(upload).toHaveAccessibleDescription(/^“Largest upload” must be from 1 KB to 4 GB\./);
	await expect(page.getByRole('spinbutton', { name: 'Report threshold' })).toHaveAccessibleDescription(/^“Report threshold” must be from 1 to 100\./);
	await expect(page.locator('#mvs-settings-root')).not.toContainText('max_upload_bytes');
	expect(await seriousViolations(page, ROOT)).toEqual([]);
	await screenshot(page, 'settings-screen-1280');

	// Refused by the server: mapped to its field by key and worded with the label.
	await upload.fill('2');
	await page.getByRole('spinbutton', { name: 'Report threshold' }).fill('4');
	const model = page.getByRole('textbox', { name: 'AI model' });
	await model.fill('gpt 4 (best!)');
	// api-fetch sends PUT as POST with X-HTTP-Method-Override.
	const refused = page.waitForResponse((r) => r.request().method() !== 'GET' && /mvs(\/|%2F)v1(\/|%2F)settings/.test(r.url()));
	await page.getByRole('button', { name: 'Save settings' }).click();
	expect((await refused).status()).toBe(400);
	await expect(notice).toContainText('Nothing was saved: 1 setting needs a change.');
	await expect(model).toBeFocused();
	await expect(model).toHaveAccessibleDescription(/^“AI model” is not in the expected form/);
	expect((await api('admin').op('get_settings')).body.values).toMatchObject({ max_upload_bytes: 1181116006, report_threshold: 3 });

	// With local analysis the address and key do not apply: hidden, and not sent.
	await page.getByLabel('AI provider').selectOption('local');
	await expect(page.getByRole('textbox', { name: 'AI service address' })).toHaveCount(0);
	await expect(page.getByRole('textbox', { name: 'AI model' })).toHaveCount(0);
	await expect(page.getByLabel('AI API key')).toHaveCount(0);

	// A phone: the form fits the width.
	await page.setViewportSize({ width: 390, height: 844 });
	await page.locator('#mvs-section-uploads').scrollIntoViewIfNeeded();
	const overflow = await page.locator('.mvs-settings').evaluate((form) => form.scrollWidth - form.clientWidth);
	expect(overflow).toBeLessThanOrEqual(0);
	await screenshot(page, 'settings-screen-390');
	expect(problems).toEqual([]);

	// Unsaved changes: leaving asks first.
	const asked = page.waitForEvent('dialog');
	await page.close({ runBeforeUnload: true });
	const dialog = await asked;
	expect(dialog.type()).toBe('beforeunload');
	await dialog.accept();
	await context.close();
});

test('a moderator lands on the moderation desk after login; a page asked for is kept', async ({ browser, fixtures }) => {
	const context = await browser.newContext({ baseURL: baseUrl() });
	const page = await context.newPage();
	await page.goto('/wp-login.php');
	await fillLoginForm(page, fixtures.users.moderator.login, fixtures.users.moderator.password);
	await Promise.all([page.waitForURL(/\/wp-admin\/admin\.php\?page=mvs-moderation$/, { waitUntil: 'domcontentloaded' }), page.locator('#wp-submit').click()]);
	await expect(page.locator('#mvs-moderation-root')).toHaveCount(1);
	await context.close();
	// A login that asks for a page gets it (logIn asks for Profile).
	const asked = await logIn(browser, fixtures, 'moderator');
	await expect(asked.page).toHaveURL(/\/wp-admin\/profile\.php/);
	await asked.context.close();
});
