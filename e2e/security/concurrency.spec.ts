/**
 * Concurrency on MariaDB: 50 writers at once on every counter and every
 * unique relation. Counters get 50 different members (so a per-viewer
 * de-duplication or limit never changes the expected total) and must end
 * at exactly +50; a unique relation gets the same member 50 times and must
 * hold exactly one row. No answer may be a 5xx or mention a deadlock.
 * A new counter or relation is one line in CASES; a case whose route is
 * not built yet is skipped until it is.
 */
import { routes } from '../support/matrix';
import { expect, files, test } from '../support/mvs';
import { clientFor, count, freshBucket, type Client, type RawResponse } from './support/http';

// In order, in one worker: the writers are created once.
test.describe.configure({ mode: 'default' });

const WRITERS = 50;

interface World {
	admin: Client;
	anonymous: Client;
	owner: Client;
	ownerId: number;
	/** WRITERS members, none of them the owner. */
	writers: Client[];
}

interface Target {
	path: string;
	body?: unknown;
	/** A multipart form instead of the JSON body (a fresh one per writer). */
	form?: () => Record<string, string | ReturnType<typeof files.uniquePng>>;
	/** Who writes a unique relation 50 times (default: the first writer). */
	writer?: Client;
}

interface Case {
	/** The operation written to (its manifest name). */
	route: string;
	/** counter: each writer once, the total grows by WRITERS; unique: one writer WRITERS times, one row. */
	kind: 'counter' | 'unique';
	target: (world: World) => Promise<Target>;
	/** The counter, or the number of rows of the relation, after the writes. */
	total: (world: World, target: Target) => Promise<number>;
	/** What a repeated write of a unique relation may answer instead of success. */
	duplicateCodes?: string[];
	/** Further checks once the writes are done, on their answers. */
	after?: (world: World, answers: RawResponse[]) => Promise<void>;
}

function ok(res: RawResponse): any {
	expect(res.status, res.text.slice(0, 300)).toBeLessThan(400);
	return res.json;
}

const post = (as: Client, path: string, body: unknown = {}) =>
	as({ method: 'POST', path, body: JSON.stringify(body), contentType: 'application/json', headers: freshBucket('concurrency') });
// Reads get their own rate-limit bucket too: anonymous reads otherwise share one per-address
// bucket with the crawl and the fuzzer running beside this file.
const get = (as: Client, path: string, query = '') => as({ method: 'GET', path, query, headers: freshBucket('concurrency-read') });

async function upload(as: Client): Promise<number> {
	return ok(await as({ method: 'POST', path: '/mvs/v1/media', multipart: { file: files.uniquePng(), privacy: 'public' }, headers: freshBucket('concurrency') })).id;
}

/** A fresh public item of the owner, and the path of `action` on it. */
const onItem = (action: string, body?: unknown) => async (world: World): Promise<Target> => ({ path: `/mvs/v1/media/${await upload(world.owner)}/${action}`, body });
const mediaOf = (target: Target) => Number(target.path.split('/')[4]);
/** A field of GET /media/{id}/stats. */
const stat = (field: string) => async (world: World, target: Target) => ok(await get(world.anonymous, `/mvs/v1/media/${mediaOf(target)}/stats`))[field] as number;

/** The exact total of GET /media for a tag (mvs_media_totals), as anonymous. */
const taggedTotal = (tag: string) => async (world: World) => ok(await get(world.anonymous, '/mvs/v1/media', `tag=${tag}`)).total as number;
const raceTag = `race-${Date.now().toString(36)}`;

