/**
 * Pro quotas (mvs-pro/v1, docs/pro-quotas.md): packages, assignment and
 * role ties, enforcement inside the upload pipeline (POST /media and
 * /media/{id}/replace), credits with their log, quota reads.
 *
 * Packages apply site-wide, so every package made here is unlimited unless
 * it is tied to a member of this file (an assignment, or the `contributor`
 * role no fixture user holds), a default package is unlimited in every
 * dimension, and each test deletes its packages.
 */
import { createMember, type Member } from '../support/community';
import { expect, files, test, upload, type Api } from '../support/mvs';
import { uniqueName } from '../support/seed';

type Limits = { image_limit?: number; video_limit?: number; audio_limit?: number; storage_bytes?: number };

async function createPackage(admin: Api, body: Limits & { is_default?: boolean; roles?: string[]; sort_order?: number } = {}): Promise<number> {
	const res = await admin.op('create_package', { body: { name: uniqueName('package'), ...body } });
	expect(res.status, JSON.stringify(res.body)).toBe(201);
	return res.body.id;
}

async function dropPackages(admin: Api, ids: number[]): Promise<void> {
	for (const id of ids) expect((await admin.op('delete_package', { params: { id } })).status).toBe(200);
}

async function quotaOf(admin: Api, userId: number) {
	const res = await admin.op('get_user_quota', { params: { user_id: userId } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body;
}

async function assign(admin: Api, userId: number, packageId: number) {
	const res = await admin.op('assign_user_package', { params: { user_id: userId }, body: { package_id: packageId } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body;
}

const quotaBytes = (item: { extensions?: unknown }): number => (item.extensions as { 'mvs-pro': { quota_bytes: number } })['mvs-pro'].quota_bytes;

test('packages: CRUD for managers only, bad input refused, exactly one default, retry-safe delete', async ({ api }) => {
	const admin = api('admin');
	const a = await createPackage(admin, { image_limit: 10, storage_bytes: 1073741824, sort_order: 5 });
	const b = await createPackage(admin, { is_default: true });
	try {
		const updated = await admin.op('update_package', { params: { id: a }, body: { video_limit: 3, name: 'Gold <b>plan</b>' } });
		expect(updated.status).toBe(200);
		expect(updated.body).toMatchObject({ id: a, name: 'Gold plan', image_limit: 10, video_limit: 3, audio_limit: 0, storage_bytes: 1073741824, is_default: false, sort_order: 5, roles: [] });

		// Two managers make two packages the default at once: one default remains.
		const [one, two] = await Promise.all([
			admin.op('update_package', { params: { id: a }, body: { is_default: true, image_limit: 0, storage_bytes: 0, video_limit: 0 } }),
			admin.op('update_package', { params: { id: b }, body: { is_default: true } }),
		]);
		expect([one.status, two.status]).toEqual([200, 200]);
		const listed = await admin.op('list_packages');
		expect(listed.status).toBe(200);
		expect(listed.body.filter((p) => p.is_default)).toHaveLength(1);
		expect((await admin.op('update_package', { params: { id: b }, body: { is_default: true } })).body.is_default).toBe(true);
		const after = (await admin.op('list_packages')).body;
		expect(after.filter((p) => p.is_default).map((p) => p.id)).toEqual([b]);

		for (const body of [{ name: '' }, { name: '<b></b>' }, { name: 'x'.repeat(201) }, { name: 'n', image_limit: -1 }, { name: 'n', storage_bytes: 'lots' }, { name: 'n', roles: ['no_such_role'] }, {}]) {
			const bad = await admin.send({ method: 'POST', path: '/mvs-pro/v1/packages', query: {}, json: body });
			expect(bad.status, JSON.stringify(body)).toBe(400);
			expect(['mvs_invalid_param', 'rest_invalid_param', 'rest_missing_callback_param']).toContain(bad.body.code);
		}
		expect((await admin.op('update_package', { params: { id: 999999999 }, body: { name: 'x' } })).body.code).toBe('mvs_not_found');

		for (const role of ['member', 'moderator'] as const) {
			expect((await api(role).op('list_packages')).status).toBe(403);
			expect((await api(role).op('create_package', { body: { name: 'x' } })).status).toBe(403);
			expect((await api(role).op('update_package', { params: { id: a }, body: { name: 'x' } })).status).toBe(403);
			expect((await api(role).op('delete_package', { params: { id: a } })).status).toBe(403);
		}
		expect((await api('anonymous').op('list_packages')).status).toBe(401);
	} finally {
		const first = await admin.op('delete_package', { params: { id: b } });
		expect(first.body).toEqual({ deleted: true, id: b, unassigned: 0 });
		expect((await admin.op('delete_package', { params: { id: b } })).body).toEqual({ deleted: false, id: b, unassigned: 0 });
		await dropPackages(admin, [a]);
	}
});

test('who holds what: assignment, role packages at the highest limit per dimension, the default, unlimited, and the manager bypass', async ({ api }) => {
	const admin = api('admin');
	const member = await createMember(admin);
	const contributor = await createMember(admin, ['mvs_member', 'contributor']);
	const direct = await createPackage(admin, { image_limit: 3, video_limit: 1, storage_bytes: 1000000, sort_order: 1 });
	const byRole = await createPackage(admin, { image_limit: 1, video_limit: 4, audio_limit: 2, roles: ['contributor'], sort_order: 2 });
	const fallback = await createPackage(admin, { is_default: true, sort_order: 3 });
	try {
		const none = await quotaOf(admin, member.id);
		expect(none).toMatchObject({ user_id: member.id, package_ids: [fallback], bypass: false, limits: { image_limit: 0, video_limit: 0, audio_limit: 0, storage_bytes: 0 } });
		expect(none.usage).toEqual({ image_count: 0, video_count: 0, audio_count: 0, storage_bytes: 0 });

		const assigned = await assign(admin, member.id, direct);
		expect(assigned.package_ids).toEqual([direct]);
		expect(assigned.limits).toEqual({ image_limit: 3, video_limit: 1, audio_limit: 0, storage_bytes: 1000000 });

		// Role package only, then both: the highest per dimension, 0 (unlimited) beating any number.
		expect((await quotaOf(admin, contributor.id)).limits).toEqual({ image_limit: 1, video_limit: 4, audio_limit: 2, storage_bytes: 0 });
		const both = await assign(admin, contributor.id, direct);
		expect(both.package_ids).toEqual([direct, byRole]);
		expect(both.limits).toEqual({ image_limit: 3, video_limit: 4, audio_limit: 0, storage_bytes: 0 });

		// The member sees the same; a manager bypasses.
		const mine = await member.api.op('get_my_quota');
		expect(mine.status).toBe(200);
		expect(mine.body.limits).toEqual(assigned.limits);
		expect((await admin.op('get_my_quota')).body.bypass).toBe(true);

		// Deleting a held package: its members fall back (the role package, else the default).
		expect((await admin.op('delete_package', { params: { id: direct } })).body).toEqual({ deleted: true, id: direct, unassigned: 2 });
		expect((await quotaOf(admin, member.id)).package_ids).toEqual([fallback]);
		expect((await quotaOf(admin, contributor.id)).package_ids).toEqual([byRole]);
		// Without a default package: unlimited.
		await dropPackages(admin, [fallback]);
		expect(await quotaOf(admin, member.id)).toMatchObject({ package: '', package_ids: [], limits: { image_limit: 0, video_limit: 0, audio_limit: 0, storage_bytes: 0 } });

		// Removing an assignment with 0; bad targets.
		const again = await createPackage(admin, { image_limit: 9 });
		expect((await assign(admin, member.id, again)).package_ids).toEqual([again]);
		expect((await assign(admin, member.id, 0)).package_ids).toEqual([]);
		expect((await admin.op('assign_user_package', { params: { user_id: 999999999 }, body: { package_id: again } })).body.code).toBe('mvs_user_not_found');
		expect((await admin.op('assign_user_package', { params: { user_id: member.id }, body: { package_id: 999999999 } })).body.code).toBe('mvs_not_found');
		expect((await admin.send({ method: 'POST', path: `/mvs-pro/v1/users/${member.id}/package`, query: {}, json: { package_id: -1 } })).status).toBe(400);
		expect((await admin.op('get_user_quota', { params: { user_id: 999999999 } })).body.code).toBe('mvs_user_not_found');
		expect((await member.api.op('assign_user_package', { params: { user_id: member.id }, body: { package_id: again } })).status).toBe(403);
		expect((await member.api.op('get_user_quota', { params: { user_id: member.id } })).status).toBe(403);
		expect((await api('anonymous').op('get_my_quota')).status).toBe(401);
		await dropPackages(admin, [again]);
	} finally {
		await dropPackages(admin, [byRole]);
		await admin.op('delete_package', { params: { id: fallback } });
		await admin.op('delete_package', { params: { id: direct } });
		await member.api.dispose();
		await contributor.api.dispose();
	}
});

test('enforcement before storing: counts and bytes, a clear refusal, room back on delete and on a failed store, replace moves storage only', async ({ api }) => {
	const admin = api('admin');
	const member = await createMember(admin);
	const pkg = await createPackage(admin, { image_limit: 2 });
	try {
		await assign(admin, member.id, pkg);
		const first = await upload(member.api);
		// A store that fails after the reservation gives the room back.
		const failed = await member.api.send({ method: 'POST', path: '/mvs/v1/media', query: {}, multipart: { file: files.uniquePng(), privacy: 'public' } }, { 'X-MVS-Test-Storage-Fail': '1' });
		expect(failed.status).toBe(500);
		const second = await upload(member.api);
		const refused = await member.api.op('create_media', { body: { file: files.uniquePng(), privacy: 'public' } });
		expect(refused.status).toBe(403);
		expect(refused.body.code).toBe('mvs_quota_exceeded');
		expect(refused.body.data).toMatchObject({ status: 403, dimension: 'image', limit: 2, usage: 2 });
		let usage = (await quotaOf(admin, member.id)).usage;
		expect(usage).toEqual({ image_count: 2, video_count: 0, audio_count: 0, storage_bytes: quotaBytes(first) + quotaBytes(second) });

		// Deleting gives the room back.
		expect((await member.api.op('delete_media', { params: { id: first.id } })).status).toBe(200);
		const third = await upload(member.api, { file: files.image(96, 96) });
		usage = (await quotaOf(admin, member.id)).usage;
		expect(usage).toEqual({ image_count: 2, video_count: 0, audio_count: 0, storage_bytes: quotaBytes(second) + quotaBytes(third) });

		// Storage: a cap at the current usage refuses any new byte, with the dimension named.
		expect((await admin.op('update_package', { params: { id: pkg }, body: { image_limit: 0, storage_bytes: usage.storage_bytes } })).status).toBe(200);
		const full = await member.api.op('create_media', { body: { file: files.uniquePng(), privacy: 'public' } });
		expect(full.body.data).toMatchObject({ dimension: 'storage', limit: usage.storage_bytes, usage: usage.storage_bytes });
		// Replace changes storage, not counts: a smaller file fits, a bigger one does not.
		const bigger = await member.api.op('replace_media_file', { params: { id: second.id }, body: { file: files.image(160, 160) } });
		expect(bigger.body.code).toBe('mvs_quota_exceeded');
		const smaller = await member.api.op('replace_media_file', { params: { id: third.id }, body: { file: files.image(8, 8) } });
		expect(smaller.status, JSON.stringify(smaller.body)).toBe(200);
		// Changing the type moves the count: the image becomes a document.
		expect((await admin.op('update_package', { params: { id: pkg }, body: { storage_bytes: 0 } })).status).toBe(200);
		const doc = await member.api.op('replace_media_file', { params: { id: second.id }, body: { file: files.pdf() } });
		expect(doc.status, JSON.stringify(doc.body)).toBe(200);
		expect((await quotaOf(admin, member.id)).usage).toEqual({ image_count: 1, video_count: 0, audio_count: 0, storage_bytes: quotaBytes(smaller.body) + quotaBytes(doc.body) });
	} finally {
		await dropPackages(admin, [pkg]);
		await member.api.dispose();
	}
});

test('no race: 20 parallel uploads against an image limit of 5 store exactly 5', async ({ api }) => {
	const admin = api('admin');
	const member = await createMember(admin);
	const pkg = await createPackage(admin, { image_limit: 5 });
	try {
		await assign(admin, member.id, pkg);
		const answers = await Promise.all(Array.from({ length: 20 }, () => member.api.op('create_media', { body: { file: files.uniquePng(), privacy: 'public' } })));
		const statuses = answers.map((a) => a.status).sort();
		expect(statuses.filter((s) => s === 201)).toHaveLength(5);
		expect(statuses.filter((s) => s === 403)).toHaveLength(15);
		expect(answers.filter((a) => a.status === 403).every((a) => a.body.code === 'mvs_quota_exceeded')).toBe(true);
		expect((await quotaOf(admin, member.id)).usage.image_count).toBe(5);
		const listed = await member.api.op('list_media', { query: { author: member.id, scope: 'all', per_page: 100 } });
		expect(listed.headers['x-wp-total']).toBe('5');
	} finally {
		await dropPackages(admin, [pkg]);
		await member.api.dispose();
	}
});

test('credits: adjusted with a note, logged with an exact balance under concurrency, spent past the limit, own history paginated in constant queries', async ({ api }) => {
	const admin = api('admin');
	const member = await createMember(admin);
	const pkg = await createPackage(admin, { image_limit: 1 });
	try {
		const granted = await admin.op('adjust_user_credits', { params: { user_id: member.id }, body: { credit_type: 'image', amount: 2, note: 'Welcome <b>x</b> gift' } });
		expect(granted.status, JSON.stringify(granted.body)).toBe(200);
		expect(granted.body).toMatchObject({ user_id: member.id, credit_type: 'image', amount: 2, balance_after: 2, source: 'manual', note: 'Welcome x gift' });

		// Ten managers' changes at once: balances 3..12 each logged once.
		const parallel = await Promise.all(Array.from({ length: 10 }, () => admin.op('adjust_user_credits', { params: { user_id: member.id }, body: { credit_type: 'image', amount: 1 } })));
		expect(parallel.map((r) => r.status)).toEqual(Array(10).fill(200));
		expect(parallel.map((r) => r.body.balance_after).sort((x, y) => x - y)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
		const short = await admin.op('adjust_user_credits', { params: { user_id: member.id }, body: { credit_type: 'image', amount: -13 } });
		expect(short.status).toBe(409);
		expect(short.body).toMatchObject({ code: 'mvs_insufficient_credits', data: { balance: 12 } });
		expect((await admin.op('adjust_user_credits', { params: { user_id: member.id }, body: { credit_type: 'image', amount: -11 } })).body.balance_after).toBe(1);

		for (const json of [{ credit_type: 'image', amount: 0 }, { credit_type: 'gold', amount: 1 }, { credit_type: 'image' }, { credit_type: 'image', amount: 1, note: 'x'.repeat(1001) }, { credit_type: 'image', amount: 100001 }]) {
			const bad = await admin.send({ method: 'POST', path: `/mvs-pro/v1/users/${member.id}/credits`, query: {}, json });
			expect(bad.status, JSON.stringify(json)).toBe(400);
		}
		expect((await admin.op('adjust_user_credits', { params: { user_id: 999999999 }, body: { credit_type: 'image', amount: 1 } })).body.code).toBe('mvs_user_not_found');
		expect((await member.api.op('adjust_user_credits', { params: { user_id: member.id }, body: { credit_type: 'image', amount: 1 } })).status).toBe(403);

		// Past the package limit an upload spends a credit of its type, logged against the item.
		await assign(admin, member.id, pkg);
		await upload(member.api);
		const paid = await upload(member.api);
		const refused = await member.api.op('create_media', { body: { file: files.uniquePng(), privacy: 'public' } });
		expect(refused.body.data).toMatchObject({ dimension: 'image', limit: 1, usage: 2 });
		expect((await member.api.op('get_my_quota')).body.credits).toEqual({ image: 0, video: 0, audio: 0 });

		const page = await member.api.op('list_my_credit_history', { query: { per_page: 2 } });
		expect(page.status).toBe(200);
		expect(page.headers['x-wp-total']).toBe('13');
		expect(page.body.map((e) => [e.amount, e.balance_after, e.source, e.reference])).toEqual([
			[-1, 0, 'upload', `media:${paid.id}`],
			[-11, 1, 'manual', `user:${(await admin.op('get_my_quota')).body.user_id}`],
		]);
		const q1 = Number((await member.api.op('list_my_credit_history', { query: { per_page: 1 } })).headers['x-mvs-queries']);
		const q20 = Number((await member.api.op('list_my_credit_history', { query: { per_page: 20 } })).headers['x-mvs-queries']);
		expect(q20).toBe(q1);
		expect((await api('member2').op('list_my_credit_history')).headers['x-wp-total']).toBe('0');
		expect((await api('anonymous').op('list_my_credit_history')).status).toBe(401);
	} finally {
		await dropPackages(admin, [pkg]);
		await member.api.dispose();
	}
});

test("deleting a member erases Pro's rows: usage, credits and their log, assignment", async ({ api }) => {
	const admin = api('admin');
	const member: Member = await createMember(admin);
	const pkg = await createPackage(admin);
	try {
		await assign(admin, member.id, pkg);
		await upload(member.api);
		await admin.op('adjust_user_credits', { params: { user_id: member.id }, body: { credit_type: 'video', amount: 1 } });
		const rows = async () => (await admin.raw('GET', '/wp-json/mvs-test/v1/erasure-rows', { query: { user_id: String(member.id) } })).body as Record<string, number>;
		expect(await rows()).toMatchObject({ 'mvs_quota_usage.user_id': 1, 'mvs_credit_log.user_id': 1, 'mvs_user_packages.user_id': 1 });
		expect((await admin.raw('DELETE', `/wp-json/wp/v2/users/${member.id}`, { query: { force: 'true', reassign: 'false' } })).status).toBe(200);
		expect(Object.entries(await rows()).filter(([, n]) => n > 0)).toEqual([]);
	} finally {
		await dropPackages(admin, [pkg]);
		await member.api.dispose();
	}
});
