/**
 * A member's whole album list, unfiltered (MVS_Album_Member_List::newest
 * and total(), docs/albums-and-tags.md, "Albums"): every page in date
 * order, both directions, holds exactly the albums the member may see
 * (public and members-only without blocked authors, and their own of any
 * privacy), once each, in order, as many as X-WP-Total says. The walk
 * covers the whole site's albums, so no other spec may create one meanwhile:
 * it runs in the `site-wide` project.
 */
import type { Album } from '../../client/src/client';
import { freshUser } from '../support/moderation';
import { expect, test, type Api } from '../support/mvs';
import { createAlbum } from '../support/seed';

/** Every page of the member's list (7 a page: page ends fall inside the branches), and the first page's total. */
async function walk(viewer: Api, order: 'asc' | 'desc') {
	const ids: number[] = [];
	let total = -1;
	for (let page = 1; page < 200; page++) {
		const res = await viewer.op('list_albums', { query: { per_page: 7, page, order } });
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		if (1 === page) total = Number(res.headers['x-wp-total']);
		const rows = res.body as unknown as Album[];
		ids.push(...rows.map((a) => a.id));
		if (rows.length < 7) break;
	}
	return { ids, total };
}

test("a member's unfiltered album list: every page in date order, what they may see exactly once, and X-WP-Total", async ({ api }) => {
	const admin = api('admin');
	const [a, b, c] = await Promise.all([freshUser(admin), freshUser(admin), freshUser(admin)]);
	try {
		const own = [await createAlbum(a.api, { privacy: 'private' }), await createAlbum(a.api, { privacy: 'public' })];
		const others = [await createAlbum(b.api, { privacy: 'members' }), await createAlbum(b.api, { privacy: 'public' })];
		const hidden = [await createAlbum(b.api, { privacy: 'private' }), await createAlbum(c.api, { privacy: 'public' })];
		expect((await a.api.op('block_user', { params: { id: c.id } })).status).toBe(200);

		const newest = await walk(a.api, 'desc');
		expect(newest.ids, 'newest first').toEqual([...newest.ids].sort((x, y) => y - x));
		expect(new Set(newest.ids).size, 'each album once').toBe(newest.ids.length);
		expect(newest.total).toBe(newest.ids.length);
		for (const id of [...own, ...others]) expect(newest.ids, `album ${id}`).toContain(id);
		for (const id of hidden) expect(newest.ids, `album ${id}`).not.toContain(id);

		const oldest = await walk(a.api, 'asc');
		expect(oldest.ids).toEqual([...newest.ids].reverse());
		expect(oldest.total).toBe(newest.total);
	} finally {
		await Promise.all([a, b, c].map((u) => u.api.dispose()));
	}
});
