/**
 * Extension fields (docs/api-conventions.md, "Extension fields"): a field a
 * plugin declares on another plugin's response schema appears in that
 * schema's OpenAPI document and client type under extensions.<key>, the
 * extending plugin gets the generated registration naming its callback,
 * and the model refuses declarations no presenter would send.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { generateAll, loadModel } from '../src/cli/outputs.js';
import { coreErrors } from '../src/api/core/errors.js';
import { extensionField, schema, t, type PluginSpec } from '../src/dsl/index.js';
import { buildModel, ModelError } from '../src/model/build.js';

const files = generateAll(loadModel());

describe('extension fields', () => {
	test('Pro\'s quota_bytes is in the core document\'s MediaItem, under extensions["mvs-pro"], typed and optional', () => {
		const doc = JSON.parse(files.get('codegen/out/openapi/mvs-v1.json')!);
		const item = doc.components.schemas.MediaItem;
		assert.ok(!(item.required as string[]).includes('extensions'), 'present only while an extension is active');
		assert.deepEqual(item.properties.extensions.properties['mvs-pro'].properties.quota_bytes.type, ['integer', 'null']);
		assert.deepEqual(item.properties.extensions.properties['mvs-pro'].required, ['quota_bytes']);
		assert.equal(item.properties.extensions.additionalProperties, false);
		assert.match(files.get('client/src/operations.ts')!, /extensions\?: \{ "mvs-pro"\?: \{ quota_bytes: number \| null \} \}/);
	});

	test('the extending plugin gets the registration, the value callback named; the extended one none', () => {
		const registration = files.get('plugin-pro/generated/class-mvs-pro-extension-fields.php');
		assert.ok(registration);
		assert.match(registration, /MVS_Response_Extensions::register\( 'MediaItem', 'mvs-pro', 'quota_bytes', array\( 'MVS_Pro_Quota_Fields', 'quota_bytes' \) \);/);
		assert.equal(files.get('plugin-core/generated/class-mvs-core-extension-fields.php'), undefined);
	});

	const plugin = (id: string, namespace: string, extra: Partial<PluginSpec> = {}): PluginSpec => ({
		id, title: id, dir: `plugin-${id}`, sources: [], namespace, gated: false, textDomain: id, resources: [], tables: [], schemas: [], errors: [], roles: [], ...extra,
	});
	const base = plugin('core', 'mvs/v1', {
		errors: coreErrors,
		schemas: [schema('MediaItem', 'x', { id: t.int().required() }), schema('Tag', 'x', { id: t.int().required() })],
	});
	const refused = (field: ReturnType<typeof extensionField>, pattern: RegExp) =>
		assert.throws(() => buildModel([base, plugin('pro', 'mvs-pro/v1', { extensionFields: [field] })]), (e: unknown) => e instanceof ModelError && pattern.test(e.message));

	test('the model refuses an unknown or unextendable schema, a bad callback or name, and a field declared twice', () => {
		refused(extensionField('Nope', 'x', t.int(), 'MVS_Pro_X::x'), /unknown schema Nope/);
		refused(extensionField('Tag', 'x', t.int(), 'MVS_Pro_X::x'), /Tag takes no extension fields/);
		refused(extensionField('MediaItem', 'x', t.int(), 'quota'), /callback must be MVS_Class::method/);
		refused(extensionField('MediaItem', 'Bad-Name', t.int(), 'MVS_Pro_X::x'), /snake_case/);
		const twice = extensionField('MediaItem', 'x', t.int(), 'MVS_Pro_X::x');
		assert.throws(() => buildModel([base, plugin('pro', 'mvs-pro/v1', { extensionFields: [twice, twice] })]), /declared twice/);
	});
});
