/**
 * The sign-in route attacked (issue 27; docs/sign-in.md): credential
 * stuffing within the rate limits finds no credential and meets the limits,
 * and nothing tells an existing account from an unknown one: not the
 * status, the code, the message, the headers, nor the time the site takes.
 * Members are made through WordPress's POST /wp/v2/users; the stuffing
 * counts in buckets, pinned windows and addresses of its own. The timing
 * side of enumeration is sign-in.timing.spec.ts, which runs alone.
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
