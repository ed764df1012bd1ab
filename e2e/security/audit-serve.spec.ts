/**
 * Issue 23, row 11: GET /serve answered 200 with the same file to
 * mvs_id=012, %2B12, "12 " and 1.2e1 (WordPress's integer check takes them
 * all as 12), so one signed URL had many spellings, each a cache key of its
 * own. The numeric parameters now accept their one decimal spelling only
 * (the DSL's canonical()), on every path: the lean entry and the fast path
 * hand any other spelling to the REST route, which answers 400. Parameters
 * the route does not read stay ignored (docs/file-delivery.md).
 */
import { baseUrl, expect, test, upload } from '../support/mvs';
import { bigPdf, fetchFile, serveQuery } from '../support/serve';

test('/serve refuses every other spelling of its numbers with 400, on the signed URL, the REST route and ?rest_route=', async ({ api, request }) => {
	const pdf = bigPdf(5_000);
	const item = await upload(api('member'), { privacy: 'public', file: pdf });
	const url = item.file_url as string;
	const good = serveQuery(url);
	const base = url.split('?')[0]!;
	const origin = new URL(url).origin;
	// Built by hand: URLSearchParams would encode "+" and spaces its own way.
	const spell = (query: Record<string, string>) => Object.entries(query).map(([key, value]) => `${key}=${value}`).join('&');

	const canonical = await fetchFile(request, url);
	expect(canonical.status).toBe(200);
	expect(Buffer.compare(canonical.body, Buffer.from(pdf.buffer))).toBe(0);

	const variants: Record<string, Record<string, string>> = {
		'mvs_id=012': { ...good, mvs_id: `0${good.mvs_id}` },
		'mvs_id=%2B12': { ...good, mvs_id: `%2B${good.mvs_id}` },
		'mvs_id="12 "': { ...good, mvs_id: `${good.mvs_id}%20` },
		'mvs_id with an exponent (1.2e1)': { ...good, mvs_id: `${Number(good.mvs_id) / 10}e1` },
		'mvs_id with a fraction': { ...good, mvs_id: `${good.mvs_id}.0` },
		'mvs_uid=00': { ...good, mvs_uid: '00' },
		'mvs_exp with a leading zero': { ...good, mvs_exp: `0${good.mvs_exp}` },
		'mvs_exp with an exponent': { ...good, mvs_exp: `${Number(good.mvs_exp) / 10}e1` },
		'mvs_dl=01': { ...good, mvs_dl: '01' },
	};
	for (const [label, query] of Object.entries(variants)) {
		const ways: [string, string][] = [
			['signed URL', `${base}?${spell(query)}`],
			['REST route (_embed)', `${base}?${spell(query)}&_embed=1`],
			['?rest_route=', `${origin}/?rest_route=/mvs/v1/serve&${spell(query)}`],
		];
		for (const [way, target] of ways) {
			const res = await fetchFile(request, target);
			expect([res.status, res.json?.code], `${label} via ${way}`).toEqual([400, 'rest_invalid_param']);
		}
	}

	// Parameters the route does not read (a link tracker's, WordPress's _fields) change nothing: the same file.
	for (const extra of ['utm_source=feed', 'fbclid=abc', '_fields=id']) {
		const res = await fetchFile(request, `${url}&${extra}`);
		expect(res.status, extra).toBe(200);
		expect(Buffer.compare(res.body, canonical.body), extra).toBe(0);
	}
});

// Issue 23, row 9: the plugin's internal docs and its personal-data inventory
// were readable under wp-content/plugins/. They live in the repository's
// docs/ now (codegen/test/shipped-files.test.ts keeps the plugin folders to
// code the site runs); the URLs the audit read answer 404.
test('the docs and inventories the audit read under the plugin folders are not there to read', async ({ request }) => {
	const origin = new URL(baseUrl()).origin;
	for (const path of [
		'/wp-content/plugins/media-community-service/docs/security.md',
		'/wp-content/plugins/media-community-service/docs/decisions.md',
		'/wp-content/plugins/media-community-service/generated/personal-data.md',
		'/wp-content/plugins/media-community-service-pro/generated/personal-data.md',
	]) {
		const res = await fetchFile(request, `${origin}${path}`);
		expect(res.status, path).toBe(404);
		expect(res.body.toString('utf8'), path).not.toContain('Security decisions');
	}
});
