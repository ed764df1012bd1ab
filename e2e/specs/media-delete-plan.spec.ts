/**
 * Deleting an item carries out its generated delete plan
 * (docs/generated/media-delete-plan-core.md): no row of any table that
 * references media still names the item afterwards, and a detached row (the
 * album whose cover it was) stays without the reference.
 */
import { expect, test, type Api } from '../support/mvs';
import { createAlbum, createCollection, createComment, uniqueName, uploadImage } from '../support/seed';

async function mediaRefs(admin: Api, mediaId: number): Promise<Record<string, number>> {
	const res = await admin.raw('GET', '/wp-json/mvs-test/v1/media-refs', { query: { media_id: String(mediaId) } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as Record<string, number>;
}

const naming = (rows: Record<string, number>) => Object.fromEntries(Object.entries(rows).filter(([, n]) => n > 0));

test('deleting an item leaves no row naming it in any table that references media', async ({ api, fixtures }) => {
	const admin = api('admin');
	const member = api('member');
	const other = api('member2');
	// Every writer the API has: the tag listing, album cover, views, counters, engagement, sharing, moderation.
	const album = await createAlbum(member, { privacy: 'public' });
	const item = await uploadImage(member, { tags: uniqueName('plan'), album_id: String(album), privacy: 'public' });
	expect((await member.op('set_album_cover', { params: { id: album }, body: { media_id: item } })).status).toBe(200);
	expect((await other.op('record_media_view', { params: { id: item } })).status).toBe(200);
	expect((await other.op('record_media_share', { params: { id: item } })).status).toBe(200);
	expect((await other.op('set_media_reaction', { params: { id: item }, body: { reaction_type: 'like' } as never })).status).toBeLessThan(300);
	expect((await other.op('add_media_favorite', { params: { id: item } })).status).toBeLessThan(300);
	await createComment(other, item);
	// A manual collection, an access rule, a grant and a message sharing the item.
	const collection = await createCollection(member);
	expect((await member.op('add_media_favorite', { params: { id: item }, body: { collection_id: collection } })).status).toBeLessThan(300);
	expect((await member.op('replace_access_rules', { params: { media_id: item }, body: { rules: [{ rule_type: 'members' }] } })).status).toBe(200);
	expect((await member.op('grant_media_access', { params: { media_id: item }, body: { user_id: fixtures.users.member2.id } as never })).status).toBeLessThan(300);
	const conversation = await member.op('create_conversation', { body: { recipient_id: fixtures.users.member2.id } });
	expect(conversation.status, JSON.stringify(conversation.body)).toBeLessThan(300);
	const shared = await member.op('send_message', { params: { id: conversation.body.id }, body: { media_id: item } as never });
	expect(shared.status, JSON.stringify(shared.body)).toBe(201);
	expect((await admin.raw('POST', '/wp-json/mvs-test/v1/media-meta', { json: { media_id: item, key: 'allow_download', value: '1' } })).status).toBe(200);
	expect((await api('moderator').op('reject_media', { params: { id: item }, body: { reason: 'plan' } as never })).status).toBe(200);

	const before = naming(await mediaRefs(admin, item));
	// Every declared reference but the AI usage (kept: the month's budget counts analyses already paid for).
	expect(Object.keys(before).sort()).toEqual(
		[
			'mvs_access_grants.media_id',
			'mvs_access_rules.media_id',
			'mvs_activity.media_id',
			'mvs_albums.cover_media_id',
			'mvs_collection_items.media_id',
			'mvs_comments.media_id',
			'mvs_favorites.media_id',
			'mvs_media_hashes.media_id',
			'mvs_media_stats.media_id',
			'mvs_media_term_index.media_id',
			'mvs_media_views.media_id',
			'mvs_mediameta.mvs_media_id',
			'mvs_messages.media_id',
			'mvs_moderation_log.media_id',
			'mvs_reactions.media_id',
			'mvs_view_marks.media_id',
		].sort(),
	);

	expect((await member.op('delete_media', { params: { id: item } })).status).toBeLessThan(300);

	expect(naming(await mediaRefs(admin, item))).toEqual({});
	const cover = await member.op('get_album', { params: { id: album } });
	expect(cover.status).toBe(200);
	expect(cover.body.cover_media_id).toBeNull();
});
