/**
 * The generated TypeScript client: it type-checks on its own under strict
 * options, its types reject wrong calls, and buildRequest turns an operation
 * and its input into the right request.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { buildRequest, MvsClient, operations, type MvsRequest } from '../../client/src/client.js';
import { base64, utf8 } from '../../client/src/encoding.js';
import { MvsApiError, UNEXPECTED_RESPONSE } from '../../client/src/errors.js';
import { MvsHttpClient } from '../../client/src/http.js';
import { plugins } from '../src/api/index.js';
import { buildModel } from '../src/model/build.js';
import { repoRoot } from './helpers/paths.js';

const clientFile = join(repoRoot, 'client', 'src', 'client.ts');

const STRICT: ts.CompilerOptions = {
	strict: true,
	noUncheckedIndexedAccess: true,
	exactOptionalPropertyTypes: true,
	noImplicitReturns: true,
	noImplicitOverride: true,
	noFallthroughCasesInSwitch: true,
	noUnusedLocals: true,
	noUnusedParameters: true,
	noPropertyAccessFromIndexSignature: true,
	isolatedModules: true,
	target: ts.ScriptTarget.ES2022,
	module: ts.ModuleKind.NodeNext,
	moduleResolution: ts.ModuleResolutionKind.NodeNext,
	// The client must not lean on DOM or Node typings: it runs in browsers, apps and Node.
	lib: ['lib.es2022.d.ts'],
	types: [],
	noEmit: true,
};

function format(diagnostics: readonly ts.Diagnostic[]): string {
	return diagnostics
		.map((d) => {
			const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
			const at = d.file ? `${d.file.fileName}${where ? `:${where.line + 1}:${where.character + 1}` : ''}` : '(global)';
			return `${at} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
		})
		.join('\n');
}

let previous: ts.Program | undefined;

/** Type-checks `files` (real paths) plus in-memory `virtual` files. */
function typecheck(files: readonly string[], virtual: Readonly<Record<string, string>> = {}): readonly ts.Diagnostic[] {
	const host = ts.createCompilerHost(STRICT, true);
	const { getSourceFile, fileExists, readFile } = host;
	host.getSourceFile = (name, language, onError, create) =>
		name in virtual ? ts.createSourceFile(name, virtual[name]!, language, true) : getSourceFile.call(host, name, language, onError, create);
	host.fileExists = (name) => name in virtual || fileExists.call(host, name);
	host.readFile = (name) => virtual[name] ?? readFile.call(host, name);
	// Reusing the previous program spares parsing the lib files twice.
	const program = ts.createProgram([...files, ...Object.keys(virtual)], STRICT, host, previous);
	previous = program;
	return ts.getPreEmitDiagnostics(program);
}

describe('TypeScript client: types', () => {
	test('client/src/client.ts with the generated operations.ts type-checks alone under strict options', () => {
		const diagnostics = typecheck([clientFile]);
		assert.equal(diagnostics.length, 0, format(diagnostics));
	});

	test('the whole client package (client/src) type-checks under the same options, ES2022 only: no DOM, no Node', () => {
		const dir = join(repoRoot, 'client', 'src');
		const files = readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => join(dir, f));
		assert.ok(files.length > 1, 'client/src holds the generated operations, the client and the fetch client');
		const diagnostics = typecheck(files);
		assert.equal(diagnostics.length, 0, format(diagnostics));
	});

	test('its types accept right calls and reject wrong ones', () => {
		const usage = join(repoRoot, 'client', 'src', '__client_usage_check__.ts');
		const code = [
			"import { buildRequest, MvsClient, type Operations } from './client.js';",
			"buildRequest('get_media', { params: { id: 1 } });",
			"buildRequest('list_media', { query: { page: 2, group_covers: true, media_type: 'video' } });",
			"buildRequest('get_user_quota', { params: { user_id: 3 } });",
			"export const item: Operations['get_media']['response']['id'] = 1;",
			'// @ts-expect-error unknown operation',
			"buildRequest('no_such_operation');",
			'// @ts-expect-error path ids are numbers',
			"buildRequest('get_media', { params: { id: 'twelve' } });",
			'// @ts-expect-error not an allowed media_type',
			"buildRequest('list_media', { query: { media_type: 'hologram' } });",
			'// @ts-expect-error unknown query parameter',
			"buildRequest('list_media', { query: { colour: 'red' } });",
			'export async function run(client: MvsClient) {',
			"\tconst res = await client.call('get_media', { params: { id: 1 } });",
			'\treturn res.status;',
			'}',
			'',
		].join('\n');
		const diagnostics = typecheck([clientFile], { [usage]: code });
		assert.equal(diagnostics.length, 0, format(diagnostics));
	});
});

