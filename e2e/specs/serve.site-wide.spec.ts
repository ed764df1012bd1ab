/**
 * File delivery and counters under site-wide settings and counters: downloads
 * switched off, the longest signed-URL lifetime, handing bytes to nginx
 * (X-Accel-Redirect, native stack only), and the daily clean-up of view
 * records. (Trending: trending.site-wide.spec.ts.)
 * These change global state, so they run in the site-wide project, alone.
 */
import { expect, test, upload, type Api } from '../support/mvs';
import { bigPdf, fetchFile, serveQuery, signedUrl, stats } from '../support/serve';

test.describe.configure({ mode: 'serial' });

async function saveSettings(admin: Api, settings: Record<string, unknown>) {
	const res = await admin.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: settings } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body.mvs_settings as Record<string, unknown>;
}

const DEFAULTS = { allow_downloads: true, signed_url_max_ttl: 86400, serve_offload: 'off', view_log_days: 90, private_community: false };

test.afterAll(async ({ api }) => {
	await saveSettings(api('admin'), DEFAULTS);
});

test('downloads switched off: POST download, download URLs and mvs_dl=1 all get 403; viewing still works', async ({ api, request }) => {
	const item = await upload(api('member'));
	const download = await signedUrl(api('member2'), item.id, { download: true });
	const inline = await signedUrl(api('member2'), item.id);
	await saveSettings(api('admin'), { allow_downloads: false });

	const counted = await api('member2').op('record_media_download', { params: { id: item.id } });
	expect(counted.status).toBe(403);
	expect(counted.body.code).toBe('mvs_forbidden');
	const url = await api('member2').op('get_media_signed_url', { params: { id: item.id }, query: { download: true } });
	expect(url.status).toBe(403);
	expect(url.body.code).toBe('mvs_forbidden');
	const served = await fetchFile(request, download.url);
	expect(served.status).toBe(403);
	expect(served.json).toMatchObject({ code: 'mvs_forbidden', data: { status: 403 } });
	expect((await fetchFile(request, inline.url)).status).toBe(200);
	expect((await stats(api('member'), item.id)).downloads).toBe(0);

	await saveSettings(api('admin'), { allow_downloads: true });
	expect((await fetchFile(request, download.url)).status).toBe(200);
	expect((await stats(api('member'), item.id)).downloads).toBe(1);
});

test('the longest lifetime caps both the ttl parameter and the default', async ({ api }) => {
	const item = await upload(api('member'), { privacy: 'private' });
	await saveSettings(api('admin'), { signed_url_max_ttl: 600 });
	for (const query of [{ ttl: 3600 }, {}] as const) {
		const now = Math.floor(Date.now() / 1000);
		const res = await signedUrl(api('member'), item.id, query);
		expect(res.expires, JSON.stringify(query)).toBeGreaterThanOrEqual(now + 600 - 5);
		expect(res.expires, JSON.stringify(query)).toBeLessThanOrEqual(now + 600 + 60);
		expect(serveQuery(res.url).mvs_exp).toBe(String(res.expires));
	}
	// Shorter requests are kept.
	const short = await signedUrl(api('member'), item.id, { ttl: 120 });
	expect(short.expires).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 125);
	const bad = await api('admin').raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: { signed_url_max_ttl: 10 } } });
	expect(bad.status).toBe(400);
	await saveSettings(api('admin'), { signed_url_max_ttl: 86400 });
});

