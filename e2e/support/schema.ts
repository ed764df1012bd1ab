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
	if (schema.enum && value !== null && !schema.enum.includes(value)) problems.push(`${path}: ${String(value)} is not one of ${schema.enum.join(', ')}`);
	if (actual === 'object' && schema.properties) {
		const object = value as Record<string, unknown>;
		for (const key of schema.required ?? []) if (!(key in object)) problems.push(`${path}.${key}: missing`);
		for (const [key, sub] of Object.entries(schema.properties)) if (key in object) problems.push(...check(sub, object[key], `${path}.${key}`));
	}
	if (actual === 'array' && schema.items) (value as unknown[]).forEach((v, i) => problems.push(...check(schema.items!, v, `${path}[${i}]`)));
	return problems;
}
