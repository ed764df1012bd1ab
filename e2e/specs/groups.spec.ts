/**
 * Gallery/upload groups: items uploaded with the same upload_group token by
 * the same member form one group; GET /media/{id}/group lists the group and
 * GET /media?group_covers=1 shows one cover per group, both with privacy
 * applied in SQL.
 */
import type { MediaItem } from '../../client/src/client';
import { expect, files, test, upload, type Api } from '../support/mvs';

test.describe.configure({ mode: 'parallel' });

function token(): string {
	return `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

async function groupIds(api: Api, id: number) {
	const res = await api.op('get_media_group', { params: { id } });
	return { status: res.status, body: res.body as any, ids: Array.isArray(res.body) ? (res.body as MediaItem[]).map((i) => i.id) : null };
}

test.describe('GET /media/{id}/group', () => {
	test('lists the items uploaded together, in upload order, showing each caller only what they may see', async ({ api }) => {
		const tag = token();
		const member = api('member');
		const first = await upload(member, { title: `${tag} a`, upload_group: tag, privacy: 'public' });
		const priv = await upload(member, { title: `${tag} b`, upload_group: tag, privacy: 'private' });
		const members = await upload(member, { title: `${tag} c`, upload_group: tag, privacy: 'members' });
		const last = await upload(member, { title: `${tag} d`, upload_group: tag, privacy: 'public' });
		const expectations: [Api, number[]][] = [
			[api('anonymous'), [first.id, last.id]],
			[api('subscriber'), [first.id, members.id, last.id]],
			[api('member2'), [first.id, members.id, last.id]],
			[member, [first.id, priv.id, members.id, last.id]],
			[api('moderator'), [first.id, priv.id, members.id, last.id]],
		];
		for (const [caller, expected] of expectations) {
			for (const from of [first.id, last.id]) {
				const seen = await groupIds(caller, from);
				expect(seen.status, `${caller.role} from ${from}`).toBe(200);
				expect(seen.ids, `${caller.role} from ${from}`).toEqual(expected);
			}
		}
		// Items come with the full item shape and viewer-aware fields.
		const asOwner = await groupIds(member, first.id);
		expect(asOwner.body[0]).toMatchObject({ id: first.id, can_edit: true, is_favorited: false, viewer_reaction: null });
		// The private item itself is refused to others, and a missing item is 404.
		const hidden = await groupIds(api('member2'), priv.id);
		expect(hidden.status).toBe(403);
		expect(hidden.body.code).toBe('mvs_forbidden');
		const missing = await groupIds(api('anonymous'), 99999999);
		expect(missing.status).toBe(404);
		expect(missing.body.code).toBe('mvs_not_found');
	});

	test("the same token from another member never joins or reveals someone else's group", async ({ api }) => {
		const tag = token();
		const mine = await upload(api('member'), { title: `${tag} mine`, upload_group: tag });
		const theirs = await upload(api('member2'), { title: `${tag} theirs`, upload_group: tag });
		expect((await groupIds(api('anonymous'), mine.id)).ids).toEqual([mine.id]);
		expect((await groupIds(api('anonymous'), theirs.id)).ids).toEqual([theirs.id]);
	});

	test('an item uploaded without a group is a group of one; malformed tokens are refused', async ({ api }) => {
		const alone = await upload(api('member'), {});
		expect((await groupIds(api('anonymous'), alone.id)).ids).toEqual([alone.id]);
		for (const bad of ['short', 'x'.repeat(65)]) {
			const res = await api('member').op('create_media', { body: { file: files.uniquePng(), upload_group: bad } });
			expect(res.status, bad).toBe(400);
			expect(res.body.code, bad).toBe('rest_invalid_param');
		}
	});
});

test.describe('GET /media?group_covers=1', () => {
	test('collapses each group to its first item the caller may see; totals agree', async ({ api }) => {
		const tag = token();
		const member = api('member');
		// Group A starts with a private item: others get its second item as cover.
		const a1 = await upload(member, { title: `${tag} a1`, upload_group: `${tag}a`, privacy: 'private' });
		const a2 = await upload(member, { title: `${tag} a2`, upload_group: `${tag}a` });
		const a3 = await upload(member, { title: `${tag} a3`, upload_group: `${tag}a` });
		const b1 = await upload(member, { title: `${tag} b1`, upload_group: `${tag}b` });
		await upload(member, { title: `${tag} b2`, upload_group: `${tag}b` });
		const loose = await upload(member, { title: `${tag} loose` });
		const expectations: [Api, Record<string, unknown>, number[]][] = [
			[api('anonymous'), {}, [a2.id, b1.id, loose.id]],
			[api('member2'), { scope: 'all' }, [a2.id, b1.id, loose.id]],
			[member, {}, [a2.id, b1.id, loose.id]],
			[member, { scope: 'all' }, [a1.id, b1.id, loose.id]],
			[api('moderator'), { scope: 'all' }, [a1.id, b1.id, loose.id]],
		];
		for (const [caller, query, expected] of expectations) {
			const res = await caller.op('list_media', { query: { s: tag, group_covers: true, per_page: 100, ...query } as never });
			const label = `${caller.role} ${JSON.stringify(query)}`;
			expect(res.status, label).toBe(200);
			expect((res.body.items as MediaItem[]).map((i) => i.id).sort((x, y) => x - y), label).toEqual(expected);
			expect(res.body.total, label).toBe(expected.length);
			expect(res.headers['x-wp-total'], label).toBe(String(expected.length));
		}
		// Without group_covers every visible item is listed.
		const all = await api('anonymous').op('list_media', { query: { s: tag, per_page: 100 } });
		expect(all.body.total).toBe(5);
		expect((all.body.items as MediaItem[]).map((i) => i.id)).toContain(a3.id);
	});
});
