/**
 * The dependency graph of the plugins' hand-written PHP classes: a class
 * depends on another when its code names it (static calls and constants,
 * new, instanceof, type declarations, extends, implements, catch) or passes
 * it as a string (callables such as `array( 'MVS_Settings', 'register' )`).
 */
import { handWrittenPhp } from '../../src/cli/hand-written.js';
import type { ModelPlugin } from '../../src/model/model.js';
import { nameOf, parsePhp, walk, type PhpNode } from './php.js';

export interface PhpClass {
	readonly name: string;
	/** Plugin directory and path of its file. */
	readonly file: string;
	readonly lines: number;
	/** Whether it has methods and every one is static. */
	readonly allStatic: boolean;
	/** Names and strings in its code that could be class names. */
	readonly names: ReadonlySet<string>;
}

const DECLARATIONS = new Set(['class', 'interface', 'trait']);

/** Every class, interface and trait declared in the plugins' includes/. */
export function handWrittenClasses(plugins: readonly Pick<ModelPlugin, 'dir'>[], root?: string): PhpClass[] {
	const out: PhpClass[] = [];
	for (const plugin of plugins) {
		for (const source of handWrittenPhp(plugin, root)) {
			const file = `${plugin.dir}/${source.path}`;
			for (const decl of walk(parsePhp(source.code, file))) {
				if (!DECLARATIONS.has(decl.kind)) continue;
				const methods = (decl.body as PhpNode[]).filter((n) => n.kind === 'method');
				const names = new Set<string>();
				for (const n of walk(decl)) {
					if (n.kind === 'name') names.add(String(n.name).replace(/^\\/, ''));
					else if (n.kind === 'string') names.add(String(n.value));
				}
				out.push({
					name: nameOf(decl)!,
					file,
					lines: source.code.split('\n').length - (source.code.endsWith('\n') ? 1 : 0),
					allStatic: decl.kind === 'class' && methods.length > 0 && methods.every((m) => m.isStatic === true),
					names,
				});
			}
		}
	}
	return out;
}

/** Class → the other hand-written classes it names. */
export function dependencyGraph(classes: readonly PhpClass[]): Map<string, Set<string>> {
	const known = new Set(classes.map((c) => c.name));
	return new Map(classes.map((c) => [c.name, new Set([...c.names].filter((n) => n !== c.name && known.has(n)))]));
}

/** Strongly connected components with more than one class (Tarjan), members sorted. */
export function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
	let next = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const out: string[][] = [];
	const visit = (v: string): void => {
		index.set(v, next);
		low.set(v, next);
		next++;
		stack.push(v);
		onStack.add(v);
		for (const w of graph.get(v) ?? []) {
			if (!index.has(w)) {
				visit(w);
				low.set(v, Math.min(low.get(v)!, low.get(w)!));
			} else if (onStack.has(w)) {
				low.set(v, Math.min(low.get(v)!, index.get(w)!));
			}
		}
		if (low.get(v) === index.get(v)) {
			const component: string[] = [];
			let w: string;
			do {
				w = stack.pop()!;
				onStack.delete(w);
				component.push(w);
			} while (w !== v);
			if (component.length > 1) out.push(component.sort());
		}
	};
	for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
	return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One cycle through a component's first class, by breadth-first search: `A -> B -> A`. */
export function cyclePath(graph: ReadonlyMap<string, ReadonlySet<string>>, component: readonly string[]): string {
	const members = new Set(component);
	const start = component[0]!;
	const from = new Map<string, string>();
	const queue = [start];
	while (queue.length) {
		const v = queue.shift()!;
		for (const w of [...(graph.get(v) ?? [])].sort()) {
			if (!members.has(w)) continue;
			if (w === start) {
				const path = [start];
				for (let u: string | undefined = v; u !== undefined && u !== start; u = from.get(u)) path.splice(1, 0, u);
				return [...path, start].join(' -> ');
			}
			if (!from.has(w)) {
				from.set(w, v);
				queue.push(w);
			}
		}
	}
	return component.join(', ');
}
