/**
 * The visibility policy's extension point (docs/file-delivery.md, "One
 * visibility policy"): a rule registered on mvs_visibility_rules (the
 * harness's, switched on by X-MVS-Test-Hide-Media) hides an item from its
 * read, the lists and their totals, tag counts and /serve on every path,
 * while its owner and moderators still see it.
 * Site-wide: the rule is one the lean /serve entry cannot run, so a request
 * carrying it empties the entry's record until the next request without it.
 */
import { expect, test, upload } from '../support/mvs';
import { fetchFile, signedUrl } from '../support/serve';

test.describe.configure({ mode: 'serial' });

test('a registered rule hides the item from reads, lists, totals, tag counts and /serve; owner and moderators still see it', async ({ api, request }) => {
	const tag = `rule-${Date.now().toString(36)}`;
	const item = await upload(api('member'), { tags: [tag] });
	const own = await signedUrl(api('member'), item.id);
	const hide = { 'X-MVS-Test-Hide-Media': String(item.id) };
	const listed = async (role: 'anonymous' | 'member' | 'member2' | 'moderator', headers: Record<string, string>, scope: 'public' | 'all' = 'public') => {
		const res = await api(role).withHeaders(headers).op('list_media', { query: { tag, scope } });
		expect(res.status).toBe(200);
		return { ids: res.body.items.map((m) => m.id), total: res.headers['x-wp-total'] };
	};
	const tagCount = async (headers: Record<string, string>) => {
		const res = await api('member2').withHeaders(headers).op('list_tags', { query: { search: tag } });
		return (res.body as { name: string; count: number }[]).find((t) => t.name === tag)?.count ?? 0;
	};

	// Without the rule: everyone sees it.
	expect(await listed('anonymous', {})).toEqual({ ids: [item.id], total: '1' });
	expect(await tagCount({})).toBe(1);
	expect((await fetchFile(request, item.file_url)).status).toBe(200);

	// With it: the read, the lists and their totals, the tag count and the anonymous URL refuse.
	const read = await api('member2').withHeaders(hide).op('get_media', { params: { id: item.id } });
	expect(read.status).toBe(403);
	expect(read.body.code).toBe('mvs_forbidden');
	expect(await listed('anonymous', hide)).toEqual({ ids: [], total: '0' });
	expect(await listed('member2', hide)).toEqual({ ids: [], total: '0' });
	expect(await tagCount(hide)).toBe(0);
	const served = await fetchFile(request, item.file_url, hide);
	expect(served.status).toBe(403);
	expect(served.json).toMatchObject({ code: 'mvs_forbidden' });

	// The owner (and the owner's URL, which the lean entry would otherwise answer) and moderators still see it.
	expect((await api('member').withHeaders(hide).op('get_media', { params: { id: item.id } })).status).toBe(200);
	expect(await listed('member2', hide, 'all')).toEqual({ ids: [], total: '0' });
	expect(await listed('member', hide, 'all')).toEqual({ ids: [item.id], total: '1' });
	expect(await listed('moderator', hide, 'all')).toEqual({ ids: [item.id], total: '1' });
	const owner = await fetchFile(request, own.url, hide);
	expect(owner.status).toBe(200);

	// Without the header again: the rule is gone, the item back.
	expect((await fetchFile(request, item.file_url)).status).toBe(200);
	expect(await listed('member2', {})).toEqual({ ids: [item.id], total: '1' });
});
