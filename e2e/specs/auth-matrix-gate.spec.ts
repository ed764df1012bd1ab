/**
 * The private-community gate (spec: Authentication 5): once armed, every
 * route of both namespaces answers 401 mvs_community_private to anonymous
 * callers, before routing or validation; logged-in users pass. This spec
 * flips a site-wide setting, so it runs alone, after every other API spec
 * (see the `gate` project in playwright.config.ts).
 */
import { armGateForThisFile } from '../support/gate';
import { expect, test } from '../support/mvs';
import { mixedCase, routes } from '../support/matrix';

test.describe.configure({ mode: 'serial' });

armGateForThisFile(test);

/**
 * Runs check() over every route with as many requests in flight as the site
 * has PHP workers (on Playground, about 1 s a request, one at a time would
 * take minutes), and returns the failures it reported, sorted.
 */
async function overAllRoutes(check: (route: (typeof routes)[number], index: number) => Promise<string | undefined>): Promise<string[]> {
	const failures: string[] = [];
	const queue = [...routes.entries()];
	const worker = async () => {
		for (let next = queue.shift(); next; next = queue.shift()) {
			const failure = await check(next[1], next[0]);
			if (failure) failures.push(failure);
		}
	};
	await Promise.all(Array.from({ length: Number(process.env.MVS_SITE_WORKERS || 4) }, worker));
	return failures.sort();
}

test('anonymous callers get 401 mvs_community_private on all 131 routes', async ({ api }) => {
	const anonymous = api('anonymous');
	const failures = await overAllRoutes(async (route) => {
		// Any id will do: the gate answers before the route is even matched.
		const path = route.path.replace(/\{[a-z_]+\}/g, '1');
		const res = await anonymous.send({ method: route.method, path: `/${route.namespace}${path}`, query: {} });
		if (res.status !== 401 || res.body?.code !== 'mvs_community_private') {
			return `${route.method} ${route.namespace}${path}: ${res.status} ${res.body?.code}`;
		}
	});
	expect(failures).toEqual([]);
});

// WordPress matches routes case-insensitively, so /MVS/v1/media reaches the
// same handler as /mvs/v1/media: the gate must decide by the route matched.
test('the gate holds on every route in mixed case (path and ?rest_route=)', async ({ api }) => {
	// Case is decided in PHP alone (WordPress's route regex and the gate's own
	// match), the same on both runtimes, and the sweep cost Playground 49 s of
	// CI: there, the audit's forms below and the sweep above stand for it.
	test.skip(process.env.MVS_TARGET === 'playground', 'runs on the native stack; the Playground tier keeps the named mixed-case forms');
	const anonymous = api('anonymous');
	const failures = await overAllRoutes(async (route, index) => {
		const path = mixedCase(`/${route.namespace}${route.path.replace(/\{[a-z_]+\}/g, '1')}`, index);
		// Alternate the two ways of naming a route so both are covered without doubling the run.
		const res =
			index % 2 === 0
				? await anonymous.send({ method: route.method, path, query: {} })
				: await anonymous.send({ method: route.method, path: '/', query: { rest_route: path } });
		if (res.status !== 401 || res.body?.code !== 'mvs_community_private') {
			return `${route.method} ${index % 2 === 0 ? path : `?rest_route=${path}`}: ${res.status} ${res.body?.code}`;
		}
	});
	expect(failures).toEqual([]);
});

test('the mixed-case rest_route forms named in the audit are refused', async ({ api }) => {
	const anonymous = api('anonymous');
	for (const [path, query] of [
		['/MVS/v1/media', {}],
		['/Mvs/v1/media/1', {}],
		['/MVS-PRO/v1/me/quota', {}],
		['/', { rest_route: '/MVS/v1/media' }],
	] as const) {
		const res = await anonymous.send({ method: 'GET', path, query });
		expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(401);
		expect(res.body.code).toBe('mvs_community_private');
	}
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
