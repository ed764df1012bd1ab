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

/** Words of a docblock paragraph, wrapped to lines of at most `width` characters. */
function wrap(text: string, width = 76): string[] {
	const lines: string[] = [];
	let line = '';
	for (const word of text.split(/\s+/)) {
		if (line && line.length + 1 + word.length > width) {
			lines.push(line);
			line = word;
		} else line = line ? `${line} ${word}` : word;
	}
	return [...lines, line];
}

/** One property of an arguments class: its documentation and how from_request() fills it. */
interface Member {
	readonly name: string;
	readonly doc: string;
	readonly about: string;
	readonly value: string;
}

function argMember(route: ModelRoute, arg: ModelArg): Member {
	if (arg.spec.type === 'file') {
		return {
			name: arg.name,
			doc: 'array{name: string, type: string, tmp_name: string, error: int, size: int}',
			about: `The uploaded "${arg.name}": its $_FILES entry, present, complete and not empty (MVS_REST_Controller::require_file()); what the file holds is for the handler to check.`,
			value: '$file',
		};
	}
	const t = typeOf(route, arg);
	const doc = docTypeOf(route, arg);
	const read = `$request[${str(arg.name)}]`;
	const always = alwaysSet(arg);
	return {
		name: arg.name,
		doc: always ? doc : `${doc}|null`,
		about: `${arg.spec.description ?? `The ${arg.name} argument.`}${always ? '' : ' Null when the request leaves it out.'}`,
		value: always ? `${t.cast} ${read}` : `null === ${read} ? null : ${t.cast} ${read}`,
	};
}

/** Declared arguments (the file in its place), then headers, then whether the GET was a HEAD. */
function members(route: ModelRoute): Member[] {
	return [
		...route.args.map((a) => argMember(route, a)),
		...route.headers.map((h) => ({
			name: h.name,
			doc: 'string|null',
			about: `${h.description} The ${h.http} header as sent, null when absent; neither validated nor sanitized.`,
			value: `$request->get_header( ${str(h.name)} )`,
		})),
		...(route.headAware
			? [
					{
						name: 'head',
						doc: 'bool',
						about: 'True for a HEAD request, which WordPress answers with this GET route and sends without a body.',
						value: "'HEAD' === $request->get_method()",
					},
				]
			: []),
	];
}

/** The properties of a route's arguments class: what its handler may read. */
export function argumentNames(route: ModelRoute): string[] {
	return members(route).map((m) => m.name);
}

export function emitArgs(plugin: ModelPlugin, route: ModelRoute): { file: string; code: string } {
	const cls = argsClass(plugin, route);
	const props = members(route);
	const out: string[] = [
		fileHeader({
			summary: `Validated arguments of ${route.method} /${plugin.namespace}${route.path}.`,
			sources: plugin.sources,
			packageName: names.packageName(plugin),
		}),
		docblock(
			[
				...wrap(route.summary),
				'',
				...wrap(`Built by ${names.controller(plugin, route.resource)} once WordPress has validated and sanitized the request; read-only by convention.`),
				...(props.length
					? []
					: ['', ...wrap('The route takes no arguments; its handler still receives this object, so an argument added later changes no signature.')]),
			],
			0,
		),
		`final class ${cls} {`,
	];
	for (const p of props) out.push('', docblock([...wrap(p.about), '', `@var ${p.doc}`]), `\tpublic $${p.name};`);
	const width = Math.max(0, ...props.map((p) => p.name.length));
	const assignments = props.map((p) => `\t\t$args->${p.name.padEnd(width)} = ${p.value};`);
	const params = route.file
		? [
				'@param WP_REST_Request $request Authorized, validated and sanitized request.',
				`@param array           $file    The "${route.file.name}" upload, checked by MVS_REST_Controller::require_file().`,
			]
		: ['@param WP_REST_Request $request Authorized, validated and sanitized request.'];
	const signature = route.file ? 'WP_REST_Request $request, array $file' : 'WP_REST_Request $request';
	out.push(
		'',
		docblock(['Reads the arguments of a validated request.', '', ...params, '@return self']),
		`\tpublic static function from_request( ${signature} ): self {`,
		...(assignments.length ? ['\t\t$args = new self();', '', ...assignments, '\t\treturn $args;'] : ['\t\treturn new self();']),
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
