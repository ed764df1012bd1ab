/**
 * Emits a plugin's class map and autoloader: every class and interface
 * declared in `includes/` (hand-written, read from disk by the CLI) and in
 * `generated/` (this generation), mapped to its file. It replaces a
 * hand-kept require_once list, where a forgotten line is a fatal error on a
 * live site; a stale map is caught by `npm run codegen:check` instead.
 */
import { Engine } from 'php-parser';
import type { ModelPlugin } from '../../model/model.js';
import { names, phpFileName } from './naming.js';
import { docblock, fileHeader, php } from './writer.js';

/** A PHP file of the plugin, its path relative to the plugin folder (`includes/media/class-mvs-x.php`). */
export interface PhpSource {
	readonly path: string;
	readonly code: string;
}

export interface PhpDeclaration {
	readonly name: string;
	readonly kind: 'class' | 'interface' | 'trait';
}

interface Node {
	readonly kind: string;
	readonly name?: unknown;
	readonly children?: readonly Node[];
}

const engine = new Engine({
	parser: { php8: true, version: '8.0', suppressErrors: false, extractDoc: false },
	ast: { withPositions: false },
});

/**
 * Top-level (or namespace-level) class, interface and trait declarations of a
 * file. Nested declarations do not exist in PHP, so the top level is enough.
 */
export function declaredTypes(source: PhpSource): PhpDeclaration[] {
	let program: Node;
	try {
		program = engine.parseCode(source.code, source.path) as unknown as Node;
	} catch (error) {
		throw new Error(`${source.path} does not parse as PHP 8: ${(error as Error).message}`);
	}
	const out: PhpDeclaration[] = [];
	const visit = (nodes: readonly Node[]) => {
		for (const n of nodes) {
			if (n.kind === 'namespace') visit(n.children ?? []);
			if (n.kind !== 'class' && n.kind !== 'interface' && n.kind !== 'trait') continue;
			const name = typeof n.name === 'string' ? n.name : (n.name as { name: string }).name;
			out.push({ name, kind: n.kind });
		}
	};
	visit(program.children ?? []);
	return out;
}

/**
 * Builds the class → file map. Throws when a file declares no type or more
 * than one (one class per file, WordPress style: the autoloader could not
 * reach the second one), or when two files declare the same name.
 */
export function classMap(plugin: Pick<ModelPlugin, 'id'>, sources: readonly PhpSource[]): Map<string, string> {
	const map = new Map<string, string>();
	for (const source of [...sources].sort((a, b) => a.path.localeCompare(b.path))) {
		const declared = declaredTypes(source);
		if (declared.length !== 1) {
			throw new Error(
				`${plugin.id}: ${source.path} declares ${declared.length} classes or interfaces; the class map needs exactly one per file`,
			);
		}
		const { name } = declared[0]!;
		const other = map.get(name);
		if (other) throw new Error(`${plugin.id}: ${name} is declared in both ${other} and ${source.path}`);
		map.set(name, source.path);
	}
	return new Map([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function emitClassMap(plugin: ModelPlugin, sources: readonly PhpSource[]): { file: string; code: string } {
	const cls = names.classMap(plugin);
	const file = phpFileName('class', cls);
	// The map itself is loaded by the bootstrap, before any autoloading.
	const map = classMap(
		plugin,
		sources.filter((s) => s.path !== `generated/${file}`),
	);
	const out = [
		fileHeader({
			summary: `Class map and autoloader of ${plugin.title}.`,
			sources: [...plugin.sources, `${plugin.dir}/includes/`],
			packageName: names.packageName(plugin),
		}),
		'/**',
		` * Loads each of the ${map.size} classes and interfaces of the plugin from its file the`,
		' * first time it is used. The generator reads the declarations of includes/',
		' * and generated/; adding a class file without running `npm run codegen`',
		' * fails the drift check.',
		' */',
		`final class ${cls} {`,
		'',
		docblock(['Class or interface name => file, relative to the plugin folder.']),
		`\tconst CLASSES = ${php(Object.fromEntries(map), 1)};`,
		'',
		docblock(['Registers the autoloader; called once by the plugin bootstrap (and by uninstall.php).']),
		'\tpublic static function register(): void {',
		"\t\tspl_autoload_register( array( __CLASS__, 'load' ) );",
		'\t}',
		'',
		docblock([
			'Loads a class of this plugin; any other name is left to the next autoloader.',
			'',
			'@param string $class_name Class or interface name, as PHP asks for it.',
		]),
		'\tpublic static function load( string $class_name ): void {',
		'\t\tif ( isset( self::CLASSES[ $class_name ] ) ) {',
		'\t\t\trequire_once dirname( __DIR__ ) . \'/\' . self::CLASSES[ $class_name ];',
		'\t\t}',
		'\t}',
		'}',
		'',
	];
	return { file, code: out.join('\n') };
}
