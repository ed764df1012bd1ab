/**
 * Field builders: the typed vocabulary for path, query, body and multipart
 * parameters, and for response schema properties.
 *
 * Builders are immutable: every modifier returns a new Field, so a shared
 * definition (say, `mediaId`) can be refined per route without side effects.
 */
import type { ValueSet } from './values.js';

export type Scalar = string | number | boolean | null;

export type FieldType = 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object' | 'file';

/**
 * Sanitizers map one to one onto MVS_Sanitize methods in plugin-core.
 * The generator throws on a name outside this list.
 */
export const SANITIZERS = [
	'text', // sanitize_text_field
	'textarea', // sanitize_textarea_field
	'key', // sanitize_key
	'slug', // sanitize_title
	'html', // wp_kses_post
	'email', // sanitize_email
	'url', // esc_url_raw
	'id_list', // array of positive ints, de-duplicated
	'schema', // schema coercion only (ints, bools, enums)
] as const;
export type Sanitizer = (typeof SANITIZERS)[number];

export const FORMATS = ['date-time', 'uri', 'email', 'hex-color'] as const;
export type Format = (typeof FORMATS)[number];

export interface FieldSpec {
	readonly type: FieldType;
	readonly description?: string;
	readonly required?: boolean;
	readonly nullable?: boolean;
	readonly default?: unknown;
	readonly minimum?: number;
	readonly maximum?: number;
	readonly minLength?: number;
	readonly maxLength?: number;
	readonly enum?: readonly Scalar[];
	/** The declared value set `enum` comes from (t.oneOf), generated into the plugin's enums class. */
	readonly valueSet?: ValueSet;
	readonly maxItems?: number;
	readonly items?: FieldSpec;
	readonly properties?: Readonly<Record<string, FieldSpec>>;
	readonly additionalProperties?: boolean;
	readonly format?: Format;
	readonly sanitize?: Sanitizer;
	/**
	 * Required, answered with this error code (not WordPress's
	 * rest_missing_callback_param) when missing, and also when an empty
	 * list or string: the contract's code for "nothing was sent".
	 */
	readonly missingError?: string;
	/** Required only when another field of the same request has a given value. */
	readonly requiredWhen?: { readonly field: string; readonly equals: Scalar };
	/** Multipart file fields only: MIME families the route accepts (documentation). */
	readonly accept?: readonly string[];
	/** Response schemas: a named schema this property refers to. */
	readonly ref?: string;
	/** Enum values may be extended at run time through this WordPress filter. */
	readonly enumFilter?: string;
	/**
	 * Integers only: accepted in their one decimal spelling alone (digits, no
	 * sign, leading zero, space, fraction or exponent; at most 18), where
	 * WordPress also takes `012`, `+12`, `12 ` and `1.2e1` as 12.
	 */
	readonly canonical?: boolean;
}

export class Field<T = unknown> {
	/** Phantom member so TypeScript keeps T; never read at runtime. */
	declare readonly __type?: T;

	constructor(readonly spec: FieldSpec) {}

	private with(patch: Partial<FieldSpec>): Field<T> {
		return new Field<T>({ ...this.spec, ...patch });
	}

	describe(description: string): Field<T> {
		return this.with({ description });
	}
	required(): Field<T> {
		return this.with({ required: true });
	}
	/** Required; missing or empty answers the route's own error `code` (it must be in the route's errors). */
	requiredOr(code: string): Field<T> {
		return this.with({ required: true, missingError: code });
	}
	requiredWhen(field: string, equals: Scalar): Field<T> {
		return this.with({ requiredWhen: { field, equals } });
	}
	nullable(): Field<T | null> {
		return new Field<T | null>({ ...this.spec, nullable: true });
	}
	default(value: T): Field<T> {
		return this.with({ default: value });
	}
	min(minimum: number): Field<T> {
		return this.with(this.spec.type === 'string' ? { minLength: minimum } : { minimum });
	}
	max(maximum: number): Field<T> {
		if (this.spec.type === 'array') return this.with({ maxItems: maximum });
		return this.with(this.spec.type === 'string' ? { maxLength: maximum } : { maximum });
	}
	range(minimum: number, maximum: number): Field<T> {
		return this.min(minimum).max(maximum);
	}
	sanitize(sanitize: Sanitizer): Field<T> {
		return this.with({ sanitize });
	}
	/** Lets site code add enum values through a WordPress filter. */
	extensibleBy(filter: string): Field<T> {
		return this.with({ enumFilter: filter });
	}
	format(format: Format): Field<T> {
		return this.with({ format });
	}
	/** Integers: one spelling per value (see FieldSpec.canonical), e.g. where the URL is a cache key. */
	canonical(): Field<T> {
		return this.with({ canonical: true });
	}
}

export type Infer<F> = F extends Field<infer T> ? T : never;

export const t = {
	int: (): Field<number> => new Field<number>({ type: 'integer', sanitize: 'schema' }),
	/** A positive database id. */
	id: (): Field<number> => new Field<number>({ type: 'integer', minimum: 1, sanitize: 'schema' }),
	number: (): Field<number> => new Field<number>({ type: 'number', sanitize: 'schema' }),
	bool: (): Field<boolean> => new Field<boolean>({ type: 'boolean', sanitize: 'schema' }),
	/** Single-line text; sanitized with sanitize_text_field unless told otherwise. */
	string: (): Field<string> => new Field<string>({ type: 'string', sanitize: 'text' }),
	/** Multi-line plain text. */
	text: (): Field<string> => new Field<string>({ type: 'string', sanitize: 'textarea' }),
	key: (): Field<string> => new Field<string>({ type: 'string', sanitize: 'key' }),
	slug: (): Field<string> => new Field<string>({ type: 'string', sanitize: 'slug' }),
	url: (): Field<string> => new Field<string>({ type: 'string', format: 'uri', sanitize: 'url' }),
	datetime: (): Field<string> => new Field<string>({ type: 'string', format: 'date-time', sanitize: 'text' }),
	enum: <const V extends readonly string[]>(...values: V): Field<V[number]> =>
		new Field<V[number]>({ type: 'string', enum: values, sanitize: 'schema' }),
	/** One of a declared value set (see dsl/values.ts): the same values as the columns that hold it. */
	oneOf: <V extends string>(set: ValueSet<V>): Field<V> =>
		new Field<V>({ type: 'string', enum: set.values, valueSet: set, sanitize: 'schema' }),
	ids: (): Field<number[]> =>
		new Field<number[]>({ type: 'array', items: { type: 'integer', minimum: 1 }, sanitize: 'id_list' }),
	array: <I>(items: Field<I>): Field<I[]> =>
		new Field<I[]>({ type: 'array', items: items.spec, sanitize: 'schema' }),
	object: <P extends Record<string, Field>>(properties: P, additionalProperties = false) =>
		new Field<{ [K in keyof P]: Infer<P[K]> }>({
			type: 'object',
			properties: Object.fromEntries(Object.entries(properties).map(([k, f]) => [k, f.spec])),
			additionalProperties,
			sanitize: 'schema',
		}),
	/** A free-form JSON object (e.g. message metadata). */
	json: (): Field<Record<string, unknown>> =>
		new Field<Record<string, unknown>>({ type: 'object', additionalProperties: true, sanitize: 'schema' }),
	file: (...accept: string[]): Field<Blob> => new Field<Blob>({ type: 'file', accept }),
	/** A reference to a named response schema. */
	ref: <T = unknown>(name: string): Field<T> => new Field<T>({ type: 'object', ref: name }),
};

export type Fields = Readonly<Record<string, Field>>;
