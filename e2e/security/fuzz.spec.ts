/**
 * Schema-driven fuzzing of every route the generator emitted (implemented or
 * not: validation and auth are generated for all of them). Each route gets
 * at least INPUTS_PER_ROUTE bad inputs as a member who owns the objects in
 * the path, and every request-level input and every field at least once:
 * no 5xx, every error a JSON {code, message, data.status} whose code the
 * route documents (or one of GENERIC_CODES). PHP warnings and notices fail
 * the run in run-tests.mjs.
 *
 * Anonymous callers send the same inputs where a route admits them. Where it
 * refuses them, WordPress validates the arguments before the permission check,
 * so their inputs would run the member's validation again and stop at the
 * refusal: a sample of REFUSED_SAMPLE proves the refusal keeps its shape.
 *
 * Which of a field's hostile values are sent is rotated by a seed: the
 * commit by default (one commit, one set of inputs: a failure reproduces),
 * `MVS_FUZZ_SEED` to replay another, `MVS_FUZZ_INPUTS` for more per route.
 */
import { execFileSync } from 'node:child_process';
import type { MvsFile } from '../../client/src/client';
import { pathParams, type FixtureIds } from '../support/matrix';
import { expect, files, test as base } from '../support/mvs';
import { seedOwnedFixtures } from '../support/seed';
import { ANY_FIELD, badValuesFor, HEADER_VALUES, PATH_VALUES, type BadValue } from './support/bad-values';
import { clientFor, count, encodeQuery, freshBucket, pool, type RawRequest, type RawResponse } from './support/http';
import { GENERIC_CODES, operations, type Field, type Operation } from './support/operations';

const INPUTS_PER_ROUTE = Number(process.env.MVS_FUZZ_INPUTS || 36);
const REFUSED_SAMPLE = 6;
const ROLES = ['anonymous', 'member'] as const;
const SEED = process.env.MVS_FUZZ_SEED || commitOf() || 'mvs';

function commitOf(): string {
	try {
		return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
	} catch {
		return '';
	}
}

