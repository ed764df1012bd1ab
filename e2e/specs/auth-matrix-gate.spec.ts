/**
 * The private-community gate (spec: Authentication 5): once armed, every
 * route of both namespaces answers 401 mvs_community_private to anonymous
 * callers, before routing or validation; logged-in users pass. This spec
 * flips a site-wide setting, so it runs alone, after every other API spec
 * (see the `gate` project in playwright.config.ts).
 */
import { expect, test, type Api } from '../support/mvs';
import { routes } from '../support/matrix';

test.describe.configure({ mode: 'serial' });

async function setPrivate(api: Api, value: boolean) {
	const res = await api.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: { private_community: value } } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	expect(res.body.mvs_settings.private_community).toBe(value);
}

test.beforeAll(async ({ api }) => {
	await setPrivate(api('admin'), true);
});

test.afterAll(async ({ api }) => {
	await setPrivate(api('admin'), false);
});

test('anonymous callers get 401 mvs_community_private on all 131 routes', async ({ api }) => {
	const anonymous = api('anonymous');
	const failures: string[] = [];
	// As many requests in flight as the site has PHP workers: on Playground
	// (about 1 s a request) one at a time would take minutes.
	const queue = [...routes];
	const worker = async () => {
		for (let route = queue.shift(); route; route = queue.shift()) {
			// Any id will do: the gate answers before the route is even matched.
			const path = route.path.replace(/\{[a-z_]+\}/g, '1');
			const res = await anonymous.send({ method: route.method, path: `/${route.namespace}${path}`, query: {} });
			if (res.status !== 401 || res.body?.code !== 'mvs_community_private') {
				failures.push(`${route.method} ${route.namespace}${path}: ${res.status} ${res.body?.code}`);
			}
		}
	};
	await Promise.all(Array.from({ length: Number(process.env.MVS_SITE_WORKERS || 4) }, worker));
	expect(failures.sort()).toEqual([]);
});

test('an unknown path under a gated namespace does not reveal that it is unknown', async ({ api }) => {
	const res = await api('anonymous').raw('GET', '/wp-json/mvs-pro/v1/no-such-route');
	expect(res.status).toBe(401);
	expect(res.body.code).toBe('mvs_community_private');
});

test('logged-in users pass the gate', async ({ api }) => {
	const res = await api('subscriber').op('list_media');
	expect(res.status).toBe(200);
	expect(res.body.items).toBeInstanceOf(Array);
});

test('core WordPress routes outside the gated prefixes stay public', async ({ api }) => {
	const res = await api('anonymous').raw('GET', '/wp-json/wp/v2/types');
	expect(res.status).toBe(200);
});
