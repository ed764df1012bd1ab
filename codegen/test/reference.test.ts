/**
 * The API reference (docs/reference/, emit/docs/reference.ts): every
 * operation of each OpenAPI document is on its area's page once, with its
 * permission, parameters, response shape and error codes; every link of the
 * pages leads to a page and heading that exist; the type renderer and the
 * permission wording cover what the documents hold.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, test } from 'node:test';
import { generateAll } from '../src/cli/outputs.js';
import { anchor, permission, typeOf, type OpenApiDocument } from '../src/emit/docs/reference.js';
import { repoRoot } from './helpers/paths.js';

const files = generateAll();
const pages = new Map([...files].filter(([path]) => path.startsWith('docs/reference/')));
const documents = [...files]
	.filter(([path]) => /^codegen\/out\/openapi\/.+\.json$/.test(path))
	.map(([path, json]) => ({ slug: path.slice('codegen/out/openapi/'.length, -'.json'.length), doc: JSON.parse(json) as OpenApiDocument }));

/** GitHub's anchors of a page's headings and explicit ids. */
function anchors(markdown: string): Set<string> {
	return new Set([...markdown.matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1]!)));
}

describe('API reference', () => {
	test('every operation is on its area\'s page once, with its permission, parameters and every error code', () => {
		assert.ok(documents.length >= 2, 'one OpenAPI document per namespace');
		for (const { slug, doc } of documents) {
			for (const [path, methods] of Object.entries(doc.paths)) {
				for (const [method, op] of Object.entries(methods)) {
					const page = pages.get(`docs/reference/${slug}/${String((op.tags as string[])[0])}.md`);
					assert.ok(page, `${slug}: no page for ${String(op.operationId)}`);
					const heading = `## ${method.toUpperCase()} ${path}\n`;
					assert.equal(page.split(heading).length, 2, `${method} ${path}: one section`);
					const section = page.split(heading)[1]!.split('\n## ')[0]!;
					assert.match(section, new RegExp(`Operation \`${String(op.operationId)}\``));
					assert.match(section, /\*\*Permission:\*\* \S/);
					for (const p of (op.parameters ?? []) as { name: string }[]) assert.ok(section.includes(`| \`${p.name}\` |`), `${String(op.operationId)}: parameter ${p.name}`);
					for (const [status, response] of Object.entries(op.responses as Record<string, { 'x-mvs-error-codes'?: string[] }>)) {
						const row = section.split('\n').find((line) => line.startsWith(`| ${status} |`));
						assert.ok(row, `${String(op.operationId)}: status ${status}`);
						for (const code of response['x-mvs-error-codes'] ?? []) assert.ok(row.includes(`\`${code}\``), `${String(op.operationId)} ${status}: ${code}`);
					}
				}
			}
		}
	});

	test('the sign-in route reads as docs/sign-in.md says: body fields, AppPassword, 429 with Retry-After', () => {
		const page = pages.get('docs/reference/mvs-v1/auth.md')!;
		assert.match(page, /\| `username` \| body \| string \| yes \| User name or e-mail address\. At most 200 characters\. \|/);
		assert.match(page, /\| 201 \| \[AppPassword\]\(schemas\.md#apppassword\) \|/);
		assert.match(page, /\| 429 \| `mvs_rate_limited` \| `Retry-After` \|/);
		assert.match(page, /rate limit 5 a minute per member \(per address for visitors\), and 25 per address for members/);
	});

	test('every link leads to a page that exists and a heading on it', () => {
		for (const [path, page] of pages) {
			for (const [, target] of page.matchAll(/\]\(([^)]+)\)/g)) {
				const [file, hash] = target!.split('#') as [string, string | undefined];
				const resolved = file ? normalize(join(dirname(path), file)) : path;
				const text = pages.get(resolved);
				assert.ok(text !== undefined || existsSync(join(repoRoot, resolved)), `${path}: link to missing ${resolved}`);
				if (hash) assert.ok(text && anchors(text).has(hash), `${path}: no heading #${hash} on ${resolved}`);
			}
		}
	});

	test('types: references link to the schema page, arrays, enums, nullable and objects read as types', () => {
		assert.equal(typeOf({ $ref: '#/components/schemas/MediaItem' }, 'schemas.md'), '[MediaItem](schemas.md#mediaitem)');
		assert.equal(typeOf({ type: 'array', items: { type: 'integer' } }, ''), 'integer[]');
		assert.equal(typeOf({ type: ['string', 'null'], enum: ['a', 'b'] }, ''), '`"a"` \\| `"b"` \\| null');
		assert.equal(typeOf({ type: 'object', required: ['id'], properties: { id: { type: 'integer' }, note: { type: 'string' } } }, ''), '{ id: integer, note?: string }');
		assert.equal(typeOf({ type: 'string', contentEncoding: 'binary' }, ''), 'file');
	});

	test('permissions: each kind of auth rule has its wording, an unknown one fails the generation', () => {
		assert.equal(permission({ kind: 'public' }), 'Anyone, signed in or not.');
		assert.equal(permission({ kind: 'capability', anyOf: ['a', 'b'] }), 'Signed in with `a` or `b`.');
		assert.equal(
			permission({ kind: 'owner', lookup: 'media_owner', param: 'id', own: 'edit_mvs_medias', others: 'edit_others_mvs_medias' }),
			'Signed in: the owner of `id` (media owner) holding `edit_mvs_medias`, or anyone with `edit_others_mvs_medias`.',
		);
		assert.throws(() => permission({ kind: 'telepathy' }), /no wording for auth rule/);
	});

	test('the index lists every page of every namespace', () => {
		const index = pages.get('docs/reference/README.md')!;
		for (const path of pages.keys()) {
			if (path === 'docs/reference/README.md') continue;
			assert.ok(index.includes(`](${path.slice('docs/reference/'.length)})`), `index misses ${path}`);
		}
	});
});
