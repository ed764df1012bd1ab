/**
 * The generated class maps replace hand-kept require_once lists. A class the
 * plugins use but the map lacks, or a map entry whose file is gone or
 * declares something else, fails here instead of as a fatal error on a site.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { handWrittenPhp } from '../src/cli/hand-written.js';
import { loadModel } from '../src/cli/outputs.js';
import { classMap, declaredTypes, emitClassMap } from '../src/emit/php/class-map.js';
import { names, phpFileName } from '../src/emit/php/naming.js';
import type { ModelPlugin } from '../src/model/model.js';
import { arrayEntries, declarations, parsePhp, stringValue, walk, type PhpNode } from './helpers/php.js';
import { repoRoot } from './helpers/paths.js';

const model = loadModel();
const core = model.plugins.find((p) => p.id === 'core')!;

/** Class-like names: MVS_ and at least one lower-case letter (constants such as MVS_PLUGIN_DIR are all capitals). */
const CLASS_NAME = /^MVS_[A-Za-z0-9_]*[a-z][A-Za-z0-9_]*$/;

/**
 * MVS_ classes a PHP file refers to: as a name (new, ::, extends, implements,
 * instanceof, type declarations) or as a string (callables such as
 * `array( 'MVS_Settings', 'register' )`, class_exists()).
 */
function referencedClasses(code: string, file: string): Set<string> {
	const out = new Set<string>();
	for (const n of walk(parsePhp(code, file))) {
		const value = n.kind === 'name' ? String(n.name).replace(/^\\/, '') : n.kind === 'string' ? stringValue(n) : undefined;
		if (value && CLASS_NAME.test(value)) out.add(value);
	}
	return out;
}

/** The CLASSES constant of a committed class map file. */
function committedMap(plugin: ModelPlugin): Map<string, string> {
	const cls = names.classMap(plugin);
	const file = join(repoRoot, plugin.dir, 'generated', phpFileName('class', cls));
	const decl = declarations(parsePhp(readFileSync(file, 'utf8'), file), 'class').get(cls);
	assert.ok(decl, `${file} declares no ${cls}`);
	const constant = [...walk(decl)].find((n) => n.kind === 'constant' && (n.name as PhpNode).name === 'CLASSES');
	assert.ok(constant, `${cls} has no CLASSES constant`);
	const { keyed } = arrayEntries(constant.value as PhpNode);
	return new Map([...keyed].map(([k, v]) => [k, stringValue(v)!]));
}

/** Every PHP file a plugin ships: bootstrap, uninstall, includes/, generated/. */
function shippedPhp(plugin: ModelPlugin): { path: string; code: string }[] {
	const dir = join(repoRoot, plugin.dir);
	const top = ['media-community-service.php', 'media-community-service-pro.php', 'uninstall.php']
		.filter((f) => existsSync(join(dir, f)))
		.map((f) => ({ path: f, code: readFileSync(join(dir, f), 'utf8') }));
	const generated = [...committedMap(plugin).values()]
		.filter((f) => f.startsWith('generated/'))
		.map((f) => ({ path: f, code: readFileSync(join(dir, f), 'utf8') }));
	return [...top, ...handWrittenPhp(plugin), ...generated];
}

