/**
 * The plugin zips of `npm run package` install the way a site owner installs
 * them (issue 30): wp-admin → Plugins → Add New → Upload Plugin, in Chromium,
 * then Activate, core first (Pro requires it). A file missing from a zip
 * fails here: activation loads the main file and the class map, and the two
 * REST namespaces answer a real request afterwards.
 *
 * It runs on a site of its own, so the main test site (the plugins are
 * symlinks into the repo there, active) is never touched: a bare native
 * stack (WordPress, MariaDB, PHP-FPM, nginx, no plugin folders;
 * `startNativeSite({ plugins: false })`) started for this spec and removed
 * after it, about 10 s. Native target only (the stack needs Debian's servers,
 * which the native runs install). The zips are built into a temp folder from
 * the working tree (tools/package.mjs), so the spec tests what `npm run
 * package` would ship now; the admin screens must be built (npm test builds
 * first).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { buildZips } from '../../tools/package.mjs';
import { startNativeSite } from '../../stack/native-site.mjs';
import { findFreePort } from '../site/ports.mjs';
import { logInPage } from '../support/browser-login';

test.skip(process.env.MVS_TARGET !== 'native', 'native target only: the spec starts a bare native stack of its own');
test.describe.configure({ mode: 'serial' });

type Site = Awaited<ReturnType<typeof startNativeSite>>;
let site: Site | undefined;
let outDir = '';
let zips: ReturnType<typeof buildZips> = [];

test.beforeAll(async () => {
	test.setTimeout(180_000);
	outDir = mkdtempSync(join(tmpdir(), 'mvs-zips-'));
	zips = buildZips(outDir);
	site = await startNativeSite({ port: await findFreePort(), label: 'zip-install', plugins: false });
});

test.afterAll(async () => {
	await site?.stop();
	if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** Upload Plugin, then the result page's Activate Plugin link. */
async function installAndActivate(page: Page, zip: string, name: string): Promise<void> {
	await page.goto('/wp-admin/plugin-install.php?tab=upload');
	await page.locator('#pluginzip').setInputFiles(zip);
	await Promise.all([page.waitForURL(/update\.php\?action=upload-plugin/), page.locator('#install-plugin-submit').click()]);
	await expect(page.locator('.wrap')).toContainText('Plugin installed successfully.');
	await Promise.all([page.waitForURL(/plugins\.php/), page.getByRole('link', { name: 'Activate Plugin' }).click()]);
	await expect(page.locator('#message, .notice-success').first()).toContainText('Plugin activated.');
	await expect(page.locator(`tr.active[data-plugin$=".php"]`, { hasText: name }).first()).toBeVisible();
}

test('both zips install through Plugins → Add New → Upload Plugin, activate, and serve their REST API', async ({ browser }) => {
	test.setTimeout(120_000);
	const context = await browser.newContext({ baseURL: site!.url });
	const page = await context.newPage();
	await logInPage(page, 'admin', 'password');
	const [core, pro] = zips;
	await installAndActivate(page, core!.file, 'Media Community Service');
	await installAndActivate(page, pro!.file, 'Media Community Service Pro');

	// The installed copies answer: the namespace indexes, and a list that runs
	// the media query, the presenter and the generated controller.
	for (const namespace of ['mvs/v1', 'mvs-pro/v1']) {
		const index = await context.request.get(`/wp-json/${namespace}`);
		expect(index.status(), namespace).toBe(200);
		expect((await index.json()).namespace).toBe(namespace);
	}
	const media = await context.request.get('/wp-json/mvs/v1/media');
	expect(media.status()).toBe(200);
	expect(media.headers()['x-wp-total']).toBe('0');
	await context.close();

	// No warning, notice or error from the installed plugins' files.
	const log = existsSync(site!.phpLogFile) ? readFileSync(site!.phpLogFile, 'utf8') : '';
	const ours = log.split('\n').filter((line) => /wp-content\/plugins\/media-community-service/.test(line));
	expect(ours, 'PHP messages from the installed plugins').toEqual([]);

	console.log(`plugin zips: ${zips.map(({ slug, bytes, files }) => `${slug}.zip ${(bytes / 1024).toFixed(0)} KiB (${files} files)`).join(', ')}`);
});
