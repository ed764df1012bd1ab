/**
 * Direct messaging on the native stack: the conversation state table
 * (request vs active by follows, accept, decline, leave and what a new
 * message does to it), one conversation per pair even when both start at
 * once, preferences and the inbox order, outsiders and blocks, message
 * pages with the before cursor, send validation, read marks and exact
 * unread counters under concurrent sends, and notifications that fold.
 * Every test uses throw-away members. Choices: docs/messaging.md.
 */
import type { Conversation, Message } from '../../client/src/client';
import { expect, test, upload, type Api } from '../support/mvs';
import { freshUser, type FreshUser } from '../support/moderation';

test.describe.configure({ mode: 'parallel' });

async function people(admin: Api, n: number): Promise<FreshUser[]> {
	return Promise.all(Array.from({ length: n }, () => freshUser(admin)));
}

async function dispose(users: FreshUser[]): Promise<void> {
	await Promise.all(users.map((u) => u.api.dispose()));
}

async function start(from: FreshUser, to: number, asRequest = false): Promise<Conversation> {
	const res = await from.api.op('create_conversation', { body: { recipient_id: to, as_request: asRequest } });
	expect(res.status, JSON.stringify(res.body)).toBe(201);
	return res.body as unknown as Conversation;
}

async function send(from: FreshUser, conversation: number, content: string): Promise<Message> {
	const res = await from.api.op('send_message', { params: { id: conversation }, body: { content } });
	expect(res.status, JSON.stringify(res.body)).toBe(201);
	return res.body as unknown as Message;
}

