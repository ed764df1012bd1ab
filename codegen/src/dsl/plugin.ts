/**
 * A plugin declaration: what one WordPress plugin exposes and stores.
 */
import type { Capability } from './auth.js';
import type { ExtensionFieldSpec } from './extension-fields.js';
import type { FieldSpec } from './field.js';
import type { ResourceSpec } from './route.js';
import type { TableSpec } from './table.js';

export interface ErrorSpec {
	readonly code: string;
	readonly status: number;
	readonly meaning: string;
	/** Response headers sent with this error (HTTP spelling, with what each means), declared in OpenAPI. */
	readonly headers?: Readonly<Record<string, string>>;
}

export interface SchemaSpec {
	readonly name: string;
	readonly summary: string;
	readonly properties: Readonly<Record<string, FieldSpec>>;
}

export interface RoleGrant {
	/** Role slug; created on activation when `create` is set, else granted if it exists. */
	readonly role: string;
	readonly caps: readonly Capability[];
	readonly create?: { readonly label: string; readonly inherit: readonly string[] };
}

export interface PluginSpec {
	/** e.g. `core` or `pro`: names the generated PHP classes (MVS_Core_*, MVS_Pro_*). */
	readonly id: string;
	readonly title: string;
	/** Folder (relative to the repository root) that receives generated PHP. */
	readonly dir: string;
	/** The DSL source files, named in each generated header. */
	readonly sources: readonly string[];
	readonly namespace: string;
	/** Whether the private-community gate covers this namespace. */
	readonly gated: boolean;
	readonly textDomain: string;
	readonly resources: readonly ResourceSpec[];
	readonly tables: readonly TableSpec[];
	readonly schemas: readonly SchemaSpec[];
	readonly errors: readonly ErrorSpec[];
	readonly roles: readonly RoleGrant[];
	/** Fields this plugin adds to response schemas (its own or another plugin's). */
	readonly extensionFields?: readonly ExtensionFieldSpec[];
}

export function schema(name: string, summary: string, fields: Readonly<Record<string, { spec: FieldSpec }>>): SchemaSpec {
	return {
		name,
		summary,
		properties: Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.spec])),
	};
}
