/**
 * Signed file URLs and GET /serve: the signature binds every parameter,
 * expired and tampered URLs get 403 with stable codes, privacy is re-checked
 * on every request, files stream byte-exact with Range support, and caching
 * and download headers follow the item's privacy.
 */
import type { MediaItem } from '../../client/src/client';
import { expect, files, test, upload } from '../support/mvs';
import { bigPdf, fetchFile, serveQuery, signedUrl, stats } from '../support/serve';

test.describe.configure({ mode: 'parallel' });

test.describe('GET /media/{id}/signed-url', () => {
	test('signs a URL bound to the caller, with the default lifetime or a shorter ttl; only viewers get one', async ({ api, fixtures }) => {
		const member = api('member');
		const item = await upload(member, { privacy: 'private' });
		const before = Math.floor(Date.now() / 1000);
		const res = await member.op('get_media_signed_url', { params: { id: item.id } });
		expect(res.status).toBe(200);
		const query = serveQuery(res.body.url);
		expect(new URL(res.body.url).pathname + new URL(res.body.url).search).toMatch(/\/mvs\/v1\/serve|rest_route=%2Fmvs%2Fv1%2Fserve/);
		expect(query).toMatchObject({ mvs_id: String(item.id), mvs_uid: String(fixtures.users.member.id), mvs_exp: String(res.body.expires) });
		expect(query.mvs_sig).toMatch(/^[0-9a-f]{64}$/);
		expect(query.mvs_dl).toBeUndefined();
		// Default lifetime: one hour.
		expect(res.body.expires).toBeGreaterThanOrEqual(before + 3600 - 5);
		expect(res.body.expires).toBeLessThanOrEqual(before + 3600 + 60);
		const short = await signedUrl(member, item.id, { ttl: 120, download: true });
		expect(short.expires).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 120 + 5);
		expect(serveQuery(short.url).mvs_dl).toBe('1');

		for (const role of ['member2', 'subscriber'] as const) {
			const refused = await api(role).op('get_media_signed_url', { params: { id: item.id } });
			expect(refused.status, role).toBe(403);
			expect(refused.body.code, role).toBe('mvs_forbidden');
		}
		const anonymous = await api('anonymous').op('get_media_signed_url', { params: { id: item.id } });
		expect(anonymous.status).toBe(401);
		expect(anonymous.body.code).toBe('mvs_not_logged_in');
		const missing = await member.op('get_media_signed_url', { params: { id: 99999999 } });
		expect(missing.status).toBe(404);
		expect(missing.body.code).toBe('mvs_not_found');
		for (const ttl of ['59', '86401', 'soon']) {
			const bad = await member.send({ method: 'GET', path: `/mvs/v1/media/${item.id}/signed-url`, query: { ttl } });
			expect(bad.status, ttl).toBe(400);
			expect(bad.body.code, ttl).toBe('rest_invalid_param');
		}
	});

	test('file_url of a public item is one cacheable anonymous URL per hour; of a private item, a URL for the viewer', async ({ api, fixtures, request }) => {
		const pub = await upload(api('member'));
		const seenBy = await Promise.all(
			(['anonymous', 'member2', 'member'] as const).map(async (role) => (await api(role).op('get_media', { params: { id: pub.id } })).body as MediaItem),
		);
		expect(new Set(seenBy.map((i) => i.file_url)).size).toBe(1);
		const query = serveQuery(seenBy[0]!.file_url as string);
		expect(query.mvs_uid).toBe('0');
		expect(Number(query.mvs_exp) % 3600).toBe(0);
		expect(Number(query.mvs_exp)).toBeGreaterThan(Date.now() / 1000 + 3600 - 5);
		const file = await fetchFile(request, seenBy[0]!.file_url as string);
		expect(file.status).toBe(200);
		expect(file.headers['cache-control']).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
		// Shared caches (CDNs) keep it at most 5 minutes: the longest an item stays served after it went private, unless purged.
		expect(Number(/s-maxage=(\d+)/.exec(file.headers['cache-control'])![1])).toBeLessThanOrEqual(300);
		const maxAge = Number(/max-age=(\d+)/.exec(file.headers['cache-control'])![1]);
		expect(maxAge).toBeGreaterThan(0);
		expect(maxAge).toBeLessThanOrEqual(3600);
		expect(file.headers['content-type']).toBe('image/png');
		// Media types stay inline; nosniff is on every served file.
		expect(file.headers['content-disposition']).toMatch(/^inline;/);
		expect(file.headers['x-content-type-options']).toBe('nosniff');
		expect(file.headers['content-security-policy']).toBeUndefined();

		const priv = await upload(api('member'), { privacy: 'private' });
		const own = (await api('member').op('get_media', { params: { id: priv.id } })).body as MediaItem;
		expect(serveQuery(own.file_url as string).mvs_uid).toBe(String(fixtures.users.member.id));
		const privFile = await fetchFile(request, own.file_url as string);
		expect(privFile.status).toBe(200);
		expect(privFile.headers['cache-control']).toContain('no-store');
		expect(privFile.headers['cache-control']).toContain('private');
	});
});

