/**
 * Access rules and grants (docs/access-rules-and-grants.md): every route for
 * the owner, a stranger and a holder of manage_mvs_access, bad input, and
 * the one visibility policy: a grant opens a private item to its member
 * everywhere (read, access decision, lists and totals, tag counts,
 * collections, signed URLs), revoking or expiry closes it again, and a rule
 * that excludes the viewer hides the item from all but owner and moderators.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test, upload, type Api } from '../support/mvs';
import { freshUser } from '../support/moderation';
import { fetchFile } from '../support/serve';
import { uniqueName } from '../support/seed';

type Rule = { id: number; media_id: number; rule_type: string; rule_value: string; price: number | null; currency: string | null };
type Grant = { media_id: number; user_id: number; source: string; expires_at: string | null; created_at: string; active: boolean };

const setRules = (api: Api, id: number, rules: Record<string, unknown>[]) => api.op('replace_access_rules', { params: { media_id: id }, body: { rules } as never });
const grant = (api: Api, id: number, body: Record<string, unknown>) => api.op('grant_media_access', { params: { media_id: id }, body: body as never });

test('GET /access/options lists the roles, the rule types and the grant sources; members only', async ({ api }) => {
	const res = await api('member2').op('get_access_options', {});
	expect(res.status).toBe(200);
	const body = res.body as { roles: { slug: string }[]; rule_types: { type: string; value_kind: string }[]; grant_sources: string[] };
	expect(body.roles.map((r) => r.slug)).toEqual(expect.arrayContaining(['administrator', 'subscriber', 'mvs_member']));
	expect(body.rule_types).toEqual([
		expect.objectContaining({ type: 'role', value_kind: 'role' }),
		expect.objectContaining({ type: 'capability', value_kind: 'capability' }),
		expect.objectContaining({ type: 'followers', value_kind: 'none' }),
		expect.objectContaining({ type: 'members', value_kind: 'none' }),
	]);
	expect(body.grant_sources).toEqual(['manual']);
	expect((await api('anonymous').op('get_access_options', {})).status).toBe(401);
});

test('rules: replaced whole, listed, deleted retry-safely; owner or manage_mvs_access only; bad input changes nothing', async ({ api }) => {
	const item = await upload(api('member'));
	const set = await setRules(api('member'), item.id, [
		{ rule_type: 'role', rule_value: 'subscriber' },
		{ rule_type: 'members', price: 4.99, currency: 'EUR' },
	]);
	expect(set.status, JSON.stringify(set.body)).toBe(200);
	const rules = set.body as Rule[];
	expect(rules).toMatchObject([
		{ media_id: item.id, rule_type: 'role', rule_value: 'subscriber', price: null, currency: null },
		{ media_id: item.id, rule_type: 'members', rule_value: '', price: 4.99, currency: 'EUR' },
	]);
	expect((await api('admin').op('list_access_rules', { params: { media_id: item.id } })).body).toEqual(rules);
	expect((await api('member2').op('list_access_rules', { params: { media_id: item.id } })).status).toBe(403);
	expect((await api('moderator').op('list_access_rules', { params: { media_id: item.id } })).status).toBe(403);
	expect((await setRules(api('member2'), item.id, [])).status).toBe(403);
	expect((await api('member').op('list_access_rules', { params: { media_id: 999999999 } })).status).toBe(404);

	for (const bad of [
		{ rule_type: 'nope' },
		{ rule_type: 'role', rule_value: 'no_such_role' },
		{ rule_type: 'members', rule_value: 'x' },
		{ rule_type: 'capability', rule_value: 'Not A Cap' },
		{ rule_type: 'members', price: 1.234, currency: 'EUR' },
		{ rule_type: 'members', price: 5, currency: 'eur' },
		{ rule_type: 'members', price: 5 },
		{ rule_type: 'members', price: -1, currency: 'EUR' },
	]) {
		const res = await setRules(api('member'), item.id, [{ rule_type: 'members' }, bad]);
		expect(res.status, JSON.stringify(bad)).toBe(400);
		expect(['mvs_invalid_param', 'rest_invalid_param']).toContain((res.body as { code: string }).code);
	}
	expect((await api('member').op('list_access_rules', { params: { media_id: item.id } })).body, 'a refused set leaves the old one').toEqual(rules);

	const del = () => api('member').op('delete_access_rule', { params: { media_id: item.id, rule_id: rules[0]!.id } });
	expect((await del()).body).toEqual({ deleted: true, id: rules[0]!.id });
	expect((await del()).body).toEqual({ deleted: false, id: rules[0]!.id });
	expect((await api('member2').op('delete_access_rule', { params: { media_id: item.id, rule_id: rules[1]!.id } })).status).toBe(403);
	expect((await api('admin').op('delete_access_rule', { params: { media_id: item.id, rule_id: rules[1]!.id } })).body).toEqual({ deleted: true, id: rules[1]!.id });
	expect((await setRules(api('member'), item.id, [])).body).toEqual([]);
});

test('grants: upserted, checked, revoked retry-safely; GET /me/grants pages at a constant query count', async ({ api }) => {
	const holder = await freshUser(api('admin'));
	try {
		const [a, b, c] = [await upload(api('member'), { privacy: 'private' }), await upload(api('member'), { privacy: 'private' }), await upload(api('member'))];
		const first = await grant(api('member'), a.id, { user_id: holder.id });
		expect(first.status, JSON.stringify(first.body)).toBe(200);
		expect(first.body).toMatchObject({ media_id: a.id, user_id: holder.id, source: 'manual', expires_at: null, active: true });
		// Again: the same grant, now expiring.
		const until = new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z');
		const again = await grant(api('member'), a.id, { user_id: holder.id, expires_at: until });
		expect(again.body).toEqual({ ...(first.body as Grant), expires_at: until });

		expect((await grant(api('member'), a.id, { user_id: 999999999 })).body).toMatchObject({ code: 'mvs_user_not_found' });
		expect((await grant(api('member'), a.id, { user_id: holder.id, source: 'paid' })).body).toMatchObject({ code: 'mvs_invalid_param' });
		expect((await grant(api('member'), a.id, { user_id: holder.id, expires_at: '2020-01-01T00:00:00Z' })).body).toMatchObject({ code: 'mvs_invalid_param' });
		expect((await grant(api('member'), a.id, { user_id: holder.id, expires_at: 'tomorrow' })).status).toBe(400);
		expect((await grant(api('member2'), a.id, { user_id: holder.id })).status).toBe(403);
		expect((await grant(api('member'), 999999999, { user_id: holder.id })).status).toBe(404);
		expect((await grant(api('admin'), b.id, { user_id: holder.id })).status).toBe(200);
		expect((await grant(api('member'), c.id, { user_id: holder.id })).status).toBe(200);

		const mine = async (query: Record<string, unknown>) => {
			const res = await holder.api.op('list_my_grants', { query: query as never });
			expect(res.status).toBe(200);
			return { items: res.body as unknown as (Grant & { media: { id: number } | null })[], total: res.headers['x-wp-total'], queries: Number(res.headers['x-mvs-queries']) };
		};
		const all = await mine({ per_page: 100 });
		expect(all.items.map((g) => g.media_id)).toEqual([c.id, b.id, a.id]);
		expect(all.total).toBe('3');
		expect(all.items.every((g) => g.media !== null)).toBe(true);
		const one = await mine({ per_page: 1, page: 2 });
		expect(one.items.map((g) => g.media_id)).toEqual([b.id]);
		expect(one.queries, 'per_page does not change the query count').toBe(all.queries);
		expect((await api('anonymous').op('list_my_grants', {})).status).toBe(401);

		// Rejected items open nothing: their grants leave the list.
		expect((await api('moderator').op('reject_media', { params: { id: b.id } })).status).toBe(200);
		expect((await mine({})).items.map((g) => g.media_id)).toEqual([c.id, a.id]);

		const revoke = () => api('member').op('revoke_media_access', { params: { media_id: a.id, user_id: holder.id } });
		expect((await revoke()).body).toEqual({ media_id: a.id, user_id: holder.id, deleted: true });
		expect((await revoke()).body).toEqual({ media_id: a.id, user_id: holder.id, deleted: false });
		expect((await api('member2').op('revoke_media_access', { params: { media_id: c.id, user_id: holder.id } })).status).toBe(403);
		expect((await mine({})).items.map((g) => g.media_id)).toEqual([c.id]);
	} finally {
		await holder.api.dispose();
	}
});

/** What `api` sees of one item everywhere the shared predicate applies. */
async function seen(api: Api, request: APIRequestContext, id: number, tag: string, collection: number) {
	const read = await api.op('get_media', { params: { id } });
	const access = await api.op('get_media_access', { params: { id } });
	const list = await api.op('list_media', { query: { tag } });
	const tags = await api.op('list_tags', { query: { search: tag } });
	const coll = await api.op('get_collection', { params: { id: collection } });
	const signed = await api.op('get_media_signed_url', { params: { id } });
	const file = signed.status === 200 ? (await fetchFile(request, (signed.body as { url: string }).url)).status : signed.status;
	return {
		read: read.status,
		// The decision of an item the caller may not see is 403 (docs/api-conventions.md).
		access: access.status === 200 ? (access.body as { can_view: boolean }).can_view : access.status,
		listed: list.body.items.map((m) => m.id),
		total: list.headers['x-wp-total'],
		tag_count: (tags.body as { name: string; count: number }[]).find((t) => t.name === tag)?.count ?? 0,
		collection: (coll.body as { item_count: number }).item_count,
		file,
	};
}

