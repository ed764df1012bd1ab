/**
 * Checks responses against the generated OpenAPI documents: every answer of
 * an mvs/v1 or mvs-pro/v1 operation sent through the test client (mvs.ts)
 * must have a declared status, a declared error code for that status, and a
 * body that matches the declared schema (docs/api-conventions.md, "What the
 * OpenAPI documents promise"). The documents are read and their path
 * templates compiled once per worker.
 */
import { readFileSync } from 'node:fs';

type Schema = {
	type?: string | string[];
	enum?: unknown[];
	properties?: Record<string, Schema>;
	required?: string[];
	additionalProperties?: boolean | Schema;
	items?: Schema;
	allOf?: Schema[];
	format?: string;
	minimum?: number;
	maximum?: number;
	maxLength?: number;
	maxItems?: number;
	$ref?: string;
};

type Header = { required?: boolean };
type Response = {
	'x-mvs-error-codes'?: string[];
	headers?: Record<string, Header>;
	content?: Record<string, { schema: Schema }>;
};
type Operation = { operationId: string; responses: Record<string, Response> };
type Document = { components: { schemas: Record<string, Schema> }; paths: Record<string, Record<string, Operation>> };

// Read at run time: ESM JSON imports need import attributes Playwright's loader does not add.
function load(file: string): Document {
	return JSON.parse(readFileSync(new URL(`../../codegen/out/openapi/${file}`, import.meta.url), 'utf8')) as Document;
}

const documents = [load('mvs-v1.json'), load('mvs-pro-v1.json')];

interface Compiled {
	method: string;
	pattern: RegExp;
	/** `get_media (GET /mvs/v1/media/{id})`, for messages. */
	label: string;
	operation: Operation;
	schemas: Record<string, Schema>;
	placeholders: number;
}

/**
 * Each operation's path as a pattern. A placeholder matches any segment, so
 * `/media/abc` reaches get_media, whose document declares WordPress's 404
 * rest_no_route for it; literal paths are tried first (`/media/bulk` before
 * `/media/{id}`). WordPress matches routes case-insensitively.
 */
