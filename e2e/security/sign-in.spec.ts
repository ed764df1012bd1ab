/**
 * The sign-in route attacked (issue 27; docs/sign-in.md): credential
 * stuffing within the rate limits finds no credential and meets the limits,
 * and nothing tells an existing account from an unknown one: not the
 * status, the code, the message, the headers, nor the time the site takes.
 * Members are made through WordPress's POST /wp/v2/users; the stuffing
 * counts in buckets, pinned windows and addresses of its own.
 */
import { createPasswordUser, type PasswordUser } from '../support/community';
import { expect, test, type Api, type ApiResponse } from '../support/mvs';
import { pinnedWindow } from '../support/rate-limit';

test.describe.configure({ mode: 'parallel' });

type SignIn = { username: string; password: string };

function signIn(api: Api, body: SignIn, headers: Record<string, string> = {}): Promise<ApiResponse<any>> {
	return api.withHeaders(headers).op('create_app_password', { body });
}

/** What a caller can read of a refusal: status, body and headers, less the date and the test harness's meters. */
function visible(res: ApiResponse<any>): unknown {
	const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => name !== 'date' && !name.startsWith('x-mvs-')));
	return { status: res.status, body: res.body, headers };
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = sorted.length >> 1;
	return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

test('credential stuffing within the limits finds nothing and meets the per-address and per-name limits', async ({ api }) => {
	const admin = api('admin');
	const members: PasswordUser[] = [await createPasswordUser(admin), await createPasswordUser(admin)];
	const anonymous = api('anonymous');
	// A leaked list: real names and e-mails with other sites' passwords, and names this site never had.
	const leaked: SignIn[] = [
		{ username: members[0]!.login, password: 'Summer2024!' },
		{ username: members[1]!.email, password: 'password123' },
		{ username: 'admin', password: 'admin' },
		{ username: `ghost_${members[0]!.login}`, password: 'qwerty' },
		{ username: `ghost_${members[1]!.email}`, password: members[1]!.password },
	];
	const window = pinnedWindow('stuffing');
	const address = { ...window.headers(), 'X-MVS-Test-Client-Ip': '203.0.113.66' };
	const answers = [];
	for (const pair of leaked) answers.push(visible(await signIn(anonymous, pair, address)));
	expect((answers[0] as { status: number }).status).toBe(401);
	for (const answer of answers) expect(answer, 'every miss looks alike').toEqual(answers[0]);
	const over = await signIn(anonymous, { username: members[0]!.login, password: members[0]!.password }, address);
	expect([over.status, over.body.code], 'the sixth request from the address').toEqual([429, 'mvs_rate_limited']);

	// Spread over addresses, one account still takes five guesses a minute.
	const spread = pinnedWindow('stuffing-spread');
	const statuses = [];
	for (let n = 1; n <= 6; n++) {
		const res = await signIn(anonymous, { username: members[1]!.login, password: `guess-${n}` }, { ...spread.headers(), 'X-MVS-Test-Client-Ip': `198.51.100.${100 + n}` });
		statuses.push(res.status);
	}
	expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
	for (const member of members) {
		const listed = await admin.raw('GET', `/wp-json/wp/v2/users/${member.id}/application-passwords`);
		expect(listed.body, 'no credential was issued').toEqual([]);
	}
});

test('enumeration by status, code, message and headers: an existing account and an unknown one answer alike', async ({ api }) => {
	const member = await createPasswordUser(api('admin'));
	const anonymous = api('anonymous');
	const answers = [
		await signIn(anonymous, { username: member.login, password: 'wrong' }),
		await signIn(anonymous, { username: `nobody_${member.login}`, password: 'wrong' }),
		await signIn(anonymous, { username: member.email, password: 'wrong' }),
		await signIn(anonymous, { username: `nobody_${member.email}`, password: 'wrong' }),
	].map(visible);
	expect(answers[0]).toMatchObject({ status: 401, body: { code: 'mvs_invalid_credentials' } });
	for (const answer of answers) expect(answer).toEqual(answers[0]);
});

/**
 * A password hash check takes milliseconds; a lookup of an unknown name
 * alone takes a fraction of one. 30 interleaved pairs (an existing name with
 * a wrong password, then an unknown name), timed on the site (the harness's
 * X-MVS-Time-Ms, the REST dispatch: no network in it). Bound
 * (docs/sign-in.md): the median of the pairs' differences (wrong password
 * minus unknown name) stays under half the cost of a hash check, measured in the same run as an existing name's
 * miss against a request refused before any lookup. Measured on the native
 * stack, beside the fuzzer: 1.2 ms against 7.6 ms; with the check skipped
 * for unknown names, 8.8 ms against 10.6 ms, which fails.
 */
test('enumeration by timing: an unknown name costs what a wrong password costs', async ({ api }) => {
	const member = await createPasswordUser(api('admin'));
	const anonymous = api('anonymous');
	const time = async (body: SignIn, headers: Record<string, string> = {}) => {
		const res = await signIn(anonymous, body, headers);
		return Number(res.headers['x-mvs-time-ms']);
	};
	const known: number[] = [];
	const unknown: number[] = [];
	const unread: number[] = [];
	for (let i = 0; i < 30; i++) {
		known.push(await time({ username: member.login, password: `wrong-${i}` }));
		unknown.push(await time({ username: `nobody_${i}_${member.login}`, password: `wrong-${i}` }));
		if (i % 3 === 0) unread.push(await time({ username: member.login, password: 'wrong' }, { 'X-MVS-Test-App-Login': '0' }));
	}
	const hashCost = median(known) - median(unread);
	// Each pair ran back to back: the median of their differences cancels the moments the busy site slowed both.
	// Signed: what leaks an account is an unknown name answered faster, without the hash check. On a quiet
	// machine (a 2.6 ms hash) unknown names came out about 1.5 ms slower, a cost not yet traced (docs/sign-in.md).
	const gap = median(known.map((ms, i) => ms - unknown[i]!));
	console.log(`sign-in timing (ms): known ${median(known)}, unknown ${median(unknown)}, refused unread ${median(unread)}; hash check ${hashCost.toFixed(2)}, gap ${gap.toFixed(2)}`);
	expect(hashCost, 'a password hash check is measurable').toBeGreaterThan(1);
	expect(gap, 'an unknown name is not answered faster than a wrong password').toBeLessThan(hashCost / 2);
});
