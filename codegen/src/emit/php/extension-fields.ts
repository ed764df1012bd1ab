/**
 * Emits the registration of a plugin's extension fields (declared with
 * extensionField() in its DSL): one MVS_Response_Extensions::register() per
 * field, naming the hand-written callback that supplies its value. The
 * schema side (OpenAPI, the client) comes from model/extension-fields.ts.
 */
import type { ModelPlugin } from '../../model/model.js';
import { names, phpFileName } from './naming.js';
import { docblock, fileHeader, str } from './writer.js';

export function emitExtensionFields(plugin: ModelPlugin): { file: string; code: string } | undefined {
	const fields = plugin.extensionFields ?? [];
	if (fields.length === 0) return undefined;
	const cls = names.extensionFields(plugin);
	const calls = fields.map((f) => {
		const [callbackClass = '', method = ''] = f.callback.split('::');
		return `\t\tMVS_Response_Extensions::register( ${str(f.schema)}, ${str(f.key)}, ${str(f.name)}, array( ${str(callbackClass)}, ${str(method)} ) );`;
	});
	const list = fields.map((f) => `- ${f.schema}.extensions.${f.key}.${f.name} (${f.field.type}${f.field.nullable ? '|null' : ''}), from ${f.callback}().`);
	const code = [
		fileHeader({
			summary: `Fields ${plugin.title} adds to response schemas.`,
			sources: plugin.sources,
			packageName: names.packageName(plugin),
		}),
		'/**',
		' * Registers the extension fields the DSL declares (docs/api-conventions.md,',
		' * "Extension fields"); each value comes from a hand-written callback:',
		...list.map((l) => ` * ${l}`),
		' */',
		`final class ${cls} {`,
		'',
		docblock(['Registers every field; call once the core plugin is loaded.']),
		'\tpublic static function register(): void {',
		...calls,
		'\t}',
		'}',
		'',
	].join('\n');
	return { file: phpFileName('class', cls), code };
}
