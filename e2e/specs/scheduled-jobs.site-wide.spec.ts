/**
 * Background work at scale (MariaDB only, like mariadb.spec.ts): a scheduled
 * job touches only the rows it must, through an index, in short statements.
 * The plans are read with EXPLAIN on a grown media table; a statement that
 * walks a whole index or table ("ALL", "index") fails.
 */
import { expect, test, type Api } from '../support/mvs';

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
			if (!ids || ids[1].split(',').length > 2000) problems.push(`unbounded: ${sql.slice(0, 200)}`);
		}
		for (const row of await explain(admin, sql)) {
			if (row.type === 'ALL' || row.type === 'index') problems.push(`${sql.slice(0, 200)} → ${JSON.stringify(row)}`);
		}
	}
	expect(problems).toEqual([]);
});
