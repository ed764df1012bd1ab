/**
 * Generated PHP against the hand-written runtime it leans on: every helper a
 * generated controller calls exists on MVS_REST_Controller, every sanitize
 * callback names an MVS_Sanitize method, every implemented resource's service
 * class implements its handler interface. A rename on either side then fails
 * here instead of as a fatal error on a live site.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { emitPhp } from '../src/emit/php/index.js';
import { names, phpFileName } from '../src/emit/php/naming.js';
import { loadModel } from '../src/cli/outputs.js';
import { arrayEntries, declarations, methodNames, methods, nameOf, parsePhp, stringValue, thisCalls, walk, type PhpNode } from './helpers/php.js';
import { repoRoot } from './helpers/paths.js';

const model = loadModel();
const generated = new Map(model.plugins.flatMap((p) => [...emitPhp(model, p)]));

/** Hand-written PHP files of every plugin (its includes/ folder), by base name. */
function handWritten(): Map<string, string> {
	const out = new Map<string, string>();
	const walkDir = (dir: string): void => {
		if (!existsSync(dir)) return;
		for (const e of readdirSync(dir, { withFileTypes: true })) {
			const full = join(dir, e.name);
			if (e.isDirectory()) walkDir(full);
			else if (e.name.endsWith('.php')) out.set(e.name, full);
		}
	};
	for (const p of model.plugins) walkDir(join(repoRoot, p.dir, 'includes'));
	return out;
}
const sources = handWritten();

/** A hand-written class, found by WordPress file naming (class-mvs-foo.php). */
function handWrittenClass(cls: string): PhpNode {
	const file = sources.get(phpFileName('class', cls));
	assert.ok(file, `no hand-written file ${phpFileName('class', cls)} for ${cls} under */includes`);
	const decl = declarations(parsePhp(readFileSync(file, 'utf8'), file), 'class').get(cls);
	assert.ok(decl, `${file} does not declare ${cls}`);
	return decl;
}

/** Methods WordPress's WP_REST_Controller (6.5) gives every subclass. */
const WP_REST_CONTROLLER_METHODS = [
	'register_routes',
	'get_items_permissions_check',
	'get_items',
	'get_item_permissions_check',
	'get_item',
	'create_item_permissions_check',
	'create_item',
	'update_item_permissions_check',
	'update_item',
	'delete_item_permissions_check',
	'delete_item',
	'prepare_item_for_database',
	'prepare_item_for_response',
	'prepare_response_for_collection',
	'filter_response_by_context',
	'get_item_schema',
	'get_public_item_schema',
	'get_collection_params',
	'get_context_param',
	'add_additional_fields_to_object',
	'update_additional_fields_for_object',
	'add_additional_fields_schema',
	'get_additional_fields',
	'get_object_type',
	'get_fields_for_response',
	'get_endpoint_args_for_item_schema',
	'sanitize_slug',
];

const controllers = model.plugins.flatMap((plugin) =>
	plugin.resources.map((r) => {
		const cls = names.controller(plugin, r.name);
		const path = `${plugin.dir}/generated/${phpFileName('class', cls)}`;
		const decl = declarations(parsePhp(generated.get(path)!, path), 'class').get(cls)!;
		return { plugin, resource: r, cls, decl };
	}),
);

describe('generated PHP ↔ hand-written runtime', () => {
	test('every $this-> helper a controller calls exists on the controller, MVS_REST_Controller or WP_REST_Controller', () => {
		const base = handWrittenClass('MVS_REST_Controller');
		assert.equal(nameOf(base.extends as PhpNode), 'WP_REST_Controller', 'MVS_REST_Controller extends');
		const inherited = new Set([...methodNames(base), ...WP_REST_CONTROLLER_METHODS]);
		const missing: string[] = [];
		for (const { cls, decl } of controllers) {
			assert.equal(nameOf(decl.extends as PhpNode), 'MVS_REST_Controller', `${cls} extends`);
			const own = new Set(methodNames(decl));
			for (const call of thisCalls(decl, [undefined])) {
				const name = nameOf((call.what as PhpNode).offset as PhpNode)!;
				if (!own.has(name) && !inherited.has(name) && !missing.includes(`${cls}::${name}`)) missing.push(`${cls}::${name}`);
			}
		}
		assert.deepEqual(missing, [], 'helpers called by generated controllers but not defined');
	});

	test('every sanitize_callback names a static method of MVS_Sanitize', () => {
		const sanitize = handWrittenClass('MVS_Sanitize');
		const statics = new Set(methods(sanitize).filter((m) => m.isStatic && m.visibility !== 'private').map((m) => nameOf(m)!));
		const used = new Set<string>();
		for (const { decl } of controllers) {
			for (const n of walk(decl)) {
				if (n.kind !== 'array') continue;
				const { list } = arrayEntries(n);
				if (list.length === 2 && stringValue(list[0]) === 'MVS_Sanitize') used.add(stringValue(list[1])!);
			}
		}
		assert.ok(used.size > 0, 'expected MVS_Sanitize callbacks');
		assert.deepEqual([...used].filter((m) => !statics.has(m)), [], 'MVS_Sanitize lacks these methods');
	});

	test('each implemented resource or route group names a service class that implements its handler interface', () => {
		for (const { plugin, resource } of controllers) {
			for (const handler of resource.handlers) {
				const implemented = handler.routes.filter((r) => r.implemented);
				if (implemented.length === 0) continue;
				const service = handWrittenClass(handler.service!);
				const iface = names.handler(plugin, handler.name);
				const implementsList = ((service.implements as PhpNode[] | null) ?? []).map((n) => nameOf(n));
				assert.ok(implementsList.includes(iface), `${handler.service} does not implement ${iface}`);
				const own = new Set(methodNames(service));
				assert.deepEqual(
					implemented.map((r) => r.name).filter((n) => !own.has(n)),
					[],
					`${handler.service} lacks handler methods`,
				);
			}
		}
	});
});
