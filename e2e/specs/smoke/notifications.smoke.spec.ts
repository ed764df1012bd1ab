/**
 * Smoke journey of notifications and devices (5 routes), for the Playground
 * tier: a member registers a device, a moderator rejects their item, the
 * member sees the notice in the list and the unread count, marks it read,
 * and removes the device. The edge cases are in notifications.spec.ts.
 */
import { uniqueName, uploadImage } from '../../support/seed';
import { expect, test } from '../../support/smoke';

test('a notice from rejection to read, with a device registered and removed, every route once', async ({ api, members }) => {
	const [owner] = await members(1);
	const member = owner.api;
	const device = uniqueName('device');
	const registered = await member.op('register_device', { body: { platform: 'android', token: device } });
	expect(registered.status, JSON.stringify(registered.body)).toBe(200);
	expect(registered.body).toEqual({ platform: 'android', registered: true });

	const item = await uploadImage(member, { title: uniqueName('notice') });
	expect((await api('moderator').op('reject_media', { params: { id: item }, body: { reason: 'Off topic' } })).status).toBe(200);

	const listed = await member.op('list_my_notifications');
	expect(listed.status, JSON.stringify(listed.body)).toBe(200);
	expect(listed.headers['x-wp-total']).toBe('1');
	const [notice] = listed.body as unknown as { id: number; type: string; object_id: number; is_read: boolean }[];
	expect(notice).toMatchObject({ type: 'media_rejected', object_id: item, is_read: false });
	expect((await member.op('get_my_notification_count')).body).toEqual({ count: 1 });

	const read = await member.op('mark_notifications_read', { body: { ids: [notice!.id] } });
	expect(read.status).toBe(200);
	expect(read.body).toEqual({ marked: 1, unread: 0 });
	expect((await member.op('get_my_notification_count')).body).toEqual({ count: 0 });
	expect((await member.op('list_my_notifications', { query: { filter: 'unread' } })).headers['x-wp-total']).toBe('0');

	const removed = await member.op('unregister_device', { body: { token: device } });
	expect(removed.status).toBe(200);
	expect(removed.body).toEqual({ deleted: true });
});
