/**
 * Closed value sets: the values a column may hold and a route may accept or
 * answer, declared once. A table names one with `col.enum(set)`, a route
 * field with `t.oneOf(set)`, and each plugin gets one generated PHP class
 * (MVS_<Plugin>_Enums) with a constant per set, so hand-written PHP and the
 * e2e specs (through the generated client) never restate the values.
 *
 * A set that site code may extend (reaction types, through a filter) is not
 * closed and does not belong here.
 */

export interface ValueSet<V extends string = string> {
	/** snake_case; the PHP constant is its upper case (`privacy` → PRIVACY). */
	readonly name: string;
	readonly summary: string;
	readonly values: readonly V[];
}

export function valueSet<const V extends readonly string[]>(name: string, summary: string, values: V): ValueSet<V[number]> {
	return { name, summary, values };
}
