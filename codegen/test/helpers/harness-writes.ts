/**
 * What the e2e test harness (a mu-plugin) writes, read from its PHP AST:
 * for each REST route it registers, and each hook it adds, the tables,
 * taxonomies and other stores its code writes to. The policy that decides
 * which writes are allowed lives in harness.test.ts.
 *
 * Targets are named:
 * - `table:<name>` without the WordPress prefix (`$wpdb->insert/replace/
 *   update/delete`, and INSERT/REPLACE/UPDATE/DELETE/ALTER/DROP/TRUNCATE
 *   statements run through `$wpdb->query`);
 * - `terms:<taxonomy>` (terms created, renamed or deleted) and
 *   `term-links:<taxonomy>` (terms attached to or detached from objects);
 * - `table:<type>meta` for the metadata API (`update_metadata('mvs_media', ...)`);
 * - `users` and `application-passwords` for the WordPress functions that create them.
 *
 * A write whose target cannot be read from the code (a table name in a
 * variable assigned elsewhere, a taxonomy passed in) is reported as
 * `unresolved:<code>`, so a policy can refuse what it cannot check.
 */
import { nameOf, parsePhp, stringValue, type PhpNode } from './php.js';

export interface HarnessUnit {
	/** `route POST /owned-fixtures` or `hook rest_post_dispatch`. */
	readonly name: string;
	/** Write targets, sorted, without duplicates. */
	readonly writes: readonly string[];
	/** The file that registers it. */
	readonly file: string;
}

/** One PHP file of the harness. */
export interface HarnessFile {
	readonly path: string;
	readonly code: string;
}

const WPDB_WRITES = new Set(['insert', 'replace', 'update', 'delete']);

/** Functions that write terms, and the index of their taxonomy argument. */
const TERM_WRITES: Record<string, number> = { wp_insert_term: 1, wp_update_term: 1, wp_delete_term: 1 };
const TERM_LINK_WRITES: Record<string, number> = {
	wp_set_object_terms: 2,
	wp_add_object_terms: 2,
	wp_remove_object_terms: 2,
	wp_delete_object_term_relationships: 1,
};
const META_WRITES = new Set(['add_metadata', 'update_metadata', 'delete_metadata']);
const USER_WRITES = new Set(['wp_insert_user', 'wp_create_user', 'wp_update_user']);

