/**
 * The client package as an app uses it (client/README.md): the BUILT
 * package (@mvs/client → client/dist, which `npm run build` writes before
 * the suites run), so a broken build or export fails here, not in an app.
 * Every request goes through an injected fetch (Node's, recorded), none
 * through Playwright. Sign-in, uploads, paging headers, an error code, and
 * a 429 counted in a bucket and pinned window of its own (support/rate-limit.ts).
 */
import { randomUUID } from 'node:crypto';
import { MvsApiError, MvsHttpClient, type FetchLike } from '@mvs/client';
import { createPasswordUser } from '../support/community';
import { baseUrl, expect, files, test } from '../support/mvs';
import { pinnedWindow } from '../support/rate-limit';

test.describe.configure({ mode: 'parallel' });

type Sent = { method: string; url: string; headers: Record<string, string> };

/** Node's fetch, adding `extra` headers and recording what the client sent. */
function recordingFetch(extra: Record<string, string> = {}): { fetch: FetchLike; sent: Sent[] } {
	const sent: Sent[] = [];
	const fetcher: FetchLike = async (url, init) => {
		sent.push({ method: init.method, url, headers: init.headers });
		return fetch(url, { method: init.method, headers: { ...init.headers, ...extra }, body: init.body as string | Uint8Array<ArrayBuffer> | undefined });
	};
	return { fetch: fetcher, sent };
}

/** The MvsApiError a call throws (fails the test when it resolves or throws something else). */
async function failure(call: Promise<unknown>): Promise<MvsApiError> {
	const error = await call.then(
		() => undefined,
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(MvsApiError);
	return error as MvsApiError;
}

test('signs in, uploads and pages with X-WP-Total through an injected fetch; a failure throws its stable code', async ({ api }) => {
	const user = await createPasswordUser(api('admin'));
	const { fetch, sent } = recordingFetch();
	const site = new MvsHttpClient({ baseUrl: `${baseUrl()}/wp-json/`, fetch });

	// By e-mail: the credential names the user login, as Basic auth needs.
	const { credentials, appPassword } = await site.signIn({ username: user.email, password: user.password, appName: 'Client package', appId: randomUUID() });
	expect(credentials.username).toBe(user.login);
	expect(credentials.password).toMatch(/^[A-Za-z0-9]{24}$/);
	expect(appPassword).toMatchObject({ user_id: user.id, name: 'Client package' });

	const member = site.withCredentials(credentials);
	// A title beyond ASCII: the package writes the multipart body's UTF-8 itself.
	const first = await member.request('create_media', { body: { file: files.uniquePng(), title: 'Café ☕ one', privacy: 'public' } });
	const second = await member.request('create_media', { body: { file: files.uniquePng(), title: 'two', privacy: 'public' } });
	expect(first).toMatchObject({ title: 'Café ☕ one', author_id: user.id, media_type: 'image' });

	const page1 = await member.list('list_media', { query: { author: user.id, per_page: 1 } });
	const page2 = await member.list('list_media', { query: { author: user.id, per_page: 1, page: 2 } });
	expect([page1.total, page1.totalPages, page2.total]).toEqual([2, 2, 2]);
	expect([...page1.items, ...page2.items].map((m) => m.id).sort()).toEqual([first.id, second.id].sort());

	const missing = await failure(member.request('get_media', { params: { id: 2_000_000_000 } }));
	expect({ code: missing.code, status: missing.status, retryAfter: missing.retryAfter }).toEqual({ code: 'mvs_not_found', status: 404, retryAfter: undefined });
	expect(missing.message).not.toBe('');

	// What went over the wire: the REST root once, Basic auth only after the sign-in.
	expect(sent.map((s) => `${s.method} ${s.url.slice(baseUrl().length)}`)).toEqual([
		'POST /wp-json/mvs/v1/auth/app-password',
		'POST /wp-json/mvs/v1/media',
		'POST /wp-json/mvs/v1/media',
		`GET /wp-json/mvs/v1/media?author=${user.id}&per_page=1`,
		`GET /wp-json/mvs/v1/media?author=${user.id}&per_page=1&page=2`,
		'GET /wp-json/mvs/v1/media/2000000000',
	]);
	expect(sent[0]!.headers.Authorization).toBeUndefined();
	const basic = `Basic ${Buffer.from(`${user.login}:${credentials.password}`).toString('base64')}`;
	expect(sent.slice(1).every((s) => s.headers.Authorization === basic)).toBe(true);
});

test('a wrong password throws mvs_invalid_credentials; the sixth sign-in in a minute throws mvs_rate_limited with Retry-After', async () => {
	// Five sign-ins a minute per visitor address (docs/sign-in.md), counted in a window of this test's own.
	const { fetch } = recordingFetch(pinnedWindow('client-package').headers());
	const site = new MvsHttpClient({ baseUrl: `${baseUrl()}/wp-json`, fetch });
	const attempt = () => failure(site.signIn({ username: `nobody-${randomUUID()}`, password: 'wrong' }));

	const wrong = await attempt();
	expect({ code: wrong.code, status: wrong.status, retryAfter: wrong.retryAfter }).toEqual({ code: 'mvs_invalid_credentials', status: 401, retryAfter: undefined });
	for (let i = 2; i <= 5; i++) expect((await attempt()).code).toBe('mvs_invalid_credentials');
	const limited = await attempt();
	expect({ code: limited.code, status: limited.status, retryAfter: limited.retryAfter }).toEqual({ code: 'mvs_rate_limited', status: 429, retryAfter: 40 });
	expect(limited.headers['retry-after']).toBe('40');
});