test('one predicate: a grant opens a private item everywhere, revoking or expiry closes it, a rule hides a public one', async ({ api, request }) => {
	const holder = await freshUser(api('admin'));
	try {
		const tag = uniqueName('acc');
		const item = await upload(api('member'), { privacy: 'private', tags: [tag] });
		const made = await api('member').op('create_collection', { body: { title: tag, privacy: 'public' } as never });
		const collection = (made.body as { id: number }).id;
		expect((await api('member').op('add_media_favorite', { params: { id: item.id }, body: { collection_id: collection } })).status).toBe(200);
		const hidden = { read: 403, access: 403, listed: [], total: '0', tag_count: 0, collection: 0, file: 403 };
		const shown = { read: 200, access: true, listed: [item.id], total: '1', tag_count: 1, collection: 1, file: 200 };
		expect(await seen(holder.api, request, item.id, tag, collection)).toEqual(hidden);

		expect((await grant(api('member'), item.id, { user_id: holder.id })).status).toBe(200);
		expect(await seen(holder.api, request, item.id, tag, collection), 'granted').toEqual(shown);
		expect(await seen(api('member2'), request, item.id, tag, collection), 'others still not').toEqual(hidden);

		// An outstanding signed URL stops working with the grant.
		const url = ((await holder.api.op('get_media_signed_url', { params: { id: item.id } })).body as { url: string }).url;
		expect((await fetchFile(request, url)).status).toBe(200);
		expect((await api('member').op('revoke_media_access', { params: { media_id: item.id, user_id: holder.id } })).status).toBe(200);
		expect((await fetchFile(request, url)).status, 'the URL signed while granted').toBe(403);
		expect(await seen(holder.api, request, item.id, tag, collection), 'revoked').toEqual(hidden);

		// Expired: a grant that ends in two seconds.
		const soon = new Date(Date.now() + 2_000).toISOString().replace(/\.\d+Z$/, 'Z');
		expect((await grant(api('member'), item.id, { user_id: holder.id, expires_at: soon })).status).toBe(200);
		await expect
			.poll(async () => (await holder.api.op('get_media_access', { params: { id: item.id } })).status, { timeout: 10_000 })
			.toBe(403);
		expect(await seen(holder.api, request, item.id, tag, collection), 'expired').toEqual(hidden);
		const expired = await holder.api.op('list_my_grants', { query: { active_only: false } });
		expect(expired.body).toMatchObject([{ media_id: item.id, active: false, media: null }]);
		expect((await holder.api.op('list_my_grants', {})).body).toEqual([]);

		// A rule on a public item: everyone it does not name loses it, owner and moderators keep it.
		expect((await api('member').op('update_media', { params: { id: item.id }, body: { privacy: 'public' } })).status).toBe(200);
		expect(await seen(holder.api, request, item.id, tag, collection), 'public').toEqual(shown);
		expect((await setRules(api('member'), item.id, [{ rule_type: 'role', rule_value: 'subscriber' }])).status).toBe(200);
		expect(await seen(holder.api, request, item.id, tag, collection), 'a rule naming subscribers').toEqual(hidden);
		const { read: _read, file: _file, ...anonymous } = await seen(api('anonymous'), request, item.id, tag, collection);
		expect(anonymous, 'a visitor').toEqual({ access: 403, listed: [], total: '0', tag_count: 0, collection: 0 });
		expect(await seen(api('subscriber'), request, item.id, tag, collection), 'a subscriber').toEqual(shown);
		expect((await api('moderator').op('get_media', { params: { id: item.id } })).status).toBe(200);
		expect((await api('member').op('list_media', { query: { tag, scope: 'all' } })).headers['x-wp-total']).toBe('1');
		// A grant lets its member through the rule.
		expect((await grant(api('member'), item.id, { user_id: holder.id })).status).toBe(200);
		expect(await seen(holder.api, request, item.id, tag, collection), 'granted past the rule').toEqual(shown);
	} finally {
		await holder.api.dispose();
	}
});
