/**
 * Production-database checks, run when the target site is on MariaDB
 * (MVS_TARGET=native; skipped on the SQLite Playground site):
 * the generated migrations create exactly the tables the DSL declares, an
 * older install upgrades in place without losing rows, and the list queries
 * use indexes on a table of realistic size. Alters the schema and grows the
 * media table, so it runs in the site-wide project, alone.
 */
import { readFileSync } from 'node:fs';
import { expect, test, upload, type Api } from '../support/mvs';
import { uploadImage } from '../support/seed';

test.describe.configure({ mode: 'serial' });

interface TableSpec {
	plugin: string;
	/** Derived from the declared shape of the plugin's tables. */
	schemaVersion: string;
	name: string;
	columns: Record<string, string>;
	primaryKey: string[];
	indexes: { name: string; columns: string[]; unique: boolean }[];
}
const tables = (
	JSON.parse(readFileSync(new URL('../../codegen/out/route-manifest.json', import.meta.url), 'utf8')) as { tables: TableSpec[] }
).tables;

let engine = 'unknown';

test.beforeAll(async ({ api }) => {
	engine = (await api('admin').raw('GET', '/wp-json/mvs-test/v1/db')).body.engine;
});

test.beforeEach(() => {
	test.skip(engine !== 'mysql', 'MariaDB-only: run with MVS_TARGET=native');
});

