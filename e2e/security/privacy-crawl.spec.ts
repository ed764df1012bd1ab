/**
 * The privacy crawler: an owner plants material that others must not see,
 * each piece carrying a marker word of its own (private, members-only,
 * pending and rejected items, a private album, reports and a rejection
 * reason, items, albums and a bio hidden from a member the owner blocked,
 * items opened by an access grant or hidden by an access rule, a follow
 * whose `following` feed carries the owner's events), all
 * through the REST API. Then every GET route of both namespaces is called as
 * anonymous and as strangers, with every id the crawl discovers in answers
 * and every id it planted, and with each marker as the search text of the
 * routes that search. A marker in any body or header of a caller it is
 * hidden from fails the test.
 */
import type { MvsFile } from '../../client/src/client';
import { routes } from '../support/matrix';
import { picturePng, saveSettings, solidPng } from '../support/moderation';
import { expect, test, type Api } from '../support/mvs';
import { clientFor, count, encodeQuery, freshBucket, pool, type Client } from './support/http';
import { operations } from './support/operations';

test.describe.configure({ mode: 'serial' });

/**
 * Ids the answers revealed beyond the planted ones (newest first) that the
 * crawl tries, and how many of them each built route with an id in its path
 * gets: a different slice per route, so that together the routes try all of
 * them while every route still gets every planted id (docs/measurements/2026-11-27-ci-levers-2.md).
 */
const MAX_DISCOVERED = 40;
const DISCOVERED_PER_ROUTE = 12;

type Caller = 'anonymous' | 'subscriber' | 'stranger' | 'blocked';
const CALLERS: Caller[] = ['anonymous', 'subscriber', 'stranger', 'blocked'];

interface Marker {
	word: string;
	what: string;
	hiddenFrom: Caller[];
	/** A known, open finding of issue 11 this marker still leaks through (reported by its own test.fail). */
	knownFinding?: string;
}

interface Leak {
	marker: Marker;
	caller: Caller;
	request: string;
	where: string;
}

const run = Math.random().toString(36).slice(2, 8);
const markers: Marker[] = [];
function marker(what: string, hiddenFrom: Caller[] = CALLERS, knownFinding?: string): string {
	const word = `zq${what.replace(/[^a-z]/gi, '').slice(0, 6).toLowerCase()}${run}${markers.length}x`;
	markers.push({ word, what, hiddenFrom, knownFinding });
	return word;
}

interface FreshUser {
	id: number;
	login: string;
	appPassword: string;
}

const state = {
	leaks: [] as Leak[],
	/** Markers some caller allowed to see them did see: proof the crawl looks where the material is. */
	seen: new Set<string>(),
	plantedIds: new Set<number>(),
	discovered: new Set<number>(),
	requests: 0,
	/** Answers 429: a rate-limited answer shows nothing, so the crawl must never meet one. */
	limited: 0,
	routes: 0,
	/** Revealed (not planted) ids the crawl tried, each in the paths of some built routes. */
	revealedTried: 0,
};

async function freshUser(admin: Api): Promise<FreshUser> {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/fresh-user');
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as FreshUser;
}

function png(): MvsFile {
	return solidPng(8, 8, [Math.floor(Math.random() * 255), 40, 90], 'planted.png');
}

/** Uploads through POST /media as `as` and returns the item's id. */
async function upload(as: Client, fields: Record<string, string>, file = png()): Promise<number> {
	const res = await as({ method: 'POST', path: '/mvs/v1/media', multipart: { file, ...fields } });
	expect(res.status, res.text).toBe(201);
	state.plantedIds.add(res.json.id);
	return res.json.id as number;
}

async function post(as: Client, path: string, body: unknown, status = [200, 201]): Promise<any> {
	const res = await as({ method: 'POST', path, body: JSON.stringify(body), contentType: 'application/json' });
	expect(status, `${path}: ${res.text}`).toContain(res.status);
	return res.json;
}