const CASES: Case[] = [
	{
		route: 'create_media',
		kind: 'counter',
		target: async () => ({ path: '/mvs/v1/media', form: () => ({ file: files.uniquePng(), privacy: 'public', tags: raceTag }) }),
		total: taggedTotal(raceTag),
		// Fifty first uses of one new tag name: one term, carried by all fifty items
		// (WordPress's wp_insert_term() alone left two terms with one slug).
		after: async (world, answers) => {
			const terms = (ok(await get(world.admin, '/mvs/v1/tags', `search=${raceTag}&per_page=100`)) as { id: number; slug: string; count: number }[]).filter((t) => t.slug.startsWith(raceTag));
			expect(terms.map((t) => [t.slug, t.count])).toEqual([[raceTag, WRITERS]]);
			const carried = answers.map((res) => (res.json as { tags: { id: number }[] }).tags.map((t) => t.id));
			expect(new Set(carried.map((ids) => ids.join(','))), 'the tag ids of the uploaded items').toEqual(new Set([String(terms[0]!.id)]));
		},
	},
	{ route: 'record_media_view', kind: 'counter', target: onItem('view'), total: stat('views') },
	{ route: 'record_media_download', kind: 'counter', target: onItem('download'), total: stat('downloads') },
	{ route: 'record_media_share', kind: 'counter', target: onItem('share'), total: stat('shares') },
	{ route: 'set_media_reaction', kind: 'counter', target: onItem('reactions', { reaction_type: 'like' }), total: stat('reactions') },
	{ route: 'create_media_comment', kind: 'counter', target: onItem('comments', { content: 'race' }), total: stat('comments') },
	{
		route: 'report_media',
		kind: 'unique',
		target: onItem('report', { reason: 'spam' }),
		duplicateCodes: ['mvs_already_reported'],
		total: async (world, target) => ok(await get(world.admin, '/mvs-test/v1/moderation-trail', `media_id=${mediaOf(target)}&user_id=${world.ownerId}`)).reports.length,
	},
	{
		route: 'block_user',
		kind: 'unique',
		target: async (world) => ({ path: `/mvs/v1/users/${world.ownerId}/block` }),
		total: async (world) => (ok(await get(world.writers[0]!, '/mvs/v1/me/blocked', 'per_page=100')) as { id: number }[]).filter((u) => u.id === world.ownerId).length,
	},
	{
		route: 'add_album_items',
		kind: 'unique',
		target: async (world) => {
			const album = ok(await post(world.owner, '/mvs/v1/albums', { title: `race ${Date.now()}` }));
			return { path: `/mvs/v1/albums/${album.id}/items`, body: { media_ids: [await upload(world.owner)] }, writer: world.owner };
		},
		total: async (world, target) => ok(await get(world.owner, target.path.replace(/\/items$/, ''))).media_count,
	},
	{
		route: 'create_tag',
		kind: 'unique',
		target: async () => ({ path: '/mvs/v1/tags', body: { name: `race-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}` } }),
		duplicateCodes: ['mvs_term_exists'],
		total: async (world, target) => {
			const name = (target.body as { name: string }).name;
			// An unused tag is listed to moderators only.
			return (ok(await get(world.admin, '/mvs/v1/tags', `search=${name}&per_page=100`)) as { name: string }[]).filter((t) => t.name === name).length;
		},
	},
	{
		route: 'add_media_favorite',
		kind: 'unique',
		// Not the first writer: it blocked the owner in block_user above, so the owner's items are hidden from it.
		target: async (world) => ({ ...(await onItem('favorite')(world)), writer: world.writers[1]! }),
		total: async (world) => ok(await get(world.writers[1]!, '/mvs/v1/me/favorites')).total,
	},
	{
		route: 'follow_user',
		kind: 'unique',
		// Not the first writer, who blocked the owner (a block answers 404 to a follow).
		target: async (world) => ({ path: `/mvs/v1/users/${world.ownerId}/follow`, writer: world.writers[1]! }),
		total: async (world) => Number((await get(world.anonymous, `/mvs/v1/users/${world.ownerId}/followers`)).headers['x-wp-total']),
	},
];

const implemented = new Set(routes.filter((r) => r.implemented).map((r) => r.name));
let world: World;

test.beforeAll(async ({ api, fixtures }) => {
	test.setTimeout(180_000);
	const fresh = async () => {
		const res = await api('admin').raw('POST', '/wp-json/mvs-test/v1/fresh-user');
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		const user = res.body as { id: number; login: string; appPassword: string };
		return { id: user.id, client: (await clientFor(user, fixtures)).call };
	};
	const owner = await fresh();
	const writers: Client[] = [];
	// A few at a time: each creates a user and an application password.
	for (let i = 0; i < WRITERS; i += 10) writers.push(...(await Promise.all(Array.from({ length: Math.min(10, WRITERS - i) }, fresh))).map((w) => w.client));
	world = {
		admin: (await clientFor('admin', fixtures)).call,
		anonymous: (await clientFor('anonymous', fixtures)).call,
		owner: owner.client,
		ownerId: owner.id,
		writers,
	};
});

