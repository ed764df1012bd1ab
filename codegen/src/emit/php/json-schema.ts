/**
 * FieldSpec → JSON Schema as PHP arrays (WordPress REST args and schemas).
 */
import type { FieldSpec } from '../../dsl/field.js';
import { raw, str, type PhpValue } from './writer.js';

export interface SchemaContext {
	readonly textDomain: string;
	/** Expression for a maximum, when the route computes it at run time. */
	readonly maximum?: string;
}

export function translated(text: string, textDomain: string): PhpValue {
	return raw(`__( ${str(text)}, ${str(textDomain)} )`);
}

/** The schema keywords of a field; callbacks are the caller's business. */
export function schemaOf(spec: FieldSpec, ctx: SchemaContext): Record<string, PhpValue> {
	if (spec.type === 'file') throw new Error('file fields have no JSON schema');
	const out: Record<string, PhpValue> = {};
	if (spec.description) out.description = translated(spec.description, ctx.textDomain);
	out.type = spec.nullable ? [spec.type, 'null'] : spec.type;
	if (spec.format) out.format = spec.format;
	if (spec.enum) {
		const values = [...spec.enum] as PhpValue[];
		out.enum = spec.enumFilter
			? raw(`(array) apply_filters( ${str(spec.enumFilter)}, ${phpInline(values)} )`)
			: values;
	}
	if (spec.default !== undefined) out.default = spec.default as PhpValue;
	if (spec.minimum !== undefined) out.minimum = spec.minimum;
	if (ctx.maximum) out.maximum = raw(ctx.maximum);
	else if (spec.maximum !== undefined) out.maximum = spec.maximum;
	if (spec.minLength !== undefined) out.minLength = spec.minLength;
	if (spec.maxLength !== undefined) out.maxLength = spec.maxLength;
	if (spec.maxItems !== undefined) out.maxItems = spec.maxItems;
	if (spec.items) out.items = schemaOf(spec.items, { textDomain: ctx.textDomain });
	if (spec.properties) {
		out.properties = Object.fromEntries(
			Object.entries(spec.properties).map(([k, v]) => [k, schemaOf(v, { textDomain: ctx.textDomain })]),
		);
		const required = Object.entries(spec.properties)
			.filter(([, v]) => v.required)
			.map(([k]) => k);
		if (required.length) out.required = required;
	}
	if (spec.type === 'object' && spec.additionalProperties !== undefined && !spec.ref) {
		out.additionalProperties = spec.additionalProperties;
	}
	return out;
}

function phpInline(values: PhpValue[]): string {
	return `array( ${values.map((v) => (typeof v === 'string' ? str(v) : String(v))).join(', ')} )`;
}
