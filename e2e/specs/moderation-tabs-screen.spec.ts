/**
 * The desk's Comments and Members tabs in Chromium as a moderator (issue
 * 29): a spam comment left through the API (held by the site's word list)
 * is on the Comments tab and approved from its row; a reported member is on
 * the Members tab, suspended after a confirmation (their sign-in refused)
 * and unsuspended from the Suspended view; the tabs carry counts and the
 * tab survives a reload; at 390 px the actions stay on screen. Fails on any
 * console error. Screenshots: test-results/…/admin-ui/desk-tabs-*.png.
 */
import { logIn, screenshot } from '../support/admin-browser';
import { freshUser , token } from '../support/moderation';
import { expect, test, upload } from '../support/mvs';

test('a moderator approves a held comment and suspends, then unsuspends, a reported member; also at 390 px', async ({ api, browser, fixtures }) => {
	const tag = token();
	const item = (await upload(api('member'), { title: `tabs ${tag}` })).id;
	const spam = await api('member2')
		.withHeaders({ 'X-MVS-Test-Disallowed-Keys': tag })
		.op('create_media_comment', { params: { id: item }, body: { content: `Cheap pills ${tag}`, parent: 0 } });
	expect(spam.status).toBe(201);
	const target = await freshUser(api('admin'));
	await target.api.dispose();
	expect((await api('member').op('report_user', { params: { id: target.id }, body: { reason: 'spam', details: `Ads ${tag}` } })).status).toBe(200);
	const listed = (await api('moderator').op('list_reported_members', { query: { per_page: 100 } })).body.find((r) => r.member.id === target.id);
	const name = listed!.member.name!;

	const { context, page, problems } = await logIn(browser, fixtures, 'moderator');
	await page.goto('/wp-admin/admin.php?page=mvs-moderation&tab=comments');
	await expect(page.getByRole('button', { name: /^Comments \(\d+\)$/ })).toBeVisible();
	await expect(page.getByRole('button', { name: /^Members \(\d+\)$/ })).toBeVisible();
	await page.getByLabel('Show').selectOption('spam');
	const comment = page.getByRole('row', { name: new RegExp(`Cheap pills ${tag}`) });
	await expect(comment).toContainText(`tabs ${tag}`);
	await expect(comment).toContainText('Spam');
	await screenshot(page, 'desk-tabs-comments');
	await comment.getByRole('button', { name: 'Approve' }).click();
	await expect(comment.getByRole('status')).toContainText('Comment approved');
	expect((await api('member').op('list_media_comments', { params: { id: item } })).body.map((c) => c.id)).toEqual([spam.body.id]);

	// The Members tab, kept in the URL across a reload.
	await page.getByRole('button', { name: /^Members/ }).click();
	await page.reload();
	const member = page.getByRole('row', { name: new RegExp(`Ads ${tag}`) });
	await expect(member).toContainText('Spam × 1');
	await screenshot(page, 'desk-tabs-members');
	await member.getByRole('button', { name: 'Suspend' }).click();
	const dialog = page.getByRole('dialog');
	await expect(dialog).toContainText('They will not be able to sign in');
	await dialog.getByRole('button', { name: 'Suspend' }).click();
	await expect(member.getByRole('status')).toContainText('Member suspended');
	const signIn = await api('anonymous').op('create_app_password', { body: { username: target.login, password: target.password } });
	expect(signIn.body.code).toBe('mvs_account_suspended');

	// At 390 px: the Suspended view, its Unsuspend within the screen.
	await page.setViewportSize({ width: 390, height: 844 });
	await page.getByLabel('Show').selectOption('suspended');
	const suspended = page.getByRole('row').filter({ hasText: name });
	const unsuspend = suspended.getByRole('button', { name: 'Unsuspend' });
	await expect(unsuspend).toBeVisible();
	const box = (await unsuspend.boundingBox())!;
	expect(box.x + box.width).toBeLessThanOrEqual(390);
	await screenshot(page, 'desk-tabs-members-390');
	await unsuspend.click();
	await expect(suspended.getByRole('status')).toContainText('Suspension lifted');
	expect((await api('anonymous').op('create_app_password', { body: { username: target.login, password: target.password } })).status).toBe(201);
	expect(problems).toEqual([]);
	await context.close();
});
