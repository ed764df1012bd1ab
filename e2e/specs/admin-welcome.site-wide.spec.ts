/**
 * The wp-admin welcome banner: shown on the plugin's screens to each user
 * until that user dismisses it, by its Dismiss button (which calls
 * POST /mvs/v1/admin/welcome/dismiss) or through the API from any device.
 * Each test uses a new moderator: the fixture users may have dismissed it
 * already (the authorization matrix calls the route as every role).
 */
import type { Browser, Page } from '@playwright/test';
import { baseUrl, connect, expect, test, type Api } from '../support/mvs';
import { logInPage } from '../support/browser-login';
import { uniqueName } from '../support/seed';

interface Moderator {
	login: string;
	password: string;
	api: Api;
}

async function newModerator(admin: Api): Promise<Moderator> {
	const login = uniqueName('welcome').replace(/-/g, '_');
	const password = `${login}-Pw1!`;
	const user = await admin.raw('POST', '/wp-json/wp/v2/users', { json: { username: login, email: `${login}@example.test`, password, roles: ['mvs_moderator'] } });
	expect(user.status, JSON.stringify(user.body)).toBe(201);
	const app = await admin.raw('POST', `/wp-json/wp/v2/users/${user.body.id}/application-passwords`, { json: { name: 'welcome banner' } });
	expect(app.status, JSON.stringify(app.body)).toBe(201);
	return { login, password, api: await connect('moderator', { login, appPassword: app.body.password as string }) };
}

async function logIn(browser: Browser, user: Moderator): Promise<Page> {
	const context = await browser.newContext({ baseURL: baseUrl() });
	const page = await context.newPage();
	await logInPage(page, user.login, user.password);
	return page;
}

test('the banner shows on the plugin screens until its Dismiss button is used, and stays gone', async ({ api, browser }) => {
	const moderator = await newModerator(api('admin'));
	const page = await logIn(browser, moderator);
	try {
		await page.goto('/wp-admin/admin.php?page=mvs-moderation');
		const banner = page.locator('.mvs-welcome');
		await expect(banner).toHaveCount(1);
		await expect(banner).toContainText('Welcome to Media Community');
		// Only what a moderator can open: the desk, not Settings.
		await expect(banner.getByRole('link', { name: 'Moderation' })).toHaveAttribute('href', /page=mvs-moderation$/);
		await expect(banner).not.toContainText('Settings');
		// Not on other wp-admin screens.
		await page.goto('/wp-admin/profile.php');
		await expect(page.locator('#your-profile')).toHaveCount(1);
		await expect(page.locator('.mvs-welcome')).toHaveCount(0);
		await page.goto('/wp-admin/admin.php?page=mvs-moderation');
		await expect(banner).toHaveCount(1);
		const dismissed = page.waitForResponse((r) => /admin(\/|%2F)welcome(\/|%2F)dismiss/.test(r.url()));
		await banner.getByRole('button', { name: 'Dismiss' }).click();
		expect((await dismissed).status()).toBe(200);
		await expect(banner).toHaveCount(0);
		await page.reload();
		await expect(page.locator('#mvs-moderation-root')).toHaveCount(1);
		await expect(page.locator('.mvs-welcome')).toHaveCount(0);
	} finally {
		await page.context().close();
		await moderator.api.dispose();
	}
});

test('dismissing through the API (POST /me/dismiss with its key) hides it in the browser too', async ({ api, browser }) => {
	const moderator = await newModerator(api('admin'));
	const page = await logIn(browser, moderator);
	try {
		await page.goto('/wp-admin/admin.php?page=mvs-moderation');
		await expect(page.locator('.mvs-welcome')).toHaveCount(1);
		expect((await moderator.api.op('dismiss_banner', { body: { key: 'Admin_Welcome' } })).body).toEqual({ key: 'admin_welcome', dismissed: true });
		await page.reload();
		await expect(page.locator('#mvs-moderation-root')).toHaveCount(1);
		await expect(page.locator('.mvs-welcome')).toHaveCount(0);
	} finally {
		await page.context().close();
		await moderator.api.dispose();
	}
});