test('offload to nginx: PHP authorises, nginx sends the bytes (Range included); bad signatures never reach nginx', async ({ api, request }) => {
	test.skip(process.env.MVS_TARGET !== 'native', 'X-Accel-Redirect needs nginx (the native stack); Playground has none.');
	const pdf = bigPdf(20_000);
	const bytes = Buffer.from(pdf.buffer);
	const item = await upload(api('member'), { privacy: 'private', file: pdf });
	const { url } = await signedUrl(api('member'), item.id, { download: true });
	const before = await stats(api('member'), item.id);
	await saveSettings(api('admin'), { serve_offload: 'x-accel-redirect' });

	const res = await fetchFile(request, url);
	expect(res.status).toBe(200);
	expect(res.headers['x-mvs-served-by']).toBe('nginx');
	expect(res.headers['x-accel-redirect']).toBeUndefined();
	// Authorised by the fast path (no REST dispatch, so no harness X-MVS-Queries header).
	expect(res.headers['x-mvs-queries']).toBeUndefined();
	expect(Buffer.compare(res.body, bytes)).toBe(0);
	expect(res.headers['content-length']).toBe(String(bytes.length));
	expect(res.headers['content-disposition']).toMatch(/^attachment; /);
	expect(res.headers['cache-control']).toContain('no-store');
	// The security headers PHP sends with every file, which nginx does not pass on from PHP's answer: the
	// internal location sets them (a document: the sandbox too).
	expect([res.headers['x-content-type-options'], res.headers['x-robots-tag'], res.headers['content-security-policy']]).toEqual(['nosniff', 'noindex', 'sandbox']);
	const range = await fetchFile(request, url, { Range: 'bytes=100-199' });
	expect(range.status).toBe(206);
	expect(range.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
	expect(Buffer.compare(range.body, bytes.subarray(100, 200))).toBe(0);
	expect([range.headers['x-content-type-options'], range.headers['content-security-policy']]).toEqual(['nosniff', 'sandbox']);
	// Media stays inline and outside the sandbox, as PHP sends it; here from the lean entry (anonymous URL).
	const image = await upload(api('member'), { privacy: 'public' });
	const offloadedImage = await fetchFile(request, image.file_url);
	expect(offloadedImage.status).toBe(200);
	expect(offloadedImage.headers['x-mvs-served-by']).toBe('nginx');
	expect(offloadedImage.headers['content-type']).toBe('image/png');
	expect(offloadedImage.headers['content-disposition']).toMatch(/^inline; /);
	expect([offloadedImage.headers['x-content-type-options'], offloadedImage.headers['x-robots-tag'], offloadedImage.headers['content-security-policy']]).toEqual(['nosniff', 'noindex', undefined]);
	// The full download counted; the later range did not.
	expect((await stats(api('member'), item.id)).downloads).toBe(before.downloads + 1);

	const query = serveQuery(url);
	const tampered = await api('anonymous').op('serve_media_file', { query: { ...query, mvs_uid: '0' } as never });
	expect(tampered.status).toBe(403);
	expect(tampered.body.code).toBe('mvs_signature_invalid');
	// The internal location itself is not reachable from outside.
	const direct = await request.get('/mvs-internal/mvs/index.php', { failOnStatusCode: false });
	expect(direct.status()).toBe(404);
	await saveSettings(api('admin'), { serve_offload: 'off' });
});

test('a private community closes /serve too: a valid signed URL without credentials gets 401, the fast path included', async ({ api, request }) => {
	const item = await upload(api('member'), { privacy: 'public' });
	expect((await fetchFile(request, item.file_url)).status).toBe(200);
	await saveSettings(api('admin'), { private_community: true });
	try {
		const closed = await fetchFile(request, item.file_url);
		expect(closed.status).toBe(401);
		expect(closed.json.code).toBe('mvs_community_private');
		const head = await fetchFile(request, item.file_url, {}, 'HEAD');
		expect(head.status).toBe(401);
	} finally {
		await saveSettings(api('admin'), { private_community: false });
	}
	expect((await fetchFile(request, item.file_url)).status).toBe(200);
});

/** Switches the harness's stand-ins for a site's own filters (mvs-test/v1/site-filters); they apply from the next request. */
async function siteFilters(admin: Api, filters: string[]) {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/site-filters', { json: { filters } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** One request for an mvs/v1 route: the kind of request that rewrites the lean entry's record. */
async function recordingRequest(as: Api): Promise<void> {
	expect((await as.op('get_app_config')).status).toBe(200);
}

/** The lean entry's record after a recording request, and how often it has been written. */
async function leanRecord(admin: Api): Promise<{ record: unknown; writes: number }> {
	await recordingRequest(admin);
	const res = await admin.raw('GET', '/wp-json/mvs-test/v1/serve-lean');
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as { record: unknown; writes: number };
}

const native = process.env.MVS_TARGET === 'native';

test('a site that refuses visitors on its REST access filters refuses them files too: the lean entry and the fast path leave /serve to the route', async ({ api, request }) => {
	const admin = api('admin');
	const item = await upload(api('member'), { privacy: 'public' });
	const anonymous = item.file_url as string;
	const { url: bound } = await signedUrl(api('member2'), item.id);
	const before = await fetchFile(request, anonymous);
	expect(before.status).toBe(200);
	if (native) expect(before.headers['x-mvs-served-by']).toBe('lean');
	expect((await fetchFile(request, bound)).headers['x-mvs-queries'], 'the fast path sends the bound URL').toBeUndefined();

	// A "members only" plugin on rest_authentication_errors, then the same refusal on rest_pre_dispatch.
	for (const filter of ['members_only_auth', 'members_only_dispatch']) {
		await siteFilters(admin, [filter]);
		try {
			// Any callback of another plugin on those filters turns the lean path off, from the next request for an mvs/v1 route.
			expect((await leanRecord(admin)).record, filter).toEqual([]);
			for (const [label, url] of [['anonymous URL', anonymous], ['URL bound to a member', bound]] as const) {
				const refused = await fetchFile(request, url);
				expect([refused.status, refused.json?.code, refused.headers['x-mvs-served-by']], `${filter}, ${label}`).toEqual([401, 'e2e_members_only', undefined]);
			}
			// The member's own API calls still work (the filter refuses visitors only).
			expect((await api('member2').op('get_media', { params: { id: item.id } })).status).toBe(200);
		} finally {
			await siteFilters(admin, []);
		}
	}
	expect((await leanRecord(admin)).record).toMatchObject({ internal_prefix: '/mvs-internal/', plugin: 'media-community-service/media-community-service.php', viewers: true });
	const after = await fetchFile(request, anonymous);
	expect(after.status).toBe(200);
	if (native) expect(after.headers['x-mvs-served-by']).toBe('lean');
});

test('a plugin filtering user meta leaves other members\' URLs to WordPress (their blocks are user meta); anonymous and owners\' URLs stay lean', async ({ api, request }) => {
	const admin = api('admin');
	const item = await upload(api('member'), { privacy: 'members' });
	const { url: bound } = await signedUrl(api('member2'), item.id);
	const { url: own } = await signedUrl(api('member'), item.id);
	const anonymous = (await upload(api('member'), { privacy: 'public' })).file_url as string;
	if (native) expect((await fetchFile(request, bound)).headers['x-mvs-served-by']).toBe('lean');
	await siteFilters(admin, ['user_meta_filter']);
	try {
		expect((await leanRecord(admin)).record).toMatchObject({ viewers: false });
		const handed = await fetchFile(request, bound);
		expect([handed.status, handed.headers['x-mvs-served-by']]).toEqual([200, undefined]);
		for (const url of [own, anonymous]) {
			const res = await fetchFile(request, url);
			expect([res.status, res.headers['x-mvs-served-by']]).toEqual([200, native ? 'lean' : undefined]);
		}
	} finally {
		await siteFilters(admin, []);
	}
	expect((await leanRecord(admin)).record).toMatchObject({ viewers: true });
	if (native) expect((await fetchFile(request, bound)).headers['x-mvs-served-by']).toBe('lean');
});

test('a gate filter that depends on the request turns the lean path off, and the record stops being rewritten request after request', async ({ api, request }) => {
	const admin = api('admin');
	const item = await upload(api('member'), { privacy: 'public' });
	const anonymous = item.file_url as string;
	// mvs_rest_require_auth arms the gate for requests carrying X-MVS-Test-Gate: 1, as a filter by network or header would.
	await siteFilters(admin, ['gate_by_header']);
	try {
		const gated = { 'X-MVS-Test-Gate': '1' };
		// Full requests with and without the header: whatever the filter answered on them, the record is "off", written once.
		const first = await leanRecord(admin);
		expect(first.record).toEqual([]);
		for (let i = 0; i < 3; i++) {
			await recordingRequest(admin.withHeaders(gated));
			await recordingRequest(admin);
		}
		const later = await leanRecord(admin);
		expect(later).toEqual({ record: [], writes: first.writes });
		// The last full request had no header (gate off for it): a visitor with the header still meets the gate.
		const closed = await fetchFile(request, anonymous, gated);
		expect([closed.status, closed.json?.code, closed.headers['x-mvs-served-by']]).toEqual([401, 'mvs_community_private', undefined]);
		// Without the header the file comes, from WordPress rather than the lean entry.
		const open = await fetchFile(request, anonymous);
		expect([open.status, open.headers['x-mvs-served-by']]).toEqual([200, undefined]);
	} finally {
		await siteFilters(admin, []);
	}
	expect((await leanRecord(admin)).record).not.toEqual([]);
	if (native) expect((await fetchFile(request, anonymous)).headers['x-mvs-served-by']).toBe('lean');
});

test('activating or deactivating any plugin deletes the lean record: WordPress serves every file until the next request for an mvs/v1 route records it again', async ({ api }) => {
	const admin = api('admin');
	const record = async () => (await admin.raw('GET', '/wp-json/mvs-test/v1/serve-lean')).body.record;
	const hello = async (status: 'active' | 'inactive') => expect((await admin.raw('POST', '/wp-json/wp/v2/plugins/hello', { json: { status } })).status).toBe(200);
	expect((await leanRecord(admin)).record).toMatchObject({ plugin: 'media-community-service/media-community-service.php' });
	await hello('active');
	try {
		// Requests for other namespaces (this harness route) do not record.
		expect(await record()).toBeNull();
		expect((await leanRecord(admin)).record).toMatchObject({ plugin: 'media-community-service/media-community-service.php' });
	} finally {
		await hello('inactive');
	}
	expect(await record()).toBeNull();
	expect((await leanRecord(admin)).record).toMatchObject({ plugin: 'media-community-service/media-community-service.php' });
});

test('view records older than view_log_days (90) are deleted by the daily clean-up; counts stay; 0 keeps them', async ({ api }) => {
	const admin = api('admin');
	const item = await upload(api('member'));
	// Three viewers: one counted view per viewer and item in 30 minutes.
	for (let i = 0; i < 3; i++) expect((await api('anonymous').withHeaders({ 'User-Agent': `viewer-${i}` }).op('record_media_view', { params: { id: item.id } })).status).toBe(200);
	// The harness ages the item's first `limit` view records and counts them.
	const viewLog = async (age_days = 0, limit = 1000) => {
		const res = await admin.raw('POST', '/wp-json/mvs-test/v1/view-log', { json: { media_id: item.id, age_days, limit } });
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		return res.body.rows as number;
	};
	const purge = async () => {
		const res = await admin.raw('POST', '/wp-json/mvs-test/v1/purge-view-log');
		expect(res.status).toBe(200);
		// The daily event stays scheduled.
		expect(res.body.scheduled).toBe(true);
	};
	expect(await viewLog()).toBe(3);
	// One record 89 days old (kept), two 91 days old (deleted).
	await viewLog(89, 3);
	await viewLog(91, 2);
	await purge();
	expect(await viewLog()).toBe(1);
	expect((await stats(api('member'), item.id)).views).toBe(3);

	// 0 keeps every record, however old.
	await saveSettings(admin, { view_log_days: 0 });
	await viewLog(400);
	await purge();
	expect(await viewLog()).toBe(1);
	// A shorter period applies from the next run.
	await saveSettings(admin, { view_log_days: 30 });
	await purge();
	expect(await viewLog()).toBe(0);
	expect((await stats(api('member'), item.id)).views).toBe(3);
	await saveSettings(admin, { view_log_days: 90 });
});
