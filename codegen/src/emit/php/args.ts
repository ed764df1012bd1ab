/**
 * Emits the typed arguments of a route: `MVS_<Route>_Args`, one documented
 * public property per declared argument, built by the controller from the
 * request WordPress has already validated and sanitized. A handler's
 * signature then says what it uses, and reading an undeclared argument is a
 * _doing_it_wrong() notice instead of a silent null.
 */
import type { FieldSpec } from '../../dsl/field.js';
import type { ModelArg, ModelPlugin, ModelRoute } from '../../model/model.js';
import { names, phpFileName } from './naming.js';
import { docblock, fileHeader, str } from './writer.js';

const PHP_TYPE: Record<string, { doc: string; cast: string }> = {
	integer: { doc: 'int', cast: '(int)' },
	number: { doc: 'float', cast: '(float)' },
	boolean: { doc: 'bool', cast: '(bool)' },
	string: { doc: 'string', cast: '(string)' },
	array: { doc: 'array', cast: '(array)' },
	object: { doc: 'array', cast: '(array)' },
};

/** Present whenever the handler runs: path arguments, required ones, and those with a default. */
function alwaysSet(arg: ModelArg): boolean {
	return arg.location === 'path' || Boolean(arg.spec.required) || arg.spec.default !== undefined;
}

function typeOf(route: ModelRoute, arg: ModelArg): { doc: string; cast: string } {
	const t = PHP_TYPE[(arg.spec as FieldSpec).type];
	if (!t) throw new Error(`route ${route.name}: no PHP type for argument ${arg.name} (${arg.spec.type})`);
	return t;
}

/** What an array holds, for the docblock: `int[]` for a list of IDs, `array<string, mixed>` for a free-form object. */
function docTypeOf(route: ModelRoute, arg: ModelArg): string {
	const spec = arg.spec as FieldSpec;
	const item = spec.type === 'array' && spec.items ? PHP_TYPE[spec.items.type] : undefined;
	if (item) return `${item.doc}[]`;
	if (spec.type === 'object' && spec.additionalProperties === true && !spec.properties) return 'array<string, mixed>';
	return typeOf(route, arg).doc;
}

export function argsClass(plugin: ModelPlugin, route: ModelRoute): string {
	return names.args(plugin, route.name);
}

export function emitArgs(plugin: ModelPlugin, route: ModelRoute): { file: string; code: string } {
	const cls = argsClass(plugin, route);
	const args = route.args.filter((a) => a.spec.type !== 'file');
	const out: string[] = [
		fileHeader({
			summary: `Validated arguments of ${route.method} /${plugin.namespace}${route.path}.`,
			sources: plugin.sources,
			packageName: names.packageName(plugin),
		}),
		'/**',
		` * ${route.summary}`,
		' *',
		` * Built by ${names.controller(plugin, route.resource)} once WordPress has validated and`,
		' * sanitized the request; read-only by convention.',
		...(args.length ? [] : [' *', ' * The route takes no arguments; its handler still receives this object, so', ' * an argument added later changes no signature.']),
		' */',
		`final class ${cls} {`,
	];
	for (const arg of args) {
		const t = docTypeOf(route, arg);
		const doc = alwaysSet(arg) ? t : `${t}|null`;
		const about = arg.spec.description ?? `The ${arg.name} argument.`;
		const absent = alwaysSet(arg) ? '' : ' Null when the request leaves it out.';
		out.push('', docblock([`${about}${absent}`, '', `@var ${doc}`]), `\tpublic $${arg.name};`);
	}
	const width = Math.max(0, ...args.map((a) => a.name.length));
	const assignments = args.map((a) => {
		const t = typeOf(route, a);
		const read = `$request[${str(a.name)}]`;
		const value = alwaysSet(a) ? `${t.cast} ${read}` : `null === ${read} ? null : ${t.cast} ${read}`;
		return `\t\t$args->${a.name.padEnd(width)} = ${value};`;
	});
	out.push(
		'',
		docblock(['Reads the arguments of a validated request.', '', '@param WP_REST_Request $request Authorized, validated and sanitized request.', '@return self']),
		'\tpublic static function from_request( WP_REST_Request $request ): self {',
		...(args.length ? ['\t\t$args = new self();', '', ...assignments, '\t\treturn $args;'] : ['\t\treturn new self();']),
		'\t}',
		'',
		docblock([
			'An argument the route does not declare: a bug in the handler, reported',
			'rather than read as null.',
			'',
			'@param string $name Property name.',
			'@return null',
		]),
		'\tpublic function __get( string $name ) {',
		`\t\t_doing_it_wrong( __METHOD__, esc_html( sprintf( 'Route ${route.name} declares no argument %s.', $name ) ), '0.1.0' );`,
		'\t\treturn null;',
		'\t}',
		'',
		docblock(['Arguments are not added after the fact.', '', '@param string $name  Property name.', '@param mixed  $value Value.']),
		'\tpublic function __set( string $name, $value ) {',
		`\t\t_doing_it_wrong( __METHOD__, esc_html( sprintf( 'Route ${route.name} declares no argument %s.', $name ) ), '0.1.0' );`,
		'\t}',
		'}',
		'',
	);
	return { file: phpFileName('class', cls), code: out.join('\n') };
}
