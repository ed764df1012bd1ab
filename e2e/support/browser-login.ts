/**
 * Logs a browser page in through wp-login.php.
 *
 * The login lands on the profile screen, not the dashboard: the dashboard's
 * widgets (browser and PHP version nags, events) try remote calls that a site
 * without internet only gives up on after their timeouts, and on a loaded
 * Playground site that once took the login past a minute.
 */
import { expect, type Page } from '@playwright/test';

export async function logInPage(page: Page, login: string, password: string): Promise<void> {
	await page.goto(`/wp-login.php?redirect_to=${encodeURIComponent('/wp-admin/profile.php')}`);
	await fillLoginForm(page, login, password);
	// Wait for the login to land before anything else navigates: a goto fired at
	// once overtakes the login POST and finds the login form again.
	await Promise.all([
		page.waitForURL(/\/wp-admin\/profile\.php/, { waitUntil: 'domcontentloaded' }),
		page.locator('#wp-submit').click(),
	]);
}

/**
 * Fills wp-login.php's form once its own script is done with it.
 *
 * wp-login.php focuses *and selects* the username field 200 ms after load
 * (wp_attempt_focus). On a slow site that timer fired while the password was
 * being typed, so the password replaced the selected username and the login
 * failed (seen in CI on Playground). Wait for that focus, then check both
 * values before submitting.
 */
export async function fillLoginForm(page: Page, login: string, password: string): Promise<void> {
	const user = page.locator('#user_login');
	const pass = page.locator('#user_pass');
	await expect(user).toBeFocused({ timeout: 15_000 });
	await user.fill(login);
	await pass.fill(password);
	await expect(user).toHaveValue(login);
	await expect(pass).toHaveValue(password);
}
