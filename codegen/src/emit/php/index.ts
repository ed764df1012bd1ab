/**
 * Every PHP file of a plugin's `generated/` folder, plus the class map that
 * autoloads them and the plugin's hand-written classes.
 */
import type { Model, ModelPlugin } from '../../model/model.js';
import { emitArgs } from './args.js';
import { emitCapabilities } from './capabilities.js';
import { emitClassMap, type PhpSource } from './class-map.js';
import { emitController } from './controller.js';
import { emitErrors } from './errors.js';
import { emitExtensionFields } from './extension-fields.js';
import { emitHandlerInterface, emitOwnerLookups } from './interfaces.js';
import { emitEnums } from './enums.js';
import { emitMediaDeletePlan } from './media-delete-plan.js';
import { emitOwnerRules } from './owner-rules.js';
import { emitOwnership } from './ownership.js';
import { emitPersonalDataPlan } from './personal-data.js';
import { emitRoutes } from './routes.js';
import { emitSchema } from './schema.js';

export type FileMap = Map<string, string>;

/**
 * @param handWritten The plugin's PHP files under `includes/` (read from disk
 *   by the CLI), which the class map lists beside the generated ones.
 */
export function emitPhp(model: Model, plugin: ModelPlugin, handWritten: readonly PhpSource[] = []): FileMap {
	const files: { file: string; code: string }[] = [];
	const push = (f: { file: string; code: string } | undefined) => f && files.push(f);
	if (plugin.id === 'core') push(emitErrors(model, plugin));
	push(emitOwnerLookups(plugin));
	for (const r of plugin.resources.filter((x) => x.typedArgs)) for (const route of r.routes.filter((x) => x.implemented)) push(emitArgs(plugin, route));
	for (const r of plugin.resources) for (const h of r.handlers) push(emitHandlerInterface(plugin, r, h));
	for (const r of plugin.resources) push(emitController(plugin, r));
	push(emitRoutes(plugin));
	push(emitSchema(plugin));
	push(emitCapabilities(plugin));
	push(emitOwnerRules(plugin));
	push(emitOwnership(plugin));
	push(emitEnums(plugin));
	push(emitPersonalDataPlan(plugin));
	push(emitMediaDeletePlan(plugin));
	push(emitExtensionFields(plugin));
	push(emitClassMap(plugin, [...handWritten, ...files.map((f) => ({ path: `generated/${f.file}`, code: f.code }))]));

	const out: FileMap = new Map();
	for (const f of files) {
		const path = `${plugin.dir}/generated/${f.file}`;
		if (out.has(path)) throw new Error(`${plugin.id}: two generated files named ${f.file}`);
		out.set(path, f.code);
	}
	return out;
}
