/**
 * Smoke journey of the Access rules and grants area (7 routes), for the
 * Playground tier (SQLite must take the SQL of the rules, the grants and
 * the visibility predicate): an owner grants a private item to a member,
 * who sees it and lists the grant, then revokes it; then a rule naming
 * subscribers hides a public item until it is deleted. Members of their
 * own; the edge cases are in access.spec.ts.
 */
import { upload } from '../../support/mvs';
import { expect, test } from '../../support/smoke';

test('a grant opens a private item and its revocation closes it; a rule hides a public one; every route once', async ({ members }) => {
	const [owner, viewer] = await members(2);
	const options = await viewer.api.op('get_access_options', {});
	expect(options.status).toBe(200);
	expect((options.body as { rule_types: { type: string }[] }).rule_types.map((t) => t.type)).toEqual(['role', 'capability', 'followers', 'members']);

	const secret = await upload(owner.api, { privacy: 'private' });
	expect((await viewer.api.op('get_media', { params: { id: secret.id } })).status).toBe(403);
	const granted = await owner.api.op('grant_media_access', { params: { media_id: secret.id }, body: { user_id: viewer.id } });
	expect(granted.status, JSON.stringify(granted.body)).toBe(200);
	expect(granted.body).toMatchObject({ media_id: secret.id, user_id: viewer.id, source: 'manual', expires_at: null, active: true });
	expect((await viewer.api.op('get_media', { params: { id: secret.id } })).status).toBe(200);
	const mine = await viewer.api.op('list_my_grants', {});
	expect(mine.headers['x-wp-total']).toBe('1');
	expect(mine.body).toEqual([expect.objectContaining({ media_id: secret.id, media: expect.objectContaining({ id: secret.id }) })]);
	const revoked = await owner.api.op('revoke_media_access', { params: { media_id: secret.id, user_id: viewer.id } });
	expect(revoked.body).toEqual({ media_id: secret.id, user_id: viewer.id, deleted: true });
	expect((await viewer.api.op('get_media', { params: { id: secret.id } })).status).toBe(403);

	const open = await upload(owner.api, { privacy: 'public' });
	const set = await owner.api.op('replace_access_rules', { params: { media_id: open.id }, body: { rules: [{ rule_type: 'role', rule_value: 'subscriber', price: 2.5, currency: 'USD' }] } });
	expect(set.status, JSON.stringify(set.body)).toBe(200);
	const rules = await owner.api.op('list_access_rules', { params: { media_id: open.id } });
	expect(rules.body).toEqual([expect.objectContaining({ rule_type: 'role', rule_value: 'subscriber', price: 2.5, currency: 'USD' })]);
	expect((await viewer.api.op('get_media', { params: { id: open.id } })).status).toBe(403);
	expect((await viewer.api.op('list_media', { query: { author: owner.id } })).headers['x-wp-total']).toBe('0');
	const rule = (rules.body as { id: number }[])[0]!.id;
	expect((await owner.api.op('delete_access_rule', { params: { media_id: open.id, rule_id: rule } })).body).toEqual({ deleted: true, id: rule });
	expect((await viewer.api.op('get_media', { params: { id: open.id } })).status).toBe(200);
});
