/**
 * The copy of an item's tags and category on its row (MVS_Media_Terms_Copy):
 * pages read it instead of joining WordPress's term tables, every term change
 * shows at once on every route that returns the item, a row without a copy
 * is read from the term tables in the same statement, and a refill never
 * writes a copy read before a concurrent rename.
 */
import { expect, test, type Api } from '../support/mvs';
import { createTag, uniqueName, uploadImage } from '../support/seed';

test.describe.configure({ mode: 'parallel' });

type Term = { id: number; name: string; slug: string };
type Terms = { tags: Term[]; category: Term | null };
type CopyRow = { id: number; copy: Terms | null | ''; rev: number };

/** The item as GET /media/{id} and as the list (searched by its unique title) show it, which must agree. */
async function termsOf(api: Api, id: number, title: string): Promise<Terms> {
	const one = await api.op('get_media', { params: { id } });
	expect(one.status).toBe(200);
	const list = await api.op('list_media', { query: { s: title, per_page: 100 } });
	expect(list.status).toBe(200);
	const listed = list.body.items.find((i) => i.id === id);
	expect(listed, `${id} in the list`).toBeDefined();
	const terms = { tags: one.body.tags, category: one.body.category } as Terms;
	expect({ tags: listed!.tags, category: listed!.category }).toEqual(terms);
	return terms;
}

async function copies(admin: Api, action: 'read' | 'drop' | 'refill' | 'race', ids: number[], extra: Record<string, unknown> = {}) {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/terms-copy', { json: { action, ids, ...extra } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as { written: number | false | null; statements: string[]; rows: CopyRow[] };
}

async function tagId(api: Api, name: string): Promise<number> {
	const res = await api.op('list_tags', { query: { search: name, per_page: 100 } });
	const tag = (res.body as unknown as Term[]).find((t) => t.name === name);
	expect(tag, name).toBeDefined();
	return tag!.id;
}

/** The page loader's statement in a response's query log (the one that reads item meta). */
function loaderSql(res: { headers: Record<string, string> }): string {
	const log = JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[];
	const loader = log.filter((sql) => sql.includes("'meta' AS kind"));
	expect(loader, 'one loader statement').toHaveLength(1);
	return loader[0] ?? '';
}

test('every term change shows at once on the item, in the list and alone: rename (and the new order), category rename, re-tag, merge, delete', async ({ api }) => {
	const admin = api('admin');
	const title = uniqueName('copy item');
	const zeta = uniqueName('zeta');
	const mid = uniqueName('mid');
	const cat = (await admin.raw('POST', '/wp-json/mvs-test/v1/category', { json: { name: uniqueName('Copy category') } })).body as { id: number; slug: string };
	const id = await uploadImage(api('member'), { title, tags: `${zeta},${mid}`, category: cat.slug });
	const start = await termsOf(api('anonymous'), id, title);
	expect(start.tags.map((t) => t.name)).toEqual([mid, zeta]);
	expect(start.category).toMatchObject({ id: cat.id, slug: cat.slug });
	expect((await copies(admin, 'read', [id])).rows[0]!.copy).toEqual(start);

	// Renamed to sort first: the new name and the new order, at once.
	const renamed = `aaa ${zeta}`;
	expect((await admin.op('update_tag', { params: { id: await tagId(admin, zeta) }, body: { name: renamed } })).status).toBe(200);
	expect((await termsOf(api('anonymous'), id, title)).tags.map((t) => t.name)).toEqual([renamed, mid]);

	// A category renamed as wp-admin does it.
	const catName = uniqueName('Renamed category');
	expect((await admin.raw('POST', `/wp-json/mvs-test/v1/category/${cat.id}`, { json: { name: catName } })).status).toBe(200);
	expect((await termsOf(api('anonymous'), id, title)).category).toEqual({ id: cat.id, name: catName, slug: cat.slug });

	// Merged into another tag (relationships moved in SQL): the target, once.
	const target = uniqueName('target');
	const targetId = await createTag(api('member'), target);
	const merged = await api('moderator').op('merge_tags', { body: { source_id: await tagId(admin, mid), target_id: targetId } });
	expect(merged.status, JSON.stringify(merged.body)).toBe(200);
	expect((await termsOf(api('anonymous'), id, title)).tags.map((t) => t.name)).toEqual([renamed, target]);

	// A tag deleted.
	expect((await admin.op('delete_tag', { params: { id: targetId } })).status).toBe(200);
	expect((await termsOf(api('anonymous'), id, title)).tags.map((t) => t.name)).toEqual([renamed]);

	// Re-tagged by PUT (the merged-away tag's name is free again): the response and every later read.
	const other = uniqueName('other');
	const put = await api('member').op('update_media', { params: { id }, body: { tags: [other, mid] } });
	expect(put.status).toBe(200);
	expect(put.body.tags.map((t) => t.name)).toEqual([mid, other]);
	const final = await termsOf(api('anonymous'), id, title);
	expect(final.tags.map((t) => t.name)).toEqual([mid, other]);
	expect(final.category).toMatchObject({ name: catName });
	// Whatever the refill job has done meanwhile, a copy on the row is never stale.
	const row = (await copies(admin, 'read', [id])).rows[0]!;
	if (row.copy !== null) expect(row.copy).toEqual(final);
});