test('mvs_purge_file_urls fires with the public URLs when a public item goes private, is bulk-changed or deleted; never for items that were not public', async ({ api }) => {
	const member = api('member');
	const purges = async (id: number) => {
		const res = await api('admin').raw('GET', `/wp-json/mvs-test/v1/purges/${id}`);
		expect(res.status).toBe(200);
		return res.body as { reason: string; urls: string[] }[];
	};
	const pub = await upload(member);
	expect(await purges(pub.id)).toEqual([]);
	expect((await member.op('update_media', { params: { id: pub.id }, body: { privacy: 'members' } })).status).toBe(200);
	const [first] = await purges(pub.id);
	expect(first!.reason).toBe('privacy');
	// The original and every size, as anonymous (uid 0) URLs.
	expect(first!.urls.length).toBeGreaterThanOrEqual(1);
	for (const url of first!.urls) expect(serveQuery(url)).toMatchObject({ mvs_id: String(pub.id), mvs_uid: '0' });
	// Members-only to private: it was not public, nothing to purge.
	expect((await member.op('update_media', { params: { id: pub.id }, body: { privacy: 'private' } })).status).toBe(200);
	expect(await purges(pub.id)).toHaveLength(1);

	const bulk = await upload(member);
	expect((await member.op('bulk_media', { body: { action: 'change_privacy', media_ids: [bulk.id], privacy: 'private' } })).status).toBe(200);
	expect((await purges(bulk.id)).map((p) => p.reason)).toEqual(['privacy']);

	const gone = await upload(member);
	expect((await member.op('delete_media', { params: { id: gone.id } })).status).toBe(200);
	expect((await purges(gone.id)).map((p) => p.reason)).toEqual(['deleted']);
});

