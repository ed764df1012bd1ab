/**
 * The OpenAPI documents: 3.1.0, every route and method present with a unique
 * operationId, every $ref resolvable inside its own document, and every
 * status, code and header an operation can answer declared.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { handWrittenPhp } from '../src/cli/hand-written.js';
import { generateAll, loadModel } from '../src/cli/outputs.js';
import type { ModelPlugin, ModelRoute } from '../src/model/model.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const model = loadModel();
const files = generateAll(model);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function isObject(v: Json | undefined): v is JsonObject {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every $ref below `node`, with the JSON pointer of where it sits. */
function refs(node: Json, at = '#'): { ref: Json; at: string }[] {
	if (Array.isArray(node)) return node.flatMap((v, i) => refs(v, `${at}/${i}`));
	if (!isObject(node)) return [];
	return Object.entries(node).flatMap(([k, v]) => (k === '$ref' ? [{ ref: v, at }] : refs(v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`)));
}

function resolvePointer(doc: Json, ref: string): Json | undefined {
	if (!ref.startsWith('#/')) return undefined;
	let node: Json | undefined = doc;
	for (const raw of ref.slice(2).split('/')) {
		const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
		if (Array.isArray(node)) node = node[Number(key)];
		else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, key)) node = node[key];
		else return undefined;
	}
	return node;
}

describe('OpenAPI documents', () => {
	const docs = model.plugins.map((plugin) => {
		const path = `codegen/out/openapi/${plugin.namespace.replace(/\//g, '-')}.json`;
		const text = files.get(path);
		assert.ok(text, `no OpenAPI document ${path}`);
		return { plugin, path, doc: JSON.parse(text) as JsonObject };
	});

	test('one document per plugin, and no others', () => {
		const openapi = [...files.keys()].filter((p) => p.startsWith('codegen/out/openapi/'));
		assert.deepEqual(openapi.sort(), docs.map((d) => d.path).sort());
		assert.equal(docs.length, 2);
	});

	for (const { plugin, path, doc } of docs) {
		test(`${path}: openapi 3.1.0 with info and paths`, () => {
			assert.equal(doc.openapi, '3.1.0');
			assert.ok(isObject(doc.info) && typeof doc.info.title === 'string' && typeof doc.info.version === 'string');
			assert.ok(isObject(doc.paths));
		});

		test(`${path}: every route and method, with a unique operationId, and nothing else`, () => {
			const paths = doc.paths as JsonObject;
			const expected = new Set<string>();
			for (const route of plugin.routes) {
				const p = `/${plugin.namespace}${route.path}`;
				const item = paths[p];
				assert.ok(isObject(item), `${route.name}: path ${p} missing`);
				for (const m of route.methods) {
					const op: Json | undefined = item[m.toLowerCase()];
					assert.ok(isObject(op), `${route.name}: ${m} ${p} missing`);
					assert.equal(typeof op.operationId, 'string', `${route.name}: ${m} has no operationId`);
					assert.ok(isObject(op.responses) && String(route.response.status) in op.responses, `${route.name}: success response`);
					expected.add(`${m.toLowerCase()} ${p}`);
				}
				// The declared method's operationId is the route name (the client's operation name).
				assert.equal((item[route.method.toLowerCase()] as JsonObject).operationId, route.name);
			}
			const ids: string[] = [];
			const found: string[] = [];
			for (const [p, item] of Object.entries(paths)) {
				assert.ok(isObject(item));
				for (const m of Object.keys(item).filter((k) => METHODS.includes(k))) {
					found.push(`${m} ${p}`);
					ids.push(String((item[m] as JsonObject).operationId));
				}
			}
			assert.deepEqual(found.sort(), [...expected].sort(), 'operations in the document differ from the model');
			const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
			assert.deepEqual(dupes, [], 'duplicate operationIds');
		});

		test(`${path}: path parameters are declared for every {placeholder}`, () => {
			for (const [p, item] of Object.entries(doc.paths as JsonObject)) {
				const placeholders = [...p.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]);
				for (const [m, op] of Object.entries(item as JsonObject).filter(([k]) => METHODS.includes(k))) {
					const params = ((op as JsonObject).parameters ?? []) as JsonObject[];
					const inPath = params.filter((x) => x.in === 'path').map((x) => x.name);
					assert.deepEqual(inPath.sort(), [...placeholders].sort(), `${m} ${p}`);
					for (const x of params.filter((x) => x.in === 'path')) assert.equal(x.required, true, `${m} ${p} ${x.name}`);
				}
			}
		});

		test(`${path}: every $ref resolves inside the document`, () => {
			const all = refs(doc);
			assert.ok(all.length > 0, 'expected some $refs');
			for (const { ref, at } of all) {
				assert.equal(typeof ref, 'string', `$ref at ${at} is not a string`);
				assert.ok((ref as string).startsWith('#/'), `$ref ${String(ref)} at ${at} points outside the document`);
				assert.notEqual(resolvePointer(doc, ref as string), undefined, `$ref ${String(ref)} at ${at} does not resolve`);
			}
		});
	}

	test('the request headers a route declares are header parameters, in their HTTP spelling', () => {
		const core = docs.find((d) => d.plugin.id === 'core')!.doc as JsonObject;
		const serve = ((core.paths as JsonObject)['/mvs/v1/serve'] as JsonObject).get as JsonObject;
		const headers = (serve.parameters as JsonObject[]).filter((p) => p.in === 'header');
		assert.deepEqual(
			headers.map((h) => [h.name, h.required, (h.schema as JsonObject).type]),
			[
				['Range', false, 'string'],
				['If-Range', false, 'string'],
				['If-None-Match', false, 'string'],
				['If-Modified-Since', false, 'string'],
			],
		);
	});

	test('operationIds are unique across both documents too', () => {
		const ids = docs.flatMap(({ doc }) =>
			Object.values(doc.paths as JsonObject).flatMap((item) =>
				Object.entries(item as JsonObject)
					.filter(([m]) => METHODS.includes(m))
					.map(([, op]) => String((op as JsonObject).operationId)),
			),
		);
		assert.equal(new Set(ids).size, ids.length);
	});
});

describe('OpenAPI: typed responses', () => {
	test('every implemented JSON route has a response schema (no free-text note): the client and the e2e checks see its shape', () => {
		const untyped = model.plugins
			.flatMap((p) => p.routes)
			// A file route (GET /serve) answers with the file's bytes, not JSON.
			.filter((r) => r.implemented && !r.response.schema && !r.response.file)
			.map((r) => `${r.method} ${r.path}`);
		assert.deepEqual(untyped, []);
	});

	test('every response an implemented operation can give declares its body: a schema, the file, or none (304)', () => {
		const missing: string[] = [];
		for (const { route, op } of allOperations()) {
			if (!route.implemented) continue;
			for (const [status, response] of Object.entries(op.responses as JsonObject)) {
				if (status !== '304' && !isObject((response as JsonObject).content)) missing.push(`${String(op.operationId)} ${status}`);
			}
		}
		assert.deepEqual(missing, []);
	});
});

type Operation = { route: ModelRoute; plugin: ModelPlugin; op: JsonObject; method: string; doc: JsonObject };

function document(plugin: ModelPlugin): JsonObject {
	return JSON.parse(files.get(`codegen/out/openapi/${plugin.namespace.replace(/\//g, '-')}.json`)!) as JsonObject;
}

function allOperations(): Operation[] {
	return model.plugins.flatMap((plugin) => {
		const doc = document(plugin);
		return plugin.routes.flatMap((route) =>
			route.methods.map((method) => ({
				route,
				plugin,
				method,
				doc,
				op: ((doc.paths as JsonObject)[`/${plugin.namespace}${route.path}`] as JsonObject)[method.toLowerCase()] as JsonObject,
			})),
		);
	});
}

function operation(id: string): JsonObject {
	const found = allOperations().find((o) => o.op.operationId === id);
	assert.ok(found, `no operation ${id}`);
	return found.op;
}

/** The codes an operation declares for `status` ([] when the status is not declared). */
function codes(op: JsonObject, status: number): string[] {
	return ((op.responses as JsonObject)[String(status)] as JsonObject | undefined)?.['x-mvs-error-codes'] as string[] ?? [];
}

function headers(op: JsonObject, status: number): JsonObject {
	return (((op.responses as JsonObject)[String(status)] as JsonObject | undefined)?.headers ?? {}) as JsonObject;
}

describe('OpenAPI tells the truth: every status and code an operation can answer', () => {
	test('a path ID is validated by WordPress: {id}=0 is 400 rest_invalid_param, {id}=abc 404 rest_no_route, on every operation with one', () => {
		const withId = allOperations().filter(({ route }) => route.args.some((a) => a.location === 'path'));
		assert.ok(withId.length > 23, `${withId.length} operations with a path ID`);
		for (const { op } of withId) {
			assert.ok(codes(op, 400).includes('rest_invalid_param'), `${String(op.operationId)} 400`);
			assert.ok(codes(op, 404).includes('rest_no_route'), `${String(op.operationId)} 404`);
		}
		// No placeholder, no rest_no_route: the path always matches.
		assert.deepEqual(codes(operation('list_media'), 404), []);
	});

	test("WordPress's answers to bad credentials, a stale nonce and a body that is not JSON are declared", () => {
		for (const { op, method } of allOperations()) {
			const id = String(op.operationId);
			for (const code of ['incorrect_password', 'invalid_username', 'invalid_email', 'application_passwords_disabled', 'application_passwords_disabled_for_user']) {
				assert.ok(codes(op, 401).includes(code), `${id} 401 ${code}`);
			}
			assert.ok(codes(op, 403).includes('rest_cookie_invalid_nonce'), `${id} 403 rest_cookie_invalid_nonce`);
			assert.equal(codes(op, 400).includes('rest_invalid_json'), method !== 'GET', `${id} 400 rest_invalid_json`);
		}
	});

	test("the community gate's 401 is declared on every operation of a gated namespace", () => {
		for (const { op, plugin } of allOperations()) assert.equal(codes(op, 401).includes('mvs_community_private'), plugin.gated, String(op.operationId));
	});

	test("the error schema's code enum holds every code the operations declare, WordPress's own included", () => {
		for (const plugin of model.plugins) {
			const doc = document(plugin);
			const error = ((doc.components as JsonObject).schemas as JsonObject).Error as JsonObject;
			const enumerated = new Set(((error.properties as JsonObject).code as JsonObject).enum as string[]);
			for (const code of ['rest_no_route', 'rest_invalid_json', 'rest_cookie_invalid_nonce', 'rest_invalid_param', 'incorrect_password']) assert.ok(enumerated.has(code), code);
			for (const { op } of allOperations().filter((o) => o.plugin === plugin)) {
				for (const response of Object.values(op.responses as JsonObject)) {
					for (const code of ((response as JsonObject)['x-mvs-error-codes'] ?? []) as string[]) assert.ok(enumerated.has(code), `${String(op.operationId)}: ${code}`);
				}
			}
		}
	});

	test('every rate-limited operation declares 429 with an integer Retry-After; the others declare no 429 of the limiter', () => {
		for (const { route, op } of allOperations()) {
			const id = String(op.operationId);
			assert.equal(codes(op, 429).includes('mvs_rate_limited'), route.rateLimit !== undefined, id);
			if (!route.rateLimit) continue;
			// Required unless another 429 of the route sends none (the AI budget's).
			const only = codes(op, 429).length === 1;
			assert.deepEqual(headers(op, 429)['Retry-After'], { description: 'Seconds until the limit lets the caller through again.', required: only, schema: { type: 'integer' } }, id);
		}
		assert.equal((headers(operation('create_media'), 429)['Retry-After'] as JsonObject).required, true);
	});

	test('/serve declares its file, 206 with Content-Range, 304 with its validators, and 416 with the size; JSON GETs their 304', () => {
		const serve = operation('serve_media_file');
		const responses = serve.responses as JsonObject;
		assert.deepEqual(Object.keys(((responses['200'] as JsonObject).content as JsonObject)), ['*/*']);
		assert.equal((headers(serve, 206)['Content-Range'] as JsonObject).required, true);
		assert.ok('ETag' in headers(serve, 206));
		assert.deepEqual(Object.keys(headers(serve, 304)).sort(), ['Cache-Control', 'ETag', 'Last-Modified']);
		assert.equal((responses['304'] as JsonObject).content, undefined);
		assert.deepEqual(codes(serve, 416), ['mvs_range_not_satisfiable']);
		assert.ok('Content-Range' in headers(serve, 416));
		// 206 where Range is read; 304 on every JSON GET (with its ETag on the 200) and where a file route reads the validators.
		for (const { route, op } of allOperations()) {
			const sent = route.headers.map((h) => h.http);
			const declared = op.responses as JsonObject;
			const json = route.method === 'GET' && !route.response.file;
			assert.equal('206' in declared, sent.includes('Range'), `${route.name} 206`);
			assert.equal('304' in declared, json || sent.includes('If-None-Match') || sent.includes('If-Modified-Since'), `${route.name} 304`);
			if (json) {
				assert.equal((headers(op, route.response.status).ETag as JsonObject).required, true, `${route.name} ETag`);
				assert.deepEqual(Object.keys(headers(op, 304)).sort(), ['Cache-Control', 'ETag'], `${route.name} 304 headers`);
			}
		}
	});

	test('the upload declares Location and X-MVS-Duplicate-Of; lists declare their totals', () => {
		const created = headers(operation('create_media'), 201);
		assert.equal((created.Location as JsonObject).required, true);
		assert.equal((created['X-MVS-Duplicate-Of'] as JsonObject).required, false);
		for (const { route, op } of allOperations().filter((o) => o.route.paginate?.totalHeader)) {
			const h = headers(op, route.response.status);
			assert.ok((h['X-WP-Total'] as JsonObject)?.required && (h['X-WP-TotalPages'] as JsonObject)?.required, String(op.operationId));
		}
	});

	test('every X-MVS- header the hand-written PHP sends is declared on an operation', () => {
		const declared = new Set(
			allOperations().flatMap(({ op }) => Object.values(op.responses as JsonObject).flatMap((r) => Object.keys(((r as JsonObject).headers ?? {}) as JsonObject))),
		);
		const sent = model.plugins.flatMap((p) => handWrittenPhp(p)).flatMap((f) => [...f.code.matchAll(/->header\(\s*'(X-MVS-[A-Za-z-]+)'/g)].map((m) => m[1]!));
		assert.ok(sent.includes('X-MVS-Duplicate-Of'));
		assert.deepEqual(sent.filter((h) => !declared.has(h)), []);
	});

	test("per-operation security follows the auth rule: anonymous callers only where the route is public", () => {
		const login = [{ applicationPassword: [] }, { cookieNonce: [] }];
		for (const { route, op } of allOperations()) {
			const open = route.auth.kind === 'public' || route.auth.kind === 'public_privacy';
			assert.deepEqual(op.security, open ? [{}, ...login] : login, String(op.operationId));
		}
		assert.deepEqual(operation('list_my_media').security, login);
		assert.deepEqual(operation('list_media').security, [{}, ...login]);
		for (const plugin of model.plugins) assert.equal(document(plugin).security, undefined, 'no document-wide security to contradict the operations');
	});

	test('the server URL is a variable, not a test site', () => {
		for (const plugin of model.plugins) {
			const [server] = document(plugin).servers as JsonObject[];
			assert.equal(server!.url, '{scheme}://{host}/wp-json');
			const variables = server!.variables as JsonObject;
			assert.deepEqual(variables.scheme, { enum: ['https', 'http'], default: 'https' });
			assert.doesNotMatch(JSON.stringify(variables), /localhost|:\d{4}/);
		}
	});
});
