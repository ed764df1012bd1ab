/**
 * Dismissals: POST /me/dismiss stores a sanitized key for the caller
 * (idempotent), POST /admin/welcome/dismiss dismisses the wp-admin welcome
 * banner. Both land in one per-member store; the browser side (the banner
 * shows on the plugin's screens until dismissed, on every browser) is in
 * admin-welcome.site-wide.spec.ts.
 */
import { expect, test } from '../support/mvs';
import { freshUser, token } from '../support/moderation';

test('a banner key is sanitized as a key, stored idempotently, and refused when nothing is left of it', async ({ api }) => {
	const member = api('member');
	const key = `Promo-${token()}`;
	const res = await member.op('dismiss_banner', { body: { key } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	expect(res.body).toEqual({ key: key.toLowerCase(), dismissed: true });
	expect((await member.op('dismiss_banner', { body: { key } })).body).toEqual({ key: key.toLowerCase(), dismissed: true });
	const stripped = await member.op('dismiss_banner', { body: { key: 'Spring Sale <b>2024</b>!' } });
	expect(stripped.body).toEqual({ key: 'springsaleb2024b', dismissed: true });
	for (const json of [{ key: '!!!' }, { key: '' }, {}, { key: 'x'.repeat(65) }, { key: ['a'] }]) {
		const bad = await member.send({ method: 'POST', path: '/mvs/v1/me/dismiss', query: {}, json });
		expect(bad.status, JSON.stringify(json)).toBe(400);
		expect(['mvs_invalid_param', 'rest_invalid_param', 'rest_missing_callback_param']).toContain(bad.body.code);
	}
	expect((await api('anonymous').op('dismiss_banner', { body: { key: 'x' } })).status).toBe(401);
});

test('the admin welcome banner is dismissed for the caller only, any logged-in member may call it', async ({ api }) => {
	const user = await freshUser(api('admin'));
	try {
		const res = await user.api.op('dismiss_admin_welcome');
		expect(res.status).toBe(200);
		expect(res.body).toEqual({ key: 'admin_welcome', dismissed: true });
		expect((await user.api.op('dismiss_admin_welcome')).status).toBe(200);
		expect((await api('anonymous').op('dismiss_admin_welcome')).status).toBe(401);
	} finally {
		await user.api.dispose();
	}
});
