/**
 * Every column that references a media item says what deleting the item does
 * to it, and the generated delete plan carries out exactly the cascades and
 * detaches declared (media-delete-plan.spec.ts holds a real delete to it).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { col, key, onMediaDelete, type PluginSpec } from '../src/dsl/index.js';
import { loadModel } from '../src/cli/outputs.js';
import { emitMediaDeletePlan, mediaRefColumns } from '../src/emit/php/media-delete-plan.js';
import { buildModel, MEDIA_ID_COLUMN, ModelError } from '../src/model/build.js';
import { thingTable, tinyPlugin } from './helpers/fixtures.js';

function assertModelError(spec: PluginSpec, pattern: RegExp): void {
	assert.throws(() => buildModel([spec]), (e: unknown) => e instanceof ModelError && pattern.test(e.message));
}

describe('model builder: every media ID column says what deleting the item does to it', () => {
	const base = thingTable();
	const withColumns = (extra: Record<string, ReturnType<typeof col.bigint>>, indexes = base.indexes ?? []) =>
		tinyPlugin({ tables: [thingTable({ columns: { ...base.columns, ...extra }, indexes })] });

	test('an unclassified media ID column is refused, whatever its prefix', () => {
		for (const name of ['media_id', 'mvs_media_id', 'cover_media_id']) {
			assertModelError(withColumns({ [name]: col.bigint() }, [...(base.indexes ?? []), key(name, name)]), new RegExp(`column ${name}: references a media item`));
		}
	});

	test('cascade and detach need an index that starts with the column; reasons are required; the column is an unsigned bigint', () => {
		assertModelError(withColumns({ media_id: col.mediaId(onMediaDelete.cascade('Goes.')) }), /column media_id: cascade needs an index/);
		assertModelError(withColumns({ media_id: col.mediaId(onMediaDelete.detach('Stays.')) }), /column media_id: detach needs an index/);
		assertModelError(withColumns({ media_id: col.mediaId(onMediaDelete.keep(' ')) }), /column media_id: a media reference needs its reason/);
		assertModelError(withColumns({ media_id: { ...col.signedInt(), media: onMediaDelete.keep('Kept.') } }), /column media_id: a media reference is an unsigned bigint/);
	});

	test('classified columns build: keep and derived need no index', () => {
		assert.doesNotThrow(() => buildModel([withColumns({ media_id: col.mediaId(onMediaDelete.keep('Paid for.')), cover_media_id: col.mediaId(onMediaDelete.derived('Another writer.')) })]));
		assert.doesNotThrow(() => buildModel([withColumns({ media_id: col.mediaId(onMediaDelete.cascade('Goes.')) }, [key('media', 'media_id', 'id')])]));
	});
});

describe('the declared plugins: the delete plan of an item', () => {
	const model = loadModel();

	test('every media ID column of every plugin is classified: 18 in core', () => {
		for (const plugin of model.plugins) {
			const named = plugin.tables.flatMap((t) => Object.keys(t.columns).filter((c) => MEDIA_ID_COLUMN.test(c)).map((c) => `${t.name}.${c}`));
			const classified = mediaRefColumns(plugin).map((r) => `${r.table}.${r.column}`);
			assert.deepEqual(classified.sort(), named.sort(), plugin.id);
		}
		const core = model.plugins.find((p) => p.id === 'core')!;
		assert.equal(mediaRefColumns(core).length, 18);
	});

	test('the generated plan runs one statement per cascade or detach column and none for keep or derived', () => {
		const core = model.plugins.find((p) => p.id === 'core')!;
		const code = emitMediaDeletePlan(core)!.code;
		for (const ref of mediaRefColumns(core)) {
			const del = code.includes(`"DELETE FROM {$wpdb->${ref.table}} WHERE ${ref.column} IN ({$in})"`);
			const detach = code.includes(`"UPDATE {$wpdb->${ref.table}} SET ${ref.column} = 0 WHERE ${ref.column} IN ({$in})"`);
			assert.deepEqual([del, detach], [ref.action === 'cascade', ref.action === 'detach'], `${ref.table}.${ref.column} (${ref.action})`);
		}
	});
});
