/**
 * Cost that does not grow with the tables (MariaDB only, like
 * mariadb.spec.ts), read with EXPLAIN on a grown media table: a scheduled job
 * touches only the rows it must, through an index, in short statements (a
 * statement that walks a whole index or table, "ALL" or "index", fails), and
 * a smart collection of a tag walks that tag's relationship index newest
 * first instead of collecting and sorting the tag's items, and the tag list
 * checks each tag's visibility without collecting every visible item.
 */
import { expect, test, type Api } from '../support/mvs';
import { uniqueName, uploadImage } from '../support/seed';

test.describe.configure({ mode: 'serial' });

let engine = 'unknown';

test.beforeAll(async ({ api }) => {
	engine = (await api('admin').raw('GET', '/wp-json/mvs-test/v1/db')).body.engine;
});

test.beforeEach(() => {
	test.skip(engine !== 'mysql', 'MariaDB-only: run with MVS_TARGET=native');
});

interface PlanRow {
	table: string;
	type: string;
	key: string | null;
	rows: string;
	Extra: string | null;
}

async function explain(admin: Api, sql: string): Promise<PlanRow[]> {
	const plan = await admin.raw('POST', '/wp-json/mvs-test/v1/explain', { json: { sql } });
	expect(plan.status, `${sql}: ${JSON.stringify(plan.body)}`).toBe(200);
	return plan.body as PlanRow[];
}

test('the hourly trending decay walks the trending index in bounded batches, never the whole table (EXPLAIN on 50,000 items)', async ({ api }) => {
	const admin = api('admin');
	test.setTimeout(600_000);
	const grown = await admin.raw('POST', '/wp-json/mvs-test/v1/grow-media', { json: { rows: 50_000 } });
	expect(grown.status, JSON.stringify(grown.body)).toBe(200);
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/decay-trending', { json: { times: 1 } });
	expect(res.status).toBe(200);
	const log = (res.body.statements as string[]).filter((sql) => /mvs_media(?![a-z_])/.test(sql));
	const updates = log.filter((sql) => /^UPDATE /.test(sql));
	// Grown rows carry scores up to 999: tens of thousands of rows to decay, in several statements.
	expect(updates.length).toBeGreaterThan(5);
	const problems: string[] = [];
	for (const sql of log) {
		if (/^UPDATE /.test(sql)) {
			const ids = /WHERE id IN \(([^)]*)\)$/.exec(sql);
			if (!ids || ids[1]!.split(',').length > 2000) problems.push(`unbounded: ${sql.slice(0, 200)}`);
		}
		for (const row of await explain(admin, sql)) {
			if (row.type === 'ALL' || row.type === 'index') problems.push(`${sql.slice(0, 200)} → ${JSON.stringify(row)}`);
		}
	}
	expect(problems).toEqual([]);
});

test('a smart collection of a tag reads the tag\'s relationship index newest first, without collecting and sorting its items (EXPLAIN on 50,000 items)', async ({ api }) => {
	const admin = api('admin');
	test.setTimeout(600_000);
	expect((await admin.raw('POST', '/wp-json/mvs-test/v1/grow-media', { json: { rows: 50_000 } })).status).toBe(200);
	const member = api('member');
	const tag = uniqueName('scale').toLowerCase();
	for (let i = 0; i < 3; i++) await uploadImage(member, { tags: tag });
	const made = await member.op('create_collection', { body: { title: 'scale smart', type: 'smart', rules: { tags: [tag], media_type: 'image' } } });
	expect(made.status, JSON.stringify(made.body)).toBe(201);
	// Anonymous: one visibility branch; the member: theirs too (their own items outside it).
	for (const caller of [api('anonymous'), member]) {
		const res = await caller.send({ method: 'GET', path: `/mvs/v1/collections/${made.body.id}`, query: { mvs_debug_queries: '1' } });
		expect(res.status).toBe(200);
		expect(res.body.item_count).toBe(3);
		const log = JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[];
		const reads = log.filter((sql) => /^SELECT .*mvs_media m /.test(sql));
		// The page and its count.
		expect(reads.length, caller.role).toBe(2);
		for (const sql of reads) {
			const plan = await explain(admin, sql);
			expect(plan.some((row) => row.table === 'r0' && row.key === 'term_taxonomy_id'), `${caller.role}: ${sql} → ${JSON.stringify(plan)}`).toBe(true);
			const sorted = plan.filter((row) => ['m', 'r0'].includes(row.table) && (row.type === 'ALL' || /filesort|temporary/.test(row.Extra ?? '')));
			expect(sorted, `${caller.role}: ${sql}`).toEqual([]);
		}
	}
});

test('the tag list finds each tag\'s first visible item instead of collecting every visible item (EXPLAIN on 50,000 items)', async ({ api }) => {
	const admin = api('admin');
	test.setTimeout(600_000);
	expect((await admin.raw('POST', '/wp-json/mvs-test/v1/grow-media', { json: { rows: 50_000 } })).status).toBe(200);
	await uploadImage(api('member'), { tags: uniqueName('scaletag').toLowerCase() });
	for (const [caller, query] of [
		[api('anonymous'), {}],
		[api('member'), { orderby: 'name' }],
	] as const) {
		const res = await caller.send({ method: 'GET', path: '/mvs/v1/tags', query: { ...query, mvs_debug_queries: '1' } });
		expect(res.status).toBe(200);
		const log = (JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[]).filter((sql) => /^SELECT .* FROM \S*terms t /.test(sql));
		// The page and its total.
		expect(log.length, caller.role).toBe(2);
		const scans: string[] = [];
		for (const sql of log) {
			for (const row of await explain(admin, sql)) {
				if ((row.type === 'ALL' || row.type === 'index') && Number(row.rows) > 1000) scans.push(`${caller.role}: ${sql} → ${JSON.stringify(row)}`);
			}
		}
		expect(scans).toEqual([]);
	}
});