async function inbox(who: FreshUser, tab: 'all' | 'unread' | 'requests' = 'all', perPage = 20) {
	const res = await who.api.op('list_my_conversations', { query: { tab, per_page: perPage } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return { items: res.body as unknown as Conversation[], total: Number(res.headers['x-wp-total']), queries: Number(res.headers['x-mvs-queries']) };
}

async function unread(who: FreshUser): Promise<number> {
	const res = await who.api.op('get_unread_message_count');
	expect(res.status).toBe(200);
	return (res.body as { count: number }).count;
}

test('state table: a stranger starts a request, accept moves it to all; a follower starts an active one; decline removes it', async ({ api }) => {
	const [a, b, c] = await people(api('admin'), 3);
	try {
		// b does not follow a: a request, in b's requests tab only.
		const request = await start(a!, b!.id);
		expect(request).toMatchObject({ status: 'active', is_request_sender: true, unread_count: 0 });
		expect(request.last_message).toBeUndefined();
		expect(request.other_user?.id).toBe(b!.id);
		expect(request.participants.map((p) => p.id)).toEqual([a!.id, b!.id]);
		await send(a!, request.id, 'hello b');
		const requests = await inbox(b!, 'requests');
		expect(requests.items.map((x) => [x.id, x.status, x.unread_count, x.last_message?.excerpt])).toEqual([[request.id, 'request', 1, 'hello b']]);
		expect((await inbox(b!)).items).toEqual([]);
		// Requests stay out of the badge until accepted.
		expect(await unread(b!)).toBe(0);
		const accepted = await b!.api.op('accept_conversation', { params: { id: request.id } });
		expect(accepted.body).toMatchObject({ id: request.id, status: 'active', unread_count: 1 });
		expect((await inbox(b!, 'requests')).items).toEqual([]);
		expect((await inbox(b!)).items.map((x) => x.id)).toEqual([request.id]);
		expect(await unread(b!)).toBe(1);

		// c follows a, so a starting with c is active at once; as_request forces a request.
		expect((await c!.api.op('follow_user', { params: { id: a!.id } })).status).toBe(200);
		const direct = await start(a!, c!.id);
		expect(direct.is_request_sender).toBe(false);
		expect((await inbox(c!)).items.map((x) => x.id)).toEqual([direct.id]);
		const [d] = await people(api('admin'), 1);
		expect((await d!.api.op('follow_user', { params: { id: a!.id } })).status).toBe(200);
		const forced = await start(a!, d!.id, true);
		expect(forced.is_request_sender).toBe(true);
		const declined = await d!.api.op('decline_conversation', { params: { id: forced.id } });
		expect(declined.body).toEqual({ id: forced.id, status: 'declined' });
		// Gone for d; still there for a, who is not told.
		expect((await d!.api.op('get_conversation', { params: { id: forced.id } })).status).toBe(404);
		await send(a!, forced.id, 'still there?');
		expect((await inbox(d!, 'requests')).total).toBe(0);
		expect((await a!.api.op('get_conversation', { params: { id: forced.id } })).body).toMatchObject({ is_request_sender: true });
		// Only a request can be declined.
		expect((await b!.api.op('decline_conversation', { params: { id: request.id } })).status).toBe(404);
		await d!.api.dispose();
	} finally {
		await dispose([a!, b!, c!]);
	}
});

test('one conversation per pair, even when both start it at the same moment', async ({ api }) => {
	const [a, b] = await people(api('admin'), 2);
	try {
		const both = await Promise.all([
			a!.api.op('create_conversation', { body: { recipient_id: b!.id } }),
			b!.api.op('create_conversation', { body: { recipient_id: a!.id } }),
			a!.api.op('create_conversation', { body: { recipient_id: b!.id } }),
		]);
		for (const res of both) expect(res.status, JSON.stringify(res.body)).toBe(201);
		const ids = new Set(both.map((res) => (res.body as unknown as Conversation).id));
		expect(ids.size).toBe(1);
		// Each started it, so neither holds a request.
		expect((await inbox(a!)).items.map((x) => [x.id, x.status])).toEqual([[[...ids][0], 'active']]);
		expect((await inbox(b!)).items.map((x) => [x.id, x.status])).toEqual([[[...ids][0], 'active']]);
		// Self and unknown members.
		const self = await a!.api.op('create_conversation', { body: { recipient_id: a!.id } });
		expect([self.status, self.body.code]).toEqual([400, 'mvs_invalid_param']);
		const unknown = await a!.api.op('create_conversation', { body: { recipient_id: 999999999 } });
		expect([unknown.status, unknown.body.code]).toEqual([404, 'mvs_user_not_found']);
		expect((await api('anonymous').op('create_conversation', { body: { recipient_id: b!.id } })).status).toBe(401);
	} finally {
		await dispose([a!, b!]);
	}
});

test('unread counters stay exact under concurrent sends; read zeroes them; the inbox costs the same queries whatever per_page', async ({ api }) => {
	const [a, b, c] = await people(api('admin'), 3);
	try {
		expect((await b!.api.op('follow_user', { params: { id: a!.id } })).status).toBe(200);
		expect((await b!.api.op('follow_user', { params: { id: c!.id } })).status).toBe(200);
		const ab = await start(a!, b!.id);
		const cb = await start(c!, b!.id);
		await Promise.all([...Array.from({ length: 6 }, (_, i) => send(a!, ab.id, `a${i}`)), ...Array.from({ length: 4 }, (_, i) => send(c!, cb.id, `c${i}`))]);
		expect(await unread(b!)).toBe(10);
		const counts: number[] = [];
		for (const perPage of [1, 50]) {
			const page = await inbox(b!, 'unread', perPage);
			expect(page.total).toBe(2);
			counts.push(page.queries);
		}
		expect(new Set(counts).size, `queries per_page 1/50: ${counts.join('/')}`).toBe(1);
		const read = await b!.api.op('mark_conversation_read', { params: { id: ab.id } });
		expect(read.body).toEqual({ id: ab.id, unread_total: 4 });
		expect((await inbox(b!, 'unread')).items.map((x) => x.id)).toEqual([cb.id]);
		// The sender's own messages never count for them.
		expect(await unread(a!)).toBe(0);
		// Pinned first, then by last message: cb has the newest message unless a pin says otherwise.
		expect((await b!.api.op('update_conversation', { params: { id: ab.id }, body: { is_pinned: true, is_muted: true } })).body).toMatchObject({ is_pinned: true, is_muted: true, is_archived: false });
		await send(c!, cb.id, 'newest');
		expect((await inbox(b!)).items.map((x) => x.id)).toEqual([ab.id, cb.id]);
		// Preferences are the caller's own.
		expect((await a!.api.op('get_conversation', { params: { id: ab.id } })).body).toMatchObject({ is_pinned: false, is_muted: false });
	} finally {
		await dispose([a!, b!, c!]);
	}
});

test('messages newest first with the before cursor; send validation; a new message folds into one notification', async ({ api }) => {
	const [a, b] = await people(api('admin'), 2);
	try {
		expect((await b!.api.op('follow_user', { params: { id: a!.id } })).status).toBe(200);
		const conv = await start(a!, b!.id);
		const m1 = await send(a!, conv.id, 'one <b>bold</b>');
		const m2 = await send(b!, conv.id, 'two');
		const m3 = await send(a!, conv.id, 'three');
		const first = await b!.api.op('list_conversation_messages', { params: { id: conv.id }, query: { per_page: 2 } });
		expect((first.body as unknown as Message[]).map((m) => [m.id, m.is_mine])).toEqual([
			[m3.id, false],
			[m2.id, true],
		]);
		const next = await b!.api.op('list_conversation_messages', { params: { id: conv.id }, query: { per_page: 2, before: m2.id } });
		expect((next.body as unknown as Message[]).map((m) => [m.id, m.content])).toEqual([[m1.id, 'one bold']]);

		// Content required unless media; parent of this conversation; metadata an object of 2 KB at most.
		const bad = async (body: Record<string, unknown>) => (await a!.api.send({ method: 'POST', path: `/mvs/v1/conversations/${conv.id}/messages`, query: {}, json: body })).body.code;
		expect(await bad({ content: '   ' })).toBe('mvs_invalid_param');
		expect(await bad({ content: 'x', metadata: { blob: 'y'.repeat(3000) } })).toBe('mvs_invalid_param');
		expect(await bad({ content: 'x', metadata: 'text' })).toBe('rest_invalid_param');
		expect(await bad({ content: 'x', attachment_id: 1 })).toBe('mvs_invalid_param');
		const other = await start(a!, (await people(api('admin'), 1))[0]!.id);
		const foreign = await send(a!, other.id, 'elsewhere');
		expect(await bad({ content: 'x', parent_id: foreign.id })).toBe('mvs_invalid_param');
		const reply = await a!.api.op('send_message', { params: { id: conv.id }, body: { content: 'reply', parent_id: m2.id, metadata: { k: 1 } } });
		expect(reply.body).toMatchObject({ parent_id: m2.id, metadata: { k: 1 } });
		// A media item both may see is shared; a private one of the sender is refused.
		const item = await upload(a!.api, { privacy: 'public' });
		const shared = await a!.api.op('send_message', { params: { id: conv.id }, body: { media_id: item.id } });
		expect(shared.body).toMatchObject({ media_id: item.id, message_type: 'media', content: '' });
		const hidden = await upload(a!.api, { privacy: 'private' });
		expect(await bad({ media_id: hidden.id })).toBe('mvs_invalid_param');

		// a's messages to b: one unread notification about the conversation, however many.
		const notes = await b!.api.op('list_my_notifications');
		const about = (notes.body as { type: string; object_id: number }[]).filter((n) => n.type === 'message' && n.object_id === conv.id);
		expect(about).toHaveLength(1);
	} finally {
		await dispose([a!, b!]);
	}
});

test('outsiders and blocked members get the answer of a missing conversation; leaving hides history until a new message', async ({ api }) => {
	const [a, b, stranger] = await people(api('admin'), 3);
	try {
		const conv = await start(a!, b!.id);
		await send(a!, conv.id, 'before leaving');
		const missing = await stranger!.api.op('get_conversation', { params: { id: 999999999 } });
		for (const res of [
			await stranger!.api.op('get_conversation', { params: { id: conv.id } }),
			await stranger!.api.op('list_conversation_messages', { params: { id: conv.id } }),
			await stranger!.api.op('send_message', { params: { id: conv.id }, body: { content: 'hi' } }),
			await stranger!.api.op('mark_conversation_read', { params: { id: conv.id } }),
		]) {
			expect([res.status, res.body]).toEqual([missing.status, missing.body]);
		}
		expect((await stranger!.api.op('leave_conversation', { params: { id: conv.id } })).body).toEqual({ deleted: false, id: conv.id });

		// b leaves: gone from b's inbox; a's next message brings it back without the old history.
		expect((await b!.api.op('accept_conversation', { params: { id: conv.id } })).status).toBe(200);
		expect((await b!.api.op('leave_conversation', { params: { id: conv.id } })).body).toEqual({ deleted: true, id: conv.id });
		expect((await b!.api.op('leave_conversation', { params: { id: conv.id } })).body).toEqual({ deleted: false, id: conv.id });
		expect((await inbox(b!)).items).toEqual([]);
		await send(a!, conv.id, 'after leaving');
		const back = await b!.api.op('list_conversation_messages', { params: { id: conv.id } });
		expect((back.body as unknown as Message[]).map((m) => m.content)).toEqual(['after leaving']);

		// A block either way: the conversation is missing for both, and a new one is refused like any refusal.
		expect((await b!.api.op('block_user', { params: { id: a!.id } })).status).toBe(200);
		const sent = await a!.api.op('send_message', { params: { id: conv.id }, body: { content: 'hi' } });
		expect([sent.status, sent.body]).toEqual([missing.status, missing.body]);
		expect((await inbox(a!)).items).toEqual([]);
		const again = await a!.api.op('create_conversation', { body: { recipient_id: b!.id } });
		expect([again.status, again.body.code]).toEqual([403, 'mvs_forbidden']);
		expect(JSON.stringify(again.body)).not.toMatch(/block/i);
	} finally {
		await dispose([a!, b!, stranger!]);
	}
});

test('delete for me, unsend for everyone, one reaction per member, search within one conversation, typing', async ({ api }) => {
	const [a, b, stranger] = await people(api('admin'), 3);
	try {
		const conv = await start(a!, b!.id);
		const m1 = await send(a!, conv.id, 'find 100%_match here');
		const m2 = await send(a!, conv.id, 'find nothing special');
		const elsewhere = await start(a!, stranger!.id);
		await send(a!, elsewhere.id, 'find 100%_match elsewhere');
		const list = async (who: FreshUser) => ((await who.api.op('list_conversation_messages', { params: { id: conv.id } })).body as unknown as Message[]).map((m) => m.id);

		// Delete hides for the caller only; retry-safe; a stranger's delete removes nothing.
		expect((await b!.api.op('delete_message', { params: { id: m1.id } })).body).toEqual({ deleted: true, id: m1.id });
		expect((await b!.api.op('delete_message', { params: { id: m1.id } })).body).toEqual({ deleted: false, id: m1.id });
		expect((await stranger!.api.op('delete_message', { params: { id: m2.id } })).body).toEqual({ deleted: false, id: m2.id });
		expect(await list(b!)).toEqual([m2.id]);
		expect(await list(a!)).toEqual([m2.id, m1.id]);

		// Reactions: one per member, replaced; the allowed list; outsiders and hidden messages are missing.
		expect((await b!.api.op('add_message_reaction', { params: { id: m2.id }, body: { emoji: '❤️' } })).body).toEqual({ message_id: m2.id, reactions: [{ user_id: b!.id, emoji: '❤️' }], my_emoji: '❤️' });
		expect((await b!.api.op('add_message_reaction', { params: { id: m2.id }, body: { emoji: '👍' } })).body).toMatchObject({ reactions: [{ user_id: b!.id, emoji: '👍' }] });
		const bad = await b!.api.send({ method: 'POST', path: `/mvs/v1/messages/${m2.id}/reactions`, query: {}, json: { emoji: '💩' } });
		expect([bad.status, bad.body.code]).toEqual([400, 'rest_invalid_param']);
		expect((await stranger!.api.op('add_message_reaction', { params: { id: m2.id }, body: { emoji: '❤️' } })).status).toBe(404);
		expect((await b!.api.op('add_message_reaction', { params: { id: m1.id }, body: { emoji: '❤️' } })).status).toBe(404);
		const seen = (await a!.api.op('list_conversation_messages', { params: { id: conv.id } })).body as unknown as Message[];
		expect(seen[0]!.reactions).toEqual([{ user_id: b!.id, emoji: '👍' }]);
		expect((await b!.api.op('remove_message_reaction', { params: { id: m2.id } })).body).toEqual({ message_id: m2.id, reactions: [], my_emoji: null, deleted: true });
		expect((await b!.api.op('remove_message_reaction', { params: { id: m2.id } })).body).toMatchObject({ deleted: false });

		// Search: this conversation only, LIKE wildcards taken literally, hidden messages left out.
		const search = async (who: FreshUser, q: string) => who.api.op('search_conversation_messages', { params: { id: conv.id }, query: { q } });
		expect(((await search(a!, '100%_')).body as unknown as Message[]).map((m) => m.id)).toEqual([m1.id]);
		expect(((await search(a!, '%')).body as unknown as Message[]).map((m) => m.id)).toEqual([m1.id]);
		expect(((await search(b!, 'find')).body as unknown as Message[]).map((m) => m.id)).toEqual([m2.id]);
		expect((await search(stranger!, 'find')).status).toBe(404);

		// Unsend: the sender only; the recipient's unread count drops with it; retry-safe.
		const before = (await b!.api.op('get_conversation', { params: { id: conv.id } })).body as unknown as Conversation;
		expect((await b!.api.op('unsend_message', { params: { id: m2.id } })).status).toBe(403);
		expect((await a!.api.op('unsend_message', { params: { id: m2.id } })).body).toEqual({ deleted: true, id: m2.id });
		expect((await a!.api.op('unsend_message', { params: { id: m2.id } })).body).toEqual({ deleted: false, id: m2.id });
		expect(await list(a!)).toEqual([m1.id]);
		const after = (await b!.api.op('get_conversation', { params: { id: conv.id } })).body as unknown as Conversation;
		expect(after.unread_count).toBe(before.unread_count - 1);
		expect(after.last_message).toBeUndefined();

		// Typing: an event for participants; nothing to read back.
		expect((await b!.api.op('send_typing_event', { params: { id: conv.id } })).body).toEqual({ conversation_id: conv.id, typing: true });
		expect((await stranger!.api.op('send_typing_event', { params: { id: conv.id } })).status).toBe(404);
	} finally {
		await dispose([a!, b!, stranger!]);
	}
});
