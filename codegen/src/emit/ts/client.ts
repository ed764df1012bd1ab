/**
 * Emits the types of the TypeScript client with ts-morph: one interface per
 * response schema, an `Operations` map with the input and output types of
 * every route, and the runtime route table. Written to
 * client/src/operations.ts, the generated half of the @mvs/client package;
 * the requests and the client over any transport are hand-written in
 * client/src/client.ts (client/README.md).
 */
import { IndentationText, Project, QuoteKind, VariableDeclarationKind, type SourceFile } from 'ts-morph';
import type { FieldSpec } from '../../dsl/field.js';
import type { Model, ModelArg, ModelRoute } from '../../model/model.js';

export function tsType(spec: FieldSpec): string {
	let type: string;
	if (spec.ref) type = spec.ref;
	else if (spec.enum) type = spec.enum.map((v) => JSON.stringify(v)).join(' | ') + (spec.enumFilter ? ' | (string & {})' : '');
	else {
		switch (spec.type) {
			case 'integer':
			case 'number':
				type = 'number';
				break;
			case 'string':
				type = 'string';
				break;
			case 'boolean':
				type = 'boolean';
				break;
			case 'file':
				type = 'MvsFile';
				break;
			case 'array':
				type = `Array<${tsType(spec.items!)}>`;
				break;
			case 'object':
				type = spec.properties
					? `{ ${Object.entries(spec.properties)
							.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}${v.required ? '' : '?'}: ${tsType(v)}`)
							.join('; ')} }`
					: 'Record<string, unknown>';
				break;
			default:
				throw new Error(`no TypeScript type for ${String(spec.type)}`);
		}
	}
	return spec.nullable ? `${type} | null` : type;
}

function objectType(args: readonly ModelArg[]): string {
	if (args.length === 0) return 'Record<string, never>';
	return `{ ${args
		.map((a) => {
			const optional = a.location !== 'path' && (!a.spec.required || a.spec.default !== undefined);
			return `${a.name}${optional ? '?' : ''}: ${tsType(a.spec)}`;
		})
		.join('; ')} }`;
}

function responseType(route: ModelRoute): string {
	const s = route.response.schema;
	if (!s) return 'unknown';
	if (!s.startsWith('list:')) return s;
	const item = s.slice(5);
	return route.paginate?.envelope ? `ListEnvelope<${item}>` : `${item}[]`;
}

export function emitClient(model: Model): string {
	const project = new Project({
		useInMemoryFileSystem: true,
		manipulationSettings: { indentationText: IndentationText.Tab, quoteKind: QuoteKind.Single },
	});
	const file: SourceFile = project.createSourceFile('client.ts', '', { overwrite: true });

	file.addTypeAlias({ name: 'MvsFile', isExported: true, type: '{ name: string; mimeType: string; buffer: Uint8Array }', docs: ['A file to upload in a multipart body.'] });
	file.addInterface({
		name: 'ListEnvelope',
		isExported: true,
		typeParameters: ['T'],
		docs: ['The list envelope of media lists.'],
		properties: [
			{ name: 'items', type: 'T[]' },
			{ name: 'total', type: 'number' },
			{ name: 'pages', type: 'number' },
		],
	});
	file.addInterface({
		name: 'MvsError',
		isExported: true,
		docs: ['The error body of every failure.'],
		properties: [
			{ name: 'code', type: model.errors.map((e) => `'${e.code}'`).join(' | ') + ' | (string & {})' },
			{ name: 'message', type: 'string' },
			{ name: 'data', type: '{ status: number; [key: string]: unknown }' },
		],
	});

	// The closed value sets (codegen/src/dsl/values.ts), for specs that iterate or compare them.
	const sets = new Map(model.plugins.flatMap((p) => p.valueSets.map((v) => [v.name, v] as const)));
	for (const set of [...sets.values()].sort((a, b) => a.name.localeCompare(b.name))) {
		file.addVariableStatement({
			isExported: true,
			declarationKind: VariableDeclarationKind.Const,
			docs: [set.summary],
			declarations: [{ name: set.name.toUpperCase(), initializer: `[${set.values.map((v) => `'${v}'`).join(', ')}] as const` }],
		});
	}

	const seen = new Set<string>();
	for (const plugin of model.plugins) {
		for (const s of plugin.schemas) {
			if (seen.has(s.name)) throw new Error(`schema ${s.name} declared by two plugins`);
			seen.add(s.name);
			file.addInterface({
				name: s.name,
				isExported: true,
				docs: [s.summary],
				properties: Object.entries(s.properties).map(([k, v]) => ({
					name: k,
					type: tsType(v),
					hasQuestionToken: !v.required,
					docs: v.description ? [v.description] : undefined,
				})),
			});
		}
	}

	const routes = model.plugins.flatMap((p) => p.routes);
	file.addInterface({
		name: 'Operations',
		isExported: true,
		docs: ['Input and output types of every operation, keyed by operation name.'],
		properties: routes.map((r) => ({
			name: r.name,
			docs: [`${r.method} /${r.namespace}${r.path}: ${r.summary}`],
			type: `{ params: ${objectType(r.args.filter((a) => a.location === 'path'))}; query: ${objectType(
				r.args.filter((a) => a.location === 'query'),
			)}; body: ${objectType(r.args.filter((a) => a.location === 'body' || a.location === 'multipart'))}; response: ${responseType(r)} }`,
		})),
	});
	file.addTypeAlias({ name: 'OperationName', isExported: true, type: 'keyof Operations' });

	file.addVariableStatement({
		isExported: true,
		declarationKind: VariableDeclarationKind.Const,
		docs: ['Where each operation lives.'],
		declarations: [
			{
				name: 'operations',
				initializer: `{\n${routes
					.map(
						(r) =>
							`\t${r.name}: { namespace: '${r.namespace}', method: '${r.method}', path: '${r.path}', multipart: ${Boolean(
								r.args.some((a) => a.location === 'multipart'),
							)} },`,
					)
					.join('\n')}\n} as const satisfies Record<OperationName, { namespace: string; method: string; path: string; multipart: boolean }>`,
			},
		],
	});

	file.formatText({ indentSize: 1, convertTabsToSpaces: false });
	// The header goes on after formatting, which would indent a leading comment's lines.
	return `${HEADER}\n\n${file.getFullText()}`;
}

const HEADER = `/**
 * Types and operation table of the Media Community Service REST API (mvs/v1 and mvs-pro/v1).
 *
 * GENERATED FILE, DO NOT EDIT. Generated by codegen/ from codegen/src/api; run \`npm run codegen\`.
 * The client built on them is hand-written: client/src/client.ts.
 */`;
