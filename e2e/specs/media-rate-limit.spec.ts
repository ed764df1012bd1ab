/**
 * GET /media allows 120 requests a minute per caller (spec "Limits"): the
 * exact threshold, the 429 shape, and per-caller buckets.
 */
import { expect, test } from '../support/mvs';

function token(): string {
	return `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

test.describe('GET /media rate limit', () => {
	test('the 120th request in a minute passes, the 121st gets 429 with Retry-After; another caller is not throttled', async ({ api }) => {
		// Up to three tries of a minute window each, plus waiting for a window to start.
		test.setTimeout(300_000);
		// The harness's X-MVS-Test-Bucket header gives this test a bucket of its own
		// (every anonymous test shares one IP), through the mvs_rate_limit_key filter.
		const anonymous = api('anonymous');
		const send = (bucket: string) => anonymous.send({ method: 'GET', path: '/mvs/v1/media', query: { per_page: '1' } }, { 'X-MVS-Test-Bucket': bucket });
		let attempt = 0;
		for (;;) {
			attempt++;
			const bucket = token();
			// Fixed one-minute windows: start early in one, and retry if the server's clock crossed a minute mid-test.
			const seconds = new Date().getSeconds();
			if (seconds > 20) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
			const statuses: number[] = [];
			let first = '';
			for (let i = 1; i <= 120; i += 10) {
				const batch = await Promise.all(Array.from({ length: 10 }, () => send(bucket)));
				if (!first) first = batch[0]!.headers.date ?? '';
				statuses.push(...batch.map((r) => r.status));
			}
			const limited = await send(bucket);
			const other = await send(`${bucket}-other`);
			const sameMinute = new Date(first).getUTCMinutes() === new Date(limited.headers.date ?? '').getUTCMinutes();
			if (!sameMinute && attempt < 3) continue;
			expect(statuses.filter((s) => s !== 200)).toEqual([]);
			expect(limited.status).toBe(429);
			expect(limited.body.code).toBe('mvs_rate_limited');
			expect(limited.body.data.status).toBe(429);
			const retryAfter = Number(limited.headers['retry-after']);
			expect(retryAfter).toBeGreaterThan(0);
			expect(retryAfter).toBeLessThanOrEqual(60);
			expect(other.status).toBe(200);
			// A logged-in caller has a bucket of their own too.
			expect((await api('member2').send({ method: 'GET', path: '/mvs/v1/media', query: { per_page: '1' } }, { 'X-MVS-Test-Bucket': bucket })).status).toBe(200);
			break;
		}
	});
});
