/**
 * CORS for web clients (issue 32, row 4; docs/api-conventions.md, "Browsers:
 * CORS"): the plugin's routes expose the response headers a script reads and
 * allow the request headers /serve honours; origins are reflected as
 * WordPress does, and /serve answers a cross-origin request with the same
 * CORS headers whichever spelling (lean entry, REST route) it arrives by.
 */
import { expect, test, upload, baseUrl } from '../support/mvs';
import { bigPdf, fetchFile, type Fetched } from '../support/serve';

test.describe.configure({ mode: 'parallel' });

const ORIGIN = 'https://app.example';
const list = (value: string | undefined) => (value ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
const cors = (res: Fetched) => Object.fromEntries(Object.entries(res.headers).filter(([name]) => name.startsWith('access-control-') || name === 'vary'));

test('a cross-origin ranged /serve fetch passes preflight, and every spelling of /serve sends the same CORS headers', async ({ api, request }) => {
	const item = await upload(api('member'), { privacy: 'public', file: bigPdf(20_000) });
	const url = item.file_url;
	// The browser's preflight for a ranged, conditional fetch.
	const preflight = await fetchFile(request, url, { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'range,if-none-match,if-range,if-modified-since' }, 'OPTIONS');
	expect(preflight.status).toBe(200);
	expect(preflight.headers['access-control-allow-origin']).toBe(ORIGIN);
	expect(list(preflight.headers['access-control-allow-headers'])).toEqual(expect.arrayContaining(['range', 'if-none-match', 'if-range', 'if-modified-since', 'authorization']));

	const headers = { Origin: ORIGIN, Range: 'bytes=0-99' };
	const pretty = await fetchFile(request, url, headers);
	expect(pretty.status).toBe(206);
	expect(pretty.body.length).toBe(100);
	expect(pretty.headers['access-control-allow-origin']).toBe(ORIGIN);
	expect(list(pretty.headers['access-control-expose-headers'])).toEqual(
		expect.arrayContaining(['content-range', 'etag', 'last-modified', 'accept-ranges', 'content-length', 'content-disposition'])
	);
	// The lean entry and the fast path leave a request with an Origin to the REST route, so the other spellings
	// (the route's plain form, which no lean rule maps, and _embed, which the fast path never takes) agree.
	const query = new URL(url).searchParams;
	const plain = `${new URL(baseUrl()).origin}/?${new URLSearchParams({ rest_route: '/mvs/v1/serve', ...Object.fromEntries(query) })}`;
	for (const [label, variant] of [['rest_route form', plain], ['_embed form', `${url}&_embed=1`]] as const) {
		const res = await fetchFile(request, variant, headers);
		expect(res.status, label).toBe(206);
		expect(cors(res), label).toEqual(cors(pretty));
	}
	expect(pretty.headers['x-mvs-served-by'], 'an Origin is never answered by the lean entry').toBeUndefined();
});

test('JSON routes expose Retry-After, Location and X-MVS-Duplicate-Of; other routes keep WordPress\'s lists', async ({ request }) => {
	const site = baseUrl();
	const ours = await fetchFile(request, `${site}/wp-json/mvs/v1/media`, { Origin: ORIGIN });
	expect(ours.status).toBe(200);
	expect(ours.headers['access-control-allow-origin']).toBe(ORIGIN);
	expect(list(ours.headers['access-control-expose-headers'])).toEqual(
		expect.arrayContaining(['x-wp-total', 'x-wp-totalpages', 'link', 'retry-after', 'etag', 'last-modified', 'location', 'x-mvs-duplicate-of'])
	);
	// WordPress's index is not the plugin's: its lists stay as WordPress makes them.
	const index = await fetchFile(request, `${site}/wp-json/`, { Origin: ORIGIN });
	expect(list(index.headers['access-control-expose-headers'])).toEqual(['x-wp-total', 'x-wp-totalpages', 'link']);
	expect(list(index.headers['access-control-allow-headers'])).not.toContain('range');
});
