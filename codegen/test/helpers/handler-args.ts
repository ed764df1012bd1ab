/**
 * Which request arguments a handler reads, read from the hand-written PHP
 * with php-parser: `$request['name']`, `$request->get_param( 'name' )` and
 * `has_param`, or `$args->name` on a generated MVS_<Route>_Args, on the
 * handler's first parameter and, wherever the handler
 * passes that request on to a method the call graph resolves (same rule as
 * handler-errors.ts), on the callee's parameter. A name taken from a
 * `foreach` over a literal list counts every name of the list. Reading all parameters at
 * once (`get_params()`, `get_json_params()` ...) or by a computed name, or
 * using the request or arguments object whole where the call graph cannot
 * follow it (`get_object_vars( $args )`, a function outside the scanned
 * classes, a reassignment), is reported as unreadable, so nothing escapes
 * the check.
 */
import type { ErrorCodeIndex, MethodInfo } from './handler-errors.js';
import type { PhpNode } from './php.js';
import { walk } from './php.js';

const BULK = new Set(['get_params', 'get_json_params', 'get_body_params', 'get_query_params', 'get_default_params']);

export interface ArgumentReads {
	readonly reads: Set<string>;
	readonly unreadable: string[];
}

const paramName = (m: MethodInfo, i: number): string | undefined => {
	const p = (m.node.arguments as PhpNode[] | undefined)?.[i];
	const name = p?.name as PhpNode | string | undefined;
	return typeof name === 'string' ? name : (name?.name as string | undefined);
};

export function argumentReads(index: ErrorCodeIndex, cls: string, method: string): ArgumentReads {
	const out: ArgumentReads = { reads: new Set(), unreadable: [] };
	const start = index.method(cls, method);
	if (!start) {
		out.unreadable.push(`${cls}::${method} not found`);
		return out;
	}
	const seen = new Set<string>();
	const visit = (m: MethodInfo, request: string) => {
		const key = `${m.cls}::${m.name}($${request})`;
		if (seen.has(key)) return;
		seen.add(key);
		const isRequest = (n: unknown) => (n as PhpNode)?.kind === 'variable' && (n as PhpNode).name === request;
		// `foreach ( array( 'title', 'description' ) as $field )`: $field is one of those names.
		const loopNames = new Map<string, string[]>();
		for (const n of walk(m.node)) {
			const source = n.source as PhpNode | undefined;
			const value = n.value as PhpNode | undefined;
			if (n.kind !== 'foreach' || source?.kind !== 'array' || value?.kind !== 'variable') continue;
			const items = (source.items as PhpNode[]).map((i) => (i.kind === 'entry' ? (i.value as PhpNode) : i));
			if (items.every((i) => i.kind === 'string')) loopNames.set(String(value.name), items.map((i) => String(i.value)));
		}
		// A name given as a literal, or as a variable of a literal foreach list.
		const namesOf = (offset: PhpNode | undefined): string[] | undefined =>
			offset?.kind === 'string' ? [String(offset.value)] : offset?.kind === 'variable' ? loopNames.get(String(offset.name)) : undefined;
		// `$request->get_param()` is a method call, not a property read.
		const called = new Set([...walk(m.node)].filter((n) => n.kind === 'call').map((n) => n.what));
		// Uses of the variable the rule understands; any other use is reported below.
		const followed = new Set<unknown>();
		for (const n of walk(m.node)) {
			if (n.kind === 'offsetlookup' && isRequest(n.what)) {
				followed.add(n.what);
				const names = namesOf(n.offset as PhpNode);
				if (names) for (const name of names) out.reads.add(name);
				else out.unreadable.push(`${key}: $${request}[...] with a computed name`);
			}
			// A typed handler's generated MVS_<Route>_Args: `$args->name`, or `$args->$field` over a literal list.
			if (n.kind === 'propertylookup' && !called.has(n) && isRequest(n.what)) {
				followed.add(n.what);
				const offset = n.offset as PhpNode;
				const names = offset.kind === 'identifier' ? [String(offset.name)] : namesOf(offset);
				if (names) for (const name of names) out.reads.add(name);
				else out.unreadable.push(`${key}: $${request}->... with a computed name`);
			}
			if (n.kind === 'call' && (n.what as PhpNode).kind === 'propertylookup' && isRequest((n.what as PhpNode).what)) {
				followed.add((n.what as PhpNode).what);
				const fn = ((n.what as PhpNode).offset as PhpNode).name as string;
				const first = (n.arguments as PhpNode[])[0];
				if (fn === 'get_param' || fn === 'has_param') {
					if (first?.kind === 'string') out.reads.add(String(first.value));
					else out.unreadable.push(`${key}: ${fn}() with a computed name`);
				}
				if (BULK.has(fn)) out.unreadable.push(`${key}: ${fn}() reads every parameter at once`);
			}
		}
		for (const { args, callee } of index.calls(m)) {
			args.forEach((a, i) => {
				const name = isRequest(a) ? paramName(callee, i) : undefined;
				if (!name) return;
				followed.add(a);
				visit(callee, name);
			});
		}
		for (const n of walk(m.node)) {
			if (isRequest(n) && !followed.has(n)) out.unreadable.push(`${key}: $${request} is used whole where the rule cannot follow it`);
		}
	};
	const first = paramName(start, 0);
	if (first) visit(start, first);
	return out;
}
