/**
 * Logs a browser page in through wp-login.php.
 *
 * The login lands on the profile screen, not the dashboard: the dashboard's
 * widgets (browser and PHP version nags, events) try remote calls that a site
 * without internet only gives up on after their timeouts, and on a loaded
 * Playground site that once took the login past a minute.
 */
import type { Page } from '@playwright/test';

export async function logInPage(page: Page, login: string, password: string): Promise<void> {
	await page.goto(`/wp-login.php?redirect_to=${encodeURIComponent('/wp-admin/profile.php')}`);
	await page.locator('#user_login').fill(login);
	await page.locator('#user_pass').fill(password);
	// Wait for the login to land before anything else navigates: a goto fired at
	// once overtakes the login POST and finds the login form again.
	await Promise.all([
		page.waitForURL(/\/wp-admin\/profile\.php/, { waitUntil: 'domcontentloaded' }),
		page.locator('#wp-submit').click(),
	]);
}