for (const c of CASES) {
	test(`${WRITERS} parallel writers: ${c.route} (${c.kind === 'counter' ? 'exact total' : 'one row'})`, async ({}, info) => {
		test.skip(!implemented.has(c.route), `${c.route} is not built yet`);
		const target = await c.target(world);
		const before = c.kind === 'counter' ? await c.total(world, target) : 0;
		const writers = c.kind === 'counter' ? world.writers : Array.from({ length: WRITERS }, () => target.writer ?? world.writers[0]!);
		const answers = await Promise.all(
			writers.map((writer) =>
				target.form ? writer({ method: 'POST', path: target.path, multipart: target.form(), headers: freshBucket('concurrency') }) : post(writer, target.path, target.body ?? {}),
			),
		);
		const problems = answers
			.filter((res) => res.status >= 300 && !(c.duplicateCodes ?? []).includes(res.json?.code))
			.map((res) => `${res.status} ${res.text.slice(0, 200)}`);
		// A deadlock or lock wait that reached the client would show here as a 5xx or a database error text.
		expect(problems, 'answers other than success or a documented duplicate').toEqual([]);
		expect(answers.filter((res) => /deadlock|lock wait/i.test(res.text))).toEqual([]);
		if (c.kind === 'unique') expect(answers.filter((res) => res.status < 300).length, 'successful writes').toBeGreaterThanOrEqual(1);
		expect(await c.total(world, target)).toBe(c.kind === 'counter' ? before + WRITERS : 1);
		await c.after?.(world, answers);
		count(info, 'concurrent writers', WRITERS);
		count(info, 'write races', 1);
	});
}

test('racing privacy changes, moderation and tag changes on one item keep its list totals exact', async ({ fixtures }, info) => {
	const moderator = (await clientFor('moderator', fixtures)).call;
	const tag = `flip-${Date.now().toString(36)}`;
	const id = ok(await world.owner({ method: 'POST', path: '/mvs/v1/media', multipart: { file: files.uniquePng(), privacy: 'public', tags: tag }, headers: freshBucket('concurrency') })).id as number;
	const put = (body: unknown) => world.owner({ method: 'PUT', path: `/mvs/v1/media/${id}`, body: JSON.stringify(body), contentType: 'application/json', headers: freshBucket('concurrency') });
	const answers = await Promise.all([
		...Array.from({ length: 20 }, (_, i) => put({ privacy: i % 2 ? 'private' : 'public' })),
		...Array.from({ length: 10 }, (_, i) => put({ tags: i % 2 ? [tag] : [tag, `${tag}-b`] })),
		...Array.from({ length: 10 }, (_, i) => post(moderator, `/mvs/v1/moderation/${id}/${i % 2 ? 'approve' : 'reject'}`)),
	]);
	expect(answers.filter((res) => res.status >= 500 || /deadlock|lock wait/i.test(res.text)).map((res) => `${res.status} ${res.text.slice(0, 200)}`)).toEqual([]);
	for (const query of [`tag=${tag}`, `tag=${tag}-b`]) {
		for (const as of [world.anonymous, world.owner, moderator]) {
			const list = ok(await get(as, '/mvs/v1/media', `${query}&scope=all&per_page=100`));
			expect(list.total, query).toBe(list.items.length);
		}
	}
	const drift = ok(await get(world.admin, '/mvs-test/v1/media-totals'));
	expect(drift.drift).toEqual([]);
	count(info, 'concurrent writers', answers.length);
	count(info, 'write races', 1);
});

