/**
 * The source of an owner lookup (OWNER_LOOKUPS in dsl/auth.ts), and a check
 * of a plugin's lookups against its own tables, so the generated query never
 * names a table or column that does not exist. The unit tests run the check
 * on the real plugins (test fixtures borrow core's lookups without its tables).
 */
import { OWNER_LOOKUPS, type OwnerLookup, type OwnerSource } from '../dsl/auth.js';
import type { TableSpec } from '../dsl/table.js';
import { ModelError } from './build.js';

export function ownerSource(lookup: string): OwnerSource | undefined {
	return (OWNER_LOOKUPS as Readonly<Record<string, OwnerSource>>)[lookup];
}

export function checkOwnerLookups(lookups: readonly string[], tables: readonly TableSpec[], where: string): void {
	const byName = new Map(tables.map((t) => [t.name, t]));
	const columnOf = (table: string, column: string, at: string) => {
		const t = byName.get(table);
		if (!t) throw new ModelError(at, `table ${table} is not a table of this plugin`);
		const c = t.columns[column];
		if (!c) throw new ModelError(at, `table ${table} has no column ${column}`);
		return c;
	};
	for (const lookup of lookups) {
		const at = `${where} owner lookup ${lookup}`;
		const source = ownerSource(lookup as OwnerLookup);
		if (!source) throw new ModelError(at, 'has no source in OWNER_LOOKUPS');
		const t = byName.get(source.table);
		if (!t) throw new ModelError(at, `table ${source.table} is not a table of this plugin`);
		// One indexed read: the resource is found by its single-column primary key.
		if (t.primaryKey.length !== 1 || t.primaryKey[0] !== 'id') throw new ModelError(at, `table ${t.name} is not keyed by id`);
		if ('members' in source) {
			const m = source.members;
			for (const column of [m.key, m.user, ...(m.left ? [m.left.status] : [])]) columnOf(m.table, column, at);
			if (!columnOf(m.table, m.user, at).personal) throw new ModelError(at, `${m.table}.${m.user} is not a user ID column`);
			continue;
		}
		if (!columnOf(t.name, source.column, at).personal) throw new ModelError(at, `${t.name}.${source.column} is not a user ID column`);
		if (source.scope) columnOf(t.name, source.scope, at);
	}
}
