/**
 * What the plugins cost requests that are not theirs (docs/cost-to-the-site.md):
 * a REST request for another namespace registers none of their routes, while
 * every way of reaching them still does (their namespace in any letter case,
 * ?rest_route=, the index, a PHP dispatch from another route). The harness
 * reports the namespaces a request registered (X-MVS-Namespaces).
 */
import { expect, test } from '../support/mvs';

test('a REST request for another namespace registers no route of the plugins; their own requests, the index and PHP dispatches still reach them', async ({ api }) => {
	const anonymous = api('anonymous');
	const registered = async (path: string, query?: Record<string, string>, as = anonymous) => {
		const res = await as.raw('GET', path, { query });
		expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
		return res.headers['x-mvs-namespaces'];
	};
	expect(await registered('/wp-json/wp/v2/types')).toBe('');
	expect(await registered('/wp-json/mvs/v1/media', { per_page: '1' })).toBe('mvs/v1');
	// WordPress matches routes case-insensitively: so does the scope.
	expect(await registered('/wp-json/MVS/v1/media', { per_page: '1' })).toBe('mvs/v1');
	expect(await registered('/', { rest_route: '/mvs/v1/app/config' })).toBe('mvs/v1');
	expect(await registered('/wp-json/mvs-pro/v1/me/quota', {}, api('member'))).toBe('mvs-pro/v1');
	const index = await anonymous.raw('GET', '/wp-json/');
	expect(index.headers['x-mvs-namespaces']).toBe('mvs/v1,mvs-pro/v1');
	expect(index.body.namespaces).toEqual(expect.arrayContaining(['mvs/v1', 'mvs-pro/v1']));
	// The harness's fresh-user route (mvs-test/v1) signs the member in through POST /mvs/v1/auth/app-password,
	// dispatched from PHP: the first dispatch to mvs/v1 registers its routes before WordPress matches them.
	const fresh = await api('admin').raw('POST', '/wp-json/mvs-test/v1/fresh-user');
	expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
	expect(fresh.headers['x-mvs-namespaces']).toBe('mvs/v1');
	expect(fresh.body.appPassword).toEqual(expect.any(String));
});
