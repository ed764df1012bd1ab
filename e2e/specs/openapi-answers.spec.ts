/**
 * The OpenAPI documents declare every answer the API gives, WordPress's own
 * included, and the test client (support/mvs.ts) fails any call whose answer
 * they do not declare (docs/api-conventions.md, "What the OpenAPI documents
 * promise"). Here: the checker itself, and WordPress's answers no other spec
 * provokes through the client.
 */
import { request as playwrightRequest } from '@playwright/test';
import { Api, baseUrl, expect, test, upload } from '../support/mvs';
import { responseProblem } from '../support/schema';

const error = (code: string, status: number) => ({ code, message: 'm', data: { status } });

test('the checker refuses an undeclared status, an undeclared code, a missing header and a body of the wrong shape', () => {
	expect(responseProblem('GET', '/mvs/v1/media/5', 418, {}, error('mvs_teapot', 418))).toContain('get_media (GET /mvs/v1/media/{id}) answered 418 mvs_teapot: status 418 is not declared');
	expect(responseProblem('GET', '/mvs/v1/media/5', 404, {}, error('mvs_rate_limited', 404))).toContain('code mvs_rate_limited is not declared for 404');
	expect(responseProblem('GET', '/mvs/v1/media/5', 200, {}, [])).toContain('header ETag is missing');
	const conditional = { etag: 'W/"1"', 'cache-control': 'private, no-cache' };
	expect(responseProblem('GET', '/mvs/v1/media/5', 200, conditional, [])).toContain('the body does not match the declared schema: body: expected object, got array');
	expect(responseProblem('POST', '/mvs/v1/media', 429, {}, error('mvs_rate_limited', 429))).toContain('header Retry-After is missing');
	expect(responseProblem('POST', '/mvs/v1/media', 429, { 'retry-after': '3' }, error('mvs_rate_limited', 429))).toBeNull();
	expect(responseProblem('GET', '/mvs/v1/no-such-route', 200, {}, {})).toContain('no operation of the OpenAPI documents');
	expect(responseProblem('GET', '/mvs/v1/no-such-route', 404, {}, error('rest_no_route', 404))).toBeNull();
	// Answered before routing: the gate and bad credentials, on any path of the namespaces.
	expect(responseProblem('GET', '/mvs-pro/v1/no-such-route', 401, {}, error('mvs_community_private', 401))).toBeNull();
	expect(responseProblem('GET', '/mvs/v1/no-such-route', 401, {}, error('incorrect_password', 401))).toBeNull();
	expect(responseProblem('GET', '/mvs/v1/no-such-route', 401, {}, error('mvs_not_logged_in', 401))).toContain('no operation');
	// Literal paths win over placeholders; other namespaces are WordPress's.
	expect(responseProblem('POST', '/mvs/v1/media/bulk', 400, {}, error('rest_invalid_param', 400))).toBeNull();
	expect(responseProblem('GET', '/wp/v2/posts', 418, {}, {})).toBeNull();
});

test("WordPress's own answers pass the checker: an ID of 0 or not a number, a body that is not JSON, a stale nonce", async ({ api, fixtures }) => {
	const member = api('member');
	const item = await upload(member);
	const zero = await member.send({ method: 'GET', path: '/mvs/v1/media/0/comments', query: {} });
	expect([zero.status, zero.body.code]).toEqual([400, 'rest_invalid_param']);
	const word = await member.send({ method: 'DELETE', path: '/mvs/v1/media/abc/favorite', query: {} });
	expect([word.status, word.body.code]).toEqual([404, 'rest_no_route']);
	const broken = await member.send({ method: 'PUT', path: `/mvs/v1/media/${item.id}`, query: {}, json: Buffer.from('{"title": ') }, { 'Content-Type': 'application/json' });
	expect([broken.status, broken.body.code]).toEqual([400, 'rest_invalid_json']);

	// A browser session whose nonce is stale: WordPress's 403, declared on every operation.
	const browser = await playwrightRequest.newContext({ baseURL: baseUrl() });
	try {
		const user = fixtures.users.member;
		await browser.post('/wp-login.php', { form: { log: user.login, pwd: user.password, testcookie: '1', 'wp-submit': 'Log In' }, maxRedirects: 0 });
		const stale = await new Api('member', browser).send({ method: 'GET', path: '/mvs/v1/me/stats', query: {} }, { 'X-WP-Nonce': '0123456789' });
		expect([stale.status, stale.body.code]).toEqual([403, 'rest_cookie_invalid_nonce']);
	} finally {
		await browser.dispose();
	}
});
