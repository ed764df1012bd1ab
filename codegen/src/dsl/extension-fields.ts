/**
 * Fields a plugin adds to a response schema of its own or of another plugin
 * (Store API's ExtendSchema, declared): namespaced under
 * `extensions.<key>` of the response, where the key is the extending
 * plugin's namespace without its version (`mvs-pro`), typed here so that
 * OpenAPI and the client carry them, registered by generated PHP, and
 * valued by a hand-written callback (docs/api-conventions.md, "Extension
 * fields").
 */
import type { Field, FieldSpec } from './field.js';

export interface ExtensionFieldSpec {
	/** The schema extended, e.g. MediaItem (see model/extension-fields.ts for which ones can be). */
	readonly schema: string;
	/** The property under `extensions.<key>`, snake_case. */
	readonly name: string;
	readonly field: FieldSpec;
	/** `Class::method` of the extending plugin's hand-written PHP, called with ( $row, $viewer_id ) per item. */
	readonly callback: string;
}

export function extensionField(schema: string, name: string, field: Field, callback: string): ExtensionFieldSpec {
	return { schema, name, field: field.spec, callback };
}