/** Every integer under a key named id or *_id (and every user id) in an answer: more doors to try. */
function collectIds(value: unknown, into: Set<number>): void {
	if (Array.isArray(value)) for (const item of value) collectIds(item, into);
	else if (value && typeof value === 'object') {
		for (const [key, item] of Object.entries(value)) {
			if ((key === 'id' || key.endsWith('_id')) && Number.isInteger(item) && (item as number) > 0) into.add(item as number);
			else collectIds(item, into);
		}
	}
}

test.beforeAll(async ({ api, fixtures }) => {
	// Planting and the crawl itself: about 4,800 requests at 65 GET routes (416 s in CI beside the
	// other chain, over 480 s on a machine also seeding a 1M bench). A bound, not a budget: the CI
	// report shows the real time.
	test.setTimeout(900_000);
	const admin = api('admin');
	const [owner, held, stranger, blocked] = await Promise.all([freshUser(admin), freshUser(admin), freshUser(admin), freshUser(admin)]);
	const as = Object.fromEntries(
		await Promise.all(
			[['owner', owner], ['held', held], ['stranger', stranger], ['blocked', blocked]].map(async ([name, user]) => [name, (await clientFor(user as FreshUser, fixtures)).call] as const),
		),
	) as Record<'owner' | 'held' | 'stranger' | 'blocked', Client>;
	const moderator = (await clientFor('moderator', fixtures)).call;
	for (const user of [owner, held, stranger, blocked]) state.plantedIds.add(user.id);

	// Private: nobody but the owner (and moderators) may read a word of it.
	const privateItem = await upload(as.owner, {
		title: marker('private title'),
		description: marker('private description'),
		'tags[0]': marker('private tag'),
		privacy: 'private',
	});
	await upload(as.owner, { title: marker('members-only title', ['anonymous']), description: marker('members-only description', ['anonymous']), privacy: 'members' });
	const privateAlbum = await post(as.owner, '/mvs/v1/albums', { title: marker('private album title'), description: marker('private album description'), privacy: 'private' });
	state.plantedIds.add(privateAlbum.id);
	// A public album holding the private item: the album is visible, the item is not.
	const publicAlbum = await post(as.owner, '/mvs/v1/albums', { title: `open album ${run}`, privacy: 'public' });
	state.plantedIds.add(publicAlbum.id);
	await post(as.owner, `/mvs/v1/albums/${publicAlbum.id}/items`, { media_ids: [privateItem] });

	// Rejected by a moderator, with a reason only the owner may read.
	const rejected = await upload(as.owner, { title: marker('rejected title'), privacy: 'public' });
	await post(moderator, `/mvs/v1/moderation/${rejected}/reject`, { reason: marker('rejection reason') });

	// Reports: what a reporter wrote is for moderators only.
	const reported = await upload(as.owner, { title: `reported ${run}`, privacy: 'public' });
	await post(as.stranger, `/mvs/v1/media/${reported}/report`, { reason: 'other', details: marker('media report details') });
	await post(as.stranger, `/mvs/v1/users/${owner.id}/report`, { reason: 'other', details: marker('user report details') });

	// Blocks: the owner blocks a member, who must then see nothing of theirs.
	await post(as.owner, `/mvs/v1/users/${blocked.id}/block`, {});
	await upload(as.owner, { title: marker('item hidden by a block', ['blocked']), privacy: 'public' });
	const blockedAlbum = await post(as.owner, '/mvs/v1/albums', {
		title: marker('album hidden by a block', ['blocked']),
		privacy: 'public',
	});
	state.plantedIds.add(blockedAlbum.id);
	// A profile and a following feed: the owner's bio is hidden from the member they blocked (their
	// profile answers as if unknown), and the stranger follows the owner, so the `following` feed
	// carries the owner's events (each about a planted item, whose marker must stay hidden).
	const bio = await as.owner({ method: 'PUT', path: '/mvs/v1/me/profile', body: JSON.stringify({ description: marker('bio hidden by a block', ['blocked']) }), contentType: 'application/json' });
	expect(bio.status, bio.text).toBe(200);
	await post(as.stranger, `/mvs/v1/users/${owner.id}/follow`, {});

	// Access grants and rules (docs/access-rules-and-grants.md): a private item granted to the stranger
	// (seen by them only), one whose grant was revoked, and a public item whose rule names subscribers
	// (seen by the subscriber only).
	const grantedToStranger = await upload(as.owner, { title: marker('item granted to the stranger', ['anonymous', 'subscriber', 'blocked']), privacy: 'private' });
	await post(as.owner, `/mvs/v1/media/${grantedToStranger}/grant`, { user_id: stranger.id });
	const revoked = await upload(as.owner, { title: marker('item whose grant was revoked'), privacy: 'private' });
	await post(as.owner, `/mvs/v1/media/${revoked}/grant`, { user_id: stranger.id });
	const revoke = await as.owner({ method: 'DELETE', path: `/mvs/v1/media/${revoked}/grant/${stranger.id}` });
	expect(revoke.status, revoke.text).toBe(200);
	const ruled = await upload(as.owner, { title: marker('item ruled to subscribers', ['anonymous', 'stranger', 'blocked']), privacy: 'public' });
	await post(as.owner, `/mvs/v1/media/${ruled}/rules`, { rules: [{ rule_type: 'role', rule_value: 'subscriber' }] });

	// Engagement around hidden items: comments on them, a private collection, and a public collection
	// holding a private item (favorited and reacted to by its owner, so its id sits in those tables).
	const membersItem = await upload(as.owner, { title: `members ${run}`, privacy: 'members' });
	const comments = [
		await post(as.owner, `/mvs/v1/media/${privateItem}/comments`, { content: marker('comment on a private item') }),
		await post(as.owner, `/mvs/v1/media/${membersItem}/comments`, { content: marker('comment on a members item', ['anonymous']) }),
		await post(as.owner, `/mvs/v1/media/${rejected}/comments`, { content: marker('comment on a rejected item') }),
	];
	for (const comment of comments) state.plantedIds.add(comment.id);
	const privateCollection = await post(as.owner, '/mvs/v1/collections', { title: marker('private collection title'), description: marker('private collection description'), privacy: 'private' });
	state.plantedIds.add(privateCollection.id);
	const openCollection = await post(as.owner, '/mvs/v1/collections', { title: `open collection ${run}`, privacy: 'public' });
	state.plantedIds.add(openCollection.id);
	await post(as.owner, `/mvs/v1/media/${privateItem}/favorite`, { collection_id: openCollection.id });
	await post(as.owner, `/mvs/v1/media/${privateItem}/reactions`, { reaction_type: 'love' });

	// Direct messages (docs/messaging.md): a conversation between the owner and `held`, none of the callers;
	// its words, its attachment (whose URLs carry mvs_att=1) and the shared private item stay theirs.
	const conversation = await post(as.owner, '/mvs/v1/conversations', { recipient_id: held.id });
	state.plantedIds.add(conversation.id);
	const attachment = await as.owner({ method: 'POST', path: '/mvs/v1/messages/upload', multipart: { file: png() } });
	expect(attachment.status, attachment.text).toBe(201);
	state.plantedIds.add(attachment.json.media_id);
	markers.push({ word: 'mvs_att=1', what: 'a message attachment URL', hiddenFrom: CALLERS });
	for (const body of [{ content: marker('direct message') }, { content: marker('message with an attachment'), attachment_id: attachment.json.media_id }]) {
		state.plantedIds.add((await post(as.owner, `/mvs/v1/conversations/${conversation.id}/messages`, body)).id);
	}
	await post(as.held, `/mvs/v1/conversations/${conversation.id}/typing`, {});

	// Flagged as a re-upload of a picture a moderator rejected (docs/moderation.md, "Image hashes").
	const flaggedWord = marker('flagged title');
	const seed = Math.random() * 1e6;
	const earlier = await upload(as.owner, { title: 'an earlier picture', privacy: 'public' }, picturePng(seed, 96, 72));
	await post(moderator, `/mvs/v1/moderation/${earlier}/reject`, {});
	const flagged = await upload(as.owner, { title: flaggedWord, privacy: 'public' }, picturePng(seed, 96, 72));
	// Planted only if the provider did flag it (an unflagged item is public, and its title may show).
	if ((await as.stranger({ method: 'GET', path: `/mvs/v1/media/${flagged}` })).status !== 404) markers.splice(markers.findIndex((m) => m.word === flaggedWord), 1);

	// Pending: the site holds uploads of authors only, and only the `held` user is one, for one upload.
	const promoted = await admin.raw('POST', `/wp-json/wp/v2/users/${held.id}`, { json: { roles: ['author'] } });
	expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
	await saveSettings(admin, { moderation_hold: true, moderation_hold_roles: ['author'] });
	try {
		await upload(as.held, { title: marker('pending title'), description: marker('pending description'), privacy: 'public' });
	} finally {
		await saveSettings(admin, { moderation_hold: false, moderation_hold_roles: [] });
	}

	// Now crawl.
	const callers = Object.fromEntries(
		await Promise.all(
			CALLERS.map(async (caller) => {
				const who = caller === 'stranger' ? stranger : caller === 'blocked' ? blocked : caller;
				return [caller, (await clientFor(who as never, fixtures)).call] as const;
			}),
		),
	) as Record<Caller, Client>;
	await crawl(callers);
});

