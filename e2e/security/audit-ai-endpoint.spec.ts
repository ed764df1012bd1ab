/**
 * Issue 23, row 10: `ai_endpoint` set to `https://2852039166/`, `0x7f000001`,
 * `127.1`, `[::ffff:127.0.0.1]` and `100.64.0.1` was saved, and link-local and
 * carrier-grade NAT ranges were not refused. Every spelling of a non-public
 * address is refused now, through both settings routes, and the stored
 * value does not change (docs/security.md, "Every spelling of a private
 * address"). The test sites allow private endpoints for their loopback mock
 * (MVS_AI_ALLOW_PRIVATE_ENDPOINTS); the harness header
 * X-MVS-Test-Public-Endpoints gives these requests the rule of a site that
 * does not. The request-time check (DNS rebinding) is proved in
 * codegen/test/ai-endpoint.test.ts, where name resolution can be faked.
 */
import { expect, test } from '../support/mvs';

const STRICT = { 'X-MVS-Test-Public-Endpoints': '1' };

const REFUSED = [
	'https://2852039166/v1/chat/completions', // 169.254.169.254 as one number: the cloud metadata address
	'https://0x7f000001/v1',
	'https://0177.0.0.1/v1',
	'https://127.1/v1',
	'https://[::ffff:127.0.0.1]/v1',
	'https://[::ffff:7f00:1]/v1',
	'https://[::1]/v1',
	'https://100.64.0.1/v1',
	'https://169.254.169.254/latest/meta-data/',
	'https://10.0.0.8/v1',
	'https://192.168.1.20/v1',
	'https://localhost/v1',
	'http://api.example.com/v1',
];

test('every spelling of a loopback, private, link-local or carrier-grade NAT address is refused as the AI endpoint, by both settings routes', async ({ api }) => {
	const admin = api('admin').withHeaders(STRICT);
	const before = (await admin.op('get_settings')).body as { values: Record<string, unknown> };
	for (const url of REFUSED) {
		const own = await admin.op('update_settings', { body: { values: { ai_endpoint: url } } });
		expect([own.status, own.body.code], url).toEqual([400, 'rest_invalid_param']);
		const wp = await admin.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: { ai_endpoint: url } } });
		expect(wp.status, url).toBe(400);
	}
	const after = (await admin.op('get_settings')).body as { values: Record<string, unknown> };
	expect(after.values.ai_endpoint).toBe(before.values.ai_endpoint);
});
