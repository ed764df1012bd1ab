/**
 * Direct messaging's live and file routes on the native stack: the
 * long-poll (answers when a message arrives, empty at its timeout, typing
 * through it, outsiders 404), message attachments (checked by content like
 * media uploads, sent by their uploader only, fetched by the conversation's
 * participants only, also where the web server maps /serve to the lean
 * entry; unsending deletes the attachment's row and file) and a conversation's
 * media. Choices: docs/messaging.md.
 */
import type { Conversation, ConversationMedia, Message, MessagePoll, UploadResult } from '../../client/src/client';
import { expect, files, test, upload } from '../support/mvs';
import { storedFiles } from '../support/erasure';
import { freshUser, type FreshUser } from '../support/moderation';
import { fetchFile, serveQuery } from '../support/serve';

test.describe.configure({ mode: 'parallel' });

async function pair(admin: Parameters<typeof freshUser>[0]): Promise<[FreshUser, FreshUser, FreshUser, Conversation]> {
	const [a, b, stranger] = await Promise.all([freshUser(admin), freshUser(admin), freshUser(admin)]);
	const res = await a.api.op('create_conversation', { body: { recipient_id: b.id } });
	expect(res.status, JSON.stringify(res.body)).toBe(201);
	return [a, b, stranger, res.body as unknown as Conversation];
}

async function send(from: FreshUser, conversation: number, body: Record<string, unknown>): Promise<Message> {
	const res = await from.api.op('send_message', { params: { id: conversation }, body });
	expect(res.status, JSON.stringify(res.body)).toBe(201);
	return res.body as unknown as Message;
}

async function poll(who: FreshUser, query: { since: number; conversation_id?: number; timeout: number }) {
	return who.api.op('poll_messages', { query });
}

test('the long-poll answers when a message arrives and empty at its timeout; typing reaches it; outsiders get 404', async ({ api }) => {
	const [a, b, stranger, conv] = await pair(api('admin'));
	try {
		const first = await send(a, conv.id, { content: 'first' });

		// Nothing newer: the poll holds to its (short) timeout and answers empty, resuming where it was.
		const empty = await poll(b, { since: first.id, timeout: 1 });
		expect(empty.status, JSON.stringify(empty.body)).toBe(200);
		expect(empty.body).toEqual({ messages: [], typing: [], last_id: first.id, timed_out: true });

		// A poll that is waiting answers with the message sent meanwhile, before its timeout.
		const events: string[] = [];
		const waiting = poll(b, { since: first.id, conversation_id: conv.id, timeout: 30 }).then((res) => {
			events.push('answered');
			return res;
		});
		events.push('send');
		const second = await send(a, conv.id, { content: 'second' });
		const woken = await waiting;
		expect(events).toEqual(['send', 'answered']);
		const body = woken.body as unknown as MessagePoll;
		expect([body.timed_out, body.last_id, body.messages.map((m) => [m.id, m.content, m.is_mine])]).toEqual([false, second.id, [[second.id, 'second', false]]]);

		// Older messages come at once, oldest first; the sender's own poll has them too.
		const backlog = (await poll(a, { since: 0, timeout: 30 })).body as unknown as MessagePoll;
		expect([backlog.timed_out, backlog.messages.map((m) => m.id)]).toEqual([false, [first.id, second.id]]);

		// Typing reaches the other participant through the poll, not the typist.
		expect((await a.api.op('send_typing_event', { params: { id: conv.id } })).status).toBe(200);
		expect(((await poll(b, { since: second.id, timeout: 1 })).body as unknown as MessagePoll).typing).toEqual([{ conversation_id: conv.id, user_id: a.id }]);
		expect(((await poll(a, { since: second.id, timeout: 0 })).body as unknown as MessagePoll).typing).toEqual([]);

		// Outsiders: a conversation not theirs is missing; their own poll sees nothing of it.
		expect((await poll(stranger, { since: 0, conversation_id: conv.id, timeout: 0 })).status).toBe(404);
		expect((await poll(stranger, { since: 0, timeout: 0 })).body).toEqual({ messages: [], typing: [], last_id: 0, timed_out: true });
	} finally {
		await Promise.all([a, b, stranger].map((u) => u.api.dispose()));
	}
});