/** The table as MariaDB describes it, in the DSL's vocabulary. */
async function actualShape(admin: Api, table: string) {
	const res = await admin.raw('GET', '/wp-json/mvs-test/v1/table-shape', { query: { table } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	const columns = Object.fromEntries(
		(res.body.columns as { Field: string; Type: string; Null: string }[]).map((c) => [c.Field, `${c.Type} ${c.Null === 'YES' ? 'NULL' : 'NOT NULL'}`]),
	);
	const indexes = new Map<string, { columns: string[]; unique: boolean }>();
	for (const row of res.body.indexes as { Key_name: string; Column_name: string; Seq_in_index: string; Non_unique: string; Sub_part: string | null }[]) {
		const entry = indexes.get(row.Key_name) ?? { columns: [], unique: String(row.Non_unique) === '0' };
		entry.columns[Number(row.Seq_in_index) - 1] = row.Sub_part ? `${row.Column_name}(${row.Sub_part})` : row.Column_name;
		indexes.set(row.Key_name, entry);
	}
	return { columns, indexes };
}

/** "id bigint(20) unsigned NOT NULL AUTO_INCREMENT" → "bigint(20) unsigned NOT NULL". */
function expectedColumn(sql: string): string {
	return sql
		.split(' ')
		.slice(1)
		.join(' ')
		.replace(/ (AUTO_INCREMENT|DEFAULT .*)$/, '');
}

test('the migrations create exactly the tables, columns, types and keys the DSL declares', async ({ api }) => {
	const problems: string[] = [];
	for (const table of tables) {
		const actual = await actualShape(api('admin'), table.name);
		const expected = Object.fromEntries(Object.entries(table.columns).map(([name, sql]) => [name, expectedColumn(sql)]));
		if (JSON.stringify(actual.columns) !== JSON.stringify(expected)) {
			problems.push(`${table.name} columns: ${JSON.stringify(actual.columns)} != ${JSON.stringify(expected)}`);
		}
		const keys = [{ name: 'PRIMARY', columns: table.primaryKey, unique: true }, ...table.indexes];
		for (const key of keys) {
			const found = actual.indexes.get(key.name);
			if (!found || found.columns.join(',') !== key.columns.join(',') || found.unique !== key.unique) {
				problems.push(`${table.name} key ${key.name}: ${JSON.stringify(found)} != ${JSON.stringify(key)}`);
			}
		}
		if (actual.indexes.size !== keys.length) problems.push(`${table.name}: ${actual.indexes.size} keys, DSL declares ${keys.length}`);
	}
	expect(problems).toEqual([]);
});

test('an older install upgrades in place: missing table, column and index come back, a changed index takes its new columns, rows stay', async ({ api }) => {
	const admin = api('admin');
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/upgrade-from-old-schema');
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	expect(res.body.migrated).toBe(true);
	expect(res.body.rows_after).toBe(res.body.rows_before);
	// An integer version of the old scheme is replaced by the derived one.
	expect(res.body.version).toBe(tables.find((t) => t.plugin === 'core')!.schemaVersion);
	const media = await actualShape(admin, 'mvs_media');
	expect(media.columns.trending_score).toBe('double NOT NULL');
	expect(media.indexes.get('popular')?.columns).toEqual(['moderation_status', 'privacy', 'views']);
	expect(media.indexes.get('trending')?.columns).toEqual(['moderation_status', 'privacy', 'trending_score']);
	const ledger = await actualShape(admin, 'mvs_usage_ledger');
	expect(Object.keys(ledger.columns)).toContain('entry_type');
});

test('list queries use indexes on a 50,000-item table (EXPLAIN shows no full scan; no sort before LIMIT for the main orderings)', async ({ api }) => {
	const admin = api('admin');
	test.setTimeout(600_000);
	// grow-media doubles the table: it needs a first row (when this spec runs alone, --no-deps).
	await upload(api('member'));
	const grown = await admin.raw('POST', '/wp-json/mvs-test/v1/grow-media', { json: { rows: 50_000 } });
	expect(grown.status, JSON.stringify(grown.body)).toBe(200);
	expect(grown.body.rows).toBeGreaterThanOrEqual(50_000);
	const calls: [Api, string, Record<string, string>][] = [
		[api('anonymous'), '/mvs/v1/media', { orderby: 'date' }],
		[api('anonymous'), '/mvs/v1/media', { orderby: 'trending' }],
		[api('anonymous'), '/mvs/v1/media', { orderby: 'popular' }],
		[api('anonymous'), '/mvs/v1/media', { media_type: 'video' }],
		[api('anonymous'), '/mvs/v1/media', { media_type: 'image' }],
		[api('anonymous'), '/mvs/v1/media', { media_type: 'image', orderby: 'popular' }],
		[api('member'), '/mvs/v1/media', { orderby: 'date' }],
		[api('member'), '/mvs/v1/media', { orderby: 'popular' }],
		[api('member'), '/mvs/v1/media', { orderby: 'trending' }],
		[api('member'), '/mvs/v1/media', { media_type: 'image' }],
		[api('member'), '/mvs/v1/media', { scope: 'all' }],
		[api('member'), '/mvs/v1/media', { scope: 'all', orderby: 'popular' }],
		[api('member'), '/mvs/v1/me/media', {}],
		[api('anonymous'), '/mvs/v1/media', { author: '3' }],
		[api('anonymous'), '/mvs/v1/media', { tag: 'landscape' }],
		[api('member'), '/mvs/v1/media', { category: 'travel', orderby: 'popular' }],
	];
	const scans: string[] = [];
	for (const [caller, path, query] of calls) {
		const res = await caller.send({ method: 'GET', path, query: { ...query, mvs_debug_queries: '1' } });
		expect(res.status).toBe(200);
		const log = JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[];
		// The page, its total riding on its rows as a scalar subquery (from
		// mvs_media_totals k when its keys serve the filters): one statement.
		const selects = log.filter((sql) => /^SELECT .* FROM \S*mvs_media(_totals k|_term_index k| m) /.test(sql));
		const label = `${caller.role} ${path} ${JSON.stringify(query)}`;
		// An empty page has no row for the total to ride on: it is counted on its own.
		const empty = (res.body as { items?: unknown[] }).items?.length === 0;
		expect(selects.length, label).toBe(empty ? 2 : 1);
		expect(selects[0], label).toMatch(/ AS mvs_total FROM /);
		// Only the taxonomy and author filters read rows of the media table to count.
		if (!query.tag && !query.category && !query.author && path === '/mvs/v1/media') expect(selects[0], label).toMatch(/FROM \S*mvs_media_totals k /);
		for (const sql of selects) {
			const plan = await admin.raw('POST', '/wp-json/mvs-test/v1/explain', { json: { sql } });
			for (const row of plan.body as { table: string; type: string; key: string | null; rows: string; Extra: string | null }[]) {
				if ((row.table === 'm' || row.table === 'k') && row.type === 'ALL') scans.push(`${label}: ${sql} → ${JSON.stringify(row)}`);
				// Each branch reads its index in order and stops at the LIMIT; only the
				// outer query sorts the branches' few candidates. The access grants'
				// branch reads only items flagged access_scoped (docs/access-rules-and-grants.md):
				// sorting those few by views or score is bounded by the flagged items, not the table.
				const grantsBranch = row.key === 'access_scoped';
				if (row.table === 'm' && /filesort/.test(row.Extra ?? '') && !grantsBranch && !query.author && !/scope/.test(JSON.stringify(query)) && sql === selects[0]) {
					scans.push(`filesort ${label}: ${sql} → ${JSON.stringify(row)}`);
				}
			}
		}
	}
	expect(scans).toEqual([]);
});

test("a tag's page reads the per-term listing in index order: no filesort, no temporary table, per_page entries a branch (EXPLAIN on 50,000 items)", async ({ api }) => {
	const admin = api('admin');
	test.setTimeout(600_000);
	await upload(api('member'));
	expect((await admin.raw('POST', '/wp-json/mvs-test/v1/grow-media', { json: { rows: 50_000 } })).status).toBe(200);
	// Five tags of 10,000 items each (scale-tag-0 … 4); the harness rebuilds the listing after.
	const tagged = await admin.raw('POST', '/wp-json/mvs-test/v1/grow-tagging', { json: { tags: 5 } });
	expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);
	const problems: string[] = [];
	for (const [caller, query] of [
		[api('anonymous'), { tag: 'scale-tag-0' }],
		[api('member'), { tag: 'scale-tag-1' }],
		[api('member'), { tag: 'scale-tag-2', media_type: 'image' }],
	] as const) {
		const res = await caller.send({ method: 'GET', path: '/mvs/v1/media', query: { ...query, mvs_debug_queries: '1' } });
		expect(res.status).toBe(200);
		const label = `${caller.role} ${JSON.stringify(query)}`;
		const page = (JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[]).filter((sql) => /mvs_media_term_index k /.test(sql));
		expect(page.length, label).toBe(1);
		const plan = (await admin.raw('POST', '/wp-json/mvs-test/v1/explain', { json: { sql: page[0] } })).body as { select_type: string; table: string; type: string; key: string | null; ref: string | null; Extra: string | null }[];
		const listing = plan.filter((row) => row.table === 'k');
		// Per privacy branch: the slug's first term (a constant: one range of the
		// key, read in id order) and its further terms, if any (none here).
		expect(listing.length, `${label}: ${JSON.stringify(plan)}`).toBeGreaterThanOrEqual(2);
		for (const row of listing) {
			if (/filesort|temporary/.test(row.Extra ?? '') || row.type === 'ALL' || !['PRIMARY', 'type_visibility'].includes(row.key ?? '')) problems.push(`${label}: ${JSON.stringify(row)}`);
		}
		// The first term's range is read from a constant (with media_type, on the
		// type's key, or the term's when the type is most of the term's items).
		if (!listing.some((row) => /^const(,const)+$/.test(row.ref ?? ''))) problems.push(`${label}: no constant range → ${JSON.stringify(plan)}`);
		// The page's items, joined by primary key; not the total riding on the page
		// (its SUBQUERY rows: the blocked authors' items it subtracts, read on
		// their author's index), nor the access grants' branch, which reads only the
		// items flagged access_scoped on their own key (docs/access-rules-and-grants.md).
		for (const row of plan.filter((r) => r.table === 'm' && r.select_type !== 'SUBQUERY' && r.key !== 'access_scoped')) {
			if (row.type !== 'eq_ref') problems.push(`${label}: ${JSON.stringify(row)}`);
		}
	}
	expect(problems).toEqual([]);
});

test('comment and notification lists use indexes on 50,000-row tables (EXPLAIN shows no full scan)', async ({ api }) => {
	const admin = api('admin');
	test.setTimeout(600_000);
	expect((await admin.raw('POST', '/wp-json/mvs-test/v1/grow-media', { json: { rows: 50_000 } })).status).toBe(200);
	const grown = await admin.raw('POST', '/wp-json/mvs-test/v1/grow-engagement', { json: { rows: 50_000 } });
	expect(grown.status, JSON.stringify(grown.body)).toBe(200);
	expect(grown.body.comments).toBeGreaterThanOrEqual(50_000);
	expect(grown.body.notifications).toBeGreaterThanOrEqual(50_000);
	const item = (await upload(api('member'), { privacy: 'public' })).id;
	expect((await api('member2').op('create_media_comment', { params: { id: item }, body: { content: 'explain me' } })).status).toBe(201);
	const calls: [Api, string, Record<string, string>, RegExp][] = [
		[api('anonymous'), `/mvs/v1/media/${item}/comments`, {}, /FROM \S*mvs_comments c /],
		[api('member2'), `/mvs/v1/media/${item}/comments`, { per_page: '100' }, /FROM \S*mvs_comments c /],
		[api('member'), '/mvs/v1/me/notifications', {}, /FROM \S*mvs_notifications n /],
		[api('member'), '/mvs/v1/me/notifications', { filter: 'unread' }, /FROM \S*mvs_notifications n /],
	];
	const scans: string[] = [];
	for (const [caller, path, query, table] of calls) {
		const res = await caller.send({ method: 'GET', path, query: { ...query, mvs_debug_queries: '1' } });
		expect(res.status).toBe(200);
		const log = JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[];
		const selects = log.filter((sql) => /^SELECT /.test(sql) && table.test(sql));
		// The unread list's total is the unread count's query.
		expect(selects.length, `${caller.role} ${path} ${JSON.stringify(query)}`).toBe(2);
		for (const sql of selects) {
			const plan = await admin.raw('POST', '/wp-json/mvs-test/v1/explain', { json: { sql } });
			for (const row of plan.body as { table: string; type: string; key: string | null; rows: string }[]) {
				if ((row.table === 'c' || row.table === 'n') && row.type === 'ALL') scans.push(`${caller.role} ${path} ${JSON.stringify(query)}: ${sql} → ${JSON.stringify(row)}`);
			}
		}
	}
	expect(scans).toEqual([]);
});

test('favorites and collection item queries use indexes on the 50,000-item table (EXPLAIN shows no full scan)', async ({ api }) => {
	const admin = api('admin');
	test.setTimeout(600_000);
	const member = api('member');
	const tag = `explain-${Date.now().toString(36)}`;
	// Uploaded first: grow-media doubles the rows there are, so the spec runs alone too.
	const item = await uploadImage(member, { tags: tag });
	const grown = await admin.raw('POST', '/wp-json/mvs-test/v1/grow-media', { json: { rows: 50_000 } });
	expect(grown.status, JSON.stringify(grown.body)).toBe(200);
	expect((await member.op('add_media_favorite', { params: { id: item } })).status).toBe(200);
	const manual = await member.op('create_collection', { body: { title: 'explain manual' } });
	await member.op('add_media_favorite', { params: { id: item }, body: { collection_id: manual.body.id } });
	const smartBy = async (rules: Record<string, unknown>) => (await member.op('create_collection', { body: { title: 'explain smart', type: 'smart', rules } })).body.id;
	const calls: [string, string, Record<string, string>][] = [
		['favorites', '/mvs/v1/me/favorites', {}],
		['manual collection', `/mvs/v1/collections/${manual.body.id}`, {}],
		['smart: tag', `/mvs/v1/collections/${await smartBy({ tags: [tag] })}`, {}],
		['smart: tag and type', `/mvs/v1/collections/${await smartBy({ tags: [tag], media_type: 'image' })}`, {}],
		['smart: type', `/mvs/v1/collections/${await smartBy({ media_type: 'video' })}`, {}],
		['smart: author', `/mvs/v1/collections/${await smartBy({ author: '3' })}`, {}],
		['reactions', `/mvs/v1/media/${item}/reactions`, {}],
		['collections', '/mvs/v1/collections', {}],
	];
	const scans: string[] = [];
	for (const [name, path, query] of calls) {
		const res = await member.send({ method: 'GET', path, query: { ...query, mvs_debug_queries: '1' } });
		expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
		const log = JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[];
		const selects = log.filter((sql) => /^SELECT .* FROM \S*mvs_(media|favorites|collection_items|collections|reactions) [a-z]+ /.test(sql) || /FROM \S*mvs_(reactions|collections) WHERE/.test(sql));
		expect(selects.length, name).toBeGreaterThan(0);
		for (const sql of selects) {
			const plan = await admin.raw('POST', '/wp-json/mvs-test/v1/explain', { json: { sql } });
			for (const row of plan.body as { table: string; type: string; key: string | null; rows: string }[]) {
				if (row.type === 'ALL' && Number(row.rows) > 1000) scans.push(`${name}: ${sql} → ${JSON.stringify(row)}`);
			}
		}
	}
	expect(scans).toEqual([]);
});

test('activity lists read index ranges on 50,000-event tables: no full scan of events, inboxes or items (EXPLAIN)', async ({ api, fixtures }) => {
	const admin = api('admin');
	test.setTimeout(600_000);
	await upload(api('member'));
	expect((await admin.raw('POST', '/wp-json/mvs-test/v1/grow-media', { json: { rows: 50_000 } })).status).toBe(200);
	const grown = await admin.raw('POST', '/wp-json/mvs-test/v1/grow-activity', { json: { rows: 50_000, inbox_user: fixtures.users.member.id } });
	expect(grown.status, JSON.stringify(grown.body)).toBe(200);
	expect(grown.body.activity).toBeGreaterThanOrEqual(50_000);
	expect(grown.body.inbox).toBeGreaterThanOrEqual(50_000);
	const calls: [Api, string, Record<string, string>][] = [
		[api('anonymous'), '/mvs/v1/feed', {}],
		[api('member'), '/mvs/v1/feed', { per_page: '100' }],
		[api('member'), '/mvs/v1/feed', { scope: 'following' }],
		[api('anonymous'), `/mvs/v1/users/${fixtures.users.member.id}/activity`, {}],
		[api('member2'), `/mvs/v1/users/${fixtures.users.member.id}/media`, {}],
	];
	const scans: string[] = [];
	for (const [caller, path, query] of calls) {
		const res = await caller.send({ method: 'GET', path, query: { ...query, mvs_debug_queries: '1' } });
		expect(res.status).toBe(200);
		const log = JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[];
		const selects = log.filter((sql) => /^SELECT .* FROM \S*mvs_(activity|media)/.test(sql));
		const label = `${caller.role} ${path} ${JSON.stringify(query)}`;
		expect(selects.length, label).toBeGreaterThan(0);
		for (const sql of selects) {
			const plan = await admin.raw('POST', '/wp-json/mvs-test/v1/explain', { json: { sql } });
			for (const row of plan.body as { table: string | null; type: string; key: string | null; rows: string }[]) {
				// The grown tables (events, inboxes, items; the others hold a few rows, which
				// MariaDB may read whole): no full scan, and no index walk beyond the window's 1,000.
				if (!['ev', 'i', 'm', 'wp_mvs_activity', 'wp_mvs_activity_inbox', 'wp_mvs_media'].includes(row.table ?? '')) continue;
				if (row.type === 'ALL' || (row.type === 'index' && Number(row.rows) > 1_100)) scans.push(`${label}: ${sql} → ${JSON.stringify(row)}`);
				// The following feed reads the caller's inbox range, never each followed member's events.
				if (query.scope === 'following' && row.table === 'ev' && row.key !== 'PRIMARY') scans.push(`fan-out on read ${label}: ${JSON.stringify(row)}`);
			}
		}
	}
	expect(scans).toEqual([]);
});
