/**
 * A wp-admin browser session of one fixture user for the admin-screen specs:
 * every console error or warning, page error and failed request is recorded
 * (the test sites run SCRIPT_DEBUG, so React's development warnings count),
 * and screenshots go to test-results/…/admin-ui/.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { logInPage } from './browser-login';
import { baseUrl, test, type SiteFixtures, type UserRole } from './mvs';

export interface AdminSession {
	context: BrowserContext;
	page: Page;
	/** What went wrong in the browser; a spec expects it to stay empty. */
	problems: string[];
}

/** Logs `role` in; a 4xx/5xx status listed in `expectedStatuses` is provoked on purpose and not a problem. */
export async function logIn(browser: Browser, fixtures: SiteFixtures, role: UserRole, expectedStatuses: ReadonlySet<number> = new Set()): Promise<AdminSession> {
	const context = await browser.newContext({ baseURL: baseUrl() });
	const page = await context.newPage();
	const problems: string[] = [];
	page.on('console', (message) => {
		if (message.type() !== 'error' && message.type() !== 'warning') return;
		// Chromium logs every 4xx answer; a test that provokes one on purpose lists its status.
		const status = /^Failed to load resource: the server responded with a status of (\d+)/.exec(message.text());
		if (status && expectedStatuses.has(Number(status[1]))) return;
		problems.push(`${message.type()}: ${message.text()}`);
	});
	page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
	// Name the URL of each failed request (the console message above does not).
	page.on('response', (response) => {
		if (response.status() >= 400 && !expectedStatuses.has(response.status())) problems.push(`http ${response.status()}: ${response.url()}`);
	});
	const user = fixtures.users[role];
	await logInPage(page, user.login, user.password);
	return { context, page, problems };
}

/** A full-page screenshot kept as a test artefact: test-results/<project>/admin-ui/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
	await page.screenshot({ path: path.join(test.info().project.outputDir, 'admin-ui', `${name}.png`), fullPage: true });
}
