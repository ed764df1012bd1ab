/**
 * Flood control and counters strangers cannot inflate (issue 23, rows 1-4):
 * the write routes the audit flooded meet their limits exactly, per member
 * and per client address; one address cannot multiply anonymous views by
 * changing its User-Agent; a download URL fetched again and again, or with
 * `Range: bytes=0-0`, counts one download. The figures come from the route
 * manifest (the DSL), never restated here.
 *
 * Each test counts in a bucket and a pinned window of its own (harness
 * X-MVS-Test-Bucket / X-MVS-Test-Now) and, where the address matters, from
 * an address of its own (X-MVS-Test-Client-Ip).
 */
import { routes } from '../support/matrix';
import { createMember } from '../support/community';
import { expect, test, upload, type Api, type Role } from '../support/mvs';
import { pinnedWindow, type PinnedWindow } from '../support/rate-limit';
import { fetchFile, signedUrl, stats } from '../support/serve';

test.describe.configure({ mode: 'parallel' });

/** The declared limits of a route (route-manifest.json). */
function limitsOf(name: string): { perMinute: number; perAddress: number } {
	const route = routes.find((r) => r.name === name);
	expect(route, name).toBeTruthy();
	expect(route!.rateLimit, `${name} is rate-limited`).toBeGreaterThan(0);
	return { perMinute: route!.rateLimit!, perAddress: route!.rateLimitPerAddress ?? 0 };
}

/** A test address of its own (TEST-NET-3), so the address bucket is this test's alone. */
function address(): string {
	return `203.0.113.${1 + Math.floor(Math.random() * 254)}`;
}

interface Flood {
	route: string;
	/** The request, `i` being its number within the test (unique names where the route needs them). */
	request: (item: number, i: number) => { method: string; path: string; json?: unknown };
	/** Status of an accepted request. */
	ok: number;
}

const FLOODS: Flood[] = [
	{ route: 'create_media_comment', ok: 201, request: (item, i) => ({ method: 'POST', path: `/mvs/v1/media/${item}/comments`, json: { content: `flood ${i} @member2 @subscriber @moderator` } }) },
	{ route: 'set_media_reaction', ok: 200, request: (item, i) => ({ method: 'POST', path: `/mvs/v1/media/${item}/reactions`, json: { reaction_type: i % 2 ? 'love' : 'like' } }) },
	{ route: 'remove_media_reaction', ok: 200, request: (item) => ({ method: 'DELETE', path: `/mvs/v1/media/${item}/reactions` }) },
	{ route: 'add_media_favorite', ok: 200, request: (item) => ({ method: 'POST', path: `/mvs/v1/media/${item}/favorite` }) },
	{ route: 'remove_media_favorite', ok: 200, request: (item) => ({ method: 'DELETE', path: `/mvs/v1/media/${item}/favorite` }) },
	{ route: 'create_collection', ok: 201, request: (_, i) => ({ method: 'POST', path: '/mvs/v1/collections', json: { title: `flood ${Date.now().toString(36)} ${i}` } }) },
	{ route: 'register_device', ok: 200, request: () => ({ method: 'POST', path: '/mvs/v1/me/devices', json: { platform: 'ios', token: 'flood-device-token' } }) },
	{ route: 'unregister_device', ok: 200, request: () => ({ method: 'DELETE', path: '/mvs/v1/me/devices', json: { token: 'flood-device-token' } }) },
	{ route: 'dismiss_banner', ok: 200, request: () => ({ method: 'POST', path: '/mvs/v1/me/dismiss', json: { key: 'flood-banner' } }) },
	{ route: 'mark_notifications_read', ok: 200, request: () => ({ method: 'POST', path: '/mvs/v1/me/notifications/read', json: {} }) },
];

/** Sends `count` requests of `flood` as `caller`, ten at a time (the counter must be exact under concurrency), and returns their statuses. */
async function burst(caller: Api, flood: Flood, item: number, count: number, headers: Record<string, string>, from = 0): Promise<number[]> {
	const statuses: number[] = [];
	for (let i = 0; i < count; i += 10) {
		const batch = await Promise.all(
			Array.from({ length: Math.min(10, count - i) }, (_, j) => caller.send({ ...flood.request(item, from + i + j), query: {} }, headers)),
		);
		statuses.push(...batch.map((r) => r.status));
	}
	return statuses;
}

function expectLimited(res: { status: number; headers: Record<string, string>; body: any }, limit: number, label: string): void {
	expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(429);
	expect(res.body.code, label).toBe('mvs_rate_limited');
	expect(res.body.data, label).toMatchObject({ status: 429, limit, retry_after: 40 });
	expect(res.headers['retry-after'], label).toBe('40');
}

