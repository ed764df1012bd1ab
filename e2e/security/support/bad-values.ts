/**
 * Hostile values for a field, chosen by its schema: wrong types, the values
 * just outside each bound, huge and negative numbers, unicode and control
 * characters, arrays and objects where scalars belong, SQL and path fragments.
 */
import type { Schema } from './operations';

export interface BadValue {
	label: string;
	value: unknown;
}

const v = (label: string, value: unknown): BadValue => ({ label, value });

/** Values that are wrong for (nearly) every field, whatever its type. */
export const ANY_FIELD: BadValue[] = [
	v('null', null),
	v('empty string', ''),
	v('empty array', []),
	v('object', { a: 1 }),
	v('nested array', [[['deep']]]),
	v('SQL quote', "1' OR '1'='1"),
	v('SQL statement', '1; DROP TABLE wp_users; --'),
	v('SQL comment', '1/**/UNION/**/SELECT/**/user_pass/**/FROM/**/wp_users'),
	v('path traversal', '../../../../wp-config.php'),
	v('encoded traversal', '%2e%2e%2f%2e%2e%2fwp-config.php'),
	v('NUL byte', 'a\u0000b'),
	v('control characters', '\u0001\u0002\u001b[31m\r\n'),
	v('right-to-left override', 'abc\u202Egnp.exe'),
	v('emoji', '😀🏳️‍🌈'),
	v('zero-width joiner', '\u200d\u200b\ufeff'),
	v('HTML', '<script>alert(1)</script>'),
	v('template', '${7*7}{{7*7}}<%= 7*7 %>'),
	v('format string', '%s%s%n%x'),
	v('PHP serialized', 'O:8:"stdClass":0:{}'),
	v('huge string', 'A'.repeat(70_000)),
];

const INTEGER: BadValue[] = [
	v('negative', -1),
	v('zero', 0),
	v('int32 overflow', 2_147_483_648),
	v('int64 overflow', '18446744073709551616'),
	v('most negative int64', '-9223372036854775809'),
	v('float', 1.5),
	v('exponent', '1e3'),
	v('huge float', 1e308),
	v('hex', '0x10'),
	v('digits then text', '12abc'),
	v('boolean', true),
	v('non-ASCII digits', '١٢٣'),
	v('spaces', ' 7 '),
];

const BOOLEAN: BadValue[] = [v('word', 'yes please'), v('two', 2), v('negative', -1), v('array of booleans', [true, false])];

function stringValues(schema: Schema): BadValue[] {
	const values: BadValue[] = [v('number', 12345), v('boolean', false), v('array of strings', ['a', 'b'])];
	if (schema.maxLength !== undefined) values.push(v(`maxLength+1 (${schema.maxLength + 1})`, 'x'.repeat(schema.maxLength + 1)));
	if (schema.maxLength !== undefined) values.push(v('maxLength+1 multibyte', 'é'.repeat(schema.maxLength + 1)));
	if (schema.minLength) values.push(v('below minLength', 'x'.repeat(schema.minLength - 1)));
	if (schema.enum?.length) {
		const first = String(schema.enum[0]);
		values.push(v('enum upper-cased', first.toUpperCase() === first ? first.toLowerCase() : first.toUpperCase()));
		values.push(v('enum with a space', `${first} `));
		values.push(v('unknown enum value', 'not-a-value'));
	}
	if (schema.format === 'date-time') values.push(v('not a date', '2026-13-45T99:99:99'), v('far future', '9999-12-31T23:59:59'));
	return values;
}

function arrayValues(schema: Schema): BadValue[] {
	const values: BadValue[] = [v('scalar', 'scalar'), v('number', 7), v('array of objects', [{ a: 1 }]), v('array of nulls', [null, null])];
	const count = (schema.maxItems ?? 1000) + 1;
	values.push(v(`${count} items`, Array.from({ length: count }, (_, i) => (schema.items?.type === 'string' ? `x${i}` : i + 1))));
	if (schema.items) values.push(...valuesForType(schema.items).slice(0, 6).map((bad) => v(`item: ${bad.label}`, [bad.value])));
	return values;
}

function valuesForType(schema: Schema): BadValue[] {
	const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
	switch (type) {
		case 'integer':
		case 'number': {
			const bounds: BadValue[] = [];
			if (schema.minimum !== undefined) bounds.push(v(`minimum-1 (${schema.minimum - 1})`, schema.minimum - 1));
			if (schema.maximum !== undefined) bounds.push(v(`maximum+1 (${schema.maximum + 1})`, schema.maximum + 1));
			return [...bounds, ...INTEGER];
		}
		case 'boolean':
			return BOOLEAN;
		case 'array':
			return arrayValues(schema);
		case 'object':
			return [v('array', [1, 2]), v('string', 'x'), v('deep object', { a: { b: { c: { d: ['x'] } } } })];
		default:
			return stringValues(schema);
	}
}

/** Type-specific values first (they hit the validators' edges), then the ones wrong everywhere. */
export function badValuesFor(schema: Schema): BadValue[] {
	return [...valuesForType(schema), ...ANY_FIELD];
}

/** What goes into a path segment: it must keep matching the route regex or answer rest_no_route. */
export const PATH_VALUES: BadValue[] = [
	v('zero', '0'),
	v('missing id', '999999999'),
	v('int64 overflow', '18446744073709551616'),
	v('negative', '-1'),
	v('letters', 'abc'),
	v('float', '1.5'),
	v('encoded NUL', '1%00'),
	v('encoded traversal', '..%2F..%2Fwp-config.php'),
	v('encoded SQL', "1%27%20OR%20%271%27%3D%271"),
	v('non-ASCII digits', '%D9%A1%D9%A2'),
];

/**
 * What goes into a request header a route reads (Range and the conditional
 * headers of /serve): any string an HTTP client can send, so no CR, LF or
 * NUL, and short enough for nginx's 8 KB header buffers.
 */
export const HEADER_VALUES: BadValue[] = [
	v('empty', ''),
	v('range of letters', 'bytes=a-b'),
	v('range past int64', 'bytes=18446744073709551616-99999999999999999999999'),
	v('empty suffix range', 'bytes=-0'),
	v('reversed range', 'bytes=5-1'),
	v('200 ranges', `bytes=${Array.from({ length: 200 }, (_, i) => `${i}-${i}`).join(',')}`),
	v('unknown range unit', 'items=0-1'),
	v('wildcard', '*'),
	v('weak prefix only', 'W/'),
	v('unbalanced quote', '"abc'),
	v('300 entity tags', Array.from({ length: 300 }, (_, i) => `"t${i}"`).join(', ')),
	v('impossible date', 'Thu, 99 Foo 99999 99:99:99 GMT'),
	v('relative date', '@-99999999999'),
	v('SQL quote', "1' OR '1'='1"),
	v('path traversal', '../../../../wp-config.php'),
	v('HTML', '<script>alert(1)</script>'),
	v('format string', '%s%s%n%x'),
	v('long value (4000)', 'A'.repeat(4000)),
];
