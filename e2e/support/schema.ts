/**
 * Checks response bodies against the response schemas of the generated
 * OpenAPI document, so specs prove the shape the contract promises.
 */
import { readFileSync } from 'node:fs';

type Schema = {
	type?: string | string[];
	enum?: unknown[];
	properties?: Record<string, Schema>;
	required?: string[];
	items?: Schema;
	format?: string;
	$ref?: string;
};

// Read at run time: ESM JSON imports need import attributes Playwright's loader does not add.
const openapi = JSON.parse(readFileSync(new URL('../../codegen/out/openapi/mvs-v1.json', import.meta.url), 'utf8')) as {
	components: { schemas: Record<string, Schema> };
};
const schemas = openapi.components.schemas;

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

/** Problems of `value` against schema `name` ([] when it conforms). */
export function schemaProblems(name: string, value: unknown, path = name): string[] {
	const schema = schemas[name];
	if (!schema) throw new Error(`unknown schema ${name}`);
	return check(schema, value, path);
}

function check(schema: Schema, value: unknown, path: string): string[] {
	if (schema.$ref) return schemaProblems(schema.$ref.split('/').pop()!, value, path);
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
	if (actual === 'object' && schema.properties) {
		const object = value as Record<string, unknown>;
		for (const key of schema.required ?? []) if (!(key in object)) problems.push(`${path}.${key}: missing`);
		for (const [key, sub] of Object.entries(schema.properties)) if (key in object) problems.push(...check(sub, object[key], `${path}.${key}`));
	}
	if (actual === 'array' && schema.items) (value as unknown[]).forEach((v, i) => problems.push(...check(schema.items!, v, `${path}[${i}]`)));
	return problems;
}