test('attachments: checked by content, sent by their uploader once, fetched by participants only (lean entry too); conversation media', async ({ api, request }) => {
	const admin = api('admin');
	const [a, b, stranger, conv] = await pair(admin);
	try {
		// The media uploads' validator: a PHP file named .jpg is refused by its content.
		const renamed = await a.api.op('upload_message_attachment', { body: { file: files.php('shell.jpg') } });
		expect([renamed.status, renamed.body.code]).toEqual([400, 'mvs_invalid_type']);
		const png = files.uniquePng();
		const up = await a.api.op('upload_message_attachment', { body: { file: png } });
		expect(up.status, JSON.stringify(up.body)).toBe(201);
		const att = up.body as unknown as UploadResult;
		const own = await fetchFile(request, att.url);
		expect([own.status, Buffer.compare(own.body, Buffer.from(png.buffer))]).toEqual([200, 0]);

		// Only the uploader may send it, and only once.
		const foreign = await b.api.send({ method: 'POST', path: `/mvs/v1/conversations/${conv.id}/messages`, query: {}, json: { attachment_id: att.media_id } });
		expect([foreign.status, foreign.body.code]).toEqual([400, 'mvs_invalid_param']);
		const message = await send(a, conv.id, { attachment_id: att.media_id });
		expect([message.message_type, message.attachment_id, message.content]).toEqual(['media', att.media_id, '']);
		const again = await a.api.send({ method: 'POST', path: `/mvs/v1/conversations/${conv.id}/messages`, query: {}, json: { attachment_id: att.media_id } });
		expect(again.body.code).toBe('mvs_invalid_param');

		// The recipient fetches it through the URL of their own message list.
		const seen = ((await b.api.op('list_conversation_messages', { params: { id: conv.id } })).body as unknown as Message[])[0]!;
		expect(serveQuery(seen.attachment_url as string).mvs_uid).toBe(String(b.id));
		expect((await fetchFile(request, seen.attachment_url as string)).status).toBe(200);

		// A non-participant: a URL signed for them answers as a missing file, by the REST route (never served lean);
		// the recipient's URL rewritten for them breaks the signature.
		const signed = await admin.raw('POST', '/wp-json/mvs-test/v1/sign', { json: { media_id: att.media_id, user_id: stranger.id, expires: Math.floor(Date.now() / 1000) + 600, attachment: true } });
		const outsider = await fetchFile(request, signed.body.url as string);
		expect([outsider.status, outsider.json?.code, outsider.headers['x-mvs-served-by']]).toEqual([404, 'mvs_not_found', undefined]);
		const rewritten = await fetchFile(request, (seen.attachment_url as string).replace(`mvs_uid=${b.id}`, `mvs_uid=${stranger.id}`));
		expect([rewritten.status, rewritten.json?.code]).toEqual([403, 'mvs_signature_invalid']);
		// Nor is an attachment URL a media URL of the same number.
		const asMedia = await fetchFile(request, (seen.attachment_url as string).replace('&mvs_att=1', ''));
		expect(asMedia.status).toBe(403);

		// Conversation media: attachments and shared items, newest first, same queries whatever per_page; outsiders 404.
		const item = await upload(a.api, { privacy: 'public' });
		const shared = await send(a, conv.id, { media_id: item.id });
		const media = async (per_page: number) => b.api.op('list_conversation_media', { params: { id: conv.id }, query: { per_page } });
		const page = await media(10);
		expect((page.body as unknown as ConversationMedia[]).map((x) => [x.message_id, x.kind, x.media_id, x.attachment_id])).toEqual([
			[shared.id, 'media', item.id, null],
			[message.id, 'attachment', null, att.media_id],
		]);
		expect(Number((await media(1)).headers['x-mvs-queries'])).toBe(Number(page.headers['x-mvs-queries']));
		const missing = await stranger.api.op('list_conversation_media', { params: { id: conv.id } });
		expect([missing.status, missing.body.code]).toEqual([404, 'mvs_not_found']);
		// An item turned private leaves the recipient's list.
		expect((await a.api.op('update_media', { params: { id: item.id }, body: { privacy: 'private' } })).status).toBe(200);
		expect(((await media(10)).body as unknown as ConversationMedia[]).map((x) => x.message_id)).toEqual([message.id]);

		// Unsending the message deletes its attachment: the row and the file on disk.
		const stored = Object.keys(await storedFiles(admin, { attachment_id: att.media_id }));
		expect(stored).toHaveLength(1);
		expect((await a.api.op('unsend_message', { params: { id: message.id } })).body).toEqual({ deleted: true, id: message.id });
		expect(Object.keys(await storedFiles(admin, { attachment_id: att.media_id }))).toEqual([]);
		expect((await storedFiles(admin, { keys: stored }))[stored[0]!]!.exists).toBe(false);
	} finally {
		await Promise.all([a, b, stranger].map((u) => u.api.dispose()));
	}
});