test('a page reads tags from its rows: the term tables are joined only for a row without a copy, in the same statement, with the same answer', async ({ api }) => {
	const admin = api('admin');
	const title = uniqueName('copy page');
	const tag = uniqueName('paged');
	const one = await uploadImage(api('member'), { title: `${title} one`, tags: tag });
	const ids = [one, await uploadImage(api('member'), { title: `${title} two`, tags: `${tag},other-${tag}` })];
	// An upload writes its item's copy in its own transaction.
	expect((await copies(admin, 'read', ids)).rows.map((r) => r.copy === null)).toEqual([false, false]);
	const page = () => admin.send({ method: 'GET', path: '/mvs/v1/media', query: { s: title, per_page: '20', mvs_debug_queries: '1' } });

	const warm = await page();
	expect(warm.status).toBe(200);
	expect(loaderSql(warm)).not.toMatch(/term_relationships/);

	// One row read without its copy ('': as a copy too large to keep, which the
	// refill job leaves alone, so a concurrent spec's job cannot fill it first):
	// joined for that row only, in the same statement, with the same answer.
	expect((await copies(admin, 'drop', [one])).rows[0]!.copy).toBe('');
	const cold = await page();
	const terms = (body: { items: { id: number; tags: Term[]; category: Term | null }[] }) => body.items.map((i) => ({ id: i.id, tags: i.tags, category: i.category }));
	expect(terms(cold.body)).toEqual(terms(warm.body));
	expect(terms(warm.body).map((i) => i.id).sort()).toEqual([...ids].sort());
	const join = loaderSql(cold);
	expect(join).toMatch(/term_relationships r INNER JOIN/);
	expect(join).toMatch(new RegExp(`r\\.object_id IN \\(${one}\\)`));
	const statements = (res: { headers: Record<string, string> }) => (JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[]).length;
	expect(statements(cold)).toBe(statements(warm));

	// Refilled as the job would (both rows emptied first): copies equal to what the join read, and no join again.
	const refilled = await copies(admin, 'refill', ids);
	expect(refilled.written).toBe(2);
	expect(refilled.statements.filter((sql) => /^UPDATE /.test(sql))).toHaveLength(1);
	for (const item of terms(warm.body)) expect(refilled.rows.find((r) => r.id === item.id)!.copy).toEqual({ tags: item.tags, category: item.category });
	expect(loaderSql(await page())).not.toMatch(/term_relationships/);
});

test('a refill that read the terms before a concurrent rename does not write what it read: the row stays without a copy, reads show the new name', async ({ api }) => {
	const admin = api('admin');
	const title = uniqueName('copy race');
	const name = uniqueName('before');
	const id = await uploadImage(api('member'), { title, tags: name });
	const tag = await tagId(admin, name);
	const before = (await copies(admin, 'read', [id])).rows[0]!.rev;
	const after = uniqueName('after');
	const raced = await copies(admin, 'race', [id], { tag, name: after });
	// The rename bumped the revision between the refill's read and its write: nothing written.
	expect(raced.written).toBe(0);
	expect(raced.rows[0]).toEqual({ id, copy: null, rev: before + 1 });
	expect((await termsOf(api('anonymous'), id, title)).tags.map((t) => t.name)).toEqual([after]);
	// The next refill reads the new name.
	const refilled = await copies(admin, 'refill', [id]);
	expect(refilled.rows[0]!.copy).toMatchObject({ tags: [{ name: after }] });
});

test('an edit that leaves names and slugs alone keeps the copies', async ({ api }) => {
	const admin = api('admin');
	const name = uniqueName('same');
	const id = await uploadImage(api('member'), { tags: name });
	const before = (await copies(admin, 'read', [id])).rows[0]!;
	expect(before.copy).not.toBeNull();
	// PUT /tags/{id} with the name it has: wp_update_term() runs, nothing a copy holds changes.
	expect((await admin.op('update_tag', { params: { id: await tagId(admin, name) }, body: { name } })).status).toBe(200);
	expect((await copies(admin, 'read', [id])).rows[0]).toEqual(before);
});