describe('TypeScript client: runtime', () => {
	test('the operation table matches the model: every route, same namespace, method and path', () => {
		const routes = buildModel(plugins).plugins.flatMap((p) => p.routes);
		assert.deepEqual(Object.keys(operations).sort(), routes.map((r) => r.name).sort());
		for (const r of routes) {
			const op = operations[r.name as keyof typeof operations];
			assert.deepEqual(
				{ namespace: op.namespace, method: op.method, path: op.path, multipart: op.multipart },
				{ namespace: r.namespace, method: r.method, path: r.path, multipart: r.args.some((a) => a.location === 'multipart') },
				r.name,
			);
		}
	});

	test('buildRequest fills path parameters', () => {
		assert.deepEqual(buildRequest('get_media', { params: { id: 12 } }), { method: 'GET', path: '/mvs/v1/media/12', query: {} });
		assert.equal(buildRequest('remove_album_item', { params: { id: 3, media_id: 9 } }).path, '/mvs/v1/albums/3/items/9');
		assert.equal(buildRequest('delete_access_rule', { params: { media_id: 4, rule_id: 7 } }).path, '/mvs/v1/media/4/rules/7');
		const pro = buildRequest('get_user_quota', { params: { user_id: 5 } });
		assert.equal(pro.path, '/mvs-pro/v1/users/5/quota');
		assert.equal(pro.method, 'GET');
		assert.equal(buildRequest('list_media').path, '/mvs/v1/media');
	});

	test('buildRequest encodes booleans as 1/0, numbers as strings, and drops undefined', () => {
		const on = buildRequest('list_media', { query: { group_covers: true, page: 2, per_page: 50, s: undefined } });
		assert.deepEqual(on.query, { group_covers: '1', page: '2', per_page: '50' });
		const off = buildRequest('list_media', { query: { group_covers: false } });
		assert.deepEqual(off.query, { group_covers: '0' });
	});

	test('buildRequest throws on a missing path parameter, naming operation and parameter', () => {
		// The types refuse it too (path parameters are required), so say so to the compiler.
		// @ts-expect-error get_media needs params.id
		assert.throws(() => buildRequest('get_media'), /get_media: missing path parameter id/);
		assert.throws(() => buildRequest('get_media', { params: {} as { id: number } }), /missing path parameter id/);
		assert.throws(
			() => buildRequest('remove_album_item', { params: { id: 3 } as { id: number; media_id: number } }),
			/remove_album_item: missing path parameter media_id/,
		);
	});

	test('JSON bodies travel as json; multipart bodies as fields, with files untouched', () => {
		const update = buildRequest('update_media', { params: { id: 1 }, body: { title: 'New' } });
		assert.equal(update.method, 'PUT');
		assert.deepEqual(update.json, { title: 'New' });
		assert.equal(update.multipart, undefined);

		const file = { name: 'a.png', mimeType: 'image/png', buffer: new Uint8Array([1, 2, 3]) };
		const upload = buildRequest('create_media', { body: { file, title: 'A', is_story: true, album_id: 4 } });
		assert.equal(upload.method, 'POST');
		assert.equal(upload.json, undefined);
		assert.deepEqual(upload.multipart, { file, title: 'A', is_story: '1', album_id: '4' });
		assert.equal(upload.multipart?.file, file);
	});

	test('MvsClient hands the built request to its transport', async () => {
		const seen: MvsRequest[] = [];
		const client = new MvsClient(async (request) => {
			seen.push(request);
			return { status: 200, headers: {}, body: { ok: true } };
		});
		const res = await client.call('get_media', { params: { id: 8 } });
		assert.equal(res.status, 200);
		assert.deepEqual(seen, [{ method: 'GET', path: '/mvs/v1/media/8', query: {} }]);
	});
});

describe('client package: the fetch client without DOM or Node globals', () => {
	test('utf8 and base64 give the bytes and text Node gives', () => {
		for (const text of ['', 'a', 'ab', 'abc', 'abcd', 'Café ☕ 𝄞 日本', 'user_login:Pw1!x9']) {
			assert.deepEqual(Buffer.from(utf8(text)), Buffer.from(text, 'utf8'), text);
			assert.equal(base64(utf8(text)), Buffer.from(text, 'utf8').toString('base64'), text);
		}
	});

	test('send() writes a multipart body any server parses, with the Basic header of the credentials', async () => {
		const seen: { url: string; headers: Record<string, string>; body?: string | Uint8Array }[] = [];
		const client = new MvsHttpClient({
			baseUrl: 'https://example.test/wp-json/',
			credentials: { username: 'ada', password: 'abcd efgh' },
			fetch: async (url, init) => {
				seen.push({ url, headers: init.headers, ...(init.body === undefined ? {} : { body: init.body }) });
				return { status: 201, headers: new Headers({ 'Content-Type': 'application/json' }), text: async () => '{"id":7}' };
			},
		});
		const file = { name: 'a "b".png', mimeType: 'image/png', buffer: new Uint8Array([0, 255, 13, 10]) };
		assert.deepEqual(await client.request('create_media', { body: { file, title: 'Café' } }), { id: 7 });
		const [sent] = seen;
		assert.equal(sent!.url, 'https://example.test/wp-json/mvs/v1/media');
		assert.equal(sent!.headers.Authorization, `Basic ${Buffer.from('ada:abcd efgh').toString('base64')}`);
		const form = await new Response(sent!.body as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': sent!.headers['Content-Type']! } }).formData();
		assert.equal(form.get('title'), 'Café');
		const uploaded = form.get('file') as File;
		assert.equal(uploaded.type, 'image/png');
		assert.deepEqual(new Uint8Array(await uploaded.arrayBuffer()), file.buffer);
	});

	test('a failure throws MvsApiError: the API body as is, anything else as mvs_client_unexpected_response', async () => {
		const answer = (status: number, text: string, headers: Record<string, string> = {}) =>
			new MvsHttpClient({ baseUrl: 'https://example.test/wp-json', fetch: async () => ({ status, headers: new Headers(headers), text: async () => text }) });
		const limited = await answer(429, '{"code":"mvs_rate_limited","message":"Slow down.","data":{"status":429}}', { 'Retry-After': '17' })
			.request('list_media')
			.catch((e: unknown) => e);
		assert.ok(limited instanceof MvsApiError);
		assert.deepEqual([limited.code, limited.message, limited.status, limited.retryAfter], ['mvs_rate_limited', 'Slow down.', 429, 17]);
		const proxy = await answer(502, '<html>Bad gateway</html>').request('list_media').catch((e: unknown) => e);
		assert.ok(proxy instanceof MvsApiError);
		assert.deepEqual([proxy.code, proxy.status, proxy.retryAfter], [UNEXPECTED_RESPONSE, 502, undefined]);
	});
});