test.describe('flood control on the write routes the audit flooded', () => {
	for (const flood of FLOODS) {
		test(`${flood.route}: the declared number a minute per member passes, the next gets 429; another member keeps their allowance`, async ({ api }) => {
			const { perMinute } = limitsOf(flood.route);
			const item = (await upload(api('member'))).id;
			const window = pinnedWindow(flood.route);
			const at = { ...window.headers(), 'X-MVS-Test-Client-Ip': address() };
			const statuses = await burst(api('member2'), flood, item, perMinute, at);
			expect(statuses.filter((s) => s !== flood.ok), `${flood.route}: the first ${perMinute}`).toEqual([]);
			expectLimited(await api('member2').send({ ...flood.request(item, perMinute), query: {} }, at), perMinute, flood.route);
			// Another member behind the same address, and the next minute, are not throttled.
			expect((await burst(api('subscriber'), flood, item, 1, at, 1000))[0], `${flood.route}: another member`).toBe(flood.ok);
			expect((await burst(api('member2'), flood, item, 1, { ...window.headers(1), 'X-MVS-Test-Client-Ip': at['X-MVS-Test-Client-Ip']! }, 2000))[0], `${flood.route}: the next minute`).toBe(flood.ok);
		});
	}

	test('one address: members together meet the per-address limit, and a member refused for their own flood does not use it up', async ({ api }) => {
		test.setTimeout(120_000);
		const flood = FLOODS.find((f) => f.route === 'dismiss_banner')!;
		const { perMinute, perAddress } = limitsOf(flood.route);
		expect(perAddress, 'a write route counts per address too').toBeGreaterThan(perMinute);
		const window: PinnedWindow = pinnedWindow('address');
		const at = { ...window.headers(), 'X-MVS-Test-Client-Ip': address() };
		const members = perAddress / perMinute;
		const extra = await createMember(api('admin'));
		try {
			const callers: Api[] = (['member', 'member2', 'subscriber', 'moderator', 'admin'] as Role[]).map((role) => api(role));
			while (callers.length < members + 1) callers.push(extra.api);
			expect(callers.length, 'enough members to fill the address').toBeGreaterThan(members);
			// One member floods past their own limit first: their refused request is not counted for the address.
			const first = await burst(callers[0]!, flood, 0, perMinute + 1, at);
			expect(first.filter((s) => s === 429).length).toBe(1);
			for (const caller of callers.slice(1, members)) {
				const statuses = await burst(caller, flood, 0, perMinute, at);
				expect(statuses.filter((s) => s !== flood.ok), `${caller.role}`).toEqual([]);
			}
			// perAddress requests accepted from this address: the next member's first is refused, naming the address's limit.
			expectLimited(await callers[members]!.send({ ...flood.request(0, 0), query: {} }, at), perAddress, 'the address');
			// The same member from another address is not.
			expect((await callers[members]!.send({ ...flood.request(0, 0), query: {} }, { ...at, 'X-MVS-Test-Client-Ip': address() })).status).toBe(flood.ok);
		} finally {
			await extra.api.dispose();
		}
	});
});

test.describe('counters strangers cannot inflate', () => {
	// Views and downloads count once per viewer in a 30-minute window of the wall clock: each test
	// pins its requests to one moment, so a slow machine cannot carry them across a window's end.
	const oneMoment = () => ({ 'X-MVS-Test-Now': String(Math.floor(Date.now() / 1000)) });

	test('ten anonymous views from one address, each with another User-Agent, count three views and write three view records', async ({ api }) => {
		const item = await upload(api('member'));
		const ip = address();
		const now = oneMoment();
		const views = await Promise.all(
			Array.from({ length: 10 }, (_, i) => api('anonymous').send({ method: 'POST', path: `/mvs/v1/media/${item.id}/view`, query: {} }, { ...now, 'User-Agent': `audit-agent-${i}`, 'X-MVS-Test-Client-Ip': ip })),
		);
		expect(views.map((r) => r.status)).toEqual(Array(10).fill(200));
		expect((await stats(api('member'), item.id)).views).toBe(3);
		const log = await api('admin').raw('POST', '/wp-json/mvs-test/v1/view-log', { json: { media_id: item.id, age_days: 0, limit: 1000 } });
		expect(log.status, JSON.stringify(log.body)).toBe(200);
		expect(log.body.rows).toBe(3);
		// A viewer already counted stays counted once; another address is another viewer.
		await api('anonymous').send({ method: 'POST', path: `/mvs/v1/media/${item.id}/view`, query: {} }, { ...now, 'User-Agent': 'audit-agent-0', 'X-MVS-Test-Client-Ip': ip });
		await api('anonymous').send({ method: 'POST', path: `/mvs/v1/media/${item.id}/view`, query: {} }, { ...now, 'User-Agent': 'audit-agent-0', 'X-MVS-Test-Client-Ip': address() });
		expect((await stats(api('member'), item.id)).views).toBe(4);
	});

	test('a signed download URL fetched fifteen times with Range: bytes=0-0 counts one download; so do fifteen anonymous POST /download from one address', async ({ api, request }) => {
		const item = await upload(api('member'));
		// Signed URLs are bound to a member (GET /media/{id}/signed-url needs a login).
		const url = (await signedUrl(api('member2'), item.id, { download: true })).url;
		const now = oneMoment();
		for (let i = 0; i < 15; i++) {
			const part = await fetchFile(request, url, { ...now, Range: 'bytes=0-0' });
			expect(part.status, `fetch ${i}`).toBe(206);
			expect(part.body.length).toBe(1);
		}
		expect((await stats(api('member'), item.id)).downloads).toBe(1);
		// POST /download of the same member in the same window is the same download.
		expect((await api('member2').send({ method: 'POST', path: `/mvs/v1/media/${item.id}/download`, query: {} }, now)).body.downloads).toBe(1);
		// A visitor is their address: fifteen calls, each with another User-Agent, count one.
		const ip = address();
		for (let i = 0; i < 15; i++) {
			const res = await api('anonymous').send({ method: 'POST', path: `/mvs/v1/media/${item.id}/download`, query: {} }, { ...now, 'User-Agent': `audit-agent-${i}`, 'X-MVS-Test-Client-Ip': ip });
			expect(res.status).toBe(200);
		}
		expect((await stats(api('member'), item.id)).downloads).toBe(2);
	});
});
