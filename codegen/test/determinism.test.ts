/**
 * Generation is pure: the same DSL gives the same bytes, and the committed
 * output is exactly a fresh generation (what `npm run codegen:check` enforces).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { generateAll, loadModel, OWNED_DIRS, OWNED_FILES } from '../src/cli/outputs.js';
import { repoRoot } from './helpers/paths.js';

function walk(dir: string): string[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

describe('determinism', () => {
	const first = generateAll();

	test('generateAll() twice gives identical maps (same paths, same order, same bytes)', () => {
		const second = generateAll();
		assert.deepEqual([...second.keys()], [...first.keys()]);
		for (const [path, code] of first) assert.equal(second.get(path), code, `${path} differs between two runs`);
	});

	test('a freshly loaded model generates the same output', () => {
		const again = generateAll(loadModel());
		assert.deepEqual([...again.entries()], [...first.entries()]);
	});

	test('every generated path is repository-relative, inside a folder (or the one file) the generator owns', () => {
		for (const path of first.keys()) {
			assert.ok(!path.startsWith('/') && !path.includes('..'), path);
			assert.ok(OWNED_DIRS.some((d) => path.startsWith(`${d}/`)) || OWNED_FILES.includes(path), `${path} is outside ${[...OWNED_DIRS, ...OWNED_FILES].join(', ')}`);
		}
	});

	test('the committed output matches a fresh generation (same rule as codegen:check)', () => {
		const changed = [...first]
			.filter(([path, code]) => {
				const abs = join(repoRoot, path);
				return !existsSync(abs) || readFileSync(abs, 'utf8') !== code;
			})
			.map(([path]) => path);
		const stale = OWNED_DIRS.flatMap((d) => walk(join(repoRoot, d)).map((f) => relative(repoRoot, f))).filter((f) => !first.has(f));
		assert.deepEqual(
			{ changed, stale },
			{ changed: [], stale: [] },
			'generated code differs from the DSL; run `npm run codegen` and commit the result',
		);
	});
});
