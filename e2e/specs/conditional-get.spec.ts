/**
 * Conditional requests on JSON (issue 32, row 10): every successful GET of
 * the plugins' JSON routes carries a weak ETag over the body, the exposed
 * headers and the viewer; If-None-Match answers 304 with no body; members'
 * answers are private, visitors' public; errors carry none
 * (docs/api-conventions.md, "Conditional requests").
 */
import { freshUser } from '../support/moderation';
import { authorization, baseUrl, expect, test, type Api } from '../support/mvs';
import { createComment, uniqueName, uploadImage } from '../support/seed';

test.describe.configure({ mode: 'parallel' });

const get = (api: Api, path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
	api.send({ method: 'GET', path: `/mvs/v1${path}`, query }, headers);

/** HEAD through plain fetch: the typed client speaks GET. */
async function head(path: string, headers: Record<string, string> = {}) {
	const res = await fetch(`${baseUrl()}/wp-json/mvs/v1${path}`, { method: 'HEAD', headers });
	return { status: res.status, etag: res.headers.get('etag'), length: (await res.arrayBuffer()).byteLength };
}

test('a list answers with an ETag; If-None-Match answers 304 with no body, for GET and HEAD', async ({ api }) => {
	const title = uniqueName('etag');
	await uploadImage(api('member'), { title });
	const query = { s: title };
	const first = await get(api('anonymous'), '/media', query);
	expect(first.status).toBe(200);
	const etag = first.headers.etag;
	expect(etag).toMatch(/^W\/"[0-9a-f]{32}"$/);
	expect(first.headers['cache-control']).toBe('public, no-cache');
	expect(first.headers.vary).toMatch(/Authorization/);

	const again = await get(api('anonymous'), '/media', query, { 'If-None-Match': etag! });
	expect(again.status).toBe(304);
	expect(again.body).toBeNull();
	expect(again.headers.etag).toBe(etag);
	expect((await get(api('anonymous'), '/media', query, { 'If-None-Match': `W/"${'0'.repeat(32)}", ${etag}` })).status, 'one of a list').toBe(304);
	expect((await get(api('anonymous'), '/media', query, { 'If-None-Match': 'W/"stale"' })).status).toBe(200);

	const path = `/media?s=${encodeURIComponent(title)}`;
	expect(await head(path)).toEqual({ status: 200, etag, length: 0 });
	expect(await head(path, { 'If-None-Match': etag! })).toMatchObject({ status: 304, length: 0 });
});

test('a changed item, a changed total and another viewer get another ETag and a 200; members\' answers are private', async ({ api }) => {
	const member2 = api('member2');
	const id = await uploadImage(api('member'));
	const before = await get(member2, `/media/${id}`);
	expect(before.headers['cache-control']).toBe('private, no-cache');
	expect((await member2.op('add_media_favorite', { params: { id } })).status).toBe(200);
	const after = await get(member2, `/media/${id}`, {}, { 'If-None-Match': before.headers.etag! });
	expect(after.status, 'is_favorited changed').toBe(200);
	expect(after.body.is_favorited).toBe(true);
	expect(after.headers.etag).not.toBe(before.headers.etag);

	// The same body for two members who are not its owner: the viewer still makes the ETag.
	const other = await freshUser(api('admin'));
	try {
		const theirs = await get(other.api, `/media/${id}`, {}, { 'If-None-Match': before.headers.etag! });
		expect(theirs.status).toBe(200);
		expect(theirs.headers.etag).not.toBe(before.headers.etag);
	} finally {
		await other.api.dispose();
	}

	// Page 1 unchanged (comments are oldest first), X-WP-Total grown: the header is part of the answer.
	await createComment(member2, id);
	const query = { per_page: '1' };
	const one = await get(api('anonymous'), `/media/${id}/comments`, query);
	expect(one.headers['x-wp-total']).toBe('1');
	await createComment(member2, id);
	const two = await get(api('anonymous'), `/media/${id}/comments`, query, { 'If-None-Match': one.headers.etag! });
	expect(two.status).toBe(200);
	expect(two.headers['x-wp-total']).toBe('2');
	expect(two.body).toEqual(one.body);
	expect(two.headers.etag).not.toBe(one.headers.etag);
});

test('errors carry no ETag and never answer 304', async ({ api, fixtures }) => {
	const missing = await get(api('anonymous'), '/media/2000000000', {}, { 'If-None-Match': '*' });
	expect(missing.status).toBe(404);
	expect(missing.headers.etag).toBeUndefined();
	const hidden = await uploadImage(api('member'), { privacy: 'private' });
	const forbidden = await get(api('member2'), `/media/${hidden}`, {}, { 'If-None-Match': '*' });
	expect(forbidden.status).toBe(403);
	expect(forbidden.headers.etag).toBeUndefined();
	expect(await head(`/media/${hidden}`, authorization(fixtures.users.member2))).toMatchObject({ status: 403, etag: null });
});