describe('class maps: the committed maps are true', () => {
	for (const plugin of model.plugins) {
		test(`${names.classMap(plugin)}: every entry's file exists and declares exactly that class`, () => {
			for (const [cls, file] of committedMap(plugin)) {
				const abs = join(repoRoot, plugin.dir, file);
				assert.ok(existsSync(abs), `${cls} maps to ${file}, which does not exist`);
				const declared = declaredTypes({ path: file, code: readFileSync(abs, 'utf8') }).map((d) => d.name);
				assert.deepEqual(declared, [cls], `${file} is mapped to ${cls} but declares ${declared.join(', ') || 'nothing'}`);
			}
		});

		test(`${names.classMap(plugin)}: lists every class file of includes/`, () => {
			const mapped = new Set(committedMap(plugin).values());
			const missing = handWrittenPhp(plugin).filter((f) => !mapped.has(f.path));
			assert.deepEqual(missing.map((f) => f.path), [], 'class files missing from the map: run `npm run codegen`');
		});
	}

	test('every MVS_ class a plugin file (or the e2e harness) refers to is in a class map that loads it', () => {
		const coreMap = committedMap(core);
		const unresolved: string[] = [];
		const check = (files: { path: string; code: string }[], known: (cls: string) => boolean, label: string) => {
			for (const f of files) {
				const local = new Set(declaredTypes(f).map((d) => d.name));
				for (const cls of referencedClasses(f.code, f.path)) {
					if (!known(cls) && !local.has(cls)) unresolved.push(`${label}/${f.path}: ${cls}`);
				}
			}
		};
		for (const plugin of model.plugins) {
			const own = committedMap(plugin);
			// The bootstrap requires the map itself by path; Pro runs on core's
			// runtime; core never depends on Pro.
			const known = (c: string) => c === names.classMap(plugin) || own.has(c) || (plugin.id !== 'core' && coreMap.has(c));
			check(shippedPhp(plugin), known, plugin.dir);
		}
		// The harness: its loader and the family files it loads.
		const harness = join(repoRoot, 'e2e/mu-plugins/mvs-test-harness');
		const harnessFiles = ['../mvs-test-harness.php', ...readdirSync(harness).filter((f) => f.endsWith('.php'))];
		check(
			harnessFiles.map((f) => ({ path: f, code: readFileSync(join(harness, f), 'utf8') })),
			(c) => coreMap.has(c),
			'e2e/mu-plugins/mvs-test-harness',
		);
		assert.deepEqual(unresolved, [], 'classes referenced but not in any class map (typo, or a file not generated?)');
	});

	test('the reference scan sees names, callables and type declarations (so the check above can fail)', () => {
		const code = `<?php
			class MVS_Here extends MVS_Base implements MVS_Face {
				public function f( MVS_Param $d ): ?MVS_Ret { new MVS_New(); MVS_Static::x(); add_action( 'init', array( 'MVS_Callable', 'go' ) ); return MVS_PLUGIN_DIR; }
			}`;
		assert.deepEqual(
			[...referencedClasses(code, 'x.php')].sort(),
			['MVS_Base', 'MVS_Callable', 'MVS_Face', 'MVS_New', 'MVS_Param', 'MVS_Ret', 'MVS_Static'],
		);
	});
});

describe('class maps: the emitter', () => {
	const tiny = { id: 'tiny' } as const;
	const file = (path: string, body: string) => ({ path, code: `<?php\n${body}\n` });

	test('maps each class and interface to its file, sorted by name', () => {
		const map = classMap(tiny, [file('includes/b.php', 'class MVS_B {}'), file('includes/a.php', 'interface MVS_A {}')]);
		assert.deepEqual([...map], [['MVS_A', 'includes/a.php'], ['MVS_B', 'includes/b.php']]);
	});

	test('refuses a file with two classes, a file with none, and a class declared twice', () => {
		assert.throws(() => classMap(tiny, [file('includes/x.php', 'class MVS_X {} class MVS_Y {}')]), /declares 2 classes/);
		assert.throws(() => classMap(tiny, [file('includes/x.php', 'function mvs_x() {}')]), /declares 0 classes/);
		assert.throws(
			() => classMap(tiny, [file('includes/x.php', 'class MVS_X {}'), file('includes/y.php', 'class MVS_X {}')]),
			/MVS_X is declared in both includes\/x\.php and includes\/y\.php/,
		);
	});

	test('a class file added under includes/ changes the generated map (what codegen:check then flags)', () => {
		const root = mkdtempSync(join(tmpdir(), 'mvs-class-map-'));
		try {
			const write = (path: string, code: string) => {
				mkdirSync(dirname(join(root, 'plugin-core', path)), { recursive: true });
				writeFileSync(join(root, 'plugin-core', path), code);
			};
			write('includes/class-mvs-one.php', '<?php\nfinal class MVS_One {}\n');
			const before = emitClassMap(core, handWrittenPhp(core, root)).code;
			write('includes/new/class-mvs-two.php', '<?php\nfinal class MVS_Two {}\n');
			const after = emitClassMap(core, handWrittenPhp(core, root)).code;
			assert.notEqual(after, before);
			assert.doesNotMatch(before, /MVS_Two/);
			assert.match(after, /'MVS_Two' +=> 'includes\/new\/class-mvs-two\.php'/);
		} finally {
			rmSync(root, { recursive: true, force: true });
		}
	});
});
