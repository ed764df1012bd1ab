/**
 * Reports and blocking: allowed reasons, one open report per reporter and
 * target (409 mvs_already_reported), flagging at the report threshold, the
 * 10/min limit on media reports, and blocks hiding each user's media from
 * the other. Blocks and rate-limit windows use throw-away members so they
 * never touch what the shared fixture users see.
 */
import { REPORT_REASON } from '../../client/src/client';
import { expect, test, upload, type Api } from '../support/mvs';
import { freshUser, token, trail, type FreshUser } from '../support/moderation';
import { pinnedWindow } from '../support/rate-limit';
import { fetchFile } from '../support/serve';
import { isDateTime } from '../support/schema';
import { createAlbum } from '../support/seed';

test.describe.configure({ mode: 'parallel' });

test('media reports: every allowed reason is accepted, anything else is a 400, and one open report per reporter', async ({ api, fixtures }) => {
	const id = (await upload(api('member'))).id;
	const res = await api('member2').op('report_media', { params: { id }, body: { reason: 'spam', details: 'Same ad\nposted ten times' } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	expect(res.body).toMatchObject({ object_type: 'media', object_id: id, reason: 'spam', details: 'Same ad\nposted ten times', status: 'open' });
	const createdAt = (res.body as { created_at: string }).created_at;
	expect(isDateTime(createdAt), createdAt).toBe(true);

	const again = await api('member2').op('report_media', { params: { id }, body: { reason: 'nudity' } });
	expect(again.status).toBe(409);
	expect(again.body.code).toBe('mvs_already_reported');
	expect(again.body.data!.status).toBe(409);

	for (const reason of ['', 'SPAM', 'scam', 'other; drop table']) {
		const bad = await api('subscriber').send({ method: 'POST', path: `/mvs/v1/media/${id}/report`, query: {}, json: { reason } });
		expect(bad.status, reason).toBe(400);
		expect(bad.body.code, reason).toBe('rest_invalid_param');
	}
	const missing = await api('subscriber').send({ method: 'POST', path: `/mvs/v1/media/${id}/report`, query: {}, json: {} });
	expect(missing.status).toBe(400);
	expect(missing.body.code).toBe('rest_missing_callback_param');

	// Each allowed reason, on its own item (one report per item and reporter), by a
	// throw-away member: nine reports would eat most of a fixture user's 10/min.
	const reporter = await freshUser(api('admin'));
	try {
		for (const reason of REPORT_REASON) {
			const target = (await upload(api('member'))).id;
			const ok = await reporter.api.op('report_media', { params: { id: target }, body: { reason } });
			expect(ok.status, `${reason}: ${JSON.stringify(ok.body)}`).toBe(200);
			expect(ok.body).toMatchObject({ reason });
		}
	} finally {
		await reporter.api.dispose();
	}
	const { reports } = await trail(api('admin'), id, fixtures.users.member.id);
	expect(reports).toEqual([{ reporter_id: String(fixtures.users.member2.id), reason: 'spam', status: 'open' }]);
});

test('concurrent duplicate reports: exactly one is recorded, the others get 409', async ({ api, fixtures }) => {
	const id = (await upload(api('member'))).id;
	const reporter = await freshUser(api('admin'));
	try {
		const results = await Promise.all(
			Array.from({ length: 5 }, () => reporter.api.op('report_media', { params: { id }, body: { reason: 'spam' } })),
		);
		const statuses = results.map((r) => r.status).sort();
		expect(statuses).toEqual([200, 409, 409, 409, 409]);
		const { reports } = await trail(api('admin'), id, fixtures.users.member.id);
		expect(reports).toEqual([{ reporter_id: String(reporter.id), reason: 'spam', status: 'open' }]);
	} finally {
		await reporter.api.dispose();
	}
});

test('media reports: not your own item, not one you cannot see (403, as on GET /media/{id}), and not anonymously', async ({ api }) => {
	const own = (await upload(api('member'))).id;
	const self = await api('member').op('report_media', { params: { id: own }, body: { reason: 'spam' } });
	expect(self.status).toBe(400);
	expect(self.body.code).toBe('mvs_invalid_param');

	const hidden = (await upload(api('member'), { privacy: 'private' })).id;
	const missing = await api('member2').op('report_media', { params: { id: 999999999 }, body: { reason: 'spam' } });
	const secret = await api('member2').op('report_media', { params: { id: hidden }, body: { reason: 'spam' } });
	expect(missing.status).toBe(404);
	expect(missing.body.code).toBe('mvs_not_found');
	expect(secret.status).toBe(403);
	expect(secret.body.code).toBe('mvs_forbidden');
	const anonymous = await api('anonymous').op('report_media', { params: { id: own }, body: { reason: 'spam' } });
	expect(anonymous.status).toBe(401);
	expect(anonymous.body.code).toBe('mvs_not_logged_in');
});

test('user reports: same reasons, one open report per reporter, 404 for unknown users, 400 for yourself', async ({ api, fixtures }) => {
	const target = await freshUser(api('admin'));
	try {
		const res = await api('member').op('report_user', { params: { id: target.id }, body: { reason: 'impersonation', details: 'Uses my photos' } });
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		expect(res.body).toMatchObject({ object_type: 'user', object_id: target.id, reason: 'impersonation', status: 'open' });
		const again = await api('member').op('report_user', { params: { id: target.id }, body: { reason: 'spam' } });
		expect(again.status).toBe(409);
		expect(again.body.code).toBe('mvs_already_reported');
		// Another reporter is a separate report.
		expect((await api('member2').op('report_user', { params: { id: target.id }, body: { reason: 'spam' } })).status).toBe(200);

		const bad = await api('member').op('report_user', { params: { id: target.id }, body: { reason: 'boring' as never } });
		expect(bad.status).toBe(400);
		expect(bad.body.code).toBe('rest_invalid_param');
		const unknown = await api('member').op('report_user', { params: { id: 999999999 }, body: { reason: 'spam' } });
		expect(unknown.status).toBe(404);
		expect(unknown.body.code).toBe('mvs_user_not_found');
		const self = await api('member').op('report_user', { params: { id: fixtures.users.member.id }, body: { reason: 'spam' } });
		expect(self.status).toBe(400);
		expect(self.body.code).toBe('mvs_invalid_param');
	} finally {
		await target.api.dispose();
	}
});

test('reports reaching the threshold (3) flag the item; a moderator decision closes them so members may report again', async ({ api, fixtures }) => {
	const title = token();
	const id = (await upload(api('member'), { title })).id;
	const reporters = [api('subscriber'), api('member2')];
	for (const reporter of reporters) {
		expect((await reporter.op('report_media', { params: { id }, body: { reason: 'violence' } })).status).toBe(200);
	}
	// Two reports: still approved and public.
	expect((await api('anonymous').op('get_media', { params: { id } })).status).toBe(200);

	const fresh = await freshUser(api('admin'));
	try {
		expect((await fresh.api.op('report_media', { params: { id }, body: { reason: 'violence' } })).status).toBe(200);
	} finally {
		await fresh.api.dispose();
	}
	// Third report: flagged, gone from the community, in the queue with its report count.
	expect((await api('anonymous').op('get_media', { params: { id } })).status).toBe(403);
	expect((await api('member2').op('list_media', { query: { s: title } })).body.total).toBe(0);
	// Oldest first: a just-flagged item is on the last page.
	const size = await api('moderator').op('list_moderation_queue', { query: { state: 'flagged', per_page: 100 } });
	const queue = await api('moderator').op('list_moderation_queue', { query: { state: 'flagged', per_page: 100, page: Number(size.headers['x-wp-totalpages']) } });
	const entry = (queue.body as unknown as { id: number; open_reports: number; moderation_status: string }[]).find((item) => item.id === id);
	expect(entry).toMatchObject({ moderation_status: 'flagged', open_reports: 3 });
	const flagLog = (await trail(api('admin'), id, fixtures.users.member.id)).log;
	expect(flagLog.map((row) => [row.action, row.actor_id])).toEqual([['flag', '0']]);

	// A reporter who can no longer see the item cannot report it again (it is hidden from them).
	expect((await api('subscriber').op('report_media', { params: { id }, body: { reason: 'spam' } })).status).toBe(403);

	expect((await api('moderator').op('approve_media', { params: { id } })).status).toBe(200);
	const { reports } = await trail(api('admin'), id, fixtures.users.member.id);
	expect(reports.map((r) => r.status)).toEqual(['resolved', 'resolved', 'resolved']);
	// The earlier report is closed: reporting again is a new open report, not a 409.
	const again = await api('subscriber').op('report_media', { params: { id }, body: { reason: 'spam' } });
	expect(again.status, JSON.stringify(again.body)).toBe(200);
	expect((await api('anonymous').op('get_media', { params: { id } })).status).toBe(200);
});

test('POST /users/{id}/report allows 10 a minute per user too (refused reports count), then 429', async ({ api }) => {
	const reporter = await freshUser(api('admin'));
	const target = await freshUser(api('admin'));
	try {
		const window = pinnedWindow('report-user');
		const reporting = reporter.api.withHeaders(window.headers());
		const statuses: number[] = [];
		for (let i = 0; i < 10; i++) statuses.push((await reporting.op('report_user', { params: { id: target.id }, body: { reason: 'spam' } })).status);
		// The first is recorded; the others are 409 (one open report per reporter), and still count.
		expect(statuses).toEqual([200, ...Array(9).fill(409)]);
		const limited = await reporting.op('report_user', { params: { id: target.id }, body: { reason: 'spam' } });
		expect(limited.status).toBe(429);
		expect(limited.body.code).toBe('mvs_rate_limited');
		expect(limited.headers['retry-after']).toBe('40');
		expect((await reporter.api.withHeaders(window.headers(1)).op('report_user', { params: { id: target.id }, body: { reason: 'spam' } })).status).toBe(409);
	} finally {
		await reporter.api.dispose();
		await target.api.dispose();
	}
});

test('POST /media/{id}/report allows exactly 10 a minute per user, then 429 with Retry-After', async ({ api }) => {
	const reporter = await freshUser(api('admin'));
	try {
		// A pinned window of this test's own (see support/rate-limit.ts); the bucket stays the user's.
		const window = pinnedWindow('report');
		const reporting = reporter.api.withHeaders(window.headers());
		const targets: number[] = [];
		for (let i = 0; i < 12; i++) targets.push((await upload(api('member'))).id);
		for (let i = 0; i < 10; i++) {
			const res = await reporting.op('report_media', { params: { id: targets[i]! }, body: { reason: 'spam' } });
			expect(res.status, `request ${i + 1}: ${JSON.stringify(res.body)}`).toBe(200);
		}
		const limited = await reporting.op('report_media', { params: { id: targets[10]! }, body: { reason: 'spam' } });
		expect(limited.status).toBe(429);
		expect(limited.body.code).toBe('mvs_rate_limited');
		expect(limited.headers['retry-after']).toBe('40');
		// The refused report was not recorded: reported in the next window, it is a first report, not a 409.
		expect((await reporter.api.withHeaders(window.headers(1)).op('report_media', { params: { id: targets[10]! }, body: { reason: 'spam' } })).status).toBe(200);
		// Other users are unaffected.
		expect((await api('member2').withHeaders(window.headers()).op('report_media', { params: { id: targets[11]! }, body: { reason: 'spam' } })).status).toBe(200);
	} finally {
		await reporter.api.dispose();
	}
});

test("blocking hides each user's media from the other on get, lists and search; unblocking restores it; others are unaffected", async ({ api, request }) => {
	const a: FreshUser = await freshUser(api('admin'));
	const b: FreshUser = await freshUser(api('admin'));
	try {
		const title = token();
		const aItem = (await upload(a.api, { title: `${title} from a` })).id;
		const bItem = (await upload(b.api, { title: `${title} from b` })).id;
		const sees = async (viewer: Api, id: number) => {
			const one = await viewer.op('get_media', { params: { id } });
			const list = await viewer.op('list_media', { query: { s: title, per_page: 100 } });
			const all = await viewer.op('list_media', { query: { s: title, scope: 'all', per_page: 100 } });
			const byAuthor = list.body.items.some((i) => i.id === id);
			return { get: one.status, listed: byAuthor, inAll: all.body.items.some((i) => i.id === id) };
		};
		expect(await sees(b.api, aItem)).toEqual({ get: 200, listed: true, inAll: true });
		const signed = await b.api.op('get_media_signed_url', { params: { id: aItem } });
		expect(signed.status).toBe(200);

		const blocked = await b.api.op('block_user', { params: { id: a.id } });
		expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
		expect(blocked.body).toMatchObject({ user_id: a.id, blocked: true });
		// Blocking twice is harmless.
		expect((await b.api.op('block_user', { params: { id: a.id } })).status).toBe(200);

		// Both directions: b does not see a's item, and a does not see b's.
		expect(await sees(b.api, aItem)).toEqual({ get: 403, listed: false, inAll: false });
		expect(await sees(a.api, bItem)).toEqual({ get: 403, listed: false, inAll: false });
		// No signed file URL either, and one issued before the block stops working.
		expect((await b.api.op('get_media_signed_url', { params: { id: aItem } })).status).toBe(403);
		expect((await a.api.op('get_media_signed_url', { params: { id: bItem } })).status).toBe(403);
		expect((await fetchFile(request, signed.body.url)).status).toBe(403);
		const bList = await b.api.op('list_media', { query: { s: title, per_page: 100 } });
		expect(bList.body.items.map((i) => i.id)).toEqual([bItem]);
		expect(bList.body.total).toBe(1);
		expect(Number(bList.headers['x-wp-total'])).toBe(1);
		// Own lists are untouched.
		expect((await a.api.op('list_my_media', { query: { s: title } })).body.items.map((i) => i.id)).toEqual([aItem]);
		// Everyone else still sees both.
		expect(await sees(api('member2'), aItem)).toEqual({ get: 200, listed: true, inAll: true });
		expect(await sees(api('anonymous'), bItem)).toEqual({ get: 200, listed: true, inAll: true });

		const list = await b.api.op('list_blocked_users');
		expect(list.status).toBe(200);
		expect(list.headers['x-wp-total']).toBe('1');
		const entries = list.body as unknown as { id: number; display_name: string; avatar_url: string; blocked_at: string }[];
		expect(entries).toHaveLength(1);
		expect(entries[0]).toMatchObject({ id: a.id, display_name: a.login });
		expect(isDateTime(entries[0]!.blocked_at), entries[0]!.blocked_at).toBe(true);
		expect((await a.api.op('list_blocked_users')).body).toEqual([]);

		const unblocked = await b.api.op('unblock_user', { params: { id: a.id } });
		expect(unblocked.status).toBe(200);
		expect(unblocked.body).toMatchObject({ user_id: a.id, blocked: false });
		expect(await sees(b.api, aItem)).toEqual({ get: 200, listed: true, inAll: true });
		expect(await sees(a.api, bItem)).toEqual({ get: 200, listed: true, inAll: true });
		expect((await b.api.op('list_blocked_users')).body).toEqual([]);
	} finally {
		await a.api.dispose();
		await b.api.dispose();
	}
});

test("blocking hides each user's albums from the other on list, get and totals, both directions; unblocking restores them", async ({ api }) => {
	const a: FreshUser = await freshUser(api('admin'));
	const b: FreshUser = await freshUser(api('admin'));
	try {
		const aAlbum = await createAlbum(a.api, { privacy: 'public' });
		const bAlbum = await createAlbum(b.api, { privacy: 'members' });
		const sees = async (viewer: Api, author: number, album: number) => {
			const list = await viewer.op('list_albums', { query: { author, per_page: 100 } });
			expect(list.status).toBe(200);
			const ids = (list.body as unknown as { id: number }[]).map((x) => x.id);
			const one = await viewer.op('get_album', { params: { id: album } });
			return { listed: ids.includes(album), total: list.headers['x-wp-total'], get: one.status };
		};
		expect(await sees(b.api, a.id, aAlbum)).toEqual({ listed: true, total: '1', get: 200 });
		expect(await sees(a.api, b.id, bAlbum)).toEqual({ listed: true, total: '1', get: 200 });

		expect((await b.api.op('block_user', { params: { id: a.id } })).status).toBe(200);
		// Both directions, as for media: the album answers as if it did not exist.
		expect(await sees(b.api, a.id, aAlbum)).toEqual({ listed: false, total: '0', get: 404 });
		expect(await sees(a.api, b.id, bAlbum)).toEqual({ listed: false, total: '0', get: 404 });
		// Own albums and everyone else are unaffected.
		expect(await sees(a.api, a.id, aAlbum)).toEqual({ listed: true, total: '1', get: 200 });
		expect(await sees(api('member2'), a.id, aAlbum)).toEqual({ listed: true, total: '1', get: 200 });

		expect((await b.api.op('unblock_user', { params: { id: a.id } })).status).toBe(200);
		expect(await sees(b.api, a.id, aAlbum)).toEqual({ listed: true, total: '1', get: 200 });
		expect(await sees(a.api, b.id, bAlbum)).toEqual({ listed: true, total: '1', get: 200 });
	} finally {
		await a.api.dispose();
		await b.api.dispose();
	}
});

test('blocks: not yourself, not unknown users, not anonymously', async ({ api, fixtures }) => {
	const self = await api('member').op('block_user', { params: { id: fixtures.users.member.id } });
	expect(self.status).toBe(400);
	expect(self.body.code).toBe('mvs_invalid_param');
	for (const op of ['block_user', 'unblock_user'] as const) {
		const unknown = await api('member').op(op, { params: { id: 999999999 } });
		expect(unknown.status, op).toBe(404);
		expect(unknown.body.code, op).toBe('mvs_user_not_found');
		const anonymous = await api('anonymous').op(op, { params: { id: fixtures.users.member.id } });
		expect(anonymous.status, op).toBe(401);
	}
	expect((await api('anonymous').op('list_blocked_users')).status).toBe(401);
});
