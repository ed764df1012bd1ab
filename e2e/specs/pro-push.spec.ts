/**
 * Pro push (docs/pro-quotas.md, "Push" and "Usage widget"): POST
 * /mvs-pro/v1/push/register-device (Expo token format, upsert, the cap),
 * delivery of core's mvs_push_send to the member's Expo tokens through the
 * sender, against a loopback server this file starts (the harness points
 * the sender at it per request: X-MVS-Test-Push-Url), batching, dead-token
 * removal, receipts read later by the receipts job (run through its cron
 * hook by the harness), and the usage widget on the contract's page hooks.
 *
 * Notifications are produced through the product: a moderator rejects the
 * member's item. With X-MVS-Test-Push-Wait the rejection answers once its
 * pushes went out, so "nothing was sent" can be checked without waiting.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, upload, type Api } from '../support/mvs';
import { freshUser, token, type FreshUser } from '../support/moderation';
import { uniqueName } from '../support/seed';

test.describe.configure({ mode: 'parallel' });

interface Message {
	to: string;
	title: string;
	body: string;
	sound: string;
	data: { notification_id: number; type: string; object_type: string; object_id: number };
}

/** What the loopback "Expo" received, request by request. */
const received: { headers: IncomingHttpHeaders; messages: Message[] }[] = [];
/** Tokens the server reports as DeviceNotRegistered. */
const dead = new Set<string>();
/** Tokens whose request the server answers 500 (a failed request). */
const failing = new Set<string>();
/** The newest ticket ID the server gave each token. */
const ticketOf = new Map<string, string>();
/** Receipts the server has ready, by ticket ID (others are "not ready yet": left out of the answer). */
const receipts = new Map<string, { status: 'ok' } | { status: 'error'; message: string; details: { error: string } }>();
/** Ticket IDs whose receipts request the server answers 500. */
const failingReceipts = new Set<string>();
/** The ticket IDs of each receipts request. */
const receiptRequests: string[][] = [];
let server: Server;
let endpoint: string;

