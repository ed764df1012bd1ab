/**
 * AI analysis: the offline local provider on real images, the
 * OpenAI-compatible HTTP provider against a chat-completions server this
 * test starts on loopback, the monthly budget, and the API key never leaving
 * the server. Flips AI settings, so it runs in the site-wide project.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, files, test, upload, type Api } from '../support/mvs';
import { fetchFile, signedUrl } from '../support/serve';
import { SKIN, png, saveSettings, solidPng, token, trail } from '../support/moderation';

test.describe.configure({ mode: 'serial' });

interface Analysis {
	media_id: number;
	provider: string;
	model: string;
	description: string;
	tags: string[];
	safety: { score: number; threshold: number; verdict: string };
	metrics: null | {
		width: number;
		height: number;
		mean_rgb: number[];
		mean_hex: string;
		brightness: number;
		dominant_color: string;
		skin_ratio: number;
		sampled_pixels: number;
	};
	tokens: number;
	flagged: boolean;
	moderation_status: string;
}

interface Usage {
	month: string;
	provider: string;
	analyses: number;
	tokens: number;
	budget: number;
	remaining: number;
	by_provider: Record<string, { analyses: number; tokens: number }>;
}

const AI_DEFAULTS = {
	ai_provider: 'local',
	ai_endpoint: 'https://api.openai.com/v1/chat/completions',
	ai_model: 'gpt-4o-mini',
	ai_api_key: '',
	ai_monthly_budget: 500,
	ai_safety_threshold: 0.6,
	ai_local_flags: false,
};

test.afterAll(async ({ api }) => {
	await saveSettings(api('admin'), AI_DEFAULTS);
});

async function analyze(id: number, api: Api) {
	const res = await api.op('analyze_media', { params: { id } });
	return { status: res.status, body: res.body as unknown as Analysis & { code?: string; data?: Record<string, unknown> } };
}

async function usage(api: Api): Promise<Usage> {
	const res = await api.op('get_ai_usage');
	expect(res.status).toBe(200);
	return res.body as unknown as Usage;
}

test('the local provider measures real images: dimensions, mean colour, brightness, skin ratio, tags from the title', async ({ api, fixtures }) => {
	await saveSettings(api('admin'), AI_DEFAULTS);
	const moderator = api('moderator');

	// A blue harbour: safe, blue, tags from the title.
	const blueId = (await upload(api('member'), { title: 'Harbour boats at dawn harbour', file: solidPng(120, 80, [30, 60, 200], 'harbour.png') })).id;
	const blue = await analyze(blueId, moderator);
	expect(blue.status, JSON.stringify(blue.body)).toBe(200);
	expect(blue.body).toMatchObject({ media_id: blueId, provider: 'local', model: 'local-gd-v1', flagged: false, moderation_status: 'approved', tokens: 0 });
	expect(blue.body.metrics).toMatchObject({ width: 120, height: 80, mean_rgb: [30, 60, 200], mean_hex: '#1e3cc8', dominant_color: 'blue', skin_ratio: 0 });
	// 64×43 sampled pixels.
	expect(blue.body.metrics!.sampled_pixels).toBe(64 * 43);
	expect(blue.body.metrics!.brightness).toBeCloseTo(0.299 * 30 + 0.587 * 60 + 0.114 * 200, 0);
	// The local score is the skin-tone share: a measure, judged only where the owner opts in.
	expect(blue.body.safety).toEqual({ score: 0, threshold: 0.6, verdict: 'not_judged', basis: 'skin_tone_share' });
	expect(blue.body.tags[0]).toBe('blue');
	// "harbour" appears twice, so it leads the words; "at" is too short.
	expect(blue.body.tags.slice(1, 4)).toEqual(['harbour', 'boats', 'dawn']);
	expect(blue.body.tags).not.toContain('at');
	expect(blue.body.description).toContain('120×80');
	expect(blue.body.description).toContain('blue');

	// Half skin-toned, half black: skin ratio 0.5 (below 0.6), dark-ish.
	const halfId = (await upload(api('member'), { title: 'half', file: png(64, 64, (x) => (x < 32 ? SKIN : [0, 0, 0])) })).id;
	const half = await analyze(halfId, moderator);
	expect(half.body.metrics!.skin_ratio).toBe(0.5);
	expect(half.body.safety.verdict).toBe('not_judged');
	expect(half.body.flagged).toBe(false);

	// All skin-toned: share 1, which flags nothing until the owner lets the measure flag.
	const skinId = (await upload(api('member'), { file: solidPng(32, 32, SKIN, 'skin.png') })).id;
	const measured = await analyze(skinId, moderator);
	expect(measured.body.safety).toEqual({ score: 1, threshold: 0.6, verdict: 'not_judged', basis: 'skin_tone_share' });
	expect(measured.body).toMatchObject({ flagged: false, moderation_status: 'approved' });
	await saveSettings(api('admin'), { ai_local_flags: true });
	const skin = await analyze(skinId, moderator);
	expect(skin.body.safety).toEqual({ score: 1, threshold: 0.6, verdict: 'unsafe', basis: 'skin_tone_share' });
	expect(skin.body).toMatchObject({ flagged: true, moderation_status: 'flagged' });
	expect((await api('anonymous').op('get_media', { params: { id: skinId } })).status).toBe(403);

	// A dark image is tagged dark; a lower threshold flags the half-skin image.
	const darkId = (await upload(api('member'), { title: 'night sky', file: solidPng(10, 10, [10, 12, 20], 'night.png') })).id;
	const dark = await analyze(darkId, moderator);
	expect(dark.body.tags).toContain('dark');
	expect(dark.body.metrics!.dominant_color).toBe('black');
	await saveSettings(api('admin'), { ai_safety_threshold: 0.5 });
	const halfAgain = await analyze(halfId, moderator);
	expect(halfAgain.body.safety).toEqual({ score: 0.5, threshold: 0.5, verdict: 'unsafe', basis: 'skin_tone_share' });
	expect(halfAgain.body.flagged).toBe(true);
	await saveSettings(api('admin'), { ai_safety_threshold: 0.6, ai_local_flags: false });

	// Non-image items: words only, score 0.
	const audioId = (await upload(api('member'), { file: files.mp3('morning-birdsong.mp3') })).id;
	const audio = await analyze(audioId, moderator);
	expect(audio.status).toBe(200);
	expect(audio.body.metrics).toBeNull();
	expect(audio.body.safety.score).toBe(0);
	expect(audio.body.tags).toEqual(['morning', 'birdsong']);

	// The analysis is logged with its result.
	const log = (await trail(api('admin'), blueId, fixtures.users.member.id)).log;
	expect(log.map((row) => row.action)).toEqual(['analyze']);
	expect(JSON.parse(log[0]!.result!)).toMatchObject({ provider: 'local', safety: { score: 0 } });
});

test('usage counts every analysis this month against the budget; over budget is 429 mvs_ai_budget_exceeded', async ({ api }) => {
	await saveSettings(api('admin'), AI_DEFAULTS);
	const moderator = api('moderator');
	const id = (await upload(api('member'))).id;
	const before = await usage(moderator);
	expect(before.month).toBe(new Date().toISOString().slice(0, 7));
	expect(before).toMatchObject({ provider: 'local', budget: 500, remaining: Math.max(0, 500 - before.analyses) });

	expect((await analyze(id, moderator)).status).toBe(200);
	const after = await usage(moderator);
	expect(after.analyses).toBe(before.analyses + 1);
	expect(after.by_provider.local!.analyses).toBe((before.by_provider.local?.analyses ?? 0) + 1);

	// Exactly one analysis left, then none.
	await saveSettings(api('admin'), { ai_monthly_budget: after.analyses + 1 });
	expect((await analyze(id, moderator)).status).toBe(200);
	const refused = await analyze(id, moderator);
	expect(refused.status).toBe(429);
	expect(refused.body.code).toBe('mvs_ai_budget_exceeded');
	expect(refused.body.data).toMatchObject({ status: 429, budget: after.analyses + 1, used: after.analyses + 1 });
	const full = await usage(moderator);
	expect(full).toMatchObject({ analyses: after.analyses + 1, remaining: 0, budget: after.analyses + 1 });

	// Concurrent requests for the last slot: exactly one gets it.
	await saveSettings(api('admin'), { ai_monthly_budget: full.analyses + 1 });
	const race = await Promise.all([moderator, api('admin'), moderator].map((caller) => analyze(id, caller)));
	expect(race.map((r) => r.status).sort()).toEqual([200, 429, 429]);
	expect((await usage(moderator)).analyses).toBe(full.analyses + 1);

	// 0 disables analysis; only moderators see usage.
	await saveSettings(api('admin'), { ai_monthly_budget: 0 });
	expect((await analyze(id, api('admin'))).status).toBe(429);
	expect((await api('member').op('get_ai_usage')).status).toBe(403);
	await saveSettings(api('admin'), AI_DEFAULTS);
});

test.describe('the OpenAI-compatible provider, against a chat-completions server on loopback', () => {
	interface Captured {
		method: string;
		url: string;
		authorization?: string;
		body: any;
	}
	const captured: Captured[] = [];
	let server: Server;
	let endpoint = '';
	let reply: (res: import('node:http').ServerResponse) => void = () => {};
	const SECRET = `sk-test-${token()}-SECRETKEY`;

	function okReply(content: string, totalTokens = 321) {
		return (res: import('node:http').ServerResponse) => {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(
				JSON.stringify({
					id: 'chatcmpl-test',
					object: 'chat.completion',
					model: 'mock-vision-1',
					choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
					usage: { prompt_tokens: totalTokens - 21, completion_tokens: 21, total_tokens: totalTokens },
				}),
			);
		};
	}

	test.beforeAll(async () => {
		server = createServer((req: IncomingMessage, res) => {
			let data = '';
			req.on('data', (c) => (data += c));
			req.on('end', () => {
				let body: unknown = data;
				try {
					body = JSON.parse(data);
				} catch {
					// keep the text
				}
				captured.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
				reply(res);
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
	});

	test.afterAll(async () => {
		await new Promise((resolve) => server.close(resolve));
	});

	test('sends the model, the key as a Bearer token and a prompt with the item; uses and records the answer', async ({ api, fixtures, request }) => {
		await saveSettings(api('admin'), { ai_provider: 'openai', ai_endpoint: endpoint, ai_model: 'mock-vision-1', ai_api_key: SECRET, ai_monthly_budget: 500 });
		const file = solidPng(16, 16, [200, 30, 30], 'red-kite.png');
		const id = (await upload(api('member'), { title: 'Red kite over the hills', description: 'Spotted near the ridge', file })).id;
		const before = await usage(api('moderator'));
		reply = okReply(JSON.stringify({ description: 'A red bird of prey in flight.', tags: ['Bird', 'kite', 'sky'], safety_score: 0.82 }));
		captured.length = 0;

		const res = await analyze(id, api('moderator'));
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		expect(res.body).toMatchObject({
			provider: 'openai',
			model: 'mock-vision-1',
			description: 'A red bird of prey in flight.',
			tags: ['bird', 'kite', 'sky'],
			safety: { score: 0.82, threshold: 0.6, verdict: 'unsafe', basis: 'model' },
			tokens: 321,
			flagged: true,
			moderation_status: 'flagged',
		});

		expect(captured).toHaveLength(1);
		const sent = captured[0]!;
		expect(sent.method).toBe('POST');
		expect(sent.url).toBe('/v1/chat/completions');
		expect(sent.authorization).toBe(`Bearer ${SECRET}`);
		expect(sent.body.model).toBe('mock-vision-1');
		expect(sent.body.response_format).toEqual({ type: 'json_object' });
		const [system, user] = sent.body.messages;
		expect(system.role).toBe('system');
		expect(system.content).toContain('safety_score');
		expect(user.role).toBe('user');
		const text = JSON.parse(user.content[0].text);
		expect(text).toMatchObject({ title: 'Red kite over the hills', description: 'Spotted near the ridge', media_type: 'image', mime_type: 'image/png' });
		expect(text.measurements).toMatchObject({ width: 16, height: 16, mean_rgb: [200, 30, 30] });
		// The stored file, as /serve delivers it: the upload less its metadata chunks (uploads-and-storage.md, "Image metadata").
		const stored = await fetchFile(request, (await signedUrl(api('member'), id)).url);
		expect(stored.status).toBe(200);
		expect(stored.body.length).toBeLessThan(Buffer.from(file.buffer).length);
		expect(user.content[1]).toEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${stored.body.toString('base64')}` } });

		const after = await usage(api('moderator'));
		expect(after.analyses).toBe(before.analyses + 1);
		expect(after.tokens).toBe(before.tokens + 321);
		expect(after.by_provider.openai!.tokens).toBe((before.by_provider.openai?.tokens ?? 0) + 321);
		expect((await trail(api('admin'), id, fixtures.users.member.id)).log.map((r) => r.action)).toEqual(['analyze', 'flag']);
	});

	test('provider failures are 502 mvs_ai_provider_error and do not use the budget', async ({ api }) => {
		await saveSettings(api('admin'), { ai_provider: 'openai', ai_endpoint: endpoint, ai_api_key: SECRET });
		const id = (await upload(api('member'))).id;
		const before = await usage(api('moderator'));
		const failures: [string, (res: import('node:http').ServerResponse) => void, number | undefined][] = [
			['HTTP 500', (res) => res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":{"message":"boom"}}'), 500],
			['not JSON', okReply('I think it is a nice picture.'), undefined],
			['no safety score', okReply(JSON.stringify({ description: 'x', tags: [] })), undefined],
			['HTML page', (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>gateway</html>'), undefined],
		];
		for (const [label, handler, upstream] of failures) {
			reply = handler;
			const res = await analyze(id, api('moderator'));
			expect(res.status, label).toBe(502);
			expect(res.body.code, label).toBe('mvs_ai_provider_error');
			if (upstream) expect(res.body.data!.upstream_status, label).toBe(upstream);
			expect(JSON.stringify(res.body), label).not.toContain(SECRET);
		}
		expect((await usage(api('moderator'))).analyses).toBe(before.analyses);
		// An endpoint nobody listens on.
		await saveSettings(api('admin'), { ai_endpoint: 'http://127.0.0.1:9/v1/chat/completions' });
		const down = await analyze(id, api('moderator'));
		expect(down.status).toBe(502);
		expect(down.body.code).toBe('mvs_ai_provider_error');
	});

	test('the API key is never returned: settings show a mask, saving the mask keeps the key, an empty string removes it', async ({ api }) => {
		const saved = await saveSettings(api('admin'), { ai_provider: 'openai', ai_endpoint: endpoint, ai_api_key: SECRET });
		expect(saved.ai_api_key).toBe(`************${SECRET.slice(-4)}`);
		const read = await api('admin').raw('GET', '/wp-json/wp/v2/settings');
		expect(JSON.stringify(read.body)).not.toContain(SECRET);
		expect(read.body.mvs_settings.ai_api_key).toBe(saved.ai_api_key);
		expect(JSON.stringify(await usage(api('moderator')))).not.toContain(SECRET);

		// A settings screen saving every field back, mask included, keeps the key.
		await saveSettings(api('admin'), { ...read.body.mvs_settings, ai_model: 'mock-vision-2' });
		const id = (await upload(api('member'))).id;
		reply = okReply(JSON.stringify({ description: 'fine', tags: [], safety_score: 0 }));
		captured.length = 0;
		const res = await analyze(id, api('moderator'));
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		expect(JSON.stringify(res.body)).not.toContain(SECRET);
		expect(captured[0]!.authorization).toBe(`Bearer ${SECRET}`);
		expect(captured[0]!.body.model).toBe('mock-vision-2');

		// Empty removes it: no Authorization header at all.
		const cleared = await saveSettings(api('admin'), { ai_api_key: '' });
		expect(cleared.ai_api_key).toBe('');
		captured.length = 0;
		expect((await analyze(id, api('moderator'))).status).toBe(200);
		expect(captured[0]!.authorization).toBeUndefined();
		// Moderators cannot read the settings at all.
		expect((await api('moderator').raw('GET', '/wp-json/wp/v2/settings')).status).toBe(403);
	});

	test('re-pointing the endpoint at another host clears the stored key: the key never reaches the new host', async ({ api }) => {
		// A second server on another port: another origin, as an attacker's host would be.
		const seen: (string | undefined)[] = [];
		const other = createServer((req, res) => {
			seen.push(req.headers.authorization);
			req.resume();
			req.on('end', () => okReply(JSON.stringify({ description: 'x', tags: [], safety_score: 0 }))(res));
		});
		await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
		const otherEndpoint = `http://127.0.0.1:${(other.address() as AddressInfo).port}/v1/chat/completions`;
		try {
			const id = (await upload(api('member'))).id;
			reply = okReply(JSON.stringify({ description: 'fine', tags: [], safety_score: 0 }));
			const masked = `************${SECRET.slice(-4)}`;
			expect((await saveSettings(api('admin'), { ai_provider: 'openai', ai_endpoint: endpoint, ai_api_key: SECRET })).ai_api_key).toBe(masked);

			// Another path on the same origin keeps the key.
			const samePath = endpoint.replace('/v1/chat/completions', '/v1/chat/completions?v=2');
			expect((await saveSettings(api('admin'), { ai_endpoint: samePath })).ai_api_key).toBe(masked);

			// Only the endpoint changes (the screen sends the mask back): the key is dropped.
			const moved = await saveSettings(api('admin'), { ai_endpoint: otherEndpoint, ai_api_key: masked });
			expect(moved.ai_api_key).toBe('');
			expect((await analyze(id, api('moderator'))).status).toBe(200);
			expect(seen).toEqual([undefined]);

			// Through the settings route too, and back again: still no key until one is entered.
			const own = await api('admin').op('update_settings', { body: { values: { ai_endpoint: endpoint } } });
			expect(own.status).toBe(200);
			expect((own.body.fields as unknown as { key: string; is_set: boolean }[]).find((f) => f.key === 'ai_api_key')!.is_set).toBe(false);

			// A new key sent together with the new endpoint is kept.
			expect((await saveSettings(api('admin'), { ai_endpoint: otherEndpoint, ai_api_key: SECRET })).ai_api_key).toBe(masked);
			seen.length = 0;
			expect((await analyze(id, api('moderator'))).status).toBe(200);
			expect(seen).toEqual([`Bearer ${SECRET}`]);
		} finally {
			await new Promise((resolve) => other.close(resolve));
		}
	});
});