/** GET every route as every caller: list routes first (they reveal ids), then every id in every path. */
async function crawl(callers: Record<Caller, Client>): Promise<void> {
	const gets = operations.filter((op) => op.route.method === 'GET');
	state.routes = gets.length;
	const lists = gets.filter((op) => !op.fields.some((f) => f.in === 'path'));
	const items = gets.filter((op) => op.fields.some((f) => f.in === 'path'));
	const searchWords = markers.map((m) => m.word);

	const check = async (caller: Caller, path: string, query: Record<string, unknown>) => {
		// A bucket of its own per request: the crawl neither meets a limit nor spends the
		// per-address bucket that other files' anonymous reads share.
		const res = await callers[caller]({ method: 'GET', path, query: encodeQuery(query), headers: freshBucket('crawl') });
		state.requests++;
		if (res.status === 429) state.limited++;
		if (res.json) collectIds(res.json, state.discovered);
		const headers = JSON.stringify(res.headers).toLowerCase();
		const body = res.text.toLowerCase();
		for (const m of markers) {
			if (!m.hiddenFrom.includes(caller)) {
				if (body.includes(m.word)) state.seen.add(m.word);
				continue;
			}
			const where = body.includes(m.word) ? 'body' : headers.includes(m.word) ? 'headers' : null;
			if (where) state.leaks.push({ marker: m, caller, request: `GET ${path}?${encodeQuery(query)}`, where });
		}
	};

	const listJobs: [Caller, string, Record<string, unknown>][] = [];
	for (const op of lists) {
		const path = `/${op.route.namespace}${op.route.path}`;
		// The long-poll answers at once (timeout 0) with everything above since 0 the caller may see.
		const variants: Record<string, unknown>[] = [op.route.name === 'poll_messages' ? { since: 0, timeout: 0 } : { ...op.route.sample.query }];
		for (const field of op.fields.filter((f) => f.in === 'query')) {
			if (['s', 'search', 'q', 'tag', 'slug'].includes(field.name)) for (const word of searchWords) variants.push({ ...op.route.sample.query, [field.name]: word });
			if (['author', 'user_id', 'user'].includes(field.name)) for (const id of state.plantedIds) variants.push({ [field.name]: id, per_page: 100 });
			if (field.schema.enum) for (const value of field.schema.enum) variants.push({ ...op.route.sample.query, [field.name]: value });
		}
		for (const caller of CALLERS) for (const query of variants) listJobs.push([caller, path, query]);
	}
	const started = Date.now();
	await pool(listJobs, 8, ([caller, path, query]) => check(caller, path, query));
	const listed = Date.now();

	// Every planted id in every path, then a slice of what the answers revealed (capped: a busy site reveals
	// hundreds of ids, and the doors worth trying are those of the planted material and its neighbours). Routes
	// not built yet answer 501 whatever the id: the planted ids suffice there.
	const planted = [...state.plantedIds];
	const revealed = [...state.discovered]
		.filter((id) => !state.plantedIds.has(id))
		.sort((a, b) => b - a)
		.slice(0, MAX_DISCOVERED);
	const slice = (route: number) =>
		Array.from({ length: Math.min(DISCOVERED_PER_ROUTE, revealed.length) }, (_, i) => revealed[(route * DISCOVERED_PER_ROUTE + i) % revealed.length]!);
	state.revealedTried = revealed.length;
	const itemJobs: [Caller, string, Record<string, unknown>][] = [];
	for (const [route, op] of items.filter((o) => o.route.implemented).concat(items.filter((o) => !o.route.implemented)).entries()) {
		for (const id of op.route.implemented ? [...planted, ...slice(route)] : planted) {
			// Every path parameter gets the same id (e.g. /media/{media_id}/rules, /users/{user_id}/quota).
			const path = `/${op.route.namespace}${op.route.path.replace(/\{([a-z_]+)\}/g, () => String(id))}`;
			for (const caller of CALLERS) itemJobs.push([caller, path, { ...op.route.sample.query }]);
		}
	}
	await pool(itemJobs, 8, ([caller, path, query]) => check(caller, path, query));
	// Where the crawl's time goes (docs/measurements/2026-11-27-ci-levers-2.md).
	console.log(`privacy crawl: ${listJobs.length} list requests in ${((listed - started) / 1000).toFixed(1)} s, ${itemJobs.length} id requests in ${((Date.now() - listed) / 1000).toFixed(1)} s (${state.plantedIds.size} planted ids; ${state.discovered.size} ids revealed, ${revealed.length} of them tried)`);
}

