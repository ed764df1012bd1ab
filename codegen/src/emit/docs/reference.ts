/**
 * Renders the OpenAPI documents (emit/openapi.ts) as a readable API
 * reference in Markdown under docs/reference/: an index, one page per area
 * (OpenAPI tag) of each namespace with every route's permission, parameters,
 * response shape and error codes, and one page of the namespace's schemas.
 * It reads the documents only, never the DSL, so the reference says exactly
 * what the published OpenAPI says. Deterministic: routes in document order.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

export interface OpenApiDocument {
	info: { title: string; version: string };
	paths: Record<string, Record<string, Obj>>;
	components: { schemas: Record<string, Obj> };
}

interface Operation {
	method: string;
	path: string;
	op: Obj;
}

const obj = (value: Json | undefined): Obj => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
const list = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);
const str = (value: Json | undefined): string => (typeof value === 'string' ? value : '');

/** A table cell: no line breaks, pipes escaped. */
const cell = (text: string): string => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function anchor(heading: string): string {
	return heading
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

/** A namespace's folder name under docs/reference: `mvs/v1` → `mvs-v1`. */
export const namespaceSlug = (namespace: string): string => namespace.replace(/\//g, '-');

/** A schema as a one-line type: `{ items: MediaItem[], total: integer }`, names linked to the schema page. */
export function typeOf(schema: Json | undefined, schemasPage: string): string {
	const s = obj(schema);
	const ref = str(s.$ref);
	if (ref) {
		const name = ref.slice(ref.lastIndexOf('/') + 1);
		return `[${name}](${schemasPage}#${anchor(name)})`;
	}
	for (const key of ['oneOf', 'anyOf'] as const) if (s[key]) return list(s[key]).map((v) => typeOf(v, schemasPage)).join(' \\| ');
	if (s.allOf) return list(s.allOf).map((v) => typeOf(v, schemasPage)).join(' & ');
	let type: string;
	const types = (Array.isArray(s.type) ? s.type : [s.type]).filter((t): t is string => typeof t === 'string');
	const main = types.find((t) => t !== 'null') ?? 'unknown';
	if (s.enum) type = list(s.enum).map((v) => `\`${JSON.stringify(v)}\``).join(' \\| ');
	else if (main === 'array') type = `${typeOf(s.items, schemasPage)}[]`;
	else if (main === 'object' && s.properties) {
		const required = new Set(list(s.required).map(String));
		type = `{ ${Object.entries(obj(s.properties))
			.map(([k, v]) => `${k}${required.has(k) ? '' : '?'}: ${typeOf(v, schemasPage)}`)
			.join(', ')} }`;
	} else if (main === 'object') type = s.additionalProperties && typeof s.additionalProperties === 'object' ? `{ [key]: ${typeOf(s.additionalProperties, schemasPage)} }` : 'object';
	else if (main === 'string' && s.contentEncoding === 'binary') type = 'file';
	else type = main;
	return types.includes('null') ? `${type} \\| null` : type;
}

/** Limits and defaults of a field, for the description column. */
function constraints(schema: Obj): string {
	const parts: string[] = [];
	if (schema.default !== undefined) parts.push(`default \`${JSON.stringify(schema.default)}\``);
	if (schema.minimum !== undefined) parts.push(`min ${String(schema.minimum)}`);
	if (schema.maximum !== undefined) parts.push(`max ${String(schema.maximum)}`);
	if (schema.minLength !== undefined) parts.push(`${String(schema.minLength)}+ characters`);
	if (schema.maxLength !== undefined) parts.push(`at most ${String(schema.maxLength)} characters`);
	if (schema.maxItems !== undefined) parts.push(`at most ${String(schema.maxItems)} items`);
	const when = obj(schema['x-mvs-required-when']);
	if (when.field) parts.push(`required when \`${str(when.field)}\` is \`${JSON.stringify(when.equals)}\``);
	if (schema['x-mvs-extensible-by']) parts.push(`sites may add values (\`${str(schema['x-mvs-extensible-by'])}\`)`);
	const text = parts.join('; ');
	return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : '';
}

function describe(schema: Obj): string {
	return [str(schema.description), constraints(schema)].filter(Boolean).join(' ');
}

/** Who may call, from the x-mvs-auth rule (docs/api-conventions.md). */
export function permission(rule: Obj): string {
	const caps = (names: Json | undefined) => list(names).map((c) => `\`${String(c)}\``).join(' or ');
	switch (rule.kind) {
		case 'public':
			return 'Anyone, signed in or not.';
		case 'public_privacy':
			return 'Anyone; what the item\'s privacy hides answers 403 or 404.';
		case 'authenticated':
			return 'Any signed-in user.';
		case 'capability':
			return `Signed in with ${caps(rule.anyOf)}.`;
		case 'owner': {
			const own = rule.own ? ` holding \`${str(rule.own)}\`` : '';
			const others = rule.others ? `, or anyone with \`${str(rule.others)}\`` : '';
			return `Signed in: the owner of \`${str(rule.param)}\` (${str(rule.lookup).replace(/_/g, ' ')})${own}${others}.`;
		}
		default:
			throw new Error(`no wording for auth rule ${JSON.stringify(rule)}`);
	}
}

function authentication(op: Obj): string {
	const schemes = list(op.security).map((s) => Object.keys(obj(s))[0] ?? 'none');
	const words: Record<string, string> = { none: 'none', applicationPassword: 'application password (HTTP Basic)', cookieNonce: 'cookie + `X-WP-Nonce`' };
	return schemes.map((s) => words[s] ?? s).join(', ');
}

function rateLimit(op: Obj): string {
	const limit = obj(op['x-mvs-rate-limit']);
	if (limit.perMinute === undefined) return '';
	const perAddress = limit.perAddress !== undefined ? `, and ${String(limit.perAddress)} per address for members` : '';
	return `${String(limit.perMinute)} a minute per member (per address for visitors)${perAddress}`;
}

function parameterRows(op: Obj, schemasPage: string): string[] {
	const rows: string[] = [];
	for (const p of list(op.parameters).map(obj)) {
		const schema = obj(p.schema);
		rows.push(`| \`${str(p.name)}\` | ${str(p.in)} | ${typeOf(schema, schemasPage)} | ${p.required ? 'yes' : 'no'} | ${cell(describe(schema))} |`);
	}
	for (const [mime, media] of Object.entries(obj(obj(op.requestBody).content))) {
		const schema = obj(obj(media).schema);
		const required = new Set(list(schema.required).map(String));
		const where = mime === 'multipart/form-data' ? 'form' : 'body';
		for (const [name, field] of Object.entries(obj(schema.properties))) {
			rows.push(`| \`${name}\` | ${where} | ${typeOf(field, schemasPage)} | ${required.has(name) ? 'yes' : 'no'} | ${cell(describe(obj(field)))} |`);
		}
	}
	return rows;
}

function operationSection(o: Operation, schemasPage: string): string[] {
	const { op } = o;
	const out = [`## ${o.method.toUpperCase()} ${o.path}`, '', str(op.summary), ''];
	const facts = [`Operation \`${str(op.operationId)}\``, `since ${str(op['x-mvs-since'])}`];
	const limit = rateLimit(op);
	if (limit) facts.push(`rate limit ${limit}`);
	if (op['x-mvs-implemented'] === false) facts.push('**not implemented yet** (answers 501 `mvs_not_implemented`)');
	out.push(`${facts.join(' · ')}.`, '');
	out.push(`**Permission:** ${permission(obj(op['x-mvs-auth']))} **Authentication:** ${authentication(op)}.`, '');

	const rows = parameterRows(op, schemasPage);
	if (rows.length) out.push('| Parameter | In | Type | Required | Description |', '|---|---|---|---|---|', ...rows, '');

	const responses = Object.entries(obj(op.responses));
	const successes = responses.filter(([status]) => Number(status) < 400);
	const failures = responses.filter(([status]) => Number(status) >= 400);
	out.push('| Status | Response | Headers |', '|---|---|---|');
	for (const [status, response] of successes) {
		const r = obj(response);
		const json = obj(obj(r.content)['application/json']);
		const body = json.schema ? typeOf(json.schema, schemasPage) : cell(str(r.description)) || 'no body';
		const headers = Object.entries(obj(r.headers))
			.map(([name, h]) => `\`${name}\`${obj(h).required ? '' : ' (sometimes)'}`)
			.join(', ');
		out.push(`| ${status} | ${body} | ${headers} |`);
	}
	for (const [status, response] of failures) {
		const codes = list(obj(response)['x-mvs-error-codes']).map((c) => `\`${String(c)}\``);
		const headers = Object.keys(obj(obj(response).headers)).map((h) => `\`${h}\``);
		out.push(`| ${status} | ${codes.join(', ')} | ${headers.join(', ')} |`);
	}
	out.push('');
	return out;
}

const HEADER = (source: string) => [`<!-- GENERATED FILE, DO NOT EDIT. Rendered from ${source} by codegen/src/emit/docs/reference.ts; run \`npm run codegen\`. -->`, ''];

/** Every page of one namespace's reference, keyed by path below docs/reference/. */
export function emitReference(namespace: string, doc: OpenApiDocument): Map<string, string> {
	const slug = namespaceSlug(namespace);
	const source = `codegen/out/openapi/${slug}.json`;
	const byTag = new Map<string, Operation[]>();
	for (const [path, methods] of Object.entries(doc.paths)) {
		for (const [method, op] of Object.entries(methods)) {
			const tag = str(list(op.tags)[0]) || 'other';
			byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
		}
	}
	const pages = new Map<string, string>();
	for (const [tag, ops] of byTag) {
		const lines = [...HEADER(source), `# ${tag} (${namespace})`, ''];
		lines.push(
			`Part of the [API reference](../README.md). Errors have the shape \`{ code, message, data: { status } }\`; codes are stable ([api-conventions.md](../../api-conventions.md)). Types link to [the schemas](schemas.md).`,
			'',
		);
		for (const o of ops) lines.push(`- [${o.method.toUpperCase()} ${o.path}](#${anchor(`${o.method} ${o.path}`)}): ${str(o.op.summary)}`);
		lines.push('');
		for (const o of ops) lines.push(...operationSection(o, 'schemas.md'));
		pages.set(`${slug}/${tag}.md`, `${lines.join('\n').trimEnd()}\n`);
	}

	const schemaLines = [...HEADER(source), `# Schemas (${namespace})`, '', 'Response shapes of the [API reference](../README.md).', ''];
	for (const [name, schema] of Object.entries(doc.components.schemas)) {
		schemaLines.push(`## ${name}`, '');
		if (schema.description) schemaLines.push(str(schema.description), '');
		const required = new Set(list(schema.required).map(String));
		const props = Object.entries(obj(schema.properties));
		if (props.length) {
			schemaLines.push('| Field | Type | Always | Description |', '|---|---|---|---|');
			for (const [field, spec] of props) schemaLines.push(`| \`${field}\` | ${typeOf(spec, '')} | ${required.has(field) ? 'yes' : 'no'} | ${cell(describe(obj(spec)))} |`);
		} else schemaLines.push(`Type: ${typeOf(schema, '')}`);
		schemaLines.push('');
	}
	pages.set(`${slug}/schemas.md`, `${schemaLines.join('\n').trimEnd()}\n`);
	return pages;
}

/** docs/reference/README.md: the namespaces and their areas. */
export function emitReferenceIndex(docs: ReadonlyArray<{ namespace: string; doc: OpenApiDocument }>): string {
	const lines = [
		...HEADER('codegen/out/openapi/*.json'),
		'# API reference',
		'',
		'Every route of the REST API, rendered from the OpenAPI documents the generator writes (`codegen/out/openapi/`). ' +
			'Conventions (authentication, errors, paging with `X-WP-Total`, rate limits) are in [api-conventions.md](../api-conventions.md); ' +
			'apps can call the API through [@mvs/client](../../client/README.md).',
		'',
	];
	for (const { namespace, doc } of docs) {
		const slug = namespaceSlug(namespace);
		lines.push(`## ${namespace}`, '', `${doc.info.title}, version ${doc.info.version}. [Schemas](${slug}/schemas.md).`, '', '| Area | Routes |', '|---|---|');
		const counts = new Map<string, number>();
		for (const methods of Object.values(doc.paths)) {
			for (const op of Object.values(methods)) {
				const tag = str(list(op.tags)[0]) || 'other';
				counts.set(tag, (counts.get(tag) ?? 0) + 1);
			}
		}
		for (const [tag, n] of counts) lines.push(`| [${tag}](${slug}/${tag}.md) | ${n} |`);
		lines.push('');
	}
	return `${lines.join('\n').trimEnd()}\n`;
}
