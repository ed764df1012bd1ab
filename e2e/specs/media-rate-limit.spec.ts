/**
 * GET /media allows 120 requests a minute per caller (spec "Limits"): the
 * exact threshold, the 429 shape, and per-caller buckets.
 */
import { expect, files, test, type Api } from '../support/mvs';
import { pinnedWindow } from '../support/rate-limit';

test.describe('GET /media rate limit', () => {
	test('the 120th request in a minute passes, the 121st gets 429 with Retry-After; another caller is not throttled', async ({ api }) => {
		// 122 requests; a loaded Playground site answers one in a second or two.
		test.setTimeout(300_000);
		// A bucket and a pinned window of this test's own (every anonymous test shares one IP).
		const window = pinnedWindow('media');
		const anonymous = api('anonymous');
		const send = (headers: Record<string, string>) => anonymous.send({ method: 'GET', path: '/mvs/v1/media', query: { per_page: '1' } }, headers);
		const statuses: number[] = [];
		// Ten at a time: the limiter's counter must be exact under concurrency too.
		for (let i = 0; i < 120; i += 10) {
			const batch = await Promise.all(Array.from({ length: 10 }, () => send(window.headers())));
			statuses.push(...batch.map((r) => r.status));
		}
		expect(statuses.filter((s) => s !== 200)).toEqual([]);
		const limited = await send(window.headers());
		expect(limited.status).toBe(429);
		expect(limited.body.code).toBe('mvs_rate_limited');
		expect(limited.body.data.status).toBe(429);
		// The pinned clock is 20 s into its minute: 40 s until the window ends.
		expect(limited.headers['retry-after']).toBe('40');
		expect(limited.body.data.retry_after).toBe(40);
		// Another anonymous caller, and a logged-in one, have buckets of their own.
		expect((await send(window.other().headers())).status).toBe(200);
		expect((await api('member2').send({ method: 'GET', path: '/mvs/v1/media', query: { per_page: '1' } }, window.headers())).status).toBe(200);
		// The next minute starts a new window.
		expect((await send(window.headers(1))).status).toBe(200);
	});
});

// Uploads cost CPU and disk: POST /media allows 60 a minute per user and
// POST /media/{id}/replace 30 (docs/security.md). Refused files count too (the
// limit is checked before the file is read), so the threshold is reached
// with tiny text files and no image work.
test.describe('upload rate limits', () => {
	const notAFile = { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just words') };

	async function threshold(member: Api, path: string, limit: number, label: string) {
		const window = pinnedWindow(label);
		const send = (headers: Record<string, string>) => member.send({ method: 'POST', path, query: {}, multipart: { file: notAFile } as never }, headers);
		const statuses: number[] = [];
		for (let i = 0; i < limit; i += 10) {
			const batch = await Promise.all(Array.from({ length: Math.min(10, limit - i) }, () => send(window.headers())));
			statuses.push(...batch.map((r) => r.status));
		}
		expect(statuses.filter((s) => s !== 400), `${path}: the first ${limit} are refused for their file, not throttled`).toEqual([]);
		const limited = await send(window.headers());
		expect(limited.status, path).toBe(429);
		expect(limited.body.code).toBe('mvs_rate_limited');
		expect(limited.headers['retry-after']).toBe('40');
		expect((await send(window.headers(1))).status, `${path}: the next minute`).toBe(400);
	}

	test('POST /media: the 61st upload in a minute gets 429', async ({ api }) => {
		test.setTimeout(300_000);
		await threshold(api('member2'), '/mvs/v1/media', 60, 'upload');
	});

	test('POST /media/{id}/replace: the 31st replace in a minute gets 429', async ({ api }) => {
		test.setTimeout(300_000);
		const member = api('member2');
		const created = await member.op('create_media', { body: { file: files.uniquePng() } });
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		await threshold(member, `/mvs/v1/media/${created.body.id}/replace`, 30, 'replace');
	});
});