function describeLeaks(leaks: Leak[]): string[] {
	return leaks.slice(0, 30).map((l) => `${l.marker.what} (${l.marker.word}) in the ${l.where} of ${l.request} as ${l.caller}`);
}

test('no planted marker reaches anyone it is hidden from, on any GET route', async ({}, info) => {
	const leaks = state.leaks.filter((l) => !l.marker.knownFinding);
	count(info, 'routes crawled', state.routes);
	count(info, 'crawl requests', state.requests);
	count(info, 'ids tried', state.plantedIds.size + state.revealedTried);
	count(info, 'markers planted', markers.length);
	console.log(`privacy crawl: ${markers.length} markers, ${state.routes} GET routes, ${state.requests} requests, ${state.leaks.length} leak(s)`);
	expect(describeLeaks(leaks), `${leaks.length} leak(s)`).toEqual([]);
});

// A leak of a known, open finding can be kept visible without failing the run: give its marker
// `knownFinding` and add a test.fail that expects no leak of it (it fails until the fix lands).

test('the crawl reached the planted material and the routes (a crawl of nothing proves nothing)', async () => {
	expect(state.routes).toBe(routes.filter((r) => r.method === 'GET').length);
	expect(state.requests).toBeGreaterThan(1000);
	expect(state.limited, 'rate-limited answers').toBe(0);
	expect(markers.length).toBeGreaterThanOrEqual(12);
	// Members-only material and what a block hides are visible to the other callers: the crawl must have found them.
	const visibleToSomeone = markers.filter((m) => m.hiddenFrom.length < CALLERS.length && !m.knownFinding).map((m) => m.word);
	expect(visibleToSomeone.filter((word) => !state.seen.has(word))).toEqual([]);
});
