/**
 * The Quotas screen's two manager reads (admin-ui extensions of mvs-pro/v1,
 * docs/pro-quotas.md, "Usage per member"): GET /quotas/members (members with
 * their quota, searched, filtered, sorted by usage; its constant queries and
 * kept total: pro-quotas-members.site-wide.spec) and GET /users/{user_id}/credits/history (a member's credit log,
 * the same page as their own GET /me/credits/history).
 */
import { createMember, type Member } from '../support/community';
import { expect, test, upload } from '../support/mvs';
import { uniqueName } from '../support/seed';

test('GET /quotas/members: managers only, search by name and login never by e-mail, package filter, sort by usage, totals', async ({ api }) => {
	const admin = api('admin');
	const tag = uniqueName('qm').replace(/-/g, '');
	// The e-mail holds a word the name and login do not: searching it must find nobody.
	const secret = `${tag}mailonly`;
	const raw = await admin.raw('POST', '/wp-json/wp/v2/users', { json: { username: `${tag}_a`, name: `Quota ${tag} A`, email: `${secret}@example.test`, password: `${tag}-Pw1!`, roles: ['mvs_member'] } });
	expect(raw.status, JSON.stringify(raw.body)).toBe(201);
	const quiet = raw.body.id as number;
	const busy: Member = await createMember(admin);
	const pkg = (await admin.op('create_package', { body: { name: uniqueName('members-package'), image_limit: 7 } })).body.id;
	try {
		expect((await api('member').op('list_member_quotas')).status).toBe(403);
		expect((await api('anonymous').op('list_member_quotas')).status).toBe(401);
		expect((await admin.op('list_member_quotas', { query: { search: secret } })).headers['x-wp-total']).toBe('0');

		await upload(busy.api);
		await admin.op('assign_user_package', { params: { user_id: busy.id }, body: { package_id: pkg } });
		// Both members: the busy one found by login, the quiet one by display name.
		for (const search of [busy.login, `Quota ${tag}`]) {
			const found = await admin.op('list_member_quotas', { query: { search } });
			expect(found.status, JSON.stringify(found.body)).toBe(200);
			expect(found.body.map((row) => row.id)).toEqual([search === busy.login ? busy.id : quiet]);
		}

		const filtered = await admin.op('list_member_quotas', { query: { package: pkg } });
		expect(filtered.headers['x-wp-total']).toBe('1');
		const row = filtered.body[0]!;
		expect(row).toMatchObject({ id: busy.id, login: busy.login, quota: { user_id: busy.id, package_ids: [pkg], usage: { image_count: 1 }, limits: { image_limit: 7 }, credits: { image: 0 } } });
		expect(row.quota).toEqual((await admin.op('get_user_quota', { params: { user_id: busy.id } })).body);
		expect(row.avatar_url).toMatch(/^https?:\/\//);

		// Sort by storage: the member with a file above the one without, and back. Both hold the
		// package, which narrows the list to them (the site's other members may fill any page).
		await admin.op('assign_user_package', { params: { user_id: quiet }, body: { package_id: pkg } });
		const byStorage = async (order: 'asc' | 'desc') =>
			(await admin.op('list_member_quotas', { query: { package: pkg, orderby: 'storage_used', order, per_page: 100 } })).body.map((r) => r.id);
		expect(await byStorage('desc')).toEqual([busy.id, quiet]);
		expect(await byStorage('asc')).toEqual([quiet, busy.id]);

		const one = await admin.op('list_member_quotas', { query: { per_page: 1, orderby: 'items_used', order: 'desc' } });
		const fifty = await admin.op('list_member_quotas', { query: { per_page: 50, orderby: 'items_used', order: 'desc' } });
		expect(one.body).toHaveLength(1);
		expect(fifty.body.length).toBeGreaterThan(2);
		expect(one.headers['x-wp-total']).toBe(fifty.headers['x-wp-total']);
		expect(Number(fifty.headers['x-wp-total'])).toBeGreaterThanOrEqual(fifty.body.length);
		const used = (r: (typeof fifty.body)[number]) => r.quota.usage.image_count + r.quota.usage.video_count + r.quota.usage.audio_count;
		expect(fifty.body.map(used)).toEqual([...fifty.body.map(used)].sort((a, b) => b - a));
		// per_page 1 and 50 cost the same queries: pro-quotas-members.site-wide.spec, where no other
		// spec creates an account between the two (a new account is seeded and drops the kept total).
		// Members without a usage row are seeded once: after a list, the next reads only the accounts
		// created since (a range of wp_users' primary key above the mark), never every member again.
		const seeding = async () => {
			const res = await admin.send({ method: 'GET', path: '/mvs-pro/v1/quotas/members', query: { per_page: '1', mvs_debug_queries: '1' } });
			expect(res.status).toBe(200);
			return (JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[]).filter((sql) => /INSERT IGNORE INTO \S*mvs_quota_usage/.test(sql));
		};
		await seeding();
		for (const sql of await seeding()) expect(sql).toMatch(/u\.ID > [1-9]\d* AND u\.ID <= \d+/);
	} finally {
		await admin.op('delete_package', { params: { id: pkg } });
		await admin.raw('DELETE', `/wp-json/wp/v2/users/${quiet}`, { query: { force: 'true', reassign: 'false' } });
		await busy.api.dispose();
	}
});

test("GET /users/{user_id}/credits/history: managers only, 404 for nobody, newest first with balance_after, the member's own page", async ({ api }) => {
	const admin = api('admin');
	const member: Member = await createMember(admin);
	try {
		for (const amount of [3, -1, 5]) {
			expect((await admin.op('adjust_user_credits', { params: { user_id: member.id }, body: { credit_type: 'video', amount, note: `n${amount}` } })).status).toBe(200);
		}
		const all = await admin.op('list_user_credit_history', { params: { user_id: member.id } });
		expect(all.status, JSON.stringify(all.body)).toBe(200);
		expect(all.headers['x-wp-total']).toBe('3');
		expect(all.body.map((e) => [e.amount, e.balance_after, e.note])).toEqual([
			[5, 7, 'n5'],
			[-1, 2, 'n-1'],
			[3, 3, 'n3'],
		]);
		expect(all.body).toEqual((await member.api.op('list_my_credit_history')).body);
		const second = await admin.op('list_user_credit_history', { params: { user_id: member.id }, query: { per_page: 1, page: 2 } });
		expect(second.body.map((e) => e.amount)).toEqual([-1]);
		expect(second.headers['x-mvs-queries']).toBe(all.headers['x-mvs-queries']);

		const nobody = await admin.op('list_user_credit_history', { params: { user_id: 999999999 } });
		expect([nobody.status, (nobody.body as unknown as { code: string }).code]).toEqual([404, 'mvs_user_not_found']);
		expect((await api('member').op('list_user_credit_history', { params: { user_id: member.id } })).status).toBe(403);
	} finally {
		await member.api.dispose();
	}
});