/** A stable number for `text` under this run's seed (FNV-1a). */
function seeded(text: string): number {
	let hash = 0x811c9dc5;
	for (const char of `${SEED}|${text}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
	return hash;
}

function rotate<T>(list: T[], by: number): T[] {
	const at = list.length ? by % list.length : 0;
	return [...list.slice(at), ...list.slice(0, at)];
}

const test = base.extend<{}, { ids: FixtureIds }>({
	ids: [async ({ api, fixtures }, use) => use(await seedOwnedFixtures(api('member'), api('admin'), fixtures)), { scope: 'worker' }],
});
test.describe.configure({ mode: 'parallel' });

interface Input {
	label: string;
	request: RawRequest;
	/** The path no longer names the route: rest_no_route, or a refusal by the web server, is then a right answer. */
	pathChanged?: boolean;
}

/** The valid request the inputs start from: the manifest's sample, pointed at the member's fixtures. */
interface Baseline {
	path: string;
	params: Record<string, number>;
	query: Record<string, unknown>;
	body: Record<string, unknown>;
	multipart: Record<string, string | MvsFile> | null;
	fieldsIn: 'query' | 'body';
}

function baselineOf(op: Operation, ids: FixtureIds): Baseline {
	const { route } = op;
	const params = pathParams(route, ids);
	const path = `/${route.namespace}${route.path.replace(/\{([a-z_]+)\}/g, (_, key: string) => String(params[key]))}`;
	const query: Record<string, unknown> = route.name === 'serve_media_file' && ids.serve ? { ...ids.serve } : { ...route.sample.query };
	// The long-poll would hold each input to the site's timeout: answer at once.
	if (route.name === 'poll_messages') query.timeout = 0;
	const multipart =
		op.bodyKind === 'multipart'
			? Object.fromEntries(Object.entries(route.sample.multipart).map(([k, v]) => [k, v === '@file' ? files.uniquePng() : String(v)]))
			: null;
	return { path, params, query, body: { ...route.sample.body }, multipart, fieldsIn: route.method === 'GET' || route.method === 'DELETE' ? 'query' : 'body' };
}

function asMultipartValue(value: unknown): string {
	if (value === null || value === undefined) return '';
	return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The request of `baseline` with `changes`. */
function build(op: Operation, baseline: Baseline, changes: { query?: Record<string, unknown>; body?: Record<string, unknown> } = {}): RawRequest {
	const query = { ...baseline.query, ...changes.query };
	const request: RawRequest = { method: op.route.method, path: baseline.path, query: encodeQuery(query) };
	if (baseline.multipart) {
		request.multipart = { ...baseline.multipart };
		for (const [k, value] of Object.entries(changes.body ?? {})) request.multipart[k] = asMultipartValue(value);
	} else if (baseline.fieldsIn === 'body') {
		request.body = JSON.stringify({ ...baseline.body, ...changes.body });
		request.contentType = 'application/json';
	}
	return request;
}

function fieldInput(op: Operation, baseline: Baseline, field: Field, bad: BadValue): Input | null {
	const label = `${field.in} ${field.name}: ${bad.label}`;
	if (field.in === 'path') {
		const path = `/${op.route.namespace}${op.route.path.replace(/\{([a-z_]+)\}/g, (_, key: string) => (key === field.name ? String(bad.value) : String(baseline.params[key])))}`;
		return { label, request: { ...build(op, baseline), path }, pathChanged: true };
	}
	if (field.in === 'header') return { label, request: { ...build(op, baseline), headers: { [field.name]: String(bad.value) } } };
	// A URL over nginx's 8 KB header buffers is refused by nginx (414) before PHP: body fields carry the long values.
	if (field.in === 'query' && JSON.stringify(bad.value ?? null).length > 3000) return null;
	return { label, request: build(op, baseline, field.in === 'query' ? { query: { [field.name]: bad.value } } : { body: { [field.name]: bad.value } }) };
}

/** Inputs about the request as a whole: its body's encoding, its size, the spelling of its route. */
function requestInputs(op: Operation, baseline: Baseline): Input[] {
	const base = build(op, baseline);
	const upper = (path: string, all: boolean) => path.replace(/^\/[^/]+\/v1(\/[^/]+)?/, (m) => (all ? m.toUpperCase() : m.replace(/^\/(\w)/, (x) => x.toUpperCase())));
	const json = (body: string): RawRequest => ({ ...base, multipart: undefined, body, contentType: 'application/json' });
	return [
		{ label: 'malformed JSON', request: json('{"title": ') },
		{ label: 'JSON array body', request: json('[1,2,3]') },
		{ label: 'JSON string body', request: json('"x"') },
		{ label: 'JSON nested 2000 deep', request: json(`${'['.repeat(2000)}${']'.repeat(2000)}`) },
		{ label: 'oversized JSON body (1 MB)', request: json(JSON.stringify({ ...baseline.body, padding: 'A'.repeat(1 << 20) })) },
		{ label: 'JSON sent as text/plain', request: { ...base, multipart: undefined, body: JSON.stringify(baseline.body), contentType: 'text/plain' } },
		{
			label: 'form-encoded nested arrays',
			request: { ...base, multipart: undefined, body: 'title[a][b][]=1&privacy[]=public&media_ids[][]=1&id=1%27', contentType: 'application/x-www-form-urlencoded' },
		},
		{ label: 'unknown parameters with SQL', request: { ...base, query: `${base.query ? `${base.query}&` : ''}${encodeQuery({ orderby: 'id;DROP TABLE wp_users', _fields: "*'", _embed: '1', 'x[]': "' OR 1=1" })}` } },
		{ label: 'mixed-case namespace', request: { ...base, path: upper(baseline.path, false) } },
		{ label: 'upper-case namespace and resource', request: { ...base, path: upper(baseline.path, true) } },
		{ label: 'upper-case via ?rest_route=', request: { ...base, path: upper(baseline.path, true), viaRestRoute: true } },
		{ label: 'double slash', request: { ...base, path: baseline.path.replace(/\/v1\//, '/v1//') }, pathChanged: true },
		{ label: 'trailing dot segment', request: { ...base, path: `${baseline.path}/%2e` }, pathChanged: true },
	];
}

/**
 * The request-level inputs, then each field's values in turn (rotated by the
 * seed), then junk parameters: at least INPUTS_PER_ROUTE, and one pass over
 * every field whatever their number.
 */
function inputsFor(op: Operation, baseline: Baseline): Input[] {
	const inputs = requestInputs(op, baseline);
	// Each header starts at its own place in the list, so the few inputs a header gets differ between headers.
	const headers = op.fields.filter((f) => f.in === 'header');
	const valuesOf = (field: Field) => {
		const values = field.in === 'path' ? PATH_VALUES : field.in === 'header' ? HEADER_VALUES : badValuesFor(field.schema);
		const offset = field.in === 'header' ? headers.indexOf(field) * 4 : 0;
		return rotate(values, offset + seeded(`${op.label} ${field.in} ${field.name}`));
	};
	const queues = op.fields.map((field) => valuesOf(field).map((bad) => () => fieldInput(op, baseline, field, bad)));
	// Fields nobody declared still reach PHP (WordPress keeps them in the request): junk in a parameter the route ignores.
	const junk = { name: 'mvs_fuzz', in: baseline.fieldsIn, schema: {} } as const;
	queues.push(rotate([...ANY_FIELD, ...badValuesFor({ type: 'integer' })], seeded(op.label)).map((bad) => () => fieldInput(op, baseline, junk, bad)));
	const wanted = Math.max(INPUTS_PER_ROUTE, inputs.length + queues.length);
	while (inputs.length < wanted && queues.some((q) => q.length)) {
		for (const queue of queues) {
			const make = queue.shift();
			const input = make?.();
			if (input && inputs.length < wanted) inputs.push(input);
		}
	}
	return inputs;
}

/** What an anonymous caller sends: everything where the route admits them, a seeded sample where it refuses them. */
function anonymousInputs(op: Operation, inputs: Input[]): Input[] {
	const admitsAnonymous = op.route.auth.kind === 'public' || op.route.auth.kind === 'public_privacy';
	return admitsAnonymous ? inputs : rotate(inputs, seeded(`${op.label} anonymous`)).slice(0, REFUSED_SAMPLE);
}

/** Why `response` breaks the contract, or null. */
function problemOf(op: Operation, input: Input, response: RawResponse): string | null {
	// 501 mvs_not_implemented is the honest answer of a declared route not built yet (after validation and auth).
	if (response.status === 501 && response.json?.code === 'mvs_not_implemented') return null;
	if (response.status >= 500 || response.status < 100) return `${response.status}: ${response.text.slice(0, 300)}`;
	if (response.status < 400) return null;
	const code = response.json?.code;
	// A path nginx refuses (an encoded NUL) or resolves outside /wp-json (an encoded ../) never reaches the API.
	if (input.pathChanged && response.json === undefined && !/<b>(Warning|Notice|Fatal error)/.test(response.text)) return null;
	if (typeof code !== 'string') return `${response.status} without a JSON error: ${response.text.slice(0, 200)}`;
	const allowed = new Set<string>([...op.declaredCodes, ...GENERIC_CODES, ...(input.pathChanged ? ['rest_no_route'] : [])]);
	if (!allowed.has(code)) return `${response.status} ${code}: not documented (${[...op.declaredCodes].join(', ')})`;
	if (response.json?.data?.status !== response.status) return `${code}: data.status ${response.json?.data?.status} but HTTP ${response.status}`;
	return null;
}

// One test per route: the routes spread over the workers.
for (const op of operations) {
	test(`fuzz ${op.label}: hostile inputs as a member, and as anonymous`, async ({ fixtures, ids }, info) => {
		const [anonymous, member] = await Promise.all(ROLES.map((role) => clientFor(role, fixtures)));
		const problems: string[] = [];
		const inputs = inputsFor(op, baselineOf(op, ids));
		expect(inputs.length, 'inputs').toBeGreaterThanOrEqual(INPUTS_PER_ROUTE);
		const jobs = [
			...inputs.map((input) => ({ input, client: member!, role: 'member' })),
			...anonymousInputs(op, inputs).map((input) => ({ input, client: anonymous!, role: 'anonymous' })),
		];
		await pool(jobs, 4, async ({ input, client, role }) => {
			const response = await client.call({ ...input.request, headers: { ...input.request.headers, ...freshBucket('fuzz') } });
			const problem = problemOf(op, input, response);
			if (problem) problems.push(`[${role}] ${input.label}: ${problem}`);
		});
		await Promise.all([anonymous!.dispose(), member!.dispose()]);
		count(info, 'routes fuzzed', 1);
		count(info, 'fuzz inputs', inputs.length);
		count(info, 'fuzz requests', jobs.length);
		expect(problems.slice(0, 40), `${problems.length} problem(s) (seed ${SEED})`).toEqual([]);
	});
}
