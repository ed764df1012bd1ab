/**
 * Everything the generator writes, as a map of repository-relative path →
 * content. Generation is pure: the same DSL (and, for the class maps, the
 * same hand-written class files) always gives the same bytes.
 */
import { plugins } from '../api/index.js';
import { emitReference, emitReferenceIndex, type OpenApiDocument } from '../emit/docs/reference.js';
import { emitManifest } from '../emit/manifest.js';
import { emitOpenApi } from '../emit/openapi.js';
import { emitPersonalData } from '../emit/personal-data.js';
import { emitMediaDeletePlanDoc } from '../emit/php/media-delete-plan.js';
import { emitPhp } from '../emit/php/index.js';
import { emitClient } from '../emit/ts/client.js';
import { buildModel } from '../model/build.js';
import type { Model } from '../model/model.js';
import { handWrittenPhp } from './hand-written.js';

export function loadModel(): Model {
	return buildModel(plugins);
}

export function generateAll(model: Model = loadModel()): Map<string, string> {
	const files = new Map<string, string>();
	const openApi: { namespace: string; doc: OpenApiDocument }[] = [];
	for (const plugin of model.plugins) {
		for (const [path, code] of emitPhp(model, plugin, handWrittenPhp(plugin))) files.set(path, code);
		// Beside the other docs, never in the plugin folder: only code the site runs is shipped there.
		files.set(`docs/generated/personal-data-${plugin.id}.md`, emitPersonalData(plugin));
		const deletePlan = emitMediaDeletePlanDoc(plugin);
		if (deletePlan) files.set(`docs/generated/media-delete-plan-${plugin.id}.md`, deletePlan);
		const slug = plugin.namespace.replace(/\//g, '-');
		const json = `${JSON.stringify(emitOpenApi(model, plugin), null, '\t')}\n`;
		files.set(`codegen/out/openapi/${slug}.json`, json);
		// The reference reads the document as published, not the model.
		openApi.push({ namespace: plugin.namespace, doc: JSON.parse(json) as OpenApiDocument });
	}
	for (const { namespace, doc } of openApi) {
		for (const [path, page] of emitReference(namespace, doc)) files.set(`docs/reference/${path}`, page);
	}
	files.set('docs/reference/README.md', emitReferenceIndex(openApi));
	// The client package's generated half (client/README.md); the rest of client/src is hand-written.
	files.set('client/src/operations.ts', emitClient(model));
	files.set('codegen/out/route-manifest.json', `${JSON.stringify(emitManifest(model), null, '\t')}\n`);
	return files;
}

/** Files the generator owns in folders it shares with hand-written code (client/src: client/README.md). */
export const OWNED_FILES = ['client/src/operations.ts'];

/** Folders the generator owns entirely: stale files in them are deleted. */
export const OWNED_DIRS = ['plugin-core/generated', 'plugin-pro/generated', 'codegen/out', 'docs/generated', 'docs/reference'];
