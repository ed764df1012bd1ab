/**
 * The fast path of GET /serve (MVS_Serve_Fast_Path) answers a signed URL
 * before init and the REST server, and must never decide differently from
 * the REST route. Every case is fetched twice: as signed (the fast path may
 * take it) and with `_embed=1` added (the fast path leaves any `_` parameter
 * to the REST route, which ignores `_embed` on a file answer). Both answers
 * must be byte-for-byte the same, and the test harness's X-MVS-Queries
 * header, sent only by a REST dispatch, tells which path answered: the fast
 * path serves files (200, 206, 304) and leaves every refusal to the route.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test, upload, type Api } from '../support/mvs';
import { freshUser } from '../support/moderation';
import { bigPdf, fetchFile, serveQuery, signedUrl, type Fetched } from '../support/serve';

test.describe.configure({ mode: 'parallel' });

const COMPARED = ['content-type', 'content-length', 'content-range', 'content-disposition', 'cache-control', 'etag', 'last-modified', 'accept-ranges', 'x-content-type-options', 'content-security-policy'];

const viaRoute = (url: string) => `${url}&_embed=1`;
const answeredByRoute = (res: Fetched) => res.headers['x-mvs-queries'] !== undefined;

/** Fetches a URL both ways and checks both answers are the same; returns the fast one. */
async function same(request: APIRequestContext, label: string, url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Fetched> {
	const fast = await fetchFile(request, url, headers, method);
	const route = await fetchFile(request, viaRoute(url), headers, method);
	expect(answeredByRoute(route), `${label}: the _embed request goes through the REST route`).toBe(true);
	expect(fast.status, label).toBe(route.status);
	expect(Buffer.compare(fast.body, route.body), `${label}: body`).toBe(0);
	for (const name of COMPARED) expect(fast.headers[name], `${label}: ${name}`).toBe(route.headers[name]);
	const file = [200, 206, 304].includes(fast.status);
	expect(answeredByRoute(fast), `${label}: ${file ? 'the fast path sends files' : 'refusals are left to the REST route'}`).toBe(!file);
	return fast;
}

async function signFor(admin: Api, mediaId: number, userId: number, expires: number): Promise<string> {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/sign', { json: { media_id: mediaId, user_id: userId, expires } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body.url as string;
}

test('files: whole, HEAD, ranges, 416, conditional requests and downloads answer the same on both paths', async ({ api, request }) => {
	const pdf = bigPdf(30_000);
	const item = await upload(api('member'), { privacy: 'public', file: pdf });
	const anonymousUrl = item.file_url;
	const first = await same(request, 'public file_url', anonymousUrl);
	expect(first.status).toBe(200);
	expect(Buffer.compare(first.body, Buffer.from(pdf.buffer))).toBe(0);
	expect(first.headers['cache-control']).toContain('public');
	const { url } = await signedUrl(api('member2'), item.id);
	expect((await same(request, 'viewer-bound URL', url)).headers['cache-control']).toContain('no-store');
	expect((await same(request, 'HEAD', url, {}, 'HEAD')).body.length).toBe(0);
	for (const range of ['bytes=0-0', 'bytes=100-20099', 'bytes=-500', 'bytes=29000-', 'bytes=0-1,5-6', 'bytes=50-10']) {
		await same(request, `Range ${range}`, url, { Range: range });
	}
	expect((await same(request, 'Range beyond the end', url, { Range: 'bytes=40000-' })).status).toBe(416);
	expect((await same(request, 'If-None-Match', url, { 'If-None-Match': first.headers.etag })).status).toBe(304);
	expect((await same(request, 'If-Modified-Since', url, { 'If-Modified-Since': first.headers['last-modified'] })).status).toBe(304);
	expect((await same(request, 'stale If-None-Match', url, { 'If-None-Match': '"older"' })).status).toBe(200);
	expect((await same(request, 'stale If-Range', url, { Range: 'bytes=0-9', 'If-Range': '"older"' })).status).toBe(200);
	expect((await same(request, 'current If-Range', url, { Range: 'bytes=0-9', 'If-Range': first.headers.etag })).status).toBe(206);
	const download = await signedUrl(api('member2'), item.id, { download: true });
	expect((await same(request, 'mvs_dl=1', download.url)).headers['content-disposition']).toMatch(/^attachment;/);
});

test('the lean entry answers anonymous URLs to public files where the web server maps it, and hands everything else back', async ({ api, request, baseURL }) => {
	test.skip(process.env.MVS_TARGET !== 'native', 'the lean rule is a web server rule: the native stack\'s nginx has it, Playground has no rules');
	const leanServed = (res: Fetched) => res.headers['x-mvs-served-by'];
	const member = api('member');
	const pdf = bigPdf(20_000);
	const item = await upload(member, { privacy: 'public', file: pdf });
	const anonymous = item.file_url as string;
	expect(serveQuery(anonymous).mvs_uid).toBe('0');

	// Files: from the lean entry, identical to the REST route's answer (same() compares them).
	const whole = await same(request, 'lean: whole file', anonymous);
	expect(leanServed(whole)).toBe('lean');
	expect(Buffer.compare(whole.body, Buffer.from(pdf.buffer))).toBe(0);
	expect(whole.headers['content-type']).toBe('application/pdf');
	expect(leanServed(await same(request, 'lean: range', anonymous, { Range: 'bytes=10-99' }))).toBe('lean');
	expect(leanServed(await same(request, 'lean: HEAD', anonymous, {}, 'HEAD'))).toBe('lean');
	expect(leanServed(await same(request, 'lean: revalidation', anonymous, { 'If-None-Match': whole.headers.etag }))).toBe('lean');

	// Handed back to WordPress: refusals, a 416, downloads; each answered exactly as the REST route answers it.
	const flip = (sig: string) => sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
	const tampered = anonymous.replace(/mvs_sig=([0-9a-f]+)/, (_, sig: string) => `mvs_sig=${flip(sig)}`);
	const refused = await same(request, 'lean: tampered', tampered);
	expect([refused.status, refused.json?.code, refused.headers['content-type']]).toEqual([403, 'mvs_signature_invalid', 'application/json; charset=UTF-8']);
	expect(leanServed(refused)).toBeUndefined();
	expect((await same(request, 'lean: 416', anonymous, { Range: 'bytes=900000-' })).status).toBe(416);
	// A download is counted, which is WordPress's work.
	const download = await signedUrl(api('member2'), item.id, { download: true });
	expect(leanServed(await same(request, 'lean: download', download.url))).toBeUndefined();
	// Another method: the REST server's own answer (no such route), not a file.
	const post = await fetchFile(request, anonymous, {}, 'POST');
	expect([post.status, post.json?.code]).toEqual([404, 'rest_no_route']);

	// Turned private: the outstanding anonymous URL is refused by the route, never served lean.
	expect((await member.op('update_media', { params: { id: item.id }, body: { privacy: 'private' } })).status).toBe(200);
	const gone = await fetchFile(request, anonymous);
	expect([gone.status, gone.json?.code, leanServed(gone)]).toEqual([403, 'mvs_forbidden', undefined]);
	expect((await member.op('update_media', { params: { id: item.id }, body: { privacy: 'public' } })).status).toBe(200);

	// The file itself does nothing without the web server's rule.
	const direct = await fetchFile(request, `${baseURL}/wp-content/plugins/media-community-service/serve.php?${new URL(anonymous).searchParams}`);
	expect([direct.status, direct.body.length]).toEqual([404, 0]);

	// The hand-back of servers without internal redirects (Apache's rule): a 307 to the route's plain spelling.
	const query = new URL(anonymous).search.slice(1);
	const viaRedirect = await fetchFile(request, `${baseURL}/mvs-test/lean-redirect?${query}`);
	expect([viaRedirect.status, leanServed(viaRedirect)]).toEqual([200, 'lean-redirect']);
	expect(Buffer.compare(viaRedirect.body, whole.body)).toBe(0);
	const bounced = await fetchFile(request, `${baseURL}/mvs-test/lean-redirect?${new URL(tampered).search.slice(1)}`);
	expect(bounced.status).toBe(307);
	expect(bounced.headers.location).toBe(`${baseURL}/?rest_route=%2Fmvs%2Fv1%2Fserve&${new URL(tampered).search.slice(1)}`);
	const followed = await fetchFile(request, bounced.headers.location!);
	expect([followed.status, followed.json?.code]).toEqual([403, 'mvs_signature_invalid']);

	// A backslash added to a parameter: the REST route refuses it, so the lean entry, where WordPress adds no
	// slashes to strip, must not read the URL without it (it used to serve these with 200).
	const search = new URL(anonymous).searchParams;
	const sig = search.get('mvs_sig')!;
	const slashed = {
		'backslash in mvs_sig': anonymous.replace(`mvs_sig=${sig}`, `mvs_sig=${sig.slice(0, 10)}%5C${sig.slice(10)}`),
		'backslash after mvs_id': anonymous.replace(/([?&]mvs_id=\d+)(?=&|$)/, '$1%5C'),
	};
	for (const [label, variant] of Object.entries(slashed)) {
		expect(variant, label).toContain('%5C');
		const res = await same(request, `lean: ${label}`, variant);
		expect([400, 403], label).toContain(res.status);
		expect(leanServed(res), label).toBeUndefined();
	}
	// A newline after a number: PCRE's "$" also matched before it, so the lean entry read mvs_id=5%0A as 5.
	// Only the canonical form is taken outside the REST route; the route answers the rest (PHP 8 reads "5\n"
	// as a number, PHP 7.4 refuses it).
	const newline = anonymous.replace(/([?&]mvs_id=\d+)(?=&|$)/, '$1%0A');
	expect(newline).toContain('%0A');
	const viaLean = await fetchFile(request, newline);
	expect(leanServed(viaLean)).toBeUndefined();
	expect(viaLean.status).toBe((await fetchFile(request, viaRoute(newline))).status);

	// A rule whose script path is wrong (the plugin folder named otherwise): php-fpm's 404 is turned into the
	// hand-back, so WordPress still answers (here through the plain rest_route spelling the test location needs).
	const missing = await fetchFile(request, `${baseURL}/mvs-test/lean-missing?rest_route=%2Fmvs%2Fv1%2Fserve&${query}`);
	expect(missing.status).toBe(200);
	expect(Buffer.compare(missing.body, whole.body)).toBe(0);
});

test('the lean entry answers URLs signed for the owner, and for members where the row and their blocks decide; moderators, rejections and blocks go to WordPress', async ({ api, request }) => {
	test.skip(process.env.MVS_TARGET !== 'native', 'the lean rule is a web server rule: the native stack\'s nginx has it, Playground has no rules');
	const leanServed = (res: Fetched) => res.headers['x-mvs-served-by'];
	const admin = api('admin');
	const moderator = api('moderator');
	// Users of their own: a block is between two users, and the other specs run alongside.
	const owner = await freshUser(admin);
	const viewer = await freshUser(admin);
	try {
		const pdf = bigPdf(12_000);
		const privateItem = await upload(owner.api, { privacy: 'private', file: pdf });
		const membersItem = await upload(owner.api, { privacy: 'members' });
		const publicItem = await upload(owner.api, { privacy: 'public' });

		// The owner's URL to a private item: the lean entry, as the route answers it (same() compares them).
		const ownUrl = (await signedUrl(owner.api, privateItem.id)).url;
		expect(serveQuery(ownUrl).mvs_uid).toBe(String(owner.id));
		const own = await same(request, 'owner, private item', ownUrl);
		expect([own.status, leanServed(own)]).toEqual([200, 'lean']);
		expect(Buffer.compare(own.body, Buffer.from(pdf.buffer))).toBe(0);
		expect(own.headers['cache-control']).toContain('no-store');
		expect(leanServed(await same(request, 'owner, range', ownUrl, { Range: 'bytes=5-50' }))).toBe('lean');
		// Another member: members-only and public items, from the row and the viewer's (empty) blocks.
		const theirs = (await signedUrl(viewer.api, membersItem.id)).url;
		expect(leanServed(await same(request, 'member, members item', theirs))).toBe('lean');
		expect(leanServed(await same(request, 'member, public item', (await signedUrl(viewer.api, publicItem.id)).url))).toBe('lean');
		// A moderator's URL to someone's private item needs capabilities: WordPress serves it.
		const moderated = await same(request, 'moderator, private item', (await signedUrl(moderator, privateItem.id)).url);
		expect([moderated.status, leanServed(moderated)]).toEqual([200, undefined]);

		// Rejected: the owner's URL is still served lean; the member's outstanding URL is refused by the route.
		expect((await moderator.op('reject_media', { params: { id: membersItem.id } })).status).toBe(200);
		const ownRejected = await same(request, 'owner, rejected item', (await signedUrl(owner.api, membersItem.id)).url);
		expect([ownRejected.status, leanServed(ownRejected)]).toEqual([200, 'lean']);
		const rejected = await same(request, 'member, rejected item', theirs);
		expect([rejected.status, rejected.json?.code, leanServed(rejected)]).toEqual([403, 'mvs_forbidden', undefined]);
		expect((await moderator.op('approve_media', { params: { id: membersItem.id } })).status).toBe(200);
		expect(leanServed(await same(request, 'member, approved again', theirs))).toBe('lean');

		// A block, in either direction, kills the member's outstanding URL; the owner's own URL stays.
		expect((await owner.api.op('block_user', { params: { id: viewer.id } })).status).toBe(200);
		const blocked = await same(request, 'member, blocked by the owner', theirs);
		expect([blocked.status, blocked.json?.code, leanServed(blocked)]).toEqual([403, 'mvs_forbidden', undefined]);
		expect(leanServed(await same(request, 'owner after the block', ownUrl))).toBe('lean');
		expect((await owner.api.op('unblock_user', { params: { id: viewer.id } })).status).toBe(200);
		expect((await viewer.api.op('block_user', { params: { id: owner.id } })).status).toBe(200);
		const blocking = await same(request, 'member, who blocked the owner', theirs);
		expect([blocking.status, blocking.json?.code, leanServed(blocking)]).toEqual([403, 'mvs_forbidden', undefined]);
	} finally {
		await owner.api.dispose();
		await viewer.api.dispose();
	}
});

test('tampered, expired, re-targeted and wrongly addressed URLs: the same refusal from the REST route', async ({ api, fixtures, request }) => {
	const member = api('member');
	const item = await upload(member, { privacy: 'members' });
	const other = await upload(member, { privacy: 'members' });
	const { url } = await signedUrl(api('member2'), item.id);
	const good = serveQuery(url);
	const base = url.split('?')[0]!;
	const build = (query: Record<string, string>) => `${base}?${new URLSearchParams(query)}`;
	const flip = (sig: string) => sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
	const refused: Record<string, [string, number, string]> = {
		'signature altered': [build({ ...good, mvs_sig: flip(good.mvs_sig) }), 403, 'mvs_signature_invalid'],
		'replayed on another item': [build({ ...good, mvs_id: String(other.id) }), 403, 'mvs_signature_invalid'],
		're-targeted to another user': [build({ ...good, mvs_uid: String(fixtures.users.member.id) }), 403, 'mvs_signature_invalid'],
		'made anonymous': [build({ ...good, mvs_uid: '0' }), 403, 'mvs_signature_invalid'],
		'expiry extended': [build({ ...good, mvs_exp: String(Number(good.mvs_exp) + 60) }), 403, 'mvs_signature_invalid'],
		'size added': [build({ ...good, mvs_size: 'thumbnail' }), 403, 'mvs_signature_invalid'],
		'download added': [build({ ...good, mvs_dl: '1' }), 403, 'mvs_signature_invalid'],
		'expired': [await signFor(api('admin'), item.id, fixtures.users.member2.id, Math.floor(Date.now() / 1000) - 5), 403, 'mvs_signature_expired'],
		'validly signed for anonymous, members-only item': [await signFor(api('admin'), item.id, 0, Math.floor(Date.now() / 1000) + 600), 403, 'mvs_forbidden'],
		// One spelling per number (issue 23): WordPress would read 012 as 12, another cache key for the same file.
		'leading zero in mvs_id': [build({ ...good, mvs_id: `0${good.mvs_id}` }), 400, 'rest_invalid_param'],
	};
	for (const [label, [tampered, status, code]] of Object.entries(refused)) {
		const res = await same(request, label, tampered);
		expect(res.status, label).toBe(status);
		expect(res.json?.code, label).toBe(code);
	}
	// Spellings of the route WordPress accepts, and requests whose REST handling adds something (CORS headers, a
	// credentials check), are left to the route by the fast path: still the file, from the REST route.
	const routeOnly: Record<string, [string, Record<string, string>]> = {
		'route in capitals': [build(good).replace('/mvs/v1/serve', '/MVS/v1/serve'), {}],
		'rest_route form': [`${new URL(base).origin}/?${new URLSearchParams({ rest_route: '/mvs/v1/serve', ...good })}`, {}],
		'cross-origin request': [url, { Origin: 'https://elsewhere.example' }],
	};
	for (const [label, [variant, headers]] of Object.entries(routeOnly)) {
		const res = await fetchFile(request, variant, headers);
		expect(res.status, label).toBe(200);
		expect(answeredByRoute(res), label).toBe(true);
	}
	// Credentials are the REST server's to judge: wrong ones are its 401, as on every route (issue 32, credentials.spec).
	const wrong = await fetchFile(request, url, { Authorization: `Basic ${Buffer.from(`${fixtures.users.member.login}:wrong wrong wrong`).toString('base64')}` });
	expect(wrong.status, 'wrong credentials').toBe(401);
	expect(wrong.json?.code, 'wrong credentials').toBe('incorrect_password');
	// A body: WordPress reads it, and JSON parameters in it win over the query string, so the route must judge it.
	// (Found by the security fuzzer: a 1 MB body on a valid URL stalled until the timeout when nobody read it.)
	const json = JSON.stringify({ mvs_id: Number(other.id) });
	const withBody = await request.fetch(url, { method: 'GET', headers: { 'Content-Type': 'application/json', Connection: 'close' }, data: json, failOnStatusCode: false });
	expect(withBody.status()).toBe(403);
	expect(withBody.headers()['x-mvs-queries']).toBeDefined();
	expect((await withBody.json()).code).toBe('mvs_signature_invalid');
	const bigBody = await request.fetch(url, { method: 'GET', headers: { 'Content-Type': 'application/octet-stream', Connection: 'close' }, data: Buffer.alloc(1024 * 1024), failOnStatusCode: false, timeout: 20_000 });
	expect(bigBody.status()).toBe(200);
	// The REST server's CORS headers come with the file (they used to be sent after its first bytes: a PHP warning).
	const crossOrigin = await fetchFile(request, url, { Origin: 'https://elsewhere.example' });
	expect(crossOrigin.headers['access-control-allow-origin']).toBe('https://elsewhere.example');
});

test('privacy changed, rejected, blocked either way, deleted: outstanding URLs die on the fast path too', async ({ api, request }) => {
	const owner = await freshUser(api('admin'));
	const viewer = await freshUser(api('admin'));
	const item = await upload(owner.api, { privacy: 'public' });
	const anonymousUrl = item.file_url;
	const viewerUrl = (await signedUrl(viewer.api, item.id)).url;
	const ownerUrl = (await signedUrl(owner.api, item.id)).url;
	const status = async (label: string, url: string) => (await same(request, label, url)).status;
	expect(await status('before: anonymous', anonymousUrl)).toBe(200);
	expect(await status('before: viewer', viewerUrl)).toBe(200);

	expect((await owner.api.op('update_media', { params: { id: item.id }, body: { privacy: 'members' } })).status).toBe(200);
	expect(await status('members-only: anonymous', anonymousUrl)).toBe(403);
	expect(await status('members-only: viewer', viewerUrl)).toBe(200);
	expect((await owner.api.op('update_media', { params: { id: item.id }, body: { privacy: 'private' } })).status).toBe(200);
	expect(await status('private: viewer', viewerUrl)).toBe(403);
	expect(await status('private: owner', ownerUrl)).toBe(200);
	expect((await owner.api.op('update_media', { params: { id: item.id }, body: { privacy: 'public' } })).status).toBe(200);
	expect(await status('public again: anonymous', anonymousUrl)).toBe(200);

	expect((await viewer.api.op('block_user', { params: { id: owner.id } })).status).toBe(200);
	expect(await status('viewer blocked owner', viewerUrl)).toBe(403);
	expect((await viewer.api.op('unblock_user', { params: { id: owner.id } })).status).toBe(200);
	expect(await status('unblocked', viewerUrl)).toBe(200);
	expect((await owner.api.op('block_user', { params: { id: viewer.id } })).status).toBe(200);
	expect(await status('owner blocked viewer', viewerUrl)).toBe(403);
	expect(await status('a block does not touch anonymous URLs', anonymousUrl)).toBe(200);
	expect((await owner.api.op('unblock_user', { params: { id: viewer.id } })).status).toBe(200);

	expect((await api('moderator').op('reject_media', { params: { id: item.id } })).status).toBe(200);
	expect(await status('rejected: anonymous', anonymousUrl)).toBe(403);
	expect(await status('rejected: viewer', viewerUrl)).toBe(403);
	expect(await status('rejected: owner', ownerUrl)).toBe(200);

	expect((await owner.api.op('delete_media', { params: { id: item.id } })).status).toBe(200);
	expect(await status('deleted: owner', ownerUrl)).toBe(404);
});
