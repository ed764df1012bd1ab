/**
 * Smoke journey of the Reports and blocking area (5 routes), for the
 * Playground tier: one member blocks another (each loses sight of the
 * other's media), lists and lifts the block, then reports the other's item
 * and the other member. Two members of their own, so no shared fixture user
 * is ever blocked or reported. The edge cases are in reports-blocks.spec.ts.
 */
import { uploadImage } from '../../support/seed';
import { expect, test } from '../../support/smoke';

test('a block, lifted, then a report of an item and of its author, every route once', async ({ members }) => {
	const [author, viewer] = await members(2);
	const item = await uploadImage(author.api);
	expect((await viewer.api.op('get_media', { params: { id: item } })).status).toBe(200);

	const blocked = await viewer.api.op('block_user', { params: { id: author.id } });
	expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
	expect(blocked.body).toMatchObject({ user_id: author.id, blocked: true });
	expect((await viewer.api.op('get_media', { params: { id: item } })).status).toBe(403);
	const list = await viewer.api.op('list_blocked_users');
	expect(list.status).toBe(200);
	expect(list.headers['x-wp-total']).toBe('1');
	expect(list.body).toEqual([expect.objectContaining({ id: author.id, display_name: author.login })]);

	const unblocked = await viewer.api.op('unblock_user', { params: { id: author.id } });
	expect(unblocked.status).toBe(200);
	expect(unblocked.body).toMatchObject({ user_id: author.id, blocked: false });
	expect((await viewer.api.op('get_media', { params: { id: item } })).status).toBe(200);

	const report = await viewer.api.op('report_media', { params: { id: item }, body: { reason: 'spam', details: 'Posted ten times' } });
	expect(report.status, JSON.stringify(report.body)).toBe(200);
	expect(report.body).toMatchObject({ object_type: 'media', object_id: item, reason: 'spam', details: 'Posted ten times', status: 'open' });
	const again = await viewer.api.op('report_media', { params: { id: item }, body: { reason: 'spam' } });
	expect(again.status).toBe(409);
	expect(again.body.code).toBe('mvs_already_reported');

	const user = await viewer.api.op('report_user', { params: { id: author.id }, body: { reason: 'impersonation' } });
	expect(user.status, JSON.stringify(user.body)).toBe(200);
	expect(user.body).toMatchObject({ object_type: 'user', object_id: author.id, reason: 'impersonation', status: 'open' });
});
