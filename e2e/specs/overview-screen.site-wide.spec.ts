/**
 * The Community overview in Chromium, as a moderator opens it: the page
 * under the plugin's menu with its numbers and two charts (a failed load
 * first: its error and Retry), then on a 390-px phone; and the dashboard
 * widget with the key numbers and its link. Fails on any console error or
 * warning and on serious or critical axe violations inside the screen and
 * the widget; screenshots go to test-results/…/admin-ui/overview-*.png.
 * A member sees neither.
 *
 * Site-wide: it reads the whole site's figures, as overview.site-wide.spec.ts.
 */
import { seriousViolations } from '../support/a11y';
import { logIn, screenshot } from '../support/admin-browser';
import { expect, test, upload } from '../support/mvs';

test.describe.configure({ mode: 'serial' });

const SCREEN = ['#mvs-overview-root'];
const WIDGET = ['#mvs_community_overview'];

test('a moderator reads the overview (after a failed load and Retry), also on a phone, and the dashboard widget', async ({ api, browser, fixtures }) => {
	await upload(api('member'));
	const { context, page, problems } = await logIn(browser, fixtures, 'moderator', new Set([500]));
	// The first load fails: the error and Retry, no numbers and no empty-state text.
	let failed = false;
	await page.route('**/mvs/v1/overview*', async (route) => {
		if (failed) return route.continue();
		failed = true;
		return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'mvs_internal', message: 'The overview could not be read.', data: { status: 500 } }) });
	});
	await page.goto('/wp-admin/admin.php?page=mvs-overview');
	await expect(page.getByRole('heading', { name: 'Community overview', level: 1 })).toBeVisible();
	await expect(page.locator('#toplevel_page_mvs-moderation a[href$="page=mvs-overview"]')).toHaveText('Overview');
	const root = page.locator('#mvs-overview-root');
	await expect(root.getByRole('alert')).toHaveText('The overview could not be read.');
	await expect(root.getByText('Uploads today')).toHaveCount(0);
	await root.getByRole('button', { name: 'Retry' }).click();

	await expect(root.getByText('Uploads today')).toBeVisible();
	await expect(root.locator('figure.mvs-overview-chart canvas')).toHaveCount(2);
	await expect(root.getByRole('table', { name: 'Storage by media type' })).toBeVisible();
	await expect(root.getByRole('table', { name: 'Top tags' })).toBeVisible();
	expect(await seriousViolations(page, SCREEN)).toEqual([]);
	await screenshot(page, 'overview-1280');

	// On a 390-px phone: cards and tables stack, the charts shrink to the screen.
	await page.setViewportSize({ width: 390, height: 844 });
	await page.reload();
	await expect(root.locator('figure.mvs-overview-chart canvas')).toHaveCount(2);
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
	const chart = await root.locator('figure.mvs-overview-chart canvas').first().boundingBox();
	expect(chart!.x + chart!.width).toBeLessThanOrEqual(390);
	await screenshot(page, 'overview-390');

	// The dashboard widget: the key numbers, server-rendered, and the way to the page.
	await page.setViewportSize({ width: 1280, height: 900 });
	await page.goto('/wp-admin/index.php');
	const widget = page.locator('#mvs_community_overview');
	await expect(widget.getByRole('heading', { name: 'Media Community' })).toBeVisible();
	for (const label of ['Waiting for moderation', 'Uploads today', 'Uploads in the last 30 days', 'Active members (30 days)']) {
		await expect(widget.locator('dt', { hasText: label })).toHaveCount(1);
	}
	// As wp-admin formats it ("2,911" after the suite's grown rows): digits only.
	expect(Number((await widget.locator('dt:has-text("Uploads today") + dd').textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
	expect(await seriousViolations(page, WIDGET)).toEqual([]);
	await screenshot(page, 'overview-widget-1280');
	await page.setViewportSize({ width: 390, height: 844 });
	await screenshot(page, 'overview-widget-390');
	await widget.getByRole('link', { name: 'Open the community overview' }).click();
	await expect(page).toHaveURL(/page=mvs-overview/);
	await expect(root.getByText('Uploads today')).toBeVisible();
	expect(problems).toEqual([]);
	await context.close();
});

test('a member has neither the page nor the widget', async ({ browser, fixtures }) => {
	const { context, page, problems } = await logIn(browser, fixtures, 'member', new Set([403]));
	await page.goto('/wp-admin/index.php');
	await expect(page.locator('#mvs_community_overview')).toHaveCount(0);
	const denied = await page.goto('/wp-admin/admin.php?page=mvs-overview');
	expect(denied!.status()).toBe(403);
	expect(problems.filter((p) => !p.includes('page=mvs-overview'))).toEqual([]);
	await context.close();
});