test.describe('GET /serve', () => {
	test('streams the exact bytes with Content-Length, type, nosniff and validators', async ({ api, request }) => {
		const pdf = bigPdf(20_000, 'annual report.pdf');
		const item = await upload(api('member'), { privacy: 'members', title: 'Annual report', file: pdf });
		const { url } = await signedUrl(api('member'), item.id);
		const res = await fetchFile(request, url);
		expect(res.status).toBe(200);
		expect(res.body.length).toBe(pdf.buffer.length);
		expect(Buffer.compare(res.body, Buffer.from(pdf.buffer))).toBe(0);
		expect(res.headers['content-length']).toBe(String(pdf.buffer.length));
		expect(res.headers['content-type']).toBe('application/pdf');
		expect(res.headers['x-content-type-options']).toBe('nosniff');
		expect(res.headers['accept-ranges']).toBe('bytes');
		expect(res.headers['etag']).toMatch(/^"[0-9a-f]{32}"$/);
		expect(Date.parse(res.headers['last-modified'])).not.toBeNaN();
		// Not image, video or audio: always an attachment, in a sandbox, never rendered in the site's origin.
		expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Annual report\.pdf"/);
		expect(res.headers['content-security-policy']).toBe('sandbox');
		expect(res.headers['cache-control']).toContain('no-store');

		// A current copy is not sent again.
		const again = await fetchFile(request, url, { 'If-None-Match': res.headers['etag'] });
		expect(again.status).toBe(304);
		expect(again.body.length).toBe(0);
		const stale = await fetchFile(request, url, { 'If-None-Match': '"something-else"' });
		expect(stale.status).toBe(200);
		// HEAD: headers only.
		const head = await fetchFile(request, url, {}, 'HEAD');
		expect(head.status).toBe(200);
		expect(head.headers['content-length']).toBe(String(pdf.buffer.length));
		expect(head.body.length).toBe(0);
		// Through the typed client too (errors are JSON; here a success).
		const typed = await api('anonymous').op('serve_media_file', { query: serveQuery(url) as never });
		expect(typed.status).toBe(200);
	});

	test('the query parameters WordPress reads on every route (_fields, _embed) still get the file, never a fatal error', async ({ api, request }) => {
		// Found by the security suite's fuzzer: ?_fields= made WordPress filter the file answer as an array (a TypeError, 500).
		const pdf = bigPdf(10_000);
		const item = await upload(api('member'), { file: pdf });
		const { url } = await signedUrl(api('member'), item.id);
		for (const extra of ['_fields=id,title', '_fields=*', '_embed=1']) {
			const res = await fetchFile(request, `${url}&${extra}`);
			expect(res.status, extra).toBe(200);
			expect(Buffer.compare(res.body, Buffer.from(pdf.buffer)), extra).toBe(0);
		}
	});

	test('Range: first byte, last byte, suffix, open end, across chunks, clamped end, beyond end, If-Range', async ({ api, request }) => {
		const pdf = bigPdf(20_000);
		const bytes = Buffer.from(pdf.buffer);
		const size = bytes.length;
		const item = await upload(api('member'), { privacy: 'public', file: pdf });
		const { url } = await signedUrl(api('member'), item.id);
		const cases: [string, number, number][] = [
			['bytes=0-0', 0, 0],
			[`bytes=${size - 1}-${size - 1}`, size - 1, size - 1],
			['bytes=-500', size - 500, size - 1],
			[`bytes=-${size + 10}`, 0, size - 1],
			['bytes=19000-', 19000, size - 1],
			['bytes=8000-16500', 8000, 16500],
			[`bytes=100-${size + 5000}`, 100, size - 1],
		];
		for (const [range, first, last] of cases) {
			const res = await fetchFile(request, url, { Range: range });
			expect(res.status, range).toBe(206);
			expect(res.headers['content-range'], range).toBe(`bytes ${first}-${last}/${size}`);
			expect(res.headers['content-length'], range).toBe(String(last - first + 1));
			expect(Buffer.compare(res.body, bytes.subarray(first, last + 1)), range).toBe(0);
		}
		for (const range of [`bytes=${size}-`, `bytes=${size + 100}-${size + 200}`, 'bytes=-0']) {
			const res = await fetchFile(request, url, { Range: range });
			expect(res.status, range).toBe(416);
			expect(res.headers['content-range'], range).toBe(`bytes */${size}`);
			expect(res.json, range).toMatchObject({ code: 'mvs_range_not_satisfiable', data: { status: 416 } });
			expect(typeof res.json.message).toBe('string');
		}
		// Ranges we do not serve are ignored: the whole file.
		for (const range of ['bytes=0-1,5-6', 'items=0-5', 'bytes=50-10']) {
			const res = await fetchFile(request, url, { Range: range });
			expect(res.status, range).toBe(200);
			expect(res.body.length, range).toBe(size);
		}
		const full = await fetchFile(request, url);
		const current = await fetchFile(request, url, { Range: 'bytes=10-19', 'If-Range': full.headers['etag'] });
		expect(current.status).toBe(206);
		expect(Buffer.compare(current.body, bytes.subarray(10, 20))).toBe(0);
		const outdated = await fetchFile(request, url, { Range: 'bytes=10-19', 'If-Range': '"older"' });
		expect(outdated.status).toBe(200);
		expect(outdated.body.length).toBe(size);
	});

	test('tamper matrix: every signed parameter changed, signature altered or missing, expired, replayed on another item', async ({ api, fixtures }) => {
		const member = api('member');
		const item = await upload(member);
		const other = await upload(member);
		const { url } = await signedUrl(member, item.id);
		const good = serveQuery(url);
		const anonymous = api('anonymous');
		expect((await anonymous.op('serve_media_file', { query: good as never })).status).toBe(200);

		const flip = (sig: string) => sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
		const tampered: Record<string, Record<string, string>> = {
			'replayed on another media id': { ...good, mvs_id: String(other.id) },
			'signed for another user': { ...good, mvs_uid: String(fixtures.users.member2.id) },
			'user made anonymous': { ...good, mvs_uid: '0' },
			'expiry extended': { ...good, mvs_exp: String(Number(good.mvs_exp) + 3600) },
			'download flag added': { ...good, mvs_dl: '1' },
			'size added': { ...good, mvs_size: 'thumbnail' },
			'signature altered': { ...good, mvs_sig: flip(good.mvs_sig) },
			'signature upper-cased': { ...good, mvs_sig: good.mvs_sig.toUpperCase() },
			'signature truncated': { ...good, mvs_sig: good.mvs_sig.slice(0, 32) },
		};
		for (const [label, query] of Object.entries(tampered)) {
			const res = await anonymous.op('serve_media_file', { query: query as never });
			expect(res.status, label).toBe(403);
			expect(res.body, label).toMatchObject({ code: 'mvs_signature_invalid', data: { status: 403 } });
			expect(typeof res.body.message, label).toBe('string');
		}
		const { mvs_sig: _sig, ...unsigned } = good;
		const missing = await anonymous.send({ method: 'GET', path: '/mvs/v1/serve', query: unsigned });
		expect(missing.status).toBe(400);
		expect(missing.body.code).toBe('rest_missing_callback_param');

		// A correctly signed URL past its expiry.
		const expired = await api('admin').raw('POST', '/wp-json/mvs-test/v1/sign', {
			json: { media_id: item.id, user_id: fixtures.users.member.id, expires: Math.floor(Date.now() / 1000) - 5 },
		});
		expect(expired.status).toBe(200);
		const late = await anonymous.op('serve_media_file', { query: serveQuery(expired.body.url) as never });
		expect(late.status).toBe(403);
		expect(late.body).toMatchObject({ code: 'mvs_signature_expired', data: { status: 403 } });
		// Its expiry pushed forward by hand is a forgery, not a renewal.
		const forged = await anonymous.op('serve_media_file', {
			query: { ...serveQuery(expired.body.url), mvs_exp: String(Math.floor(Date.now() / 1000) + 600) } as never,
		});
		expect(forged.body.code).toBe('mvs_signature_invalid');
	});

	test('privacy is re-checked on every request: a URL stops working when its user may no longer view the item', async ({ api, fixtures, request }) => {
		const item = await upload(api('member'), { privacy: 'members' });
		const forMember2 = await signedUrl(api('member2'), item.id);
		expect((await fetchFile(request, forMember2.url)).status).toBe(200);
		const forOwner = await signedUrl(api('member'), item.id);
		// A URL correctly signed for someone who never could view the item.
		const stranger = await api('admin').raw('POST', '/wp-json/mvs-test/v1/sign', {
			json: { media_id: item.id, user_id: 0, expires: Math.floor(Date.now() / 1000) + 600 },
		});
		const anon = await fetchFile(request, stranger.body.url);
		expect(anon.status).toBe(403);
		expect(anon.json.code).toBe('mvs_forbidden');

		const made = await api('member').op('update_media', { params: { id: item.id }, body: { privacy: 'private' } });
		expect(made.status).toBe(200);
		const revoked = await fetchFile(request, forMember2.url);
		expect(revoked.status).toBe(403);
		expect(revoked.json).toMatchObject({ code: 'mvs_forbidden', data: { status: 403 } });
		// The owner's URL keeps working, and the public anonymous file_url of before is dead too.
		expect((await fetchFile(request, forOwner.url)).status).toBe(200);

		const gone = await upload(api('member'));
		const goneUrl = (await signedUrl(api('member'), gone.id)).url;
		expect((await api('member').op('delete_media', { params: { id: gone.id } })).status).toBe(200);
		const deleted = await fetchFile(request, goneUrl);
		expect(deleted.status).toBe(404);
		expect(deleted.json.code).toBe('mvs_not_found');
		expect(fixtures.users.member.id).toBeGreaterThan(0);
	});

	test('mvs_dl=1: attachment with a safe file name, counted once per download (not per later range)', async ({ api, request }) => {
		const item = await upload(api('member'), { privacy: 'public', title: 'Résumé "final"/v2\\x', file: bigPdf(12_000) });
		const before = await stats(api('member'), item.id);
		const { url } = await signedUrl(api('member2'), item.id, { download: true });
		const res = await fetchFile(request, url);
		expect(res.status).toBe(200);
		const disposition = res.headers['content-disposition'];
		expect(disposition).toMatch(/^attachment; filename="[^"\\/]+"; filename\*=UTF-8''[A-Za-z0-9%._~!'()*-]+$/);
		const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1];
		const decoded = decodeURIComponent(encoded!);
		expect(decoded).toContain('Résumé');
		expect(decoded).toMatch(/\.pdf$/);
		expect(decoded).not.toMatch(/["/\\]/);
		expect(/filename="([^"]+)"/.exec(disposition)![1]).toMatch(/^[\x20-\x7e]+\.pdf$/);
		expect((await stats(api('member'), item.id)).downloads).toBe(before.downloads + 1);

		// Resuming (a later range) and revalidating are the same download.
		expect((await fetchFile(request, url, { Range: 'bytes=5000-' })).status).toBe(206);
		expect((await fetchFile(request, url, { 'If-None-Match': res.headers['etag'] })).status).toBe(304);
		expect((await fetchFile(request, url, {}, 'HEAD')).status).toBe(200);
		expect((await stats(api('member'), item.id)).downloads).toBe(before.downloads + 1);
		// The same item without mvs_dl is not counted as a download (a PDF is still sent as an attachment).
		const inline = await signedUrl(api('member2'), item.id);
		expect((await fetchFile(request, inline.url)).headers['content-disposition']).toMatch(/^attachment;/);
		expect((await stats(api('member'), item.id)).downloads).toBe(before.downloads + 1);
	});
});

