/**
 * The authorization matrix: every route of both namespaces, called as every
 * fixture role, must give exactly the outcome its DSL auth rule implies:
 * 401 for anonymous callers on authenticated routes, 403 without the
 * capability or ownership, and no auth error where access is allowed
 * (a 501 mvs_not_implemented for routes whose logic has not shipped, a 2xx
 * for implemented ones). Every refusal is checked again with the path in
 * mixed case (WordPress matches routes case-insensitively). Generated from codegen/out/route-manifest.json.
 * On the Playground tier each route is called once per distinct refusal,
 * without the mixed-case repeat (support/matrix-roles.ts says why).
 */
import { expect, test } from '../support/mvs';
import { expectedOutcome, mixedCase, routes, type FixtureIds } from '../support/matrix';
import { checksMixedCase, matrixRoles } from '../support/matrix-roles';
import { freshUser } from '../support/moderation';
import { prepareAllowedCall, sampleRequest, seedOwnedFixtures, uploadImage } from '../support/seed';

test.describe.configure({ mode: 'parallel' });

let ids: FixtureIds | undefined;

/** Implemented routes whose allowed calls change what others see (see the loop below). */
const ISOLATED = new Set(['report_media', 'report_user', 'block_user', 'unblock_user', 'approve_media', 'reject_media', 'analyze_media', 'undo_moderation_decision', 'moderate_member']);
/** Those of them that act on a media item rather than on its author. */
const ON_ITEM = new Set(['report_media', 'approve_media', 'reject_media', 'analyze_media', 'undo_moderation_decision']);

test.beforeAll(async ({ api, fixtures }) => {
	ids = await seedOwnedFixtures(api('member'), api('admin'), fixtures);
});

test('the manifest covers 131 routes: 121 core and 10 Pro', () => {
	// The contract's routes; extension routes (outside the contract, e.g. the
	// admin-ui settings route) are checked by the matrix below all the same.
	const contract = routes.filter((r) => r.extension === null);
	expect(contract).toHaveLength(131);
	expect(contract.filter((r) => r.namespace === 'mvs/v1')).toHaveLength(121);
	expect(contract.filter((r) => r.namespace === 'mvs-pro/v1')).toHaveLength(10);
	expect(routes.filter((r) => r.extension !== null).map((r) => r.name)).toEqual(['list_moderation_desk', 'undo_moderation_decision', 'list_held_comments', 'moderate_comment', 'list_reported_members', 'search_desk_members', 'moderate_member', 'get_settings', 'update_settings', 'check_storage_exposure', 'get_community_overview', 'list_member_quotas', 'list_user_credit_history']);
});

for (const route of routes) {
	test(`${route.method} /${route.namespace}${route.path} [${route.auth.kind}]`, async ({ api }) => {
		const outcomes: string[] = [];
		const failures: string[] = [];
		for (const role of matrixRoles(route)) {
			const expected = expectedOutcome(route, role);
			let target = ids!;
			// Reports, blocks and moderation decisions get a throw-away user and item,
			// so they never hide or flag the shared fixtures other tests read.
			if (expected.allowed && route.implemented && ISOLATED.has(route.name)) {
				const fresh = await freshUser(api('admin'));
				const media = ON_ITEM.has(route.name) ? await uploadImage(fresh.api) : ids!.media;
				await fresh.api.dispose();
				target = { ...ids!, memberId: fresh.id, media };
			}
			// Allowed calls to implemented routes get objects that make them succeed (fresh ones for destructive routes).
			let request = expected.allowed && route.implemented ? await prepareAllowedCall(route, target, api, role) : sampleRequest(route, target);
			let caller = api(role);
			// DELETE /me schedules the caller's deletion: a throw-away member asks, with their password.
			const leaver = expected.allowed && route.implemented && route.name === 'delete_my_account' ? await freshUser(api('admin')) : undefined;
			if (leaver) {
				caller = leaver.api;
				request = { ...request, json: { confirm: 'DELETE', password: leaver.password } };
			}
			const res = await caller.send(request);
			await leaver?.api.dispose();
			const code = (res.body as { code?: string } | null)?.code;
			outcomes.push(`${role}: ${res.status} ${code ?? ''}`.trim());
			if (expected.allowed) {
				if (route.implemented) {
					if (res.status < 200 || res.status >= 300) failures.push(`${role} expected 2xx, got ${res.status} ${code}`);
				} else if (res.status !== 501 || code !== 'mvs_not_implemented') {
					failures.push(`${role} expected 501 mvs_not_implemented, got ${res.status} ${code}`);
				}
			} else {
				if (res.status !== expected.status || !expected.codes.includes(code ?? '')) {
					failures.push(`${role} expected ${expected.status} ${expected.codes.join('|')}, got ${res.status} ${code}`);
				}
				// WordPress matches routes case-insensitively: a refusal must not depend on the case of the path.
				if (!checksMixedCase()) continue;
				const mixed = await api(role).send({ ...request, path: mixedCase(request.path) });
				const mixedCode = (mixed.body as { code?: string } | null)?.code;
				if (mixed.status !== expected.status || !expected.codes.includes(mixedCode ?? '')) {
					failures.push(`${role} at ${mixedCase(request.path)} expected ${expected.status}, got ${mixed.status} ${mixedCode}`);
				}
			}
		}
		expect(failures, outcomes.join('\n')).toEqual([]);
	});
}

test('the removed path /moderation/queue answers 404', async ({ api }) => {
	const res = await api('moderator').raw('GET', '/wp-json/mvs/v1/moderation/queue');
	expect(res.status).toBe(404);
});

test('every declared route is registered in the REST index', async ({ api }) => {
	const index = await api('anonymous').raw('GET', '/wp-json/');
	expect(index.status).toBe(200);
	const registered = Object.entries(index.body.routes as Record<string, { methods: string[] }>);
	for (const route of routes) {
		const pattern = `/${route.namespace}${route.path.replace(/\{([a-z_]+)\}/g, '(?P<$1>[\\d]+)')}`;
		const entry = registered.find(([path]) => path === pattern);
		expect(entry, `${route.method} ${pattern} is registered`).toBeDefined();
		for (const method of route.methods) expect(entry![1].methods).toContain(method);
	}
});
