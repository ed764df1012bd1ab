/**
 * Smoke journey of dismissals (2 routes), for the Playground tier: a member
 * dismisses an app banner and the wp-admin welcome banner. The edge cases
 * are in dismissals.spec.ts and admin-welcome.site-wide.spec.ts.
 */
import { uniqueName } from '../../support/seed';
import { expect, test } from '../../support/smoke';

test('a member dismisses an app banner and the admin welcome banner, every route once', async ({ members }) => {
	const [member] = await members(1);
	const key = uniqueName('banner');
	const app = await member.api.op('dismiss_banner', { body: { key } });
	expect(app.status, JSON.stringify(app.body)).toBe(200);
	expect(app.body).toEqual({ key, dismissed: true });
	const welcome = await member.api.op('dismiss_admin_welcome');
	expect(welcome.status).toBe(200);
	expect(welcome.body).toEqual({ key: 'admin_welcome', dismissed: true });
});