/** Write statements and the table token after them (`ON DUPLICATE KEY UPDATE col` is not a table). */
const SQL_WRITE =
	/\b(?:INSERT\s+(?:IGNORE\s+)?INTO|REPLACE\s+INTO|(?<!KEY\s)UPDATE|DELETE\s+FROM|ALTER\s+TABLE|DROP\s+TABLE(?:\s+IF\s+EXISTS)?|TRUNCATE(?:\s+TABLE)?)\s+([^\s(,;]+)/gi;

function isNode(value: unknown): value is PhpNode {
	return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

/** Nodes below `root` in source order, not descending into nodes `skip` accepts (root itself is never skipped). */
function* nodesBelow(root: PhpNode, skip: (node: PhpNode) => boolean = () => false): Generator<PhpNode> {
	yield root;
	for (const [key, value] of Object.entries(root)) {
		if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
		for (const child of Array.isArray(value) ? value : [value]) {
			if (isNode(child) && !skip(child)) yield* nodesBelow(child, skip);
		}
	}
}

function args(call: PhpNode): PhpNode[] {
	return call.arguments as PhpNode[];
}

/** `fn( ... )` with a plain name. */
function plainCallName(node: PhpNode): string | undefined {
	if (node.kind !== 'call') return undefined;
	const what = node.what as PhpNode;
	return what.kind === 'name' ? (what.name as string) : undefined;
}

/** `$wpdb->method( ... )`. */
function wpdbMethod(node: PhpNode): string | undefined {
	if (node.kind !== 'call') return undefined;
	const what = node.what as PhpNode;
	if (what.kind !== 'propertylookup') return undefined;
	const target = what.what as PhpNode;
	return target.kind === 'variable' && target.name === 'wpdb' ? nameOf(what.offset as PhpNode) : undefined;
}

function isRouteRegistration(node: PhpNode): boolean {
	return plainCallName(node) === 'register_rest_route';
}

/**
 * The text a string expression evaluates to, as far as the code shows it:
 * literals, `.` concatenation, interpolation, local variables assigned
 * once in `scope`, `$wpdb->prefix` as '' and `$wpdb->mvs_x` as 'mvs_x'.
 * Anything else becomes `{?}`.
 */
function textOf(node: PhpNode, scope: Map<string, PhpNode | null>): string {
	switch (node.kind) {
		case 'string':
		case 'number':
			return String(node.value);
		case 'nowdoc':
			return String(node.value);
		case 'encapsed':
			return (node.value as PhpNode[]).map((part) => textOf(part.kind === 'encapsedpart' ? (part.expression as PhpNode) : part, scope)).join('');
		case 'bin':
			return node.type === '.' ? textOf(node.left as PhpNode, scope) + textOf(node.right as PhpNode, scope) : '{?}';
		case 'variable': {
			const assigned = scope.get(node.name as string);
			return assigned ? textOf(assigned, scope) : '{?}';
		}
		case 'propertylookup': {
			const target = node.what as PhpNode;
			if (target.kind !== 'variable' || target.name !== 'wpdb') return '{?}';
			const property = nameOf(node.offset as PhpNode);
			return property === 'prefix' ? '' : (property ?? '{?}');
		}
		case 'call':
			// $wpdb->prepare( $sql, ... ) is its statement.
			return wpdbMethod(node) === 'prepare' ? textOf(args(node)[0]!, scope) : '{?}';
		default:
			return '{?}';
	}
}

/** Variables assigned exactly once below `root` (more than once: null, unknown). */
function assignments(root: PhpNode): Map<string, PhpNode | null> {
	const scope = new Map<string, PhpNode | null>();
	for (const node of nodesBelow(root)) {
		if (node.kind !== 'assign' || node.operator !== '=') continue;
		const left = node.left as PhpNode;
		if (left.kind !== 'variable' || typeof left.name !== 'string') continue;
		scope.set(left.name, scope.has(left.name) ? null : (node.right as PhpNode));
	}
	return scope;
}

function tableTarget(text: string): string {
	const name = text.replace(/`/g, '').trim();
	return /^[a-z][a-z0-9_]*$/.test(name) ? `table:${name}` : `unresolved:${text}`;
}

/** A taxonomy or meta type argument: a literal, or unresolved. */
function literal(node: PhpNode | undefined): string | undefined {
	return node ? stringValue(node) : undefined;
}

/** The write targets of one call, or none. */
function writesOfCall(call: PhpNode, scope: Map<string, PhpNode | null>): string[] {
	const method = wpdbMethod(call);
	if (method && WPDB_WRITES.has(method)) return [tableTarget(textOf(args(call)[0]!, scope))];
	if (method === 'query') {
		const sql = textOf(args(call)[0]!, scope);
		const targets = [...sql.matchAll(SQL_WRITE)].map((m) => tableTarget(m[1]!));
		// A statement the code does not show (a variable, a built string) may write anything.
		if (targets.length === 0 && sql.includes('{?}')) return [`unresolved:${sql}`];
		return targets;
	}
	if (call.kind === 'call' && (call.what as PhpNode).kind === 'staticlookup') {
		const what = call.what as PhpNode;
		const cls = nameOf(what.what as PhpNode);
		const fn = nameOf(what.offset as PhpNode);
		if (cls === 'WP_Application_Passwords' && fn === 'create_new_application_password') return ['application-passwords'];
		return [];
	}
	const fn = plainCallName(call);
	if (!fn) return [];
	if (fn in TERM_WRITES || fn in TERM_LINK_WRITES) {
		const term = fn in TERM_WRITES;
		const taxonomy = literal(args(call)[term ? TERM_WRITES[fn]! : TERM_LINK_WRITES[fn]!]);
		if (taxonomy === undefined) return [`unresolved:${fn}`];
		return [`${term ? 'terms' : 'term-links'}:${taxonomy}`];
	}
	if (META_WRITES.has(fn)) {
		const type = literal(args(call)[0]);
		return [type === undefined ? `unresolved:${fn}` : `table:${type}meta`];
	}
	if (USER_WRITES.has(fn)) return ['users'];
	return [];
}

/**
 * Every route and hook of the harness files with what it writes, including
 * what the harness's own functions it calls write (declared in any of the
 * files). Routes registered inside a hook count as routes, not as part of
 * that hook; a registration of several endpoints is one route per method.
 */
export function harnessWrites(code: string, file: string): HarnessUnit[];
export function harnessWrites(files: readonly HarnessFile[]): HarnessUnit[];
export function harnessWrites(codeOrFiles: string | readonly HarnessFile[], file = ''): HarnessUnit[] {
	const files = typeof codeOrFiles === 'string' ? [{ path: file, code: codeOrFiles }] : codeOrFiles;
	const asts = files.map((f) => ({ path: f.path, ast: parsePhp(f.code, f.path) }));
	const functions = new Map<string, PhpNode>();
	for (const { ast } of asts) for (const node of nodesBelow(ast)) if (node.kind === 'function') functions.set(nameOf(node)!, node);

	const writesOf = (body: PhpNode, seen: Set<string>): string[] => {
		const scope = assignments(body);
		const out: string[] = [];
		for (const node of nodesBelow(body, isRouteRegistration)) {
			if (node.kind !== 'call') continue;
			out.push(...writesOfCall(node, scope));
			const called = plainCallName(node);
			if (called && functions.has(called) && !seen.has(called)) {
				seen.add(called);
				out.push(...writesOf(functions.get(called)!, seen));
			}
		}
		return out;
	};
	/** A callback argument: a closure, or the name of a function of this file. */
	const callbackBody = (node: PhpNode | undefined): PhpNode | undefined => {
		if (!node) return undefined;
		if (node.kind === 'closure' || node.kind === 'arrowfunc') return node;
		const name = stringValue(node);
		return name ? functions.get(name) : undefined;
	};

	const units: HarnessUnit[] = [];
	for (const { path: filePath, ast } of asts) {
		const add = (name: string, body: PhpNode | undefined) => {
			const writes = body ? [...new Set(writesOf(body, new Set()))].sort() : [];
			units.push({ name, writes, file: filePath });
		};
		for (const node of nodesBelow(ast)) {
			const fn = plainCallName(node);
			if (fn === 'register_rest_route') {
				const [namespace, path, options] = args(node);
				const items = options?.kind === 'array' ? (options.items as PhpNode[]) : [];
				// array( 'methods' => ..., ... ), or array( array( 'methods' => ... ), array( ... ) ).
				const endpoints = items.length > 0 && items.every((e) => e.kind === 'entry' && !e.key && (e.value as PhpNode).kind === 'array')
					? items.map((e) => ((e.value as PhpNode).items as PhpNode[]))
					: [items];
				for (const entries of endpoints) {
					const entry = (key: string) => entries.find((e) => e.kind === 'entry' && stringValue(e.key as PhpNode) === key)?.value as PhpNode | undefined;
					const methods = entry('methods');
					add(`route ${methods ? stringValue(methods) ?? '?' : 'GET'} /${stringValue(namespace!)}${stringValue(path!)}`, callbackBody(entry('callback')));
				}
			} else if (fn === 'add_action' || fn === 'add_filter') {
				add(`hook ${stringValue(args(node)[0]!) ?? '?'}`, callbackBody(args(node)[1]));
			}
		}
	}
	return units;
}
