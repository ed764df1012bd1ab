/**
 * Issue 23, rows 6 and 8: what the private-community gate answered outside
 * single REST requests. Anonymous `POST /wp-json/batch/v1` with the gate armed
 * was a fatal error (500), and the REST index listed every gated route with
 * its arguments. The gate is a site-wide setting: this spec runs after the
 * rest of the suite, alone (project security-site-wide), and disarms it
 * afterwards. The gate's answer on every route is auth-matrix-gate.spec's.
 */
import { armGateForThisFile } from '../support/gate';
import { expect, test } from '../support/mvs';

test.describe.configure({ mode: 'serial' });

armGateForThisFile(test);

// Row 6: WordPress's batch handler envelopes each sub-request's
// rest_pre_dispatch answer as a response; the gate's WP_Error there was a
// fatal error (500). Each gated sub-request now gets the gate's 401 inside
// the 207, in both validation modes; other sub-requests are answered as usual.
test('a batch request gets the gate 401 for each gated sub-request, in both validation modes', async ({ api }) => {
	const anonymous = api('anonymous');
	const requests = [
		{ method: 'POST', path: '/mvs/v1/media' },
		{ method: 'DELETE', path: '/MVS/v1/media/1' },
		{ method: 'POST', path: '/mvs-pro/v1/no-such-route' },
		{ method: 'POST', path: '/wp/v2/no-such-route' },
	];
	const gated = (response: any) => [response?.status, response?.body?.code];
	const normal = await anonymous.raw('POST', '/wp-json/batch/v1', { json: { validation: 'normal', requests } });
	expect(normal.status, JSON.stringify(normal.body)).toBe(207);
	expect(normal.body.responses.slice(0, 3).map(gated)).toEqual(Array(3).fill([401, 'mvs_community_private']));
	expect(gated(normal.body.responses[3])).toEqual([404, 'rest_no_route']);

	const all = await anonymous.raw('POST', '/wp-json/BATCH/v1', { json: { validation: 'require-all-validate', requests } });
	expect(all.status, JSON.stringify(all.body)).toBe(207);
	expect(all.body.failed).toBe('validation');
	expect(all.body.responses.slice(0, 3).map(gated)).toEqual(Array(3).fill([401, 'mvs_community_private']));
	expect(all.body.responses[3]).toBeNull();

	// A member passes: WordPress's own answer (mvs routes are not batchable), no 401.
	const member = await api('subscriber').raw('POST', '/wp-json/batch/v1', { json: { validation: 'require-all-validate', requests: requests.slice(0, 1) } });
	expect([member.status, member.body.responses?.[0]?.body?.code]).toEqual([207, 'rest_batch_not_allowed']);
});

// Row 8: the REST index listed every gated route with its
// arguments to anonymous callers. Gated routes and namespaces are left out
// for callers the gate refuses; members still see them.
test('the REST index, namespace index and OPTIONS show no gated route to anonymous callers', async ({ api }) => {
	const anonymous = api('anonymous');
	const gatedKeys = (body: any) => [...Object.keys(body?.routes ?? {}), ...(body?.namespaces ?? [])].filter((key) => /^\/?mvs(-pro)?\/v1/i.test(key));
	for (const query of [{}, { context: 'help' }] as Record<string, string>[]) {
		const index = await anonymous.send({ method: 'GET', path: '/', query });
		expect(index.status).toBe(200);
		expect(Object.keys(index.body.routes)).toContain('/wp/v2/types');
		expect(gatedKeys(index.body), JSON.stringify(query)).toEqual([]);
	}
	const viaQuery = await anonymous.send({ method: 'GET', path: '/', query: { rest_route: '/' } });
	expect(gatedKeys(viaQuery.body)).toEqual([]);
	for (const path of ['/mvs/v1', '/MVS-PRO/v1/']) {
		const namespace = await anonymous.send({ method: 'GET', path, query: {} });
		expect([namespace.status, namespace.body.code], path).toEqual([401, 'mvs_community_private']);
	}
	const options = await anonymous.send({ method: 'OPTIONS', path: '/mvs/v1/media', query: {} });
	expect([options.status, options.body.code, options.body.endpoints]).toEqual([401, 'mvs_community_private', undefined]);

	const member = await api('subscriber').send({ method: 'GET', path: '/', query: {} });
	expect(member.body.namespaces).toEqual(expect.arrayContaining(['mvs/v1', 'mvs-pro/v1']));
	expect(Object.keys(member.body.routes)).toContain('/mvs/v1/media');
});
