/**
 * View, download and share counters: exact under concurrency, privacy-checked,
 * downloads refused when the item forbids them; per-item and per-author stats;
 * popular and trending order of GET /media.
 */
import type { MediaItem } from '../../client/src/client';
import { expect, test, upload } from '../support/mvs';
import { pinnedWindow } from '../support/rate-limit';
import { fetchFile, setMediaMeta, signedUrl, stats } from '../support/serve';

test.describe.configure({ mode: 'parallel' });

function token(): string {
	return `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

test.describe('POST /media/{id}/view, /download, /share', () => {
	test('each event increments its own counter and answers with the stats', async ({ api }) => {
		const item = await upload(api('member'));
		const view = await api('anonymous').op('record_media_view', { params: { id: item.id } });
		expect(view.status).toBe(200);
		expect(view.body).toEqual({ views: 1, reactions: 0, comments: 0, downloads: 0, shares: 0 });
		const download = await api('member2').op('record_media_download', { params: { id: item.id } });
		expect(download.status).toBe(200);
		expect(download.body).toEqual({ views: 1, reactions: 0, comments: 0, downloads: 1, shares: 0 });
		const share = await api('subscriber').op('record_media_share', { params: { id: item.id } });
		expect(share.status).toBe(200);
		expect(share.body).toEqual({ views: 1, reactions: 0, comments: 0, downloads: 1, shares: 1 });
		// Each viewer counts once a window: the subscriber's second share adds nothing, another member's does.
		expect((await api('subscriber').op('record_media_share', { params: { id: item.id } })).body.shares).toBe(1);
		expect((await api('member2').op('record_media_share', { params: { id: item.id } })).body.shares).toBe(2);
		// The item's own views field follows.
		const read = await api('anonymous').op('get_media', { params: { id: item.id } });
		expect((read.body as MediaItem).views).toBe(1);
	});

	test('20 concurrent views count exactly 20, and 10 concurrent shares exactly 10', async ({ api }) => {
		const item = await upload(api('member'));
		// Twenty different viewers, each on an address of its own (harness: X-MVS-Test-Client-Ip), since one
		// address counts at most three anonymous viewers per item and window (security/flood-control.spec.ts).
		const visitor = (i: number) => api('anonymous').withHeaders({ 'X-MVS-Test-Client-Ip': `198.51.100.${i + 1}` });
		const views = await Promise.all(Array.from({ length: 20 }, (_, i) => visitor(i).op('record_media_view', { params: { id: item.id } })));
		expect(views.map((r) => r.status)).toEqual(Array(20).fill(200));
		// Each answer reads the count after its own increment: the last read sees all 20.
		expect(Math.max(...views.map((r) => r.body.views))).toBe(20);
		expect(Math.min(...views.map((r) => r.body.views))).toBeGreaterThanOrEqual(1);
		const shares = await Promise.all(Array.from({ length: 10 }, (_, i) => visitor(i).op('record_media_share', { params: { id: item.id } })));
		expect(shares.map((r) => r.status)).toEqual(Array(10).fill(200));
		const after = await stats(api('anonymous'), item.id);
		expect(after.views).toBe(20);
		expect(after.shares).toBe(10);
	});

	test('one counted view per viewer and item in 30 minutes: repeats, even 30 at once, answer 200 and count nothing', async ({ api }) => {
		const item = await upload(api('member'));
		const same = api('anonymous').withHeaders({ 'User-Agent': `repeat-${Date.now()}` });
		const burst = await Promise.all(Array.from({ length: 30 }, () => same.op('record_media_view', { params: { id: item.id } })));
		expect(burst.map((r) => r.status)).toEqual(Array(30).fill(200));
		expect((await stats(api('member'), item.id)).views).toBe(1);
		// Another browser on the same address, and logged-in viewers (each once, however often), are other viewers.
		await api('anonymous').withHeaders({ 'User-Agent': `other-${Date.now()}` }).op('record_media_view', { params: { id: item.id } });
		for (let i = 0; i < 3; i++) await api('member2').op('record_media_view', { params: { id: item.id } });
		expect((await stats(api('member'), item.id)).views).toBe(3);
	});

	test('events on items the caller may not see: 403; on missing items: 404', async ({ api }) => {
		const priv = await upload(api('member'), { privacy: 'private' });
		const members = await upload(api('member'), { privacy: 'members' });
		for (const op of ['record_media_view', 'record_media_download', 'record_media_share'] as const) {
			const stranger = await api('member2').op(op, { params: { id: priv.id } });
			expect(stranger.status, op).toBe(403);
			expect(stranger.body.code, op).toBe('mvs_forbidden');
			const anonymous = await api('anonymous').op(op, { params: { id: members.id } });
			expect(anonymous.status, op).toBe(403);
			const missing = await api('member').op(op, { params: { id: 99999999 } });
			expect(missing.status, op).toBe(404);
			expect(missing.body.code, op).toBe('mvs_not_found');
		}
		// Nothing was counted.
		expect(await stats(api('member'), priv.id)).toEqual({ views: 0, reactions: 0, comments: 0, downloads: 0, shares: 0 });
		// The owner may count on their own private item.
		expect((await api('member').op('record_media_view', { params: { id: priv.id } })).body.views).toBe(1);
	});

	test("an item whose allow_download is '0' refuses downloads everywhere; other values allow them", async ({ api, request }) => {
		const item = await upload(api('member'));
		const signedBefore = await signedUrl(api('member2'), item.id, { download: true });
		await setMediaMeta(api('admin'), item.id, 'allow_download', '0');
		const refused = await api('member2').op('record_media_download', { params: { id: item.id } });
		expect(refused.status).toBe(403);
		expect(refused.body.code).toBe('mvs_forbidden');
		const url = await api('member2').op('get_media_signed_url', { params: { id: item.id }, query: { download: true } });
		expect(url.status).toBe(403);
		const served = await fetchFile(request, signedBefore.url);
		expect(served.status).toBe(403);
		expect(served.json.code).toBe('mvs_forbidden');
		// Viewing is not downloading.
		expect((await fetchFile(request, (await signedUrl(api('member2'), item.id)).url)).status).toBe(200);
		expect((await stats(api('member'), item.id)).downloads).toBe(0);

		await setMediaMeta(api('admin'), item.id, 'allow_download', '1');
		expect((await api('member2').op('record_media_download', { params: { id: item.id } })).status).toBe(200);
		expect((await fetchFile(request, signedBefore.url)).status).toBe(200);
		// The route and member2's own download URL are one viewer's downloads: one in the window.
		expect((await stats(api('member'), item.id)).downloads).toBe(1);
	});
});

test.describe('GET /media/{id}/stats and GET /me/stats', () => {
	test('item stats follow the item privacy', async ({ api }) => {
		const priv = await upload(api('member'), { privacy: 'private' });
		for (const role of ['anonymous', 'member2'] as const) {
			const res = await api(role).op('get_media_stats', { params: { id: priv.id } });
			expect(res.status, role).toBe(403);
			expect(res.body.code, role).toBe('mvs_forbidden');
		}
		for (const role of ['member', 'moderator'] as const) {
			const res = await api(role).op('get_media_stats', { params: { id: priv.id } });
			expect(res.status, role).toBe(200);
		}
		const missing = await api('anonymous').op('get_media_stats', { params: { id: 99999999 } });
		expect(missing.status).toBe(404);
	});

	test("my stats sum the counters of all the caller's items, private ones included, and nobody else's", async ({ api }) => {
		// The admin uploads nothing in any other spec of this suite, so its totals move only here.
		const admin = api('admin');
		const before = (await admin.op('get_my_stats')).body;
		const a = await upload(admin);
		const b = await upload(admin, { privacy: 'private' });
		const foreign = await upload(api('member'));
		await api('anonymous').op('record_media_view', { params: { id: a.id } });
		await api('member').op('record_media_view', { params: { id: a.id } });
		await admin.op('record_media_view', { params: { id: b.id } });
		await api('member').op('record_media_share', { params: { id: a.id } });
		await admin.op('record_media_download', { params: { id: b.id } });
		await api('member2').op('record_media_view', { params: { id: foreign.id } });
		await api('member2').op('record_media_download', { params: { id: foreign.id } });
		const after = (await admin.op('get_my_stats')).body;
		expect(after).toEqual({
			views: before.views + 3,
			reactions: before.reactions,
			comments: before.comments,
			downloads: before.downloads + 1,
			shares: before.shares + 1,
		});
		const anonymous = await api('anonymous').op('get_my_stats');
		expect(anonymous.status).toBe(401);
		expect(anonymous.body.code).toBe('mvs_not_logged_in');
	});
});

test.describe('GET /media orderby popular and trending', () => {
	test('popular orders by views; trending weighs shares and downloads above views', async ({ api }) => {
		const tag = token();
		const member = api('member');
		const a = await upload(member, { title: `${tag} a` });
		const b = await upload(member, { title: `${tag} b` });
		const c = await upload(member, { title: `${tag} c` });
		for (let i = 0; i < 3; i++) await api('anonymous').withHeaders({ 'User-Agent': `viewer-${i}` }).op('record_media_view', { params: { id: b.id } });
		await api('anonymous').op('record_media_view', { params: { id: c.id } });
		await api('member2').op('record_media_share', { params: { id: a.id } });
		const order = async (orderby: 'date' | 'popular' | 'trending') => {
			const res = await api('anonymous').op('list_media', { query: { s: tag, orderby } });
			expect(res.status).toBe(200);
			return (res.body.items as MediaItem[]).map((i) => i.id);
		};
		expect(await order('date')).toEqual([c.id, b.id, a.id]);
		// Views: b 3, c 1, a 0.
		expect(await order('popular')).toEqual([b.id, c.id, a.id]);
		// One share (5 views' worth) beats three views.
		expect(await order('trending')).toEqual([a.id, b.id, c.id]);
		await api('member2').op('record_media_download', { params: { id: c.id } });
		// c: one view and one download (4 views' worth) now beats b's three views.
		expect(await order('trending')).toEqual([a.id, c.id, b.id]);
	});
});

test.describe('rate limits of download and share', () => {
	test('the 30th download and the 60th share in a minute pass, the next get 429 with Retry-After; other users keep their allowance', async ({ api }) => {
		// 93 requests; a loaded Playground site answers one in a second or two.
		test.setTimeout(300_000);
		const item = await upload(api('member'));
		const before = await stats(api('member'), item.id);
		const counted = { downloads: 0, shares: 0 };
		for (const [operation, limit, path, counter] of [
			['record_media_download', 30, 'download', 'downloads'],
			['record_media_share', 60, 'share', 'shares'],
		] as const) {
			// A bucket and a pinned window of this test's own (harness): still one per user.
			const window = pinnedWindow(operation);
			const send = (role: 'member2' | 'subscriber') =>
				api(role).send({ method: 'POST', path: `/mvs/v1/media/${item.id}/${path}`, query: {} }, window.headers());
			const statuses: number[] = [];
			// Ten at a time: the limiter's counter must be exact under concurrency too.
			for (let i = 0; i < limit; i += 10) {
				const batch = await Promise.all(Array.from({ length: 10 }, () => send('member2')));
				statuses.push(...batch.map((r) => r.status));
			}
			expect(statuses.filter((s) => s !== 200), operation).toEqual([]);
			const limited = await send('member2');
			expect(limited.status, operation).toBe(429);
			expect(limited.body.code, operation).toBe('mvs_rate_limited');
			expect(limited.body.data.status, operation).toBe(429);
			expect(limited.headers['retry-after'], operation).toBe('40');
			expect(limited.body.data.retry_after, operation).toBe(40);
			// Another user is not throttled by member2's requests.
			const other = await send('subscriber');
			expect(other.status, operation).toBe(200);
			// Accepted requests count once per viewer and window: member2's and the subscriber's.
			counted[counter] = 2;
		}
		// Refused requests count nothing either.
		const after = await stats(api('member'), item.id);
		expect(after.downloads - before.downloads).toBe(counted.downloads);
		expect(after.shares - before.shares).toBe(counted.shares);
	});
});
