/**
 * The closed value sets a plugin uses (dsl/values.ts), gathered from its
 * columns and from its routes' and schemas' fields, and checked: one set per
 * name across every plugin, values a column can hold, a column default that
 * is one of them.
 */
import type { FieldSpec } from '../dsl/field.js';
import type { PluginSpec } from '../dsl/plugin.js';
import type { ValueSet } from '../dsl/values.js';
import { ModelError } from './build.js';

const SET_NAME = /^[a-z][a-z0-9_]*$/;

function fieldSets(spec: FieldSpec, out: ValueSet[]): void {
	if (spec.valueSet) out.push(spec.valueSet);
	if (spec.items) fieldSets(spec.items, out);
	for (const prop of Object.values(spec.properties ?? {})) fieldSets(prop, out);
}

/**
 * @param seen Sets of the plugins checked before, by name: a name means one
 *   list of values everywhere (the generated client exports each once).
 */
export function collectValueSets(spec: PluginSpec, seen: Map<string, ValueSet>): ValueSet[] {
	const where = `plugin ${spec.id}`;
	const found: ValueSet[] = [];
	for (const t of spec.tables) {
		for (const [name, c] of Object.entries(t.columns)) {
			if (!c.values) continue;
			const at = `${where} table ${t.name} column ${name}`;
			if (c.type.sql !== 'varchar') throw new ModelError(at, 'an enum column is a varchar');
			const length = c.type.length;
			const long = c.values.values.find((v) => v.length > length);
			if (long !== undefined) throw new ModelError(at, `value ${long} is longer than varchar(${length})`);
			if (c.default !== '' && !c.values.values.includes(String(c.default))) {
				throw new ModelError(at, `default ${String(c.default)} is not one of ${c.values.name}`);
			}
			found.push(c.values);
		}
	}
	for (const s of spec.schemas) for (const prop of Object.values(s.properties)) fieldSets(prop, found);
	for (const r of spec.resources) {
		for (const route of r.routes) {
			for (const group of [route.params, route.query, route.body, route.multipart]) {
				for (const field of Object.values(group ?? {})) fieldSets(field.spec, found);
			}
		}
	}
	const mine = new Map<string, ValueSet>();
	for (const set of found) {
		const at = `${where} value set ${set.name}`;
		const known = seen.get(set.name) ?? mine.get(set.name);
		if (known && known !== set && known.values.join() !== set.values.join()) throw new ModelError(at, 'declared twice with different values');
		if (mine.has(set.name)) continue;
		if (!SET_NAME.test(set.name)) throw new ModelError(at, 'names are snake_case');
		if (set.values.length === 0) throw new ModelError(at, 'has no values');
		if (new Set(set.values).size !== set.values.length) throw new ModelError(at, 'repeats a value');
		if (!set.summary.trim()) throw new ModelError(at, 'needs a summary');
		mine.set(set.name, set);
		seen.set(set.name, set);
	}
	return [...mine.values()].sort((a, b) => a.name.localeCompare(b.name));
}
