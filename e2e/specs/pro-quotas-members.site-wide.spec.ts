/**
 * GET /quotas/members' unfiltered total is kept between requests
 * (MVS_Pro_Member_Count, docs/pro-quotas.md, "Usage per member"): a list
 * after another counts no member, an account created or deleted moves the
 * total at once, and a page of 50 costs the queries of a page of 1. Accounts come and go in every parallel spec, so this
 * runs in the `site-wide` project, alone.
 */
import { expect, test, type Api } from '../support/mvs';
import { uniqueName } from '../support/seed';

/**
 * The unfiltered total, whether the request counted the members to answer it,
 * and its queries. Newest first: the page never starts with the caller, whose
 * user and meta are read already (one page would then read none).
 */
async function total(admin: Api, perPage = 1) {
	const res = await admin.send({ method: 'GET', path: '/mvs-pro/v1/quotas/members', query: { per_page: String(perPage), orderby: 'registered', order: 'desc', mvs_debug_queries: '1' } });
	expect(res.status).toBe(200);
	const log = JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[];
	return { total: Number(res.headers['x-wp-total']), counted: log.some((sql) => /SELECT COUNT\(\*\) FROM \S*users u INNER JOIN \S*mvs_quota_usage/.test(sql)), queries: res.headers['x-mvs-queries'], rows: (res.body as unknown[]).length };
}

test('the unfiltered total is kept, follows an account created and deleted at once, and a page costs the same queries at any size', async ({ api }) => {
	const admin = api('admin');
	const first = await total(admin);
	const again = await total(admin);
	expect(again).toMatchObject({ total: first.total, counted: false });
	const fifty = await total(admin, 50);
	expect(fifty.rows).toBeGreaterThan(2);
	expect(fifty.queries, 'per_page 1 and 50 cost the same queries').toBe(again.queries);

	const name = uniqueName('qmc').replace(/-/g, '');
	const created = await admin.raw('POST', '/wp-json/wp/v2/users', { json: { username: name, email: `${name}@example.test`, password: `${name}-Pw1!`, roles: ['mvs_member'] } });
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	try {
		expect(await total(admin)).toMatchObject({ total: first.total + 1, counted: true });
		expect(await total(admin)).toMatchObject({ total: first.total + 1, counted: false });
		// A search is counted on every request, whatever is kept.
		const searched = await admin.send({ method: 'GET', path: '/mvs-pro/v1/quotas/members', query: { search: name } });
		expect(searched.headers['x-wp-total']).toBe('1');
	} finally {
		expect((await admin.raw('DELETE', `/wp-json/wp/v2/users/${created.body.id}`, { query: { force: 'true', reassign: 'false' } })).status).toBe(200);
	}
	expect(await total(admin)).toMatchObject({ total: first.total, counted: true });
});
