/**
 * A thin layer over php-parser: parse generated PHP (php8, errors fatal)
 * and query the AST without caring about its exact TypeScript typings.
 */
import { Engine } from 'php-parser';

export interface PhpNode {
	readonly kind: string;
	readonly [key: string]: unknown;
}

const engine = new Engine({
	parser: { php8: true, version: '8.0', suppressErrors: false, extractDoc: false },
	ast: { withPositions: false },
});

/** Parses a whole file; the error names the file and php-parser's message (with the line). */
export function parsePhp(code: string, file: string): PhpNode {
	try {
		return engine.parseCode(code, file) as unknown as PhpNode;
	} catch (error) {
		throw new Error(`${file} does not parse as PHP 8: ${(error as Error).message}`);
	}
}

function isNode(value: unknown): value is PhpNode {
	return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

/** Every node below `root` (root included), depth first, in source order. */
export function* walk(root: PhpNode): Generator<PhpNode> {
	yield root;
	for (const [key, value] of Object.entries(root)) {
		if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
		const children = Array.isArray(value) ? value : [value];
		for (const child of children) if (isNode(child)) yield* walk(child);
	}
}

export function nameOf(node: PhpNode): string | undefined {
	const name = node.name;
	if (typeof name === 'string') return name;
	if (isNode(name) && typeof name.name === 'string') return name.name;
	return undefined;
}

/** Class or interface declarations of a file, by name. */
export function declarations(ast: PhpNode, kind: 'class' | 'interface'): Map<string, PhpNode> {
	const out = new Map<string, PhpNode>();
	for (const n of walk(ast)) if (n.kind === kind) out.set(nameOf(n)!, n);
	return out;
}

/** Methods of a class or interface, in declaration order. */
export function methods(decl: PhpNode): PhpNode[] {
	return (decl.body as PhpNode[]).filter((n) => n.kind === 'method');
}

export function methodNames(decl: PhpNode): string[] {
	return methods(decl).map((m) => nameOf(m)!);
}

export function stringValue(node: unknown): string | undefined {
	return isNode(node) && node.kind === 'string' ? (node.value as string) : undefined;
}

/** Entries of a PHP array literal: keyed ones by key, positional ones in `list`. */
export function arrayEntries(node: PhpNode): { keyed: Map<string, PhpNode>; list: PhpNode[] } {
	if (node.kind !== 'array') throw new Error(`expected an array, got ${node.kind}`);
	const keyed = new Map<string, PhpNode>();
	const list: PhpNode[] = [];
	for (const item of node.items as PhpNode[]) {
		if (item.kind !== 'entry') {
			list.push(item);
			continue;
		}
		const key = item.key as PhpNode | null;
		const value = item.value as PhpNode;
		if (key === null) list.push(value);
		else keyed.set(String(key.value), value);
	}
	return { keyed, list };
}

/** Calls of a plain function (`register_rest_route( ... )`) below `root`. */
export function functionCalls(root: PhpNode, fn: string): PhpNode[] {
	return [...walk(root)].filter((n) => n.kind === 'call' && isNode(n.what) && n.what.kind === 'name' && n.what.name === fn);
}

/**
 * Method calls below `root` on a `$this` chain: `['not_implemented']` matches
 * `$this->not_implemented(...)`, `['handler', 'x']` matches `$this->handler->x(...)`.
 * Pass `undefined` as the last segment to match any method name.
 */
export function thisCalls(root: PhpNode, chain: readonly (string | undefined)[]): PhpNode[] {
	const matches = (node: unknown, segments: readonly (string | undefined)[]): boolean => {
		if (segments.length === 0) return isNode(node) && node.kind === 'variable' && node.name === 'this';
		if (!isNode(node) || node.kind !== 'propertylookup') return false;
		const offset = node.offset as PhpNode;
		const last = segments[segments.length - 1];
		if (offset.kind !== 'identifier' || (last !== undefined && offset.name !== last)) return false;
		return matches(node.what, segments.slice(0, -1));
	};
	return [...walk(root)].filter((n) => n.kind === 'call' && matches(n.what, chain));
}

/** `array( $this, 'name' )` → 'name'. */
export function thisCallable(node: PhpNode): string | undefined {
	if (node.kind !== 'array') return undefined;
	const { list } = arrayEntries(node);
	if (list.length !== 2 || list[0]!.kind !== 'variable' || list[0]!.name !== 'this') return undefined;
	return stringValue(list[1]);
}

/** The literal string parts of a `'a' . $x . 'b'` concatenation, with `{expr}` for the rest. */
export function concatText(node: PhpNode): string {
	if (node.kind === 'string') return node.value as string;
	if (node.kind === 'bin' && node.type === '.') return concatText(node.left as PhpNode) + concatText(node.right as PhpNode);
	return '{expr}';
}
