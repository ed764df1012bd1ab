/**
 * Smoke journey of Pro quotas (10 routes and the Quotas screen's 2
 * extensions), for the Playground tier: a manager makes a package, gives it
 * to a member with a credit, the member uploads past the limit once on the
 * credit and is refused the next time, then reads their quota and credit
 * history, the manager reads the member's row and history, and the member
 * registers an Expo push token. The edge cases are in pro-quotas.spec.ts and pro-push.spec.ts;
 * this proves the SQL runs on SQLite.
 */
import { files, upload } from '../../support/mvs';
import { uniqueName } from '../../support/seed';
import { expect, test } from '../../support/smoke';

test('a package, an assignment, a credit, uploads up to the limit and past it, the reads, every route once', async ({ api, members }) => {
	const [member] = await members(1);
	const admin = api('admin');
	const created = await admin.op('create_package', { body: { name: uniqueName('smoke-package'), image_limit: 5 } });
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	const id = created.body.id;
	try {
		expect((await admin.op('update_package', { params: { id }, body: { image_limit: 1 } })).body.image_limit).toBe(1);
		expect((await admin.op('list_packages')).body.map((p) => p.id)).toContain(id);
		expect((await admin.op('assign_user_package', { params: { user_id: member.id }, body: { package_id: id } })).body.package_ids).toEqual([id]);
		const credit = await admin.op('adjust_user_credits', { params: { user_id: member.id }, body: { credit_type: 'image', amount: 1, note: 'smoke' } });
		expect(credit.body).toMatchObject({ amount: 1, balance_after: 1, source: 'manual' });

		await upload(member.api);
		const paid = await upload(member.api);
		const refused = await member.api.op('create_media', { body: { file: files.uniquePng(), privacy: 'public' } });
		expect(refused.status).toBe(403);
		expect(refused.body.data).toMatchObject({ dimension: 'image', limit: 1, usage: 2 });

		const mine = await member.api.op('get_my_quota');
		expect(mine.body).toMatchObject({ package_ids: [id], usage: { image_count: 2 }, limits: { image_limit: 1 }, credits: { image: 0 } });
		const history = await member.api.op('list_my_credit_history');
		expect(history.body.map((e) => [e.source, e.balance_after, e.reference])).toEqual([
			['upload', 0, `media:${paid.id}`],
			['manual', 1, expect.stringMatching(/^user:\d+$/)],
		]);
		expect((await admin.op('get_user_quota', { params: { user_id: member.id } })).body.usage.image_count).toBe(2);
		const row = await admin.op('list_member_quotas', { query: { search: member.login, orderby: 'storage_used', order: 'desc' } });
		expect(row.body.map((r) => [r.id, r.quota.usage.image_count])).toEqual([[member.id, 2]]);
		expect((await admin.op('list_user_credit_history', { params: { user_id: member.id } })).body).toEqual(history.body);

		const device = await member.api.op('register_push_device', { body: { token: `ExponentPushToken[smoke${member.id}]`, platform: 'ios' } });
		expect(device.body).toEqual({ platform: 'ios', registered: true, devices: 1 });
		expect((await member.api.op('register_push_device', { body: { token: 'not-expo', platform: 'ios' } })).body.code).toBe('mvs_invalid_param');
	} finally {
		expect((await admin.op('delete_package', { params: { id } })).body).toMatchObject({ deleted: true, unassigned: 1 });
	}
});
