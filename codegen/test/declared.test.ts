/**
 * What the DSL declares once and the generator carries to PHP: closed value
 * sets (MVS_Core_Enums) and owner lookups (MVS_Core_Ownership), the
 * generated classes run in php-cli against a stand-in $wpdb.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
// @ts-expect-error a plain JavaScript module of the e2e runner (node runs it without a build step)
import { ensureDebianPackages } from '../../e2e/site/system-packages.mjs';
import { loadModel } from '../src/cli/outputs.js';
import { OWNER_LOOKUPS, col, erase, t, table, valueSet } from '../src/dsl/index.js';
import { emitPhp } from '../src/emit/php/index.js';
import { names, phpFileName } from '../src/emit/php/naming.js';
import { columnSql } from '../src/emit/php/schema.js';
import { buildModel } from '../src/model/build.js';
import { checkOwnerLookups } from '../src/model/owner-lookups.js';
import { thingTable, tinyPlugin } from './helpers/fixtures.js';

const model = loadModel();
const core = model.plugins.find((p) => p.id === 'core')!;
const generated = emitPhp(model, core);
const source = (cls: string) => {
	const code = generated.get(`${core.dir}/generated/${phpFileName('class', cls)}`);
	assert.ok(code, `no generated ${cls}`);
	return code.replace(/^<\?php/, '');
};
const php = (code: string): unknown => JSON.parse(execFileSync('php', ['-r', code]).toString());

before(() => ensureDebianPackages(['php-cli'], { label: 'unit' }));

describe('closed value sets', () => {
	const SIZE = valueSet('size', 'Sizes.', ['small', 'large']);
	const withColumn = (column: ReturnType<typeof col.enum>) =>
		tinyPlugin({ tables: [thingTable({ columns: { ...thingTable().columns, size: column } })] });

	test('a set is gathered from its columns and fields, once, and a column stays the varchar it was', () => {
		const sets = buildModel([withColumn(col.enum(SIZE, 'small'))]).plugins[0]!.valueSets;
		assert.deepEqual(sets.map((s) => s.name), ['size']);
		// No ENUM type: the hashed schema version (and so the migration) does not move.
		assert.equal(columnSql('privacy', col.enum(SIZE, 'small')), columnSql('privacy', col.varchar(20, 'small')));
		const core = model.plugins.find((p) => p.id === 'core')!;
		assert.deepEqual(
			core.valueSets.map((s) => s.name),
			['activity_type', 'app_layout', 'collection_type', 'desk_order', 'desk_view', 'media_type', 'moderation_queue', 'moderation_status', 'privacy', 'report_reason', 'ungrouped_privacy'],
		);
	});

	test('the model refuses a default outside the set, a value the column cannot hold, and one name for two lists', () => {
		assert.throws(() => buildModel([withColumn(col.enum(SIZE, 'medium'))]), /default medium is not one of size/);
		assert.throws(() => buildModel([withColumn(col.enum(SIZE, '', 4))]), /value small is longer than varchar\(4\)/);
		const other = valueSet('size', 'Sizes.', ['small', 'medium']);
		const schemas = [{ name: 'Thing', summary: 'A thing.', properties: { size: t.oneOf(other).spec } }];
		assert.throws(() => buildModel([tinyPlugin({ tables: [thingTable({ columns: { ...thingTable().columns, size: col.enum(SIZE) } })], schemas })]), /declared twice with different values/);
	});

	test('MVS_Core_Enums holds every set, checks membership and writes IN placeholders', () => {
		const out = php(`define('ABSPATH', '/');
			${source(names.enums(core))}
			$r = new ReflectionClass('MVS_Core_Enums');
			echo json_encode(array(
				'constants' => $r->getConstants(),
				'valid' => array(MVS_Core_Enums::is_valid(MVS_Core_Enums::PRIVACY, 'group'), MVS_Core_Enums::is_valid(MVS_Core_Enums::UNGROUPED_PRIVACY, 'group'), MVS_Core_Enums::is_valid(MVS_Core_Enums::PRIVACY, 0)),
				'in' => MVS_Core_Enums::placeholders(MVS_Core_Enums::MODERATION_QUEUE),
			));`) as { constants: Record<string, string[]>; valid: boolean[]; in: string };
		assert.deepEqual(out.constants, Object.fromEntries(core.valueSets.map((s) => [s.name.toUpperCase(), [...s.values]])));
		assert.deepEqual(out.valid, [true, false, false]);
		assert.equal(out.in, '%s, %s');
	});

	test('the generated operations of the client export each set for the specs', () => {
		// The committed file: codegen:check holds it equal to a fresh generation.
		const client = readFileSync(join(import.meta.dirname, '..', '..', 'client', 'src', 'operations.ts'), 'utf8');
		assert.match(client, /export const REPORT_REASON = \['spam', 'harassment', 'hate', 'nudity', 'violence', 'copyright', 'misinformation', 'impersonation', 'other'\] as const;/);
		assert.match(client, /export const MODERATION_STATUS = \['pending', 'flagged', 'approved', 'rejected'\] as const;/);
	});
});

describe('owner lookups', () => {
	test('every lookup of the real plugins reads a user ID column of a table of that plugin', () => {
		for (const plugin of model.plugins) checkOwnerLookups(plugin.ownerLookups, plugin.tables, `plugin ${plugin.id}`);
		assert.deepEqual(core.ownerLookups, Object.keys(OWNER_LOOKUPS).sort());
	});

	test('the check refuses a lookup whose table or owner column is not declared', () => {
		assert.throws(() => checkOwnerLookups(['media_owner'], [thingTable()], 'tiny'), /table mvs_media is not a table of this plugin/);
		const media = table({ name: 'mvs_media', summary: 'Media.', since: 1, primaryKey: ['id'], columns: { id: col.id(), title: col.varchar(20) } });
		assert.throws(() => checkOwnerLookups(['media_owner'], [media], 'tiny'), /table mvs_media has no column author_id/);
		const unclassified = table({ ...media, columns: { id: col.id(), author_id: col.bigint() } });
		assert.throws(() => checkOwnerLookups(['media_owner'], [unclassified], 'tiny'), /is not a user ID column/);
		const owned = table({ ...media, columns: { id: col.id(), author_id: col.userId(erase.rows('Gone.')) } });
		assert.doesNotThrow(() => checkOwnerLookups(['media_owner'], [owned], 'tiny'));
	});

	test('MVS_Core_Ownership asks one prepared query per lookup, once per request, and answers owner, other or missing', () => {
		// A stand-in $wpdb: rows by query, every query recorded.
		const out = php(`
			define('ABSPATH', '/');
			interface MVS_Core_Owner_Lookups {}
			final class Db {
				public $mvs_media = 'wp_mvs_media'; public $mvs_albums = 'wp_mvs_albums'; public $mvs_collections = 'wp_mvs_collections';
				public $mvs_comments = 'wp_mvs_comments'; public $mvs_messages = 'wp_mvs_messages';
				public $asked = array();
				public function prepare($sql, ...$args) { return vsprintf(str_replace('%d', '%d', $sql), $args); }
				public function get_row($query) {
					$this->asked[] = $query;
					$rows = array(
						'SELECT author_id AS owner FROM wp_mvs_media WHERE id = 5' => (object) array('owner' => '7'),
						'SELECT user_id AS owner FROM wp_mvs_comments WHERE id = 3 AND media_id = 5' => (object) array('owner' => '7'),
					);
					return isset($rows[$query]) ? $rows[$query] : null;
				}
			}
			$GLOBALS['wpdb'] = new Db();
			${source(names.ownership(core))}
			$o = new MVS_Core_Ownership();
			echo json_encode(array(
				'media' => array($o->is_media_owner(5, 7), $o->is_media_owner(5, 8), $o->is_media_owner(5, 0), $o->is_media_owner(6, 7)),
				'comment' => array($o->is_comment_author(3, 5, 7), $o->is_comment_author(3, 6, 7)),
				'asked' => $GLOBALS['wpdb']->asked,
			));`) as Record<string, unknown[]>;
		assert.deepEqual(out.media, [true, false, false, null]);
		assert.deepEqual(out.comment, [true, null], 'a comment reached through another item is missing');
		// Item 5 was read once for three users; every query is the declared table and column.
		assert.equal(out.asked!.filter((q) => q === 'SELECT author_id AS owner FROM wp_mvs_media WHERE id = 5').length, 1);
		assert.equal(out.asked!.length, 4);
	});
});