test.beforeAll(async () => {
	server = createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', () => {
			if (req.url?.endsWith('/getReceipts')) {
				const { ids } = JSON.parse(raw) as { ids: string[] };
				receiptRequests.push(ids);
				if (ids.some((id) => failingReceipts.has(id))) {
					res.writeHead(503, { 'Content-Type': 'text/plain' }).end('unavailable');
					return;
				}
				const data = Object.fromEntries(ids.filter((id) => receipts.has(id)).map((id) => [id, receipts.get(id)]));
				res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ data }));
				return;
			}
			const messages = JSON.parse(raw) as Message[];
			received.push({ headers: req.headers, messages });
			if (messages.some((m) => failing.has(m.to))) {
				res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"errors":[{"code":"INTERNAL_SERVER_ERROR"}]}');
				return;
			}
			const data = messages.map((m) =>
				dead.has(m.to)
					? { status: 'error', message: `"${m.to}" is not a registered push notification recipient`, details: { error: 'DeviceNotRegistered' } }
					: (ticketOf.set(m.to, token()), { status: 'ok', id: ticketOf.get(m.to) }),
			);
			res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ data }));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/--/api/v2/push/send`;
});

test.afterAll(async () => {
	await new Promise((resolve) => server.close(resolve));
});

const expoToken = (kind = 'ExponentPushToken') => `${kind}[${token()}]`;

async function register(member: Api, tokenValue: string, platform: 'ios' | 'android' = 'ios') {
	const res = await member.op('register_push_device', { body: { token: tokenValue, platform } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body;
}

/** A moderator rejects one of the owner's items: one notification, pushed at the end of that request. */
async function notify(api: (role: 'moderator') => Api, owner: FreshUser, headers: Record<string, string> = {}): Promise<number> {
	const id = (await upload(owner.api, { title: token() })).id;
	const res = await api('moderator')
		.withHeaders({ 'X-MVS-Test-Push-Url': endpoint, 'X-MVS-Test-Push-Wait': '1', ...headers })
		.op('reject_media', { params: { id } });
	expect(res.status).toBe(200);
	return id;
}

/** The requests that carried a push about this item, and their messages' tokens. */
const batchesAbout = (itemId: number) => received.filter((r) => r.messages.some((m) => m.data.object_id === itemId));
const tokensAbout = (itemId: number) => batchesAbout(itemId).flatMap((r) => r.messages.filter((m) => m.data.object_id === itemId).map((m) => m.to));

test('register-device: Expo tokens only, length-capped, ios or android, members only; an upsert per token', async ({ api }) => {
	const member = await freshUser(api('admin'));
	try {
		for (const bad of ['abc', 'ExponentPushToken[]', 'ExponentPushToken[abc', 'exponentpushtoken[abc]', 'ExpoPushToken[a b]', 'ExponentPushToken[a]x', `ExponentPushToken[${'a'.repeat(240)}]`]) {
			const res = await member.api.send({ method: 'POST', path: '/mvs-pro/v1/push/register-device', query: {}, json: { token: bad, platform: 'ios' } });
			expect(res.status, bad.slice(0, 40)).toBe(400);
			expect(['mvs_invalid_param', 'rest_invalid_param']).toContain(res.body.code);
		}
		for (const json of [{ token: expoToken(), platform: 'web' }, { token: expoToken() }, { platform: 'ios' }]) {
			const res = await member.api.send({ method: 'POST', path: '/mvs-pro/v1/push/register-device', query: {}, json });
			expect(res.status, JSON.stringify(json)).toBe(400);
		}
		expect((await api('anonymous').op('register_push_device', { body: { token: expoToken(), platform: 'ios' } })).status).toBe(401);

		const first = expoToken();
		expect(await register(member.api, first)).toEqual({ platform: 'ios', registered: true, devices: 1 });
		expect(await register(member.api, expoToken('ExpoPushToken'), 'android')).toEqual({ platform: 'android', registered: true, devices: 2 });
		// Registering the same token again is an upsert, not a second row.
		expect((await register(member.api, first, 'android')).devices).toBe(2);
		// Rows of Pro's table, apart from core's devices; account erasure removes them.
		const rows = async () => (await api('admin').raw('GET', '/wp-json/mvs-test/v1/erasure-rows', { query: { user_id: String(member.id) } })).body as Record<string, number>;
		expect(await rows()).toMatchObject({ 'mvs_pro_push_devices.user_id': 2, 'mvs_device_tokens.user_id': 0 });
		expect((await api('admin').raw('DELETE', `/wp-json/wp/v2/users/${member.id}`, { query: { force: 'true', reassign: 'false' } })).status).toBe(200);
		expect((await rows())['mvs_pro_push_devices.user_id']).toBe(0);
	} finally {
		await member.api.dispose();
	}
});

test("delivery: a member's notification goes to their own Expo tokens with the payload; a token registered by another member moves", async ({ api }) => {
	const a = await freshUser(api('admin'));
	const b = await freshUser(api('admin'));
	const c = await freshUser(api('admin'));
	try {
		const [a1, a2, b1] = [expoToken(), expoToken('ExpoPushToken'), expoToken()];
		await register(a.api, a1);
		await register(a.api, a2, 'android');
		await register(b.api, b1);

		// A has no core device (POST /me/devices): Pro's tokens alone make core hand the push over.
		const item = await notify(api, a);
		expect(tokensAbout(item)).toEqual([a1, a2]);
		const [request] = batchesAbout(item);
		expect(request!.headers['content-type']).toBe('application/json');
		expect(request!.messages).toHaveLength(2);
		for (const message of request!.messages) {
			expect(message).toMatchObject({
				title: expect.any(String),
				body: 'You have a new notification.',
				sound: 'default',
				data: { type: 'media_rejected', object_type: 'media', object_id: item, notification_id: expect.any(Number) },
			});
		}
		expect(request!.messages[0]!.data.notification_id).toBe(request!.messages[1]!.data.notification_id);

		// B registers A's first token: it is B's now.
		await register(b.api, a1);
		const second = await notify(api, a);
		expect(tokensAbout(second)).toEqual([a2]);
		const third = await notify(api, b);
		expect(tokensAbout(third)).toEqual([b1, a1]);

		// A member without Expo tokens is pushed nothing.
		const none = await notify(api, c);
		expect(tokensAbout(none)).toEqual([]);
	} finally {
		await Promise.all([a.api.dispose(), b.api.dispose(), c.api.dispose()]);
	}
});

test('batching and the cap: the ten most recent of eleven tokens, in requests of at most the batch size', async ({ api }) => {
	const member = await freshUser(api('admin'));
	try {
		const tokens = Array.from({ length: 11 }, () => expoToken());
		for (const [i, value] of tokens.entries()) expect((await register(member.api, value)).devices).toBe(Math.min(i + 1, 10));
		const item = await notify(api, member, { 'X-MVS-Test-Push-Batch': '4' });
		expect(batchesAbout(item).map((r) => r.messages.length)).toEqual([4, 4, 2]);
		expect(tokensAbout(item)).toEqual(tokens.slice(1));
	} finally {
		await member.api.dispose();
	}
});

test('dead tokens: a DeviceNotRegistered ticket forgets the token; a failed request forgets none', async ({ api }) => {
	const member = await freshUser(api('admin'));
	try {
		const [gone, kept, flaky] = [expoToken(), expoToken(), expoToken()];
		for (const value of [gone, kept, flaky]) await register(member.api, value);
		dead.add(gone);
		expect(tokensAbout(await notify(api, member))).toEqual([gone, kept, flaky]);
		expect(tokensAbout(await notify(api, member))).toEqual([kept, flaky]);

		// The server fails the whole request (500): logged, and every token stays.
		failing.add(flaky);
		expect(tokensAbout(await notify(api, member))).toEqual([kept, flaky]);
		failing.delete(flaky);
		expect(tokensAbout(await notify(api, member))).toEqual([kept, flaky]);
	} finally {
		await member.api.dispose();
	}
});

test('receipts: the job asks for tickets\' receipts; DeviceNotRegistered forgets the token, ok forgets nothing, a failed request keeps the tickets', async ({ api }) => {
	const member = await freshUser(api('admin'));
	/** Runs the job; answers whether it scheduled itself again and which of `ids` its requests asked about. */
	const runReceipts = async (ids: string[]) => {
		const before = receiptRequests.length;
		const res = await api('admin').withHeaders({ 'X-MVS-Test-Push-Url': endpoint }).raw('POST', '/wp-json/mvs-test/v1/push-receipts/run');
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		// Other tests' tickets wait in the same table: only ours are looked at.
		const asked = receiptRequests.slice(before).flat().filter((id) => ids.includes(id)).sort();
		return { scheduled: (res.body as { scheduled: boolean }).scheduled, asked };
	};
	try {
		const [gone, kept, late] = [expoToken(), expoToken(), expoToken()];
		for (const value of [gone, kept, late]) await register(member.api, value);
		// Each ticket is ok: no token is forgotten at sending.
		expect(tokensAbout(await notify(api, member))).toEqual([gone, kept, late]);
		const ids = [gone, kept, late].map((value) => ticketOf.get(value)!);

		// The receipts request fails: every ticket stays, and the job is scheduled again.
		for (const id of ids) failingReceipts.add(id);
		expect(await runReceipts(ids)).toEqual({ scheduled: true, asked: [...ids].sort() });
		for (const id of ids) failingReceipts.delete(id);

		// The next run asks again: one receipt says the device is gone, one is ok, one is not ready yet.
		receipts.set(ids[0]!, { status: 'error', message: 'not a registered recipient', details: { error: 'DeviceNotRegistered' } });
		receipts.set(ids[1]!, { status: 'ok' });
		expect(await runReceipts(ids)).toEqual({ scheduled: true, asked: [...ids].sort() });
		// Read receipts are dropped; the one not ready is asked for again, until it is read.
		expect(await runReceipts(ids)).toEqual({ scheduled: true, asked: [ids[2]] });
		receipts.set(ids[2]!, { status: 'ok' });
		expect((await runReceipts(ids)).asked).toEqual([ids[2]]);
		expect((await runReceipts(ids)).asked).toEqual([]);

		// The dead token is forgotten; the ok ones are still pushed.
		expect(tokensAbout(await notify(api, member))).toEqual([kept, late]);
	} finally {
		await member.api.dispose();
	}
});

test('without holding the response, the push goes out once the request is done', async ({ api }) => {
	const member = await freshUser(api('admin'));
	try {
		const value = expoToken();
		await register(member.api, value);
		const item = await notify(api, member, { 'X-MVS-Test-Push-Wait': '0' });
		await expect.poll(() => tokensAbout(item), { timeout: 15_000 }).toEqual([value]);
	} finally {
		await member.api.dispose();
	}
});

test("usage widget: the member's usage against their limits on both page hooks, nothing for visitors", async ({ api }) => {
	const admin = api('admin');
	const member = await freshUser(admin);
	const created = await admin.op('create_package', { body: { name: uniqueName('widget'), image_limit: 3, storage_bytes: 1073741824 } });
	expect(created.status).toBe(201);
	try {
		expect((await admin.op('assign_user_package', { params: { user_id: member.id }, body: { package_id: created.body.id } })).status).toBe(200);
		await upload(member.api);
		await admin.op('adjust_user_credits', { params: { user_id: member.id }, body: { credit_type: 'video', amount: 2 } });
		const render = async (hook: string, userId: number) =>
			((await admin.raw('GET', '/wp-json/mvs-test/v1/render-hook', { query: { hook, user_id: String(userId) } })).body as { html: string }).html;

		const html = await render('mvs_before_upload_form', member.id);
		expect(html).toContain('<div class="mvs-pro-usage"><h2 class="mvs-pro-usage__title">Your uploads</h2>');
		expect(html).toMatch(/mvs-pro-usage__item--image" data-used="1" data-limit="3"><span class="mvs-pro-usage__label">Images<\/span> <span class="mvs-pro-usage__figure">1 of 3<\/span>/);
		expect(html).toMatch(/mvs-pro-usage__item--video" data-used="0" data-limit="0">.*0 \(no limit\)/);
		expect(html).toMatch(/mvs-pro-usage__item--storage" data-used="\d+" data-limit="1073741824">.*>[\d.]+ KB of 1\.0 GB</);
		expect(html).toContain('<p class="mvs-pro-usage__credits">Extra upload credits: Videos 2</p>');
		expect(await render('mvs_dashboard_after_content', member.id)).toBe(html);
		expect(await render('mvs_before_upload_form', 0)).toBe('');
		expect(await render('mvs_dashboard_after_content', 0)).toBe('');
	} finally {
		await admin.op('delete_package', { params: { id: created.body.id } });
		await member.api.dispose();
	}
});
