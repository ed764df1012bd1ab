/**
 * Smoke journey of dismissals (2 routes), for the Playground tier: a member
 * dismisses an app banner and the wp-admin welcome banner. The edge cases
 * are in dismissals.spec.ts and admin-welcome.site-wide.spec.ts.
 */
import { createMember, type Member } from '../../support/community';
import { expect, test } from '../../support/mvs';
import { uniqueName } from '../../support/seed';

let member: Member;

test.beforeAll(async ({ api }) => {
	member = await createMember(api('admin'));
});

test.afterAll(async () => {
	await member?.api.dispose();
});

test('a member dismisses an app banner and the admin welcome banner, every route once', async () => {
	const key = uniqueName('banner');
	const app = await member.api.op('dismiss_banner', { body: { key } });
	expect(app.status, JSON.stringify(app.body)).toBe(200);
	expect(app.body).toEqual({ key, dismissed: true });
	const welcome = await member.api.op('dismiss_admin_welcome');
	expect(welcome.status).toBe(200);
	expect(welcome.body).toEqual({ key: 'admin_welcome', dismissed: true });
});