test("racing tag, privacy and moderation changes on several items keep a tag's page (the per-term listing) equal to a recount", async ({ fixtures }, info) => {
	const moderator = (await clientFor('moderator', fixtures)).call;
	const tag = `page-${Date.now().toString(36)}`;
	const ids: number[] = [];
	for (let i = 0; i < 5; i++) {
		ids.push(ok(await world.owner({ method: 'POST', path: '/mvs/v1/media', multipart: { file: files.uniquePng(), privacy: 'public', tags: tag }, headers: freshBucket('concurrency') })).id as number);
	}
	const put = (id: number, body: unknown) => world.owner({ method: 'PUT', path: `/mvs/v1/media/${id}`, body: JSON.stringify(body), contentType: 'application/json', headers: freshBucket('concurrency') });
	const answers = await Promise.all(
		ids.flatMap((id, n) => [
			...Array.from({ length: 4 }, (_, i) => put(id, { privacy: (i + n) % 2 ? 'members' : 'public' })),
			...Array.from({ length: 4 }, (_, i) => put(id, { tags: (i + n) % 2 ? [`${tag}-b`] : [tag, `${tag}-b`] })),
			...Array.from({ length: 2 }, (_, i) => post(moderator, `/mvs/v1/moderation/${id}/${(i + n) % 2 ? 'approve' : 'reject'}`)),
		]),
	);
	expect(answers.filter((res) => res.status >= 500 || /deadlock|lock wait/i.test(res.text)).map((res) => `${res.status} ${res.text.slice(0, 200)}`)).toEqual([]);
	// The date order reads the listing; the popular order reads term_relationships and mvs_media.
	const listed = async (as: Client, query: string) => (ok(await get(as, '/mvs/v1/media', `${query}&per_page=100`)).items as { id: number }[]).map((item) => item.id).sort();
	for (const query of [`tag=${tag}`, `tag=${tag}-b`, `tag=${tag}-b&media_type=image`]) {
		for (const as of [world.anonymous, world.writers[0]!]) {
			expect(await listed(as, query), query).toEqual(await listed(as, `${query}&orderby=popular`));
		}
	}
	// The listing rows equal a recount from the media table (the drift check compares every column).
	expect(ok(await get(world.admin, '/mvs-test/v1/media-totals')).drift).toEqual([]);
	count(info, 'concurrent writers', answers.length);
	count(info, 'write races', 1);
});

test(`${WRITERS - 1} views racing the conversion of legacy trending scores: none lost, whatever the interleaving`, async ({}, info) => {
	const id = await upload(world.owner);
	// Every event and the conversion scored at one pinned time: an event counted before the
	// conversion adds 100 to the legacy score, one after it adds 2^level to 2^score; both end at
	// level + log2((legacy + 100 × views) / 100).
	const pinned = { 'X-MVS-Test-Trending-Now': '1800000000' };
	const harness = (path: string, body: unknown) =>
		world.admin({ method: 'POST', path: `/mvs-test/v1/${path}`, body: JSON.stringify(body), contentType: 'application/json', headers: pinned });
	ok(await harness('trending-legacy', { scores: { [id]: 2500 } }));
	// Not the first writer: it blocked the owner in block_user above, so the owner's items are hidden from it.
	const viewers = world.writers.slice(1);
	const answers = await Promise.all([
		...viewers.map((writer) =>
			writer({ method: 'POST', path: `/mvs/v1/media/${id}/view`, body: '{}', contentType: 'application/json', headers: { ...freshBucket('concurrency'), ...pinned } }),
		),
		harness('trending-rescale', { times: 1 }),
	]);
	expect(answers.filter((res) => res.status >= 300).map((res) => `${res.status} ${res.text.slice(0, 200)}`)).toEqual([]);
	// Whatever a view changed under a batch is converted by a later one; then nothing legacy is left.
	expect(ok(await harness('trending-rescale', { times: 2 })).pending).toBe(false);
	const scores = ok(await get(world.admin, '/mvs-test/v1/trending-scores', `ids=${id}`));
	const level = scores.offset + (1_800_000_000 - scores.epoch) / (scores.half_life_hours * 3600);
	// One lost view would move it by log2(7400 / 7300) = 0.02; a DOUBLE at 2^32 resolves 2^-20.
	expect(scores.scores[id]).toBeCloseTo(level + Math.log2((2500 + 100 * viewers.length) / 100), 4);
	count(info, 'concurrent writers', viewers.length + 1);
	count(info, 'write races', 1);
});

/** Deletes that race: the owner sends the same DELETE many times at once. */
const DELETES: { route: string; target: (world: World) => Promise<string> }[] = [
	{ route: 'delete_media', target: async (world) => `/mvs/v1/media/${await upload(world.owner)}` },
	{ route: 'delete_album', target: async (world) => `/mvs/v1/albums/${ok(await post(world.owner, '/mvs/v1/albums', { title: `race ${Date.now()}` })).id}` },
	{
		route: 'delete_media_comment',
		target: async (world) => {
			const media = await upload(world.owner);
			return `/mvs/v1/media/${media}/comments/${ok(await post(world.owner, `/mvs/v1/media/${media}/comments`, { content: 'race' })).id}`;
		},
	},
];
const RACING_DELETES = 10;
/** The window between the read and the delete is narrow: a few rounds make a lost race show every run. */
const DELETE_ROUNDS = 5;

