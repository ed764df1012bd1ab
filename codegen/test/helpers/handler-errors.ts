/**
 * Which stable error codes a handler method can return, read from the
 * hand-written PHP with php-parser. The rule, chosen to be tractable and to
 * err on the side of listing a code:
 *
 * - a method produces the literal codes of its `MVS_Errors::make( 'code' )`
 *   and `new WP_Error( 'code' )` expressions;
 * - plus the codes of every method it calls that can be resolved to a class
 *   of the plugins: `$this->m()`, `self::` / `static::m()`, `Class::m()`,
 *   `$this->prop->m()` (the property's `@var` type), `( new Class() )->m()`,
 *   `$this->factory()->m()` (the callee's return type, declared or `@return`),
 *   `$local->m()` where `$local` is assigned one of those in the same method;
 *   a call on an interface type counts every implementation among the
 *   scanned classes;
 * - transitively, through the whole call graph.
 *
 * Calls into WordPress or PHP are not followed; WP_Error objects they return
 * are the handler's to translate into a stable code. A code given as a local
 * variable counts the literals of its last assignment before the call; any
 * other non-literal code
 * (`MVS_Errors::make( $this->code )`) is reported, so the rule never silently
 * misses one.
 */
import { Engine } from 'php-parser';
import type { PhpNode } from './php.js';
import { walk } from './php.js';

const engine = new Engine({
	parser: { php8: true, version: '8.0', suppressErrors: false, extractDoc: true },
	ast: { withPositions: false },
});

export interface MethodInfo {
	readonly cls: string;
	readonly name: string;
	readonly node: PhpNode;
}

interface ClassInfo {
	readonly name: string;
	readonly kind: string;
	readonly parent?: string;
	readonly implements: readonly string[];
	readonly methods: Map<string, MethodInfo>;
	/** Property name → declared class (from its `@var` docblock). */
	readonly properties: Map<string, string>;
}

function returnType(method: PhpNode): string | undefined {
	const declared = method.type ? nameText(method.type) : undefined;
	if (declared && /^MVS_/.test(declared)) return declared;
	const comments = (method.leadingComments as { value: string }[] | undefined) ?? [];
	for (const c of comments) {
		const m = /@return\s+\??(MVS_[A-Za-z0-9_]*)/.exec(c.value);
		if (m) return m[1];
	}
	return undefined;
}

const nameText = (n: unknown): string | undefined => {
	if (!n || typeof n !== 'object') return undefined;
	const node = n as PhpNode;
	if (typeof node.name === 'string') return node.name.replace(/^\\/, '');
	if (node.name && typeof node.name === 'object') return nameText(node.name);
	return undefined;
};

function varType(doc: unknown): string | undefined {
	const comments = (doc as { value: string }[] | undefined) ?? [];
	for (const c of comments) {
		const m = /@var\s+\??([A-Za-z_][A-Za-z0-9_]*)/.exec(c.value);
		if (m) return m[1];
	}
	return undefined;
}

export class ErrorCodeIndex {
	private readonly classes = new Map<string, ClassInfo>();
	private readonly memo = new Map<string, Set<string>>();
	/** Non-literal codes and other things the rule cannot see, as `Class::method: what`. */
	readonly unreadable: string[] = [];

	constructor(sources: readonly { path: string; code: string }[]) {
		for (const s of sources) {
			const program = engine.parseCode(s.code, s.path) as unknown as PhpNode;
			for (const n of walk(program)) {
				if (n.kind !== 'class' && n.kind !== 'interface') continue;
				const name = nameText(n);
				if (!name) continue; // anonymous class
				const methods = new Map<string, MethodInfo>();
				const properties = new Map<string, string>();
				for (const member of (n.body as PhpNode[]) ?? []) {
					if (member.kind === 'method') methods.set(nameText(member)!, { cls: name, name: nameText(member)!, node: member });
					if (member.kind === 'propertystatement') {
						const type = varType(member.leadingComments);
						for (const p of member.properties as PhpNode[]) if (type) properties.set(nameText(p)!, type);
					}
				}
				const impl = ((n.implements as PhpNode[] | null) ?? []).map((i) => nameText(i)!);
				const ext = n.kind === 'class' ? nameText(n.extends) : undefined;
				this.classes.set(name, { name, kind: n.kind, parent: ext, implements: impl, methods, properties });
			}
		}
	}

	has(cls: string, method: string): boolean {
		return this.resolve(cls, method).length > 0;
	}

	/** Codes `cls::method` can produce, following the call graph. */
	codes(cls: string, method: string): Set<string> {
		const out = new Set<string>();
		for (const m of this.resolve(cls, method)) for (const c of this.methodCodes(m, new Set())) out.add(c);
		return out;
	}

	/** The method bodies a call on `cls` may run: the class (or its parents), or every implementation of an interface. */
	private resolve(cls: string, method: string): MethodInfo[] {
		const info = this.classes.get(cls);
		if (!info) return [];
		if (info.kind === 'interface') {
			return [...this.classes.values()].filter((c) => c.implements.includes(cls)).flatMap((c) => this.resolve(c.name, method));
		}
		for (let c: ClassInfo | undefined = info; c; c = c.parent ? this.classes.get(c.parent) : undefined) {
			const m = c.methods.get(method);
			if (m) return [m];
		}
		return [];
	}

