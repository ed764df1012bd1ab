/**
 * Cost that does not grow with the tables (MariaDB only, like
 * mariadb.spec.ts), read with EXPLAIN on a grown media table: a scheduled job
 * touches only the rows it must, through an index, in short statements (a
 * statement that walks a whole index or table, "ALL" or "index", fails; the
 * trending order needs no scheduled job at all), and
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
	const plan = await admin.raw('POST', '/wp-json/mvs-test/v1/explain', {
		json: { sql },
	});
	expect(plan.status, `${sql}: ${JSON.stringify(plan.body)}`).toBe(200);
	return plan.body as PlanRow[];
}

test('trending needs no hourly pass; the one-off conversion of legacy scores walks the trending index in bounded batches, never the whole table (EXPLAIN on 50,000 items)', async ({ api }) => {
	const admin = api('admin');
	test.setTimeout(600_000);
	const grown = await admin.raw('POST', '/wp-json/mvs-test/v1/grow-media', {
		json: { rows: 50_000 },
	});
	expect(grown.status, JSON.stringify(grown.body)).toBe(200);
	// Every scored grown row back on the legacy scale (1 to 999), as on an install upgraded from before the scale.
	expect((await admin.raw('POST', '/wp-json/mvs-test/v1/trending-legacy', { json: { grown: true } })).status).toBe(200);
	const log: string[] = [];
	for (let run = 0; run < 50; run++) {
		const res = await admin.raw('POST', '/wp-json/mvs-test/v1/trending-rescale', { json: { times: 1 } });
		expect(res.status).toBe(200);
		log.push(...(res.body.statements as string[]).filter((sql) => /mvs_media(?![a-z_])/.test(sql)));
		if (!res.body.pending) break;
	}
	const updates = log.filter((sql) => /^UPDATE /.test(sql));
	// Tens of thousands of legacy scores, in statements of at most 500 rows.
	expect(updates.length).toBeGreaterThan(20);
	const problems: string[] = [];
	for (const sql of log) {
		if (/^UPDATE /.test(sql)) {
			const ids = /WHERE id IN \(([^)]*)\)$/.exec(sql);
			if (!ids || ids[1]!.split(',').length > 500) problems.push(`unbounded: ${sql.slice(0, 200)}`);
			// The UPDATEs are by primary key; EXPLAIN of the selects is what can go wrong.
			continue;
		}
		for (const row of await explain(admin, sql)) {
			if (row.type === 'ALL' || row.type === 'index') problems.push(`${sql.slice(0, 200)} → ${JSON.stringify(row)}`);
		}
	}
	expect(problems).toEqual([]);
	// Once converted, the sweep writes nothing and reads a handful of index entries, and no trending job stays scheduled.
	const sweep = await admin.raw('POST', '/wp-json/mvs-test/v1/trending-rescale', { json: { times: 1 } });
	// (The harness itself takes the due event off WP-Cron's schedule, an UPDATE of the cron option.)
	expect(sweep.body.statements.filter((sql: string) => /^UPDATE /.test(sql) && /mvs_media(?![a-z_])/.test(sql))).toEqual([]);
	expect(sweep.body.scheduled).toBe(false);
	const state = await admin.raw('GET', '/wp-json/mvs-test/v1/lifecycle');
	expect(state.body.cron_hooks.filter((hook: string) => /trending/.test(hook))).toEqual([]);
});

test("a smart collection of a tag reads its newest items by index, without collecting and sorting the tag's items (EXPLAIN on 50,000 items)", async ({ api }) => {
	const admin = api('admin');
	test.setTimeout(600_000);
	expect(
		(
			await admin.raw('POST', '/wp-json/mvs-test/v1/grow-media', {
				json: { rows: 50_000 },
			})
		).status,
	).toBe(200);
	const member = api('member');
	// A tag of thousands of grown items, and one of three fresh ones.
	const grown = await admin.raw('POST', '/wp-json/mvs-test/v1/grow-tagging', {
		json: { tags: 5 },
	});
	expect(grown.status, JSON.stringify(grown.body)).toBe(200);
	const tag = uniqueName('scale').toLowerCase();
	for (let i = 0; i < 3; i++) await uploadImage(member, { tags: tag });
	for (const [rules, count] of [
		[{ tags: [tag], media_type: 'image' }, 3],
		[{ tags: ['scale-tag-0'], media_type: 'image' }, 1000],
	] as const) {
		const made = await member.op('create_collection', {
			body: { title: 'scale smart', type: 'smart', rules },
		});
		expect(made.status, JSON.stringify(made.body)).toBe(201);
		// Anonymous: one visibility branch; the member: theirs too (their own items outside it).
		for (const caller of [api('anonymous'), member]) {
			const res = await caller.send({
				method: 'GET',
				path: `/mvs/v1/collections/${made.body.id}`,
				query: { mvs_debug_queries: '1' },
			});
			expect(res.status).toBe(200);
			// The grown tag holds more items than a smart collection serves (its newest 1,000).
			expect(res.body.item_count).toBe(count);
			const log = JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[];
			const reads = log.filter((sql) => /^SELECT .*mvs_media m /.test(sql));
			// The page and its count.
			expect(reads.length, caller.role).toBe(2);
			for (const sql of reads) {
				// The tag's relationship index or a media index leads, in id order
				// (a backward walk that stops at the end of the page: its "rows" is
				// an upper bound); what may not happen is collecting or sorting more
				// than a page's worth (the count's derived table holds at most the
				// cap, 1,000 rows).
				const plan = await explain(admin, sql);
				const heavy = plan.filter((row) => Number(row.rows) > 1000 && (row.type === 'ALL' || /filesort|temporary/.test(row.Extra ?? '')));
				expect(heavy, `${caller.role}: ${sql} → ${JSON.stringify(plan)}`).toEqual([]);
			}
		}
	}
});

test('tag counts (the list by name and by count, the cloud) read the per-tag totals, never the tagged items (EXPLAIN on 50,000 items)', async ({ api }) => {
	const admin = api('admin');
	test.setTimeout(600_000);
	expect(
		(
			await admin.raw('POST', '/wp-json/mvs-test/v1/grow-media', {
				json: { rows: 50_000 },
			})
		).status,
	).toBe(200);
	const tagged = await admin.raw('POST', '/wp-json/mvs-test/v1/grow-tagging', {
		json: { tags: 50 },
	});
	expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);
	expect((await admin.raw('GET', '/wp-json/mvs-test/v1/media-totals')).body.ready).toBe(true);
	// One statement reads the counts: a list's total is FOUND_ROWS() of its page, not a second computation.
	for (const [caller, path, query, statements] of [
		[api('anonymous'), '/mvs/v1/tags', {}, 1],
		[api('anonymous'), '/mvs/v1/tags', { orderby: 'count' }, 1],
		[api('anonymous'), '/mvs/v1/tags/cloud', { limit: '200' }, 1],
		[api('member'), '/mvs/v1/tags', { orderby: 'name' }, 1],
		[api('member'), '/mvs/v1/tags/cloud', {}, 1],
		[api('moderator'), '/mvs/v1/tags', { orderby: 'count' }, 1],
	] as const) {
		const res = await caller.send({ method: 'GET', path, query: { ...query, mvs_debug_queries: '1' } });
		expect(res.status).toBe(200);
		const log = (JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[]).filter((sql) => /^SELECT .* FROM \S*terms t /.test(sql));
		const label = `${caller.role} ${path} ${JSON.stringify(query)}`;
		expect(log.length, label).toBe(statements);
		const heavy: string[] = [];
		for (const sql of log) {
			// Anonymous callers have no own items and no blocks: the totals alone answer, corrected only over
			// the items with access rules or grants (aliases sm, sr; the access_scoped index, checked below).
			if (caller.role === 'anonymous') expect(sql, label).not.toMatch(/term_relationships (?!sr )|mvs_media m /);
			for (const row of await explain(admin, sql)) {
				// A derived table holds one sum per tag: it grows with the number of tags and
				// their keys (the documented bound: a run leaves one to two thousand keys, and
				// the optimizer's estimate of a range of them varies with the specs run before),
				// never with the items: reading those would be 50,000 rows and more.
				if (Number(row.rows) > 10_000 && !/^<(derived|union)/.test(String(row.table))) heavy.push(`${label}: ${sql} → ${JSON.stringify(row)}`);
			}
		}
		expect(heavy).toEqual([]);
	}
});

test("the daily check of the list totals reads one term or one site-wide key per statement, through their indexes, never a whole table or index; so does the moderation desk's filtered list (EXPLAIN on 50,000 items)", async ({ api, fixtures }) => {
	const admin = api('admin');
	test.setTimeout(600_000);
	// grow-media doubles the table: it needs a first row (when this spec runs alone, --no-deps).
	await uploadImage(api('member'));
	expect((await admin.raw('POST', '/wp-json/mvs-test/v1/grow-media', { json: { rows: 50_000 } })).status).toBe(200);
	// Five tags of ten thousand grown items each.
	expect((await admin.raw('POST', '/wp-json/mvs-test/v1/grow-tagging', { json: { tags: 5 } })).status).toBe(200);
	// One unit a run (budget 0), through the cron hook, until every unit is checked.
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/media-totals/verify', { json: { times: 100_000, budget: 0 } });
	expect(res.status).toBe(200);
	const { runs, pending, drift, rebuilt, statements } = res.body as { runs: number; pending: boolean; drift: unknown[]; rebuilt: boolean; statements: string[] };
	expect({ pending, drift, rebuilt }).toEqual({ pending: false, drift: [], rebuilt: false });
	// A run per term (the five grown tags at least) and per site-wide key: resumed from a cursor each time.
	expect(runs).toBeGreaterThan(5);
	const reads = statements.filter((sql) => /^SELECT /.test(sql) && /mvs_media(_term_index|_totals)?(?![a-z_])|term_relationships/.test(sql));
	// The lowest term after the cursor and the unit's check (and the site-wide keys' list once per run).
	expect(reads.length / runs).toBeLessThanOrEqual(3);
	const problems: string[] = [];
	for (const sql of reads) {
		for (const row of await explain(admin, sql)) {
			if (/^<(derived|union)/.test(String(row.table))) continue;
			if (row.type === 'ALL' || row.type === 'index') problems.push(`${sql.slice(0, 300)} → ${JSON.stringify(row)}`);
		}
	}
	expect(problems).toEqual([]);

	// The desk's list (its rows and total) on the same grown table, default view, with every filter, the
	// uploader alone, and type and search: no statement walks the media table or an index of it (docs/moderation.md).
	for (const filters of [
		{ media_type: 'image', uploader: String(fixtures.users.member.id), reason: 'spam', search: 'seed' },
		{ uploader: String(fixtures.users.member.id) },
		{ media_type: 'video', search: 'seed' },
	] as Record<string, string>[]) {
		const res = await api('moderator').send({ method: 'GET', path: '/mvs/v1/moderation/desk', query: { ...filters, mvs_debug_queries: '1' } });
		expect(res.status).toBe(200);
		const reads = (JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[]).filter((sql) => /FROM \S*mvs_media m /.test(sql));
		expect(reads.length, JSON.stringify(filters)).toBe(2);
		for (const sql of reads) {
			for (const row of await explain(admin, sql)) {
				// Materialized subqueries hold the open reports or a branch's page: not the media table.
				if (/^<(derived|subquery|union)/.test(String(row.table))) continue;
				// The grown table is the media table; the reports table holds only this run's few reports, which
				// the optimizer may read whole (a semi-join of the reason filter): only a large one is a finding.
				const walk = row.type === 'ALL' || row.type === 'index';
				if (walk && (row.table === 'm' || Number(row.rows) > 1000)) problems.push(`desk ${JSON.stringify(filters)}: ${sql.slice(0, 300)} → ${JSON.stringify(row)}`);
			}
		}
	}
	expect(problems).toEqual([]);
});
