/**
 * Smoke journey of the Collections area (6 routes), for the Playground
 * tier: a member makes a manual collection and fills it by favoriting, makes
 * a smart one from rules (both shapes), lists, edits and deletes them, each
 * write checked through a read. The edge cases are in collections.spec.ts.
 */
import { uniqueName, uploadImage } from '../../support/seed';
import { expect, test } from '../../support/smoke';

test('collections from creation to deletion, every route once', async ({ api, members }) => {
	const [owner] = await members(1);
	const member = owner.api;
	const tag = uniqueName('smoke').toLowerCase();
	const tagged = await uploadImage(member, { tags: tag });
	const plain = await uploadImage(member);

	const manual = await member.op('create_collection', { body: { title: 'Keepers' } });
	expect(manual.status, JSON.stringify(manual.body)).toBe(201);
	const manualId = manual.body.id;
	expect((await member.op('add_media_favorite', { params: { id: plain }, body: { collection_id: manualId } })).status).toBe(200);

	const smart = await member.op('create_collection', { body: { title: 'Tagged', type: 'smart', rules: { tags: [tag] } } });
	expect(smart.status, JSON.stringify(smart.body)).toBe(201);
	const smartId = smart.body.id;
	expect(smart.body.items.map((i) => i.id)).toEqual([tagged]);
	const rules = await member.op('set_collection_rules', { params: { id: smartId }, body: { rules: [{ field: 'tag', value: tag }, { field: 'media_type', value: 'video' }] } });
	expect(rules.status, JSON.stringify(rules.body)).toBe(200);
	expect(rules.body).toMatchObject({ item_count: 0, items: [] });

	const read = await api('anonymous').op('get_collection', { params: { id: manualId } });
	expect(read.status).toBe(200);
	expect(read.body).toMatchObject({ title: 'Keepers', item_count: 1, items: [{ id: plain }] });
	const listed = await member.op('list_collections', {});
	expect(listed.status).toBe(200);
	expect((listed.body as { id: number }[]).map((c) => c.id)).toEqual([smartId, manualId]);

	const edited = await member.op('update_collection', { params: { id: manualId }, body: { privacy: 'private' } });
	expect(edited.status).toBe(200);
	expect((await api('anonymous').op('get_collection', { params: { id: manualId } })).status).toBe(404);

	expect((await member.op('delete_collection', { params: { id: smartId } })).status).toBe(200);
	expect((await member.op('get_collection', { params: { id: smartId } })).status).toBe(404);
});
