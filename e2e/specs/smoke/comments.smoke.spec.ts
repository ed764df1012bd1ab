/**
 * Smoke journey of comments (4 routes), for the Playground tier: a member
 * comments on another member's item, the owner replies, the list and
 * comments_count follow, the author edits and deletes (the reply goes with
 * its parent). The edge cases are in comments.spec.ts.
 */
import { uniqueName, uploadImage } from '../../support/seed';
import { expect, test } from '../../support/smoke';

test('a comment and its reply from posting to deletion, every route once', async ({ api, members }) => {
	const [owner, guest] = await members(2);
	const item = await uploadImage(owner.api, { title: uniqueName('commented'), privacy: 'public' });
	const posted = await guest.api.op('create_media_comment', { params: { id: item }, body: { content: `Great shot @${owner.login}` } });
	expect(posted.status, JSON.stringify(posted.body)).toBe(201);
	const comment = posted.body as unknown as { id: number; content: string };
	const reply = await owner.api.op('create_media_comment', { params: { id: item }, body: { content: 'Thank you!', parent: comment.id } });
	expect(reply.status).toBe(201);

	const listed = await api('anonymous').op('list_media_comments', { params: { id: item } });
	expect(listed.status).toBe(200);
	expect(listed.headers['x-wp-total']).toBe('2');
	expect((listed.body as unknown as { id: number; parent: number }[]).map((c) => [c.id, c.parent])).toEqual([
		[comment.id, 0],
		[(reply.body as unknown as { id: number }).id, comment.id],
	]);
	expect((await api('anonymous').op('get_media', { params: { id: item } })).body.comments_count).toBe(2);

	const edited = await guest.api.op('update_media_comment', { params: { id: item, comment_id: comment.id }, body: { content: 'Great shot!' } });
	expect(edited.status, JSON.stringify(edited.body)).toBe(200);
	expect(edited.body).toMatchObject({ id: comment.id, content: 'Great shot!' });

	const deleted = await guest.api.op('delete_media_comment', { params: { id: item, comment_id: comment.id } });
	expect(deleted.status).toBe(200);
	expect(deleted.body).toEqual({ deleted: true, id: comment.id });
	expect((await api('anonymous').op('list_media_comments', { params: { id: item } })).headers['x-wp-total']).toBe('0');
	expect((await api('anonymous').op('get_media', { params: { id: item } })).body.comments_count).toBe(0);
});
