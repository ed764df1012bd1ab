/**
 * Merges the extension fields plugins declare (dsl/extension-fields.ts) into
 * the schemas they extend, as an optional `extensions` object keyed by the
 * extending plugin, so every emitter that reads schemas (OpenAPI, the
 * client) carries them; and hands each extending plugin its fields for the
 * PHP registration (emit/php/extension-fields.ts).
 */
import type { ExtensionFieldSpec } from '../dsl/extension-fields.js';
import type { FieldSpec } from '../dsl/field.js';
import type { PluginSpec, SchemaSpec } from '../dsl/plugin.js';
import type { ModelPlugin } from './model.js';
import { ModelError } from './build.js';

/** A field a plugin adds to a schema, with the key it sits under (`extensions.<key>.<name>`). */
export interface ModelExtensionField {
	readonly schema: string;
	readonly key: string;
	readonly name: string;
	readonly field: FieldSpec;
	readonly callback: string;
}

/**
 * Schemas whose PHP presenter adds registered extension fields
 * (MVS_Response_Extensions::add()); any other would be declared in OpenAPI
 * and never sent.
 */
export const EXTENDABLE_SCHEMAS: ReadonlySet<string> = new Set(['MediaItem']);

/** The key of a plugin's fields: its namespace without the version (mvs-pro/v1 → mvs-pro). */
export function extensionKey(namespace: string): string {
	return namespace.split('/')[0] ?? namespace;
}

export function applyExtensionFields(specs: readonly PluginSpec[], plugins: readonly ModelPlugin[]): ModelPlugin[] {
	const owners = new Map<string, string>();
	for (const p of plugins) for (const s of p.schemas) owners.set(s.name, p.id);
	const fields: (ModelExtensionField & { plugin: string })[] = [];
	const seen = new Set<string>();
	for (const spec of specs) {
		for (const f of spec.extensionFields ?? []) {
			const where = `plugin ${spec.id} extension field ${f.schema}.${f.name}`;
			check(f, where, owners);
			const key = extensionKey(spec.namespace);
			const id = `${f.schema}/${key}/${f.name}`;
			if (seen.has(id)) throw new ModelError(where, 'declared twice');
			seen.add(id);
			fields.push({ plugin: spec.id, schema: f.schema, key, name: f.name, field: f.field, callback: f.callback });
		}
	}
	return plugins.map((p) => ({
		...p,
		schemas: p.schemas.map((s) => extend(s, fields.filter((f) => f.schema === s.name && owners.get(s.name) === p.id))),
		extensionFields: fields.filter((f) => f.plugin === p.id).map(({ plugin: _plugin, ...f }) => f),
	}));
}

function check(f: ExtensionFieldSpec, where: string, owners: ReadonlyMap<string, string>): void {
	if (!owners.has(f.schema)) throw new ModelError(where, `unknown schema ${f.schema}`);
	if (!EXTENDABLE_SCHEMAS.has(f.schema)) throw new ModelError(where, `${f.schema} takes no extension fields (its presenter does not add them)`);
	if (!/^[a-z][a-z0-9_]*$/.test(f.name)) throw new ModelError(where, 'name must be snake_case');
	if (!/^MVS_[A-Za-z0-9_]+::[a-z][a-z0-9_]*$/.test(f.callback)) throw new ModelError(where, 'callback must be MVS_Class::method');
	if (f.field.type === 'file') throw new ModelError(where, 'a response field cannot be a file');
}

/** The schema with its extension fields under `extensions.<key>` (unchanged without any). */
function extend(schema: SchemaSpec, fields: readonly ModelExtensionField[]): SchemaSpec {
	if (fields.length === 0) return schema;
	if (schema.properties.extensions) throw new ModelError(`schema ${schema.name}`, 'declares its own extensions property');
	const keys = [...new Set(fields.map((f) => f.key))].sort();
	const byKey: Record<string, FieldSpec> = Object.fromEntries(
		keys.map((key) => [
			key,
			{
				type: 'object',
				additionalProperties: false,
				description: `Fields of the ${key} extension.`,
				properties: Object.fromEntries(fields.filter((f) => f.key === key).map((f) => [f.name, f.field])),
			} satisfies FieldSpec,
		]),
	);
	const extensions: FieldSpec = {
		type: 'object',
		additionalProperties: false,
		description: 'Fields added by extensions, by extension; present while an extension that adds fields is active (docs/api-conventions.md, "Extension fields").',
		properties: byKey,
	};
	return { ...schema, properties: { ...schema.properties, extensions } };
}
