/**
 * Smoke journey of the Tags area (6 routes), for the Playground tier: tags
 * are created, used on an item, listed and counted in the cloud, renamed,
 * merged (the item follows) and deleted (the item loses it), each write
 * checked through a read. The edge cases are in tags.spec.ts.
 */
import { uniqueName, uploadImage } from '../../support/seed';
import { expect, test } from '../../support/smoke';

type Tag = { id: number; name: string; slug: string; count: number };

test('tags from creation to merge and deletion, every route once', async ({ api, members }) => {
	const [owner] = await members(1);
	const member = owner.api;
	const prefix = uniqueName('smoke');
	const [source, target] = [`${prefix}-sunset`, `${prefix}-dusk`];

	const made = await member.op('create_tag', { body: { name: source } });
	expect(made.status, JSON.stringify(made.body)).toBe(201);
	expect(made.body).toEqual({ id: expect.any(Number), name: source, slug: source.toLowerCase(), count: 0 });
	const other = await member.op('create_tag', { body: { name: target } });
	expect(other.status).toBe(201);
	const [sourceId, targetId] = [made.body.id, other.body.id];

	// An item tagged with the source: the list and the cloud count it; the
	// unused target is on no item a visitor may see, so a visitor's list leaves it out.
	const item = await uploadImage(member, { tags: source });
	const listed = await api('anonymous').op('list_tags', { query: { search: prefix } });
	expect(listed.status).toBe(200);
	expect((listed.body as Tag[]).map((t) => [t.name, t.count])).toEqual([[source, 1]]);
	const cloud = await api('anonymous').op('get_tag_cloud', { query: { limit: 200 } });
	expect(cloud.status).toBe(200);
	expect((cloud.body as Tag[]).find((t) => t.id === sourceId)).toMatchObject({ name: source, count: 1 });

	const renamedTo = `${target}-renamed`;
	const renamed = await api('admin').op('update_tag', { params: { id: targetId }, body: { name: renamedTo } });
	expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
	expect(renamed.body).toMatchObject({ id: targetId, name: renamedTo });

	// Merging moves the item to the target and removes the source.
	const merged = await api('moderator').op('merge_tags', { body: { source_id: sourceId, target_id: targetId } });
	expect(merged.status, JSON.stringify(merged.body)).toBe(200);
	expect(merged.body).toMatchObject({ merged: true, source_id: sourceId, target: { id: targetId, name: renamedTo, count: 1 } });
	const retagged = await api('anonymous').op('get_media', { params: { id: item } });
	expect(retagged.body.tags.map((t) => t.id)).toEqual([targetId]);

	const deleted = await api('admin').op('delete_tag', { params: { id: targetId } });
	expect(deleted.status).toBe(200);
	expect(deleted.body).toEqual({ deleted: true, id: targetId });
	expect((await api('anonymous').op('get_media', { params: { id: item } })).body.tags).toEqual([]);
	expect((await api('anonymous').op('list_tags', { query: { search: prefix } })).body).toEqual([]);
});
