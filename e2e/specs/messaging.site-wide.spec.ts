/**
 * The site setting dm_access, which changes every member's messaging and so
 * runs in the site-wide project: `nobody` answers 403 mvs_messaging_off on
 * every implemented messaging route and turns features.messaging off in the
 * app config; `followers` lets a member start conversations only with
 * members who follow them, refusing others as a block is refused; and
 * message_poll_seconds 0 turns the long-poll's holding off.
 * Choices: docs/messaging.md.
 */
import { expect, files, test, type Api } from '../support/mvs';
import { freshUser, saveSettings, type FreshUser } from '../support/moderation';

test.describe.configure({ mode: 'serial' });

let a: FreshUser;
let b: FreshUser;
let conversation = 0;

test.beforeAll(async ({ api }) => {
	[a, b] = await Promise.all([freshUser(api('admin')), freshUser(api('admin'))]);
	const res = await a.api.op('create_conversation', { body: { recipient_id: b.id } });
	expect(res.status).toBe(201);
	conversation = (res.body as { id: number }).id;
});

test.afterAll(async ({ api }) => {
	await saveSettings(api('admin'), { dm_access: 'members' });
	await Promise.all([a, b].map((u) => u?.api.dispose()));
});

test('dm_access nobody: every messaging route answers 403 mvs_messaging_off, and the app config says messaging is off', async ({ api }) => {
	await saveSettings(api('admin'), { dm_access: 'nobody' });
	const id = { params: { id: conversation } };
	const calls: [string, (x: Api) => Promise<{ status: number; body: unknown }>][] = [
		['list', (x) => x.op('list_my_conversations')],
		['create', (x) => x.op('create_conversation', { body: { recipient_id: b.id } })],
		['get', (x) => x.op('get_conversation', id)],
		['send', (x) => x.op('send_message', { ...id, body: { content: 'hi' } })],
		['leave', (x) => x.op('leave_conversation', id)],
		['unread', (x) => x.op('get_unread_message_count')],
		['upload', (x) => x.op('upload_message_attachment', { body: { file: files.uniquePng() } })],
		['media', (x) => x.op('list_conversation_media', id)],
		['poll', (x) => x.op('poll_messages', { query: { since: 0, timeout: 0 } })],
	];
	for (const [name, call] of calls) {
		const res = await call(a.api);
		expect([name, res.status, (res.body as { code?: string }).code]).toEqual([name, 403, 'mvs_messaging_off']);
	}
	expect((await api('anonymous').op('get_app_config')).body.features).toMatchObject({ messaging: false });
});

test('dm_access followers: only a member the recipient follows may start a conversation; the refusal is the one a block gets', async ({ api }) => {
	await saveSettings(api('admin'), { dm_access: 'followers' });
	expect((await api('anonymous').op('get_app_config')).body.features).toMatchObject({ messaging: true });
	const [c] = await Promise.all([freshUser(api('admin'))]);
	try {
		const refused = await c!.api.op('create_conversation', { body: { recipient_id: a.id } });
		expect([refused.status, refused.body.code]).toEqual([403, 'mvs_forbidden']);
		expect((await a.api.op('follow_user', { params: { id: c!.id } })).status).toBe(200);
		const allowed = await c!.api.op('create_conversation', { body: { recipient_id: a.id } });
		expect(allowed.status).toBe(201);
		// An existing conversation keeps working whatever the setting says about starting one.
		expect((await b.api.op('send_message', { params: { id: conversation }, body: { content: 'still here' } })).status).toBe(201);
	} finally {
		await c!.api.dispose();
	}
});

test('unsend follows the edit window of comments (setting comment_edit_minutes): past it, 403 mvs_edit_window_closed', async ({ api }) => {
	await saveSettings(api('admin'), { dm_access: 'members', comment_edit_minutes: 0 });
	try {
		const sent = await a.api.op('send_message', { params: { id: conversation }, body: { content: 'too late to take back' } });
		const late = await a.api.op('unsend_message', { params: { id: (sent.body as { id: number }).id } });
		expect([late.status, late.body.code]).toEqual([403, 'mvs_edit_window_closed']);
	} finally {
		await saveSettings(api('admin'), { comment_edit_minutes: 15 });
	}
});

test('message_poll_seconds 0 turns holding off: a poll with nothing new answers at once, whatever timeout it asks', async ({ api }) => {
	// The bound is this test's own timeout: a poll that held would take the site's 25 s.
	test.setTimeout(20_000);
	await saveSettings(api('admin'), { dm_access: 'members', message_poll_seconds: 0 });
	try {
		const res = await b.api.op('poll_messages', { query: { since: 2 ** 31, timeout: 40 } });
		expect(res.body).toEqual({ messages: [], typing: [], last_id: 2 ** 31, timed_out: true });
	} finally {
		await saveSettings(api('admin'), { message_poll_seconds: 25 });
	}
});
