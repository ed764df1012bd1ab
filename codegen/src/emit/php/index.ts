/**
 * Every PHP file of a plugin's `generated/` folder, plus the loader that
 * requires them in dependency order.
 */
import type { Model, ModelPlugin } from '../../model/model.js';
import { emitCapabilities } from './capabilities.js';
import { emitController } from './controller.js';
import { emitErrors } from './errors.js';
import { emitHandlerInterface, emitOwnerLookups } from './interfaces.js';
import { names } from './naming.js';
import { emitOwnerRules } from './owner-rules.js';
import { emitRoutes } from './routes.js';
import { emitSchema } from './schema.js';
import { fileHeader } from './writer.js';

export type FileMap = Map<string, string>;

export function emitPhp(model: Model, plugin: ModelPlugin): FileMap {
	const files: { file: string; code: string }[] = [];
	const push = (f: { file: string; code: string } | undefined) => f && files.push(f);
	// Order matters for the loader: interfaces before the classes using them.
	if (plugin.id === 'core') push(emitErrors(model, plugin));
	push(emitOwnerLookups(plugin));
	for (const r of plugin.resources) push(emitHandlerInterface(plugin, r));
	for (const r of plugin.resources) push(emitController(plugin, r));
	push(emitRoutes(plugin));
	push(emitSchema(plugin));
	push(emitCapabilities(plugin));
	push(emitOwnerRules(plugin));

	const loader = [
		fileHeader({
			summary: `Loads the generated code of ${plugin.title}.`,
			sources: plugin.sources,
			packageName: names.packageName(plugin),
		}),
		...files.map((f) => `require_once __DIR__ . '/${f.file}';`),
		'',
	].join('\n');
	const out: FileMap = new Map();
	for (const f of files) {
		if (out.has(f.file)) throw new Error(`${plugin.id}: two generated files named ${f.file}`);
		out.set(`${plugin.dir}/generated/${f.file}`, f.code);
	}
	out.set(`${plugin.dir}/generated/load.php`, loader);
	return out;
}