const operations: Compiled[] = documents
	.flatMap((doc) =>
		Object.entries(doc.paths).flatMap(([path, item]) =>
			Object.entries(item).map(([method, operation]) => ({
				method: method.toUpperCase(),
				pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[a-z_]+\}/g, '[^/]+')}/?$`, 'i'),
				label: `${operation.operationId} (${method.toUpperCase()} ${path})`,
				operation,
				schemas: doc.components.schemas,
				placeholders: (path.match(/\{/g) ?? []).length,
			})),
		),
	)
	.sort((a, b) => a.placeholders - b.placeholders);

const byMethod = new Map<string, Compiled[]>();
for (const op of operations) byMethod.set(op.method, [...(byMethod.get(op.method) ?? []), op]);

const NAMESPACES = /^\/(mvs|mvs-pro)\/v1(\/|$)/i;

/**
 * 401 codes every operation declares: answered before WordPress matches a
 * route (bad credentials, the private-community gate), so a path no
 * operation has may answer them too.
 */
const everyOperations401 = operations
	.map((o) => new Set(o.operation.responses['401']?.['x-mvs-error-codes'] ?? []))
	.reduce((common, codes) => new Set([...common].filter((code) => codes.has(code))));

/**
 * What is wrong with an answer of the plugins' API, or null when the
 * documents declare it: its status for that operation, its error code for
 * that status, its required headers, and its body's shape. Other namespaces
 * (wp/v2, batch) and OPTIONS (WordPress's route description) are not ours
 * to check. `path` is below /wp-json, e.g. `/mvs/v1/media/5`.
 */
export function responseProblem(sent: string, path: string, status: number, headers: Record<string, string>, body: unknown): string | null {
	const method = sent.toUpperCase();
	const route = path.split('?')[0]!;
	if (!NAMESPACES.test(route) || method === 'OPTIONS') return null;
	// WordPress answers HEAD with the GET handler.
	const verb = method === 'HEAD' ? 'GET' : method;
	const code = typeof body === 'object' && body !== null && 'code' in body ? String((body as { code: unknown }).code) : undefined;
	const op = byMethod.get(verb)?.find((o) => o.pattern.test(route));
	if (!op) {
		// A path or method no operation has: WordPress's own 404, or what is answered before routing.
		if (status === 404 && code === 'rest_no_route') return null;
		if (status === 401 && code !== undefined && everyOperations401.has(code)) return null;
		return `${method} ${route} answered ${status} ${code ?? ''}: no operation of the OpenAPI documents has this path and method`;
	}
	const at = `${op.label} answered ${status}${code ? ` ${code}` : ''}`;
	const response = op.operation.responses[String(status)];
	if (!response) return `${at}: status ${status} is not declared (declared: ${Object.keys(op.operation.responses).join(', ')})`;
	for (const [name, header] of Object.entries(response.headers ?? {})) {
		if (header.required && headers[name.toLowerCase()] === undefined) return `${at}: header ${name} is missing`;
	}
	const codes = response['x-mvs-error-codes'];
	if (codes && (code === undefined || !codes.includes(code))) return `${at}: code ${code ?? '(none)'} is not declared for ${status} (declared: ${codes.join(', ')})`;
	const schema = method === 'HEAD' ? undefined : response.content?.['application/json']?.schema;
	if (!schema) return null;
	const problems = check(op.schemas, schema, body, 'body');
	return problems.length ? `${at}: the body does not match the declared schema: ${problems.slice(0, 5).join('; ')}` : null;
}

function typeOf(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
	return typeof value;
}

/**
 * RFC 3339 date-time (section 5.6) with a mandatory offset: 'Z' or ±hh:mm.
 * Date.parse() is no check: it reads '2026-11-23T22:37:01' as local time,
 * which is exactly the bug a missing Z causes in clients.
 */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/;

/** Whether `value` is an RFC 3339 date-time with an offset, and a real calendar instant. */
export function isDateTime(value: unknown): boolean {
	if (typeof value !== 'string') return false;
	const m = RFC3339.exec(value);
	if (!m) return false;
	const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
	const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
	const offsetOk = m[9] === undefined || (Number(m[9]) <= 23 && Number(m[10]) <= 59);
	return month >= 1 && month <= 12 && day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 60 && offsetOk;
}

/** Checks of the `format` keywords the generated documents use. */
const FORMATS: Record<string, (value: string) => boolean> = {
	'date-time': isDateTime,
	uri: (value) => URL.canParse(value),
	email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
	'hex-color': (value) => /^#[0-9a-fA-F]{6}$/.test(value),
};

/** Problems of `value` against schema `name` of either document ([] when it conforms). */
export function schemaProblems(name: string, value: unknown, path = name): string[] {
	const doc = documents.find((d) => d.components.schemas[name]);
	if (!doc) throw new Error(`unknown schema ${name}`);
	return check(doc.components.schemas, doc.components.schemas[name]!, value, path);
}

function check(schemas: Record<string, Schema>, schema: Schema, value: unknown, path: string): string[] {
	if (schema.$ref) {
		const target = schemas[schema.$ref.split('/').pop()!];
		if (!target) throw new Error(`${path}: unknown schema ${schema.$ref}`);
		return check(schemas, target, value, path);
	}
	if (schema.allOf) return schema.allOf.flatMap((part) => check(schemas, part, value, path));
	const problems: string[] = [];
	const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
	const actual = typeOf(value);
	if (types.length && !types.includes(actual) && !(actual === 'integer' && types.includes('number'))) {
		return [`${path}: expected ${types.join('|')}, got ${actual}`];
	}
	if (schema.format && typeof value === 'string') {
		const valid = FORMATS[schema.format];
		if (!valid) throw new Error(`${path}: no check for format ${schema.format}`);
		if (!valid(value)) problems.push(`${path}: ${JSON.stringify(value)} is not a valid ${schema.format}`);
	}
	if (schema.enum && value !== null && !schema.enum.includes(value)) problems.push(`${path}: ${String(value)} is not one of ${schema.enum.join(', ')}`);
	if (typeof value === 'number') {
		if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${path}: ${value} is below ${schema.minimum}`);
		if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${path}: ${value} is above ${schema.maximum}`);
	}
	if (typeof value === 'string' && schema.maxLength !== undefined && [...value].length > schema.maxLength) problems.push(`${path}: longer than ${schema.maxLength}`);
	if (actual === 'object') {
		const object = value as Record<string, unknown>;
		for (const key of schema.required ?? []) if (!(key in object)) problems.push(`${path}.${key}: missing`);
		for (const [key, sub] of Object.entries(schema.properties ?? {})) if (key in object) problems.push(...check(schemas, sub, object[key], `${path}.${key}`));
		if (schema.additionalProperties === false) {
			for (const key of Object.keys(object)) if (!(key in (schema.properties ?? {}))) problems.push(`${path}.${key}: not declared`);
		}
	}
	if (actual === 'array') {
		const list = value as unknown[];
		if (schema.maxItems !== undefined && list.length > schema.maxItems) problems.push(`${path}: more than ${schema.maxItems} items`);
		if (schema.items) list.forEach((v, i) => problems.push(...check(schemas, schema.items!, v, `${path}[${i}]`)));
	}
	return problems;
}
