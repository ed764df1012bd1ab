/**
 * Smoke journey of direct messaging, for the Playground tier (SQLite must
 * take every statement): a member opens a request, the recipient finds it
 * in the requests tab, replies (which accepts it), both read the thread,
 * unread counts move, preferences change, a reaction comes and goes, a search
 * finds the first message, a typing event fires, one message is deleted for
 * the sender and the other unsent, a file is uploaded and sent, found in the
 * conversation's media and by the recipient's long-poll, a second request is
 * declined and the first conversation is left. Edge cases: messaging.spec.ts,
 * messaging-live.spec.ts.
 */
import type { Conversation, ConversationMedia, Message, MessagePoll, UploadResult } from '../../../client/src/client';
import { files } from '../../support/mvs';
import { expect, test } from '../../support/smoke';

test('a request from start to leave, every messaging route once', async ({ members }) => {
	const [a, b, c] = await members(3);
	const started = await a.api.op('create_conversation', { body: { recipient_id: b.id } });
	expect(started.status, JSON.stringify(started.body)).toBe(201);
	const conv = started.body as unknown as Conversation;
	const sent = await a.api.op('send_message', { params: { id: conv.id }, body: { content: 'hello', metadata: { client: 'smoke' } } });
	expect(sent.status, JSON.stringify(sent.body)).toBe(201);

	const requests = await b.api.op('list_my_conversations', { query: { tab: 'requests' } });
	expect((requests.body as unknown as Conversation[]).map((x) => [x.id, x.unread_count, x.last_message?.excerpt])).toEqual([[conv.id, 1, 'hello']]);
	expect(requests.headers['x-wp-total']).toBe('1');
	expect((await b.api.op('accept_conversation', { params: { id: conv.id } })).body).toMatchObject({ status: 'active' });
	expect((await b.api.op('get_unread_message_count')).body).toEqual({ count: 1 });
	const reply = await b.api.op('send_message', { params: { id: conv.id }, body: { content: 'hi back', parent_id: (sent.body as unknown as Message).id } });
	expect(reply.status, JSON.stringify(reply.body)).toBe(201);

	const thread = await a.api.op('list_conversation_messages', { params: { id: conv.id }, query: { per_page: 10 } });
	expect((thread.body as unknown as Message[]).map((m) => [m.content, m.is_mine])).toEqual([
		['hi back', false],
		['hello', true],
	]);
	expect((await a.api.op('mark_conversation_read', { params: { id: conv.id } })).body).toEqual({ id: conv.id, unread_total: 0 });
	expect((await b.api.op('mark_conversation_read', { params: { id: conv.id } })).body).toEqual({ id: conv.id, unread_total: 0 });
	expect((await b.api.op('update_conversation', { params: { id: conv.id }, body: { is_pinned: true } })).body).toMatchObject({ is_pinned: true });
	expect((await b.api.op('get_conversation', { params: { id: conv.id } })).body).toMatchObject({ id: conv.id, is_pinned: true, unread_count: 0 });

	const [newest, first] = thread.body as unknown as Message[];
	expect((await a.api.op('add_message_reaction', { params: { id: newest!.id }, body: { emoji: '👍' } })).body).toMatchObject({ my_emoji: '👍' });
	expect((await a.api.op('remove_message_reaction', { params: { id: newest!.id } })).body).toMatchObject({ deleted: true, reactions: [] });
	expect(((await b.api.op('search_conversation_messages', { params: { id: conv.id }, query: { q: 'hel' } })).body as unknown as Message[]).map((m) => m.id)).toEqual([first!.id]);
	expect((await b.api.op('send_typing_event', { params: { id: conv.id } })).body).toEqual({ conversation_id: conv.id, typing: true });
	expect((await a.api.op('delete_message', { params: { id: newest!.id } })).body).toEqual({ deleted: true, id: newest!.id });
	expect((await a.api.op('unsend_message', { params: { id: first!.id } })).body).toEqual({ deleted: true, id: first!.id });
	expect((await a.api.op('list_conversation_messages', { params: { id: conv.id } })).body).toEqual([]);

	const file = await a.api.op('upload_message_attachment', { body: { file: files.uniquePng() } });
	expect(file.status, JSON.stringify(file.body)).toBe(201);
	const attachmentId = (file.body as unknown as UploadResult).media_id;
	const withFile = await a.api.op('send_message', { params: { id: conv.id }, body: { attachment_id: attachmentId } });
	expect(withFile.status, JSON.stringify(withFile.body)).toBe(201);
	const media = (await b.api.op('list_conversation_media', { params: { id: conv.id } })).body as unknown as ConversationMedia[];
	expect(media.map((x) => [x.kind, x.attachment_id])).toEqual([['attachment', attachmentId]]);
	const polled = (await b.api.op('poll_messages', { query: { since: (reply.body as unknown as Message).id, timeout: 1 } })).body as unknown as MessagePoll;
	expect([polled.timed_out, polled.messages.map((m) => m.attachment_id)]).toEqual([false, [attachmentId]]);

	const second = await c.api.op('create_conversation', { body: { recipient_id: b.id, as_request: true } });
	expect((await b.api.op('decline_conversation', { params: { id: (second.body as unknown as Conversation).id } })).body).toMatchObject({ status: 'declined' });
	expect((await b.api.op('leave_conversation', { params: { id: conv.id } })).body).toEqual({ deleted: true, id: conv.id });
	expect((await b.api.op('list_my_conversations')).body).toEqual([]);
});