for (const d of DELETES) {
	test(`${RACING_DELETES} racing deletes: ${d.route} (one deletes, the others answer deleted: false)`, async ({}, info) => {
		test.skip(!implemented.has(d.route), `${d.route} is not built yet`);
		for (let round = 0; round < DELETE_ROUNDS; round++) {
			const path = await d.target(world);
			const answers = await Promise.all(
				Array.from({ length: RACING_DELETES }, () => world.owner({ method: 'DELETE', path, headers: freshBucket('concurrency') })),
			);
			// Whoever loses the race finds nothing left to delete: 200 deleted: false
			// (docs/api-conventions.md, "Retry-safe writes"), never a storage failure.
			expect(answers.filter((res) => res.status !== 200).map((res) => `${res.status} ${res.text.slice(0, 200)}`)).toEqual([]);
			expect(answers.filter((res) => res.json?.deleted === true).length, 'deletes that removed it').toBe(1);
			expect((await world.owner({ method: 'GET', path })).status).toBe(404);
			count(info, 'write races', 1);
		}
	});
}

test(`${WRITERS - 1} members following, repeating and unfollowing one member at once: follower and following counts stay exact (MVS_Follow_Graph)`, async ({}, info) => {
	test.setTimeout(120_000);
	const res = await world.admin({ method: 'POST', path: '/mvs-test/v1/fresh-user' });
	const star = ok(res) as { id: number; login: string; appPassword: string };
	const target = `/mvs/v1/users/${star.id}/follow`;
	// writers[0] blocked the owner, not this member; all take part.
	const writers = world.writers.slice(1);
	// About a hundred profile reads from one address: each in a bucket of its own (GET /users/{id} allows 60 a minute).
	const profile = async (id: number) => ok(await world.anonymous({ method: 'GET', path: `/mvs/v1/users/${id}`, headers: freshBucket('profile') })) as { follower_count: number; following_count: number };
	const followingBefore = await Promise.all(writers.map(async (_w, i) => (await profile(await idOf(i + 1))).following_count));
	// Every writer follows twice at once: one row each, counted once.
	const first = await Promise.all(writers.flatMap((w) => [post(w, target), post(w, target)]));
	expect(first.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.text.slice(0, 200)}`)).toEqual([]);
	expect((await profile(star.id)).follower_count).toBe(writers.length);
	// Half unfollow (each twice), the other half follow again, all at once.
	const half = Math.floor(writers.length / 2);
	const del = (as: Client) => as({ method: 'DELETE', path: target, headers: freshBucket('concurrency') });
	const second = await Promise.all(writers.flatMap((w, i) => (i < half ? [del(w), del(w)] : [post(w, target)])));
	expect(second.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.text.slice(0, 200)}`)).toEqual([]);
	expect(second.filter((r) => r.json?.deleted === true).length, 'unfollows that removed a follow').toBe(half);
	const rows = ok(await get(world.anonymous, `/mvs/v1/users/${star.id}/followers`, 'per_page=100')) as { id: number }[];
	expect(rows.length).toBe(writers.length - half);
	expect((await profile(star.id)).follower_count).toBe(writers.length - half);
	const followingAfter = await Promise.all(writers.map(async (_w, i) => (await profile(await idOf(i + 1))).following_count));
	expect(followingAfter).toEqual(followingBefore.map((n, i) => (i < half ? n : n + 1)));
	expect([...first, ...second].filter((r) => /deadlock|lock wait/i.test(r.text))).toEqual([]);
	count(info, 'concurrent writers', writers.length);
	count(info, 'write races', 2);
});

/** The user ID of world.writers[i], from WordPress's own /wp/v2/users/me (once per writer). */
const writerIds = new Map<number, number>();
async function idOf(i: number): Promise<number> {
	if (!writerIds.has(i)) writerIds.set(i, ok(await get(world.writers[i]!, '/wp/v2/users/me')).id as number);
	return writerIds.get(i)!;
}
