/**
 * `npm run codegen` writes the generated files; `--check` only compares and
 * exits 1 when the committed output differs from a fresh generation.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OWNED_DIRS, generateAll } from './outputs.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const check = process.argv.includes('--check');

function walk(dir: string): string[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
		e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
	);
}

const files = generateAll();
const existing = OWNED_DIRS.flatMap((d) => walk(join(root, d)).map((f) => relative(root, f)));
const stale = existing.filter((f) => !files.has(f));
const changed = [...files].filter(([path, code]) => {
	const abs = join(root, path);
	return !existsSync(abs) || readFileSync(abs, 'utf8') !== code;
});

if (check) {
	if (changed.length || stale.length) {
		for (const [path] of changed) console.error(`out of date: ${path}`);
		for (const path of stale) console.error(`stale: ${path}`);
		console.error('Generated code differs from the DSL. Run `npm run codegen` and commit the result.');
		process.exit(1);
	}
	console.log(`codegen: ${files.size} generated files match the DSL.`);
} else {
	for (const [path, code] of changed) {
		const abs = join(root, path);
		mkdirSync(dirname(abs), { recursive: true });
		writeFileSync(abs, code);
	}
	for (const path of stale) rmSync(join(root, path));
	console.log(`codegen: ${files.size} files, ${changed.length} written, ${stale.length} removed.`);
}