test.describe('image sizes through /serve', () => {
	test('each size URL in the item streams that size (a real PNG of its dimensions); the original stays the original', async ({ api, request }) => {
		const image = files.image(400, 300);
		const item = (await upload(api('member'), { privacy: 'members', file: image })) as MediaItem & {
			sizes: Record<string, { url: string; width: number; height: number }>;
		};
		const pngSize = (buffer: Buffer) => [buffer.readUInt32BE(16), buffer.readUInt32BE(20)];
		const original = await fetchFile(request, (await api('member2').op('get_media', { params: { id: item.id } })).body.file_url as string);
		expect(original.status).toBe(200);
		expect(Buffer.compare(original.body, Buffer.from(image.buffer))).toBe(0);
		const seen = (await api('member2').op('get_media', { params: { id: item.id } })).body as typeof item;
		for (const [name, [w, h]] of Object.entries({ thumbnail: [150, 150], medium: [300, 225], large: [400, 300] })) {
			const url = seen.sizes[name]!.url;
			expect(serveQuery(url).mvs_size, name).toBe(name);
			const res = await fetchFile(request, url);
			expect(res.status, name).toBe(200);
			expect(res.headers['content-type'], name).toBe('image/png');
			expect(pngSize(res.body), name).toEqual([w, h]);
			expect(res.headers['content-length'], name).toBe(String(res.body.length));
		}
		// A size URL of a members-only item is bound to the viewer like the original.
		expect(serveQuery(seen.sizes.thumbnail!.url).mvs_uid).not.toBe('0');
	});
});