	private methodCodes(m: MethodInfo, visiting: Set<string>): Set<string> {
		const key = `${m.cls}::${m.name}`;
		const cached = this.memo.get(key);
		if (cached) return cached;
		if (visiting.has(key)) return new Set(); // recursion: the outer call collects the rest
		visiting.add(key);
		const own = new Set<string>();
		const typeOf = this.typer(m);
		const cls = this.classes.get(m.cls)!;
		const order = [...walk(m.node)];
		/**
		 * String literals an expression can be: a literal, a ternary of them, or
		 * a local whose last assignment before `at` (source order) is one.
		 */
		const literals = (e: PhpNode | undefined, at: PhpNode): string[] | undefined => {
			if (!e) return undefined;
			if (e.kind === 'string') return [String(e.value)];
			if (e.kind === 'retif') {
				const a = literals(e.trueExpr as PhpNode, at);
				const b = literals(e.falseExpr as PhpNode, at);
				return a && b ? [...a, ...b] : undefined;
			}
			if (e.kind === 'variable') {
				const before = order.slice(0, order.indexOf(at));
				const last = before
					.filter((n) => n.kind === 'assign' && (n.left as PhpNode).kind === 'variable' && (n.left as PhpNode).name === e.name)
					.pop();
				return last ? literals(last.right as PhpNode, last) : undefined;
			}
			return undefined;
		};
		const addCode = (at: PhpNode, arg: PhpNode | undefined, what: string) => {
			const codes = literals(arg, at);
			if (codes) for (const c of codes) own.add(c);
			else this.unreadable.push(`${key}: ${what} with a code that is not a string literal`);
		};
		for (const n of walk(m.node)) {
			if (n.kind === 'new' && nameText(n.what) === 'WP_Error') addCode(n, (n.arguments as PhpNode[])[0], 'new WP_Error');
			if (n.kind !== 'call') continue;
			const what = n.what as PhpNode;
			const method = what.offset && (what.offset as PhpNode).kind === 'identifier' ? nameText(what.offset) : undefined;
			if (!method) continue;
			if (what.kind === 'staticlookup' && nameText(what.what) === 'MVS_Errors' && method === 'make') {
				addCode(n, (n.arguments as PhpNode[])[0], 'MVS_Errors::make');
				continue;
			}
			const target = what.kind === 'staticlookup' || what.kind === 'propertylookup' ? this.receiver(what, m, cls, typeOf) : undefined;
			const targets = target ? [target] : [];
			for (const t of targets) for (const callee of this.resolve(t, method)) for (const c of this.methodCodes(callee, visiting)) own.add(c);
		}
		visiting.delete(key);
		this.memo.set(key, own);
		return own;
	}

	/** The class an expression of `m` evaluates to, when the rule can tell. */
	private typer(m: MethodInfo): (e: PhpNode) => string | undefined {
		const locals = new Map<string, string>();
		const cls = this.classes.get(m.cls)!;
		/** The class an expression evaluates to, when the rule can tell. */
		const typeOf = (e: PhpNode): string | undefined => {
			switch (e.kind) {
				case 'variable':
					return e.name === 'this' ? m.cls : locals.get(String(e.name));
				case 'new':
					return nameText(e.what);
				case 'cast':
				case 'parenthesis':
					return typeOf((e.expr ?? e.inner) as PhpNode);
				case 'propertylookup': {
					const on = typeOf(e.what as PhpNode);
					return on ? this.propertyType(on, nameText(e.offset)!) : undefined;
				}
				case 'call': {
					const what = e.what as PhpNode;
					if (what.kind !== 'propertylookup' && what.kind !== 'staticlookup') return undefined;
					const on = this.receiver(what, m, cls, typeOf);
					const callee = on ? this.resolve(on, nameText(what.offset)!)[0] : undefined;
					return callee ? returnType(callee.node) : undefined;
				}
				default:
					return undefined;
			}
		};
		for (const n of walk(m.node)) {
			if (n.kind === 'assign' && (n.left as PhpNode).kind === 'variable') {
				const t = typeOf(n.right as PhpNode);
				if (t) locals.set(String((n.left as PhpNode).name), t);
			}
		}
		return typeOf;
	}

	/**
	 * Calls in `m` that resolve to methods of the scanned classes, with their
	 * argument expressions.
	 */
	calls(m: MethodInfo): { args: PhpNode[]; callee: MethodInfo }[] {
		const typeOf = this.typer(m);
		const cls = this.classes.get(m.cls)!;
		const out: { args: PhpNode[]; callee: MethodInfo }[] = [];
		for (const n of walk(m.node)) {
			if (n.kind !== 'call') continue;
			const what = n.what as PhpNode;
			if (what.kind !== 'staticlookup' && what.kind !== 'propertylookup') continue;
			const method = (what.offset as PhpNode).kind === 'identifier' ? nameText(what.offset) : undefined;
			const target = method ? this.receiver(what, m, cls, typeOf) : undefined;
			for (const callee of target ? this.resolve(target, method!) : []) out.push({ args: n.arguments as PhpNode[], callee });
		}
		return out;
	}

	/** A method of a scanned class (or its parents), if declared. */
	method(cls: string, name: string): MethodInfo | undefined {
		return this.resolve(cls, name)[0];
	}

	/** The class a `->m()` or `::m()` lookup calls into. */
	private receiver(what: PhpNode, m: MethodInfo, cls: ClassInfo, typeOf: (e: PhpNode) => string | undefined): string | undefined {
		const on = what.what as PhpNode;
		if (what.kind === 'staticlookup') {
			if (on.kind === 'selfreference' || on.kind === 'staticreference') return m.cls;
			if (on.kind === 'parentreference') return cls.parent;
			return on.kind === 'name' ? nameText(on) : typeOf(on);
		}
		return typeOf(on);
	}

	private propertyType(cls: string, prop: string): string | undefined {
		for (let c = this.classes.get(cls); c; c = c.parent ? this.classes.get(c.parent) : undefined) {
			const t = c.properties.get(prop);
			if (t) return t;
		}
		return undefined;
	}
}
