/**
 * The OpenAPI documents: 3.1.0, every route and method present with a unique
 * operationId, every $ref resolvable inside its own document.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { generateAll, loadModel } from '../src/cli/outputs.js';

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
			// GET /serve answers with file bytes, not JSON.
			.filter((r) => r.implemented && !r.response.schema && r.name !== 'serve_media_file')
			.map((r) => `${r.method} ${r.path}`);
		assert.deepEqual(untyped, []);
	});
});
