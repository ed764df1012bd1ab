/**
 * Deleting a WordPress user erases the plugin's rows as the tables declare
 * (docs/generated/personal-data-core.md): without "attribute all content
 * to", their media and albums go with their files; with it, the named member
 * receives them; either way no row of the erasure plan names the deleted
 * member afterwards, and nobody else's data is touched.
 */
import { erasureRows, naming } from '../support/erasure';
import { routes } from '../support/matrix';
import { freshUser, type FreshUser } from '../support/moderation';
import { expect, test, upload, type Api } from '../support/mvs';
import { createAlbum } from '../support/seed';

const implemented = new Set(routes.filter((r) => r.implemented).map((r) => r.name));

/** DELETE /wp/v2/users/{id}, as wp-admin's "Delete user" does it. */
async function deleteUser(admin: Api, id: number, reassign: number | false): Promise<void> {
	const res = await admin.raw('DELETE', `/wp-json/wp/v2/users/${id}`, { query: { force: 'true', reassign: String(reassign) } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
}

interface Footprint {
	member: FreshUser;
	album: number;
	item: number;
	/** Another member's item the deleted member reported. */
	reported: number;
}

/** A member with rows in every implemented feature that stores a user ID. */
async function busyMember(api: (role: 'admin' | 'member' | 'member2') => Api, member2Id: number): Promise<Footprint> {
	const member = await freshUser(api('admin'));
	const album = await createAlbum(member.api, { privacy: 'public' });
	const item = (await upload(member.api, { title: 'erasure footprint', album_id: album })).id;
	const reported = (await upload(api('member'), { title: 'reported by a member who leaves' })).id;
	expect((await member.api.op('report_media', { params: { id: reported }, body: { reason: 'spam' } })).status).toBe(200);
	expect((await member.api.op('block_user', { params: { id: member2Id } })).status).toBeLessThan(300);
	expect((await api('member2').op('block_user', { params: { id: member.id } })).status).toBeLessThan(300);
	return { member, album, item, reported };
}

test('deleting a member without reassigning erases their media, albums, reports and blocks, and nothing of others', async ({ api, fixtures }) => {
	const admin = api('admin');
	const { member, album, item, reported } = await busyMember(api, fixtures.users.member2.id);
	try {
		const before = naming(await erasureRows(admin, member.id));
		expect(Object.keys(before)).toEqual(expect.arrayContaining(['mvs_media.author_id', 'mvs_albums.author_id', 'mvs_reports.reporter_id', 'mvs_blocks.blocker_id', 'mvs_blocks.blocked_id']));
	} finally {
		await member.api.dispose();
	}
	await deleteUser(admin, member.id, false);
	expect(naming(await erasureRows(admin, member.id))).toEqual({});
	expect((await admin.op('get_media', { params: { id: item } })).status).toBe(404);
	expect((await admin.op('get_album', { params: { id: album } })).status).toBe(404);
	// The item they reported is someone else's: it stays.
	expect((await admin.op('get_media', { params: { id: reported } })).status).toBe(200);
});

test('deleting a member with "attribute all content to" hands their media and albums to that member and erases the rest', async ({ api, fixtures }) => {
	const admin = api('admin');
	const heir = fixtures.users.member.id;
	const { member, album, item } = await busyMember(api, fixtures.users.member2.id);
	await member.api.dispose();
	await deleteUser(admin, member.id, heir);
	expect(naming(await erasureRows(admin, member.id))).toEqual({});
	const media = await admin.op('get_media', { params: { id: item } });
	expect(media.status).toBe(200);
	expect(media.body.author_id).toBe(heir);
	expect(media.body.album_id).toBe(album);
	const owned = await api('member').op('get_album', { params: { id: album } });
	expect(owned.status).toBe(200);
	expect(owned.body.author_id).toBe(heir);
});

test("a deleted member's reactions leave the items' reaction counts", async ({ api }) => {
	test.skip(!implemented.has('set_media_reaction'), 'reactions are not built yet');
	const admin = api('admin');
	const item = (await upload(api('member'), { title: 'reacted to by a member who leaves' })).id;
	const member = await freshUser(admin);
	try {
		expect((await member.api.op('set_media_reaction', { params: { id: item }, body: { reaction_type: 'like' } as never })).status).toBeLessThan(300);
	} finally {
		await member.api.dispose();
	}
	const counted = async () => (await api('member').op('get_media', { params: { id: item } })).body.reactions_count;
	expect(await counted()).toBe(1);
	await deleteUser(admin, member.id, false);
	expect(await counted()).toBe(0);
	expect(naming(await erasureRows(admin, member.id))).toEqual({});
});
