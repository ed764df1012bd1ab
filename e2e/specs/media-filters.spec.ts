/**
 * Filters of GET /media and GET /me/media: tag, category, search (s) and
 * their combination, with privacy applied to every filtered list and total;
 * and the `tags`/`category` fields of POST and PUT /media that set them.
 */
import { expect, test, type Api } from '../support/mvs';
import { files } from '../support/mvs';
import { uniqueName, uploadImage } from '../support/seed';

test.describe.configure({ mode: 'parallel' });

async function category(admin: Api): Promise<{ id: number; slug: string }> {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/category', { json: { name: uniqueName('Category') } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as { id: number; slug: string };
}

async function seen(api: Api, query: Record<string, unknown>, operation: 'list_media' | 'list_my_media' = 'list_media') {
	const res = await api.op(operation, { query: { per_page: 100, ...query } as never });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return { ids: res.body.items.map((i) => i.id).sort((a, b) => a - b), total: res.body.total, header: Number(res.headers['x-wp-total']) };
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

test('tag filter: items tagged on upload or by PUT, privacy applied to items and totals', async ({ api }) => {
	const tag = uniqueName('Beach');
	const slug = tag.toLowerCase();
	// Multipart: a plain value is a list split on commas and spaces (WordPress's wp_parse_list);
	// names with spaces go as tags[0], tags[1], ... fields.
	const open = await uploadImage(api('member'), { tags: `${tag},extra-${tag}` });
	const secret = await uploadImage(api('member'), { tags: tag, privacy: 'private' });
	const later = await uploadImage(api('member2'));
	const put = await api('member2').op('update_media', { params: { id: later }, body: { tags: [tag] } });
	expect(put.status).toBe(200);
	const spaced = await api('member').send({ method: 'POST', path: '/mvs/v1/media', query: {}, multipart: { file: files.uniquePng(), 'tags[0]': `Other ${tag}`, 'tags[1]': `Third ${tag}` } });
	expect(spaced.status, JSON.stringify(spaced.body)).toBe(201);
	// Items carry their tags (sorted by name) and category.
	expect(spaced.body.tags).toEqual([
		{ id: expect.any(Number), name: `Other ${tag}`, slug: `other-${slug}` },
		{ id: expect.any(Number), name: `Third ${tag}`, slug: `third-${slug}` },
	]);
	expect(spaced.body.category).toBeNull();
	// By name as the terms table's collation orders names: case and accents
	// aside (a byte order would put "Banana" first and "Éclair" last).
	const names = [`zebra ${tag}`, `Éclair ${tag}`, `apple ${tag}`, `Banana ${tag}`];
	const mixed = await api('member').send({ method: 'POST', path: '/mvs/v1/media', query: {}, multipart: { file: files.uniquePng(), ...Object.fromEntries(names.map((n, i) => [`tags[${i}]`, n])) } });
	expect(mixed.status, JSON.stringify(mixed.body)).toBe(201);
	const byName = [`apple ${tag}`, `Banana ${tag}`, `Éclair ${tag}`, `zebra ${tag}`];
	expect(mixed.body.tags.map((t: { name: string }) => t.name)).toEqual(byName);
	const listed = await api('anonymous').op('list_media', { query: { tag: mixed.body.tags[0].slug } });
	expect(listed.body.items.map((i) => i.tags.map((t) => t.name))).toEqual([byName]);
	expect(put.body.tags.map((t) => t.name)).toEqual([tag]);
	expect((await seen(api('anonymous'), { tag: `other-${slug}` })).ids).toEqual([spaced.body.id]);

	expect(await seen(api('anonymous'), { tag: slug })).toEqual({ ids: sorted([open, later]), total: 2, header: 2 });
	expect(await seen(api('member'), { tag: slug, scope: 'all' })).toEqual({ ids: sorted([open, secret, later]), total: 3, header: 3 });
	expect((await seen(api('member'), { tag: slug }, 'list_my_media')).ids).toEqual(sorted([open, secret]));
	expect(await seen(api('moderator'), { tag: slug, scope: 'all' })).toMatchObject({ total: 3 });

	// PUT replaces the tags; an empty list clears them.
	await api('member2').op('update_media', { params: { id: later }, body: { tags: [] } });
	expect((await seen(api('anonymous'), { tag: slug })).ids).toEqual([open]);
	expect((await seen(api('anonymous'), { tag: 'no-such-tag-anywhere' })).total).toBe(0);
});

test('category filter: an existing category on upload or by PUT; unknown slugs are 400 and store nothing', async ({ api }) => {
	const cat = await category(api('admin'));
	const token = uniqueName('catitem');
	const a = await uploadImage(api('member'), { category: cat.slug, title: `${token} a` });
	const b = await uploadImage(api('member'), { title: `${token} b` });
	const assigned = await api('member').op('update_media', { params: { id: b }, body: { category: cat.slug } });
	expect(assigned.status).toBe(200);
	expect(assigned.body.category).toEqual({ id: cat.id, name: expect.any(String), slug: cat.slug });
	const listed = await api('anonymous').op('list_media', { query: { category: cat.slug } });
	expect(listed.body.items.map((i) => i.category?.slug)).toEqual([cat.slug, cat.slug]);
	expect((await seen(api('anonymous'), { category: cat.slug })).ids).toEqual(sorted([a, b]));
	// An empty string clears the category.
	await api('member').op('update_media', { params: { id: b }, body: { category: '' } });
	expect((await seen(api('anonymous'), { category: cat.slug })).ids).toEqual([a]);

	const refused = await api('member').op('create_media', { body: { file: files.uniquePng(), title: `${token} refused`, category: 'no-such-category' } });
	expect(refused.status).toBe(400);
	expect(refused.body.code).toBe('mvs_invalid_param');
	expect((await seen(api('member'), { s: `${token} refused` }, 'list_my_media')).total).toBe(0);
	const put = await api('member').op('update_media', { params: { id: a }, body: { title: 'changed', category: 'no-such-category' } });
	expect(put.status).toBe(400);
	expect((await api('member').op('get_media', { params: { id: a } })).body.title).toBe(`${token} a`);
});

test('search s matches title and description; filters combine with AND', async ({ api }) => {
	const cat = await category(api('admin'));
	const token = uniqueName('needle');
	const tag = uniqueName('combo');
	const inTitle = await uploadImage(api('member'), { title: `A ${token} here`, tags: tag, category: cat.slug });
	const inDescription = await uploadImage(api('member'), { description: `text ${token} text`, tags: tag });
	const hidden = await uploadImage(api('member'), { title: `${token} private`, privacy: 'private', tags: tag, category: cat.slug });
	expect(await seen(api('anonymous'), { s: token })).toEqual({ ids: sorted([inTitle, inDescription]), total: 2, header: 2 });
	expect((await seen(api('member'), { s: token, scope: 'all' })).ids).toEqual(sorted([inTitle, inDescription, hidden]));
	expect((await seen(api('anonymous'), { s: token, tag: tag.toLowerCase(), category: cat.slug })).ids).toEqual([inTitle]);
	expect((await seen(api('member'), { s: token, tag: tag.toLowerCase(), category: cat.slug, scope: 'all' })).ids).toEqual(sorted([inTitle, hidden]));
	expect((await seen(api('anonymous'), { s: token, media_type: 'video' })).total).toBe(0);
	// LIKE wildcards in s are literal.
	expect((await seen(api('anonymous'), { s: `${token.slice(0, 4)}%${token.slice(5)}` })).total).toBe(0);
});

test('tags on upload: more than 20, or a name over 50 characters, is 400 rest_invalid_param', async ({ api }) => {
	const many = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
	const tooMany = await api('member').op('create_media', { body: { file: files.uniquePng(), tags: many as never } });
	expect(tooMany.status).toBe(400);
	expect(tooMany.body.code).toBe('rest_invalid_param');
	const long = await api('member').op('update_media', { params: { id: await uploadImage(api('member')) }, body: { tags: ['x'.repeat(51)] } });
	expect(long.status).toBe(400);
	expect(long.body.code).toBe('rest_invalid_param');
});