test.describe('GET /media/{id}/access', () => {
	test('the access decision for each caller; 403 to who can neither view nor own; 404 when missing', async ({ api }) => {
		const pub = await upload(api('member'));
		const priv = await upload(api('member'), { privacy: 'private' });
		const owner = await api('member').op('get_media_access', { params: { id: priv.id } });
		expect(owner.status).toBe(200);
		expect(owner.body).toEqual({ media_id: priv.id, can_view: true, privacy: 'private', is_owner: true });
		const stranger = await api('member2').op('get_media_access', { params: { id: pub.id } });
		expect(stranger.body).toEqual({ media_id: pub.id, can_view: true, privacy: 'public', is_owner: false });
		const moderator = await api('moderator').op('get_media_access', { params: { id: priv.id } });
		expect(moderator.body).toEqual({ media_id: priv.id, can_view: true, privacy: 'private', is_owner: false });
		for (const role of ['anonymous', 'member2'] as const) {
			const refused = await api(role).op('get_media_access', { params: { id: priv.id } });
			expect(refused.status, role).toBe(403);
			expect(refused.body.code, role).toBe('mvs_forbidden');
		}
		const missing = await api('anonymous').op('get_media_access', { params: { id: 99999999 } });
		expect(missing.status).toBe(404);
		expect(missing.body.code).toBe('mvs_not_found');
	});
});
