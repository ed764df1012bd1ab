/**
 * Smoke test of the test site itself: the right WordPress, both plugins
 * active, every fixture user authenticated by its application password (and
 * only as itself), anonymous requests unauthenticated, and a real browser
 * login to wp-admin.
 */
import { fillLoginForm } from '../support/browser-login';
import { expect, test, type UserRole } from '../support/mvs';

test('WordPress 6.5.5 answers on pretty /wp-json/ URLs', async ({ api, request }) => {
	const anonymous = api('anonymous');
	const index = await anonymous.raw('GET', '/wp-json/');
	expect(index.status).toBe(200);
	expect(index.body.namespaces).toContain('wp/v2');
	// The REST discovery header advertises the pretty base, not ?rest_route=.
	expect(index.headers.link).toContain('/wp-json/>; rel="https://api.w.org/"');

	const home = await request.get('/');
	expect(await home.text()).toContain('<meta name="generator" content="WordPress 6.5.5"');
});

test('both plugins are active', async ({ api }) => {
	const plugins = await api('admin').raw('GET', '/wp-json/wp/v2/plugins');
	expect(plugins.status).toBe(200);
	const status = Object.fromEntries((plugins.body as { plugin: string; status: string }[]).map((p) => [p.plugin, p.status]));
	expect(status).toMatchObject({
		'media-community-service/media-community-service': 'active',
		'media-community-service-pro/media-community-service-pro': 'active',
	});
});

test('each fixture user authenticates as itself, in parallel', async ({ api, fixtures }) => {
	const users = fixtures.users;
	const roles = Object.keys(users) as UserRole[];
	const answers = await Promise.all(roles.map((role) => api(role).raw('GET', '/wp-json/wp/v2/users/me', { query: { context: 'edit' } })));
	answers.forEach((me, i) => {
		const user = users[roles[i]!];
		expect(me.status, roles[i]).toBe(200);
		expect(me.body, roles[i]).toMatchObject({ id: user.id, username: user.login, roles: [user.role] });
	});
});

test('anonymous is user 0', async ({ api }) => {
	const me = await api('anonymous').raw('GET', '/wp-json/wp/v2/users/me');
	expect(me.status).toBe(401);
	expect(me.body.code).toBe('rest_not_logged_in');
});

test('admin logs in to wp-admin in Chromium and sees the Dashboard', async ({ page, fixtures }) => {
	const users = fixtures.users;
	const errors: string[] = [];
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
	});
	page.on('pageerror', (error) => errors.push(`page: ${error.message}`));

	await page.goto('/wp-login.php');
	await fillLoginForm(page, users.admin.login, users.admin.password);
	await page.getByRole('button', { name: 'Log In' }).click();

	await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
	await expect(page.getByRole('contentinfo').getByText('Version 6.5.5')).toBeVisible();
	expect(errors).toEqual([]);
});
