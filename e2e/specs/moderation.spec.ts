/**
 * The moderation queue and its transitions: a flag (here a re-upload of a
 * rejected picture; AI verdicts in ai.site-wide.spec.ts) hides an item,
 * moderators approve or reject it (with a reason the owner receives), and
 * flagged or rejected items are invisible to everyone but their owner and
 * moderators on every media route: get, lists, search and totals.
 * Settings-dependent cases (hold, thresholds, exact counts) are in
 * moderation.site-wide.spec.ts.
 */
import { expect, test, upload, type Api } from '../support/mvs';
import { freshUser, picturePng, token, trail, uploadFlagged } from '../support/moderation';
import { schemaProblems } from '../support/schema';
import { fetchFile } from '../support/serve';

test.describe.configure({ mode: 'parallel' });

interface QueueItem {
	id: number;
	title: string;
	author_id: number;
	moderation_status: string;
	open_reports: number;
	can_edit: boolean;
}

/** Who sees an item, through GET /media/{id} and a search of GET /media (items, total and X-WP-Total). */
async function visibility(api: Api, id: number, title: string) {
	const one = await api.op('get_media', { params: { id } });
	const list = await api.op('list_media', { query: { s: title, scope: 'all', per_page: 100 } });
	expect(list.status).toBe(200);
	const ids = list.body.items.map((i) => i.id);
	return { get: one.status, listed: ids.includes(id), total: list.body.total, header: Number(list.headers['x-wp-total']) };
}

async function queue(api: Api, query: Record<string, unknown> = {}) {
	const res = await api.op('list_moderation_queue', { query: { per_page: 100, ...query } as never });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return { items: res.body as unknown as QueueItem[], total: Number(res.headers['x-wp-total']), pages: Number(res.headers['x-wp-totalpages']) };
}

/**
 * The newest end of the queue: its last two pages of 100 (oldest first, so a
 * test's own recent items are there even when other specs left many older
 * ones; other tests add items concurrently, so a test looks for its own ids).
 */
async function queueIds(api: Api, state?: 'pending' | 'flagged'): Promise<Map<number, QueueItem>> {
	const filter = state ? { state } : {};
	const { pages } = await queue(api, { ...filter, per_page: 1 });
	const last = Math.max(1, Math.ceil(pages / 100));
	const found = new Map<number, QueueItem>();
	for (const page of [last - 1, last].filter((p) => p >= 1)) {
		for (const item of (await queue(api, { ...filter, page })).items) found.set(item.id, item);
	}
	return found;
}

test('a flagged item is hidden from others on get, lists, search and totals until a moderator approves it', async ({ api, fixtures }) => {
	const title = `${token()} again`;
	// Flagged as a re-upload of a picture a moderator rejected (docs/moderation.md, "Image hashes").
	const seed = Math.random() * 1e6;
	const earlier = (await upload(api('member'), { title: `${token()} earlier`, file: picturePng(seed, 120, 90) })).id;
	expect((await api('moderator').op('reject_media', { params: { id: earlier }, body: {} })).status).toBe(200);
	const id = (await upload(api('member'), { title, file: picturePng(seed, 120, 90) })).id;

	for (const role of ['anonymous', 'subscriber', 'member2'] as const) {
		const seen = await visibility(api(role), id, title);
		expect(seen, role).toEqual({ get: 403, listed: false, total: 0, header: 0 });
	}
	// The owner and moderators still see it.
	expect((await visibility(api('member'), id, title)).get).toBe(200);
	const mine = await api('member').op('list_my_media', { query: { s: title } });
	expect(mine.body.items.map((i) => i.id)).toEqual([id]);
	for (const role of ['moderator', 'admin'] as const) {
		expect(await visibility(api(role), id, title), role).toEqual({ get: 200, listed: true, total: 1, header: 1 });
	}
	const flagged = await queueIds(api('moderator'), 'flagged');
	expect(flagged.get(id)).toMatchObject({ id, title, author_id: fixtures.users.member.id, moderation_status: 'flagged', open_reports: 0 });
	expect((await queueIds(api('moderator'), 'pending')).has(id)).toBe(false);

	const approved = await api('moderator').op('approve_media', { params: { id } });
	expect(approved.status).toBe(200);
	expect(approved.body).toMatchObject({ id, moderation_status: 'approved', previous_status: 'flagged', changed: true });
	expect(await visibility(api('anonymous'), id, title)).toEqual({ get: 200, listed: true, total: 1, header: 1 });
	expect((await queueIds(api('moderator'))).has(id)).toBe(false);

	const { log } = await trail(api('admin'), id, fixtures.users.member.id);
	expect(log.map((row) => row.action)).toEqual(['flag', 'approve']);
	expect(log.map((row) => Number(row.actor_id))).toEqual([0, fixtures.users.moderator.id]);
	// `reports`: the reports the decision closed, which the desk's undo reopens (none here).
	expect(JSON.parse(log[1]!.result!)).toEqual({ from: 'flagged', to: 'approved', reports: [] });
});

test('the queue presents items as GET /media/{id} does: an item flagged by three reports keeps its tags and category', async ({ api, fixtures }) => {
	const admin = api('admin');
	const cat = await admin.raw('POST', '/wp-json/mvs-test/v1/category', { json: { name: `Coast ${token()}` } });
	expect(cat.status, JSON.stringify(cat.body)).toBe(200);
	const category = cat.body as { id: number; slug: string };
	// A multipart form sends a list as one comma-separated value (WordPress parses it as a list).
	const tags = 'sunset,beach' as unknown as string[];
	const id = (await upload(api('member'), { title: `${token()} dusk`, tags, category: category.slug })).id;
	const fresh = await freshUser(admin);
	try {
		for (const reporter of [api('subscriber'), api('member2'), fresh.api]) {
			expect((await reporter.op('report_media', { params: { id }, body: { reason: 'spam' } })).status).toBe(200);
		}
	} finally {
		await fresh.api.dispose();
	}
	const entry = (await queueIds(api('moderator'), 'flagged')).get(id) as unknown as Record<string, unknown>;
	expect(entry, 'flagged by the third report').toBeDefined();
	expect(entry).toMatchObject({ moderation_status: 'flagged', open_reports: 3, author_id: fixtures.users.member.id });
	expect((entry.tags as { slug: string }[]).map((tag) => tag.slug)).toEqual(['beach', 'sunset']);
	expect(entry.category).toMatchObject({ id: category.id, slug: category.slug });
	// Every MediaItem field equals what the moderator gets from GET /media/{id}.
	const single = await api('moderator').op('get_media', { params: { id } });
	expect(single.status).toBe(200);
	// Signed URLs of a hidden item expire a TTL after the request, so only their signature may differ.
	const unsigned = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/([?&])(expires|signature|sig|mvs_[a-z]+)=[^&"]*/g, '$1$2=*'));
	// The queue's moderation_status is the MediaItem's own (a moderator sees it on both).
	const { open_reports: _reports, ...item } = entry;
	expect(unsigned(item)).toEqual(unsigned(single.body));
	expect(schemaProblems('MediaItem', item)).toEqual([]);
});

test('no reason is null everywhere: approve, reject without a reason or with only spaces, and the owner\'s notification', async ({ api, fixtures }) => {
	const id = (await upload(api('member'), { title: `${token()} no reason` })).id;
	const moderator = api('moderator');
	const bare = await moderator.op('reject_media', { params: { id } });
	expect(bare.status, JSON.stringify(bare.body)).toBe(200);
	expect(bare.body).toEqual({ id, moderation_status: 'rejected', previous_status: 'approved', changed: true, reason: null });
	const approved = await moderator.op('approve_media', { params: { id } });
	expect(approved.body).toEqual({ id, moderation_status: 'approved', previous_status: 'rejected', changed: true, reason: null });
	const spaces = await moderator.op('reject_media', { params: { id }, body: { reason: '   ' } });
	expect(spaces.body).toMatchObject({ changed: true, reason: null });
	const { notifications } = await trail(api('admin'), id, fixtures.users.member.id);
	expect(notifications.map((n) => JSON.parse(n.data).reason)).toEqual([null, null]);
});

test('rejecting stores the reason, notifies the owner, and hides the item from everyone but the owner and moderators', async ({ api, fixtures, request }) => {
	const title = `${token()} rejected`;
	const id = (await upload(api('member'), { title })).id;
	expect((await visibility(api('member2'), id, title)).get).toBe(200);
	const signed = await api('member2').op('get_media_signed_url', { params: { id } });
	expect(signed.status).toBe(200);
	expect((await fetchFile(request, signed.body.url)).status).toBe(200);

	const reason = 'Shows a licence plate. Please blur it & upload again.';
	const rejected = await api('moderator').op('reject_media', { params: { id }, body: { reason } });
	expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
	expect(rejected.body).toMatchObject({ id, moderation_status: 'rejected', previous_status: 'approved', changed: true, reason });

	for (const role of ['anonymous', 'subscriber', 'member2'] as const) {
		expect(await visibility(api(role), id, title), role).toEqual({ get: 403, listed: false, total: 0, header: 0 });
		// The public scope too.
		const pub = await api(role).op('list_media', { query: { s: title } });
		expect(pub.body.total, role).toBe(0);
	}
	// Signed file URLs: none for others, and one issued before the rejection stops working.
	const refused = await api('member2').op('get_media_signed_url', { params: { id } });
	expect(refused.status).toBe(403);
	expect(refused.body.code).toBe('mvs_forbidden');
	expect((await fetchFile(request, signed.body.url)).status).toBe(403);
	const own = await api('member').op('get_media_signed_url', { params: { id } });
	expect(own.status).toBe(200);
	expect((await fetchFile(request, own.body.url)).status).toBe(200);
	expect((await api('member').op('get_media', { params: { id } })).status).toBe(200);
	expect((await api('member').op('list_my_media', { query: { s: title } })).body.total).toBe(1);
	expect((await visibility(api('moderator'), id, title)).listed).toBe(true);
	// Rejected items leave the queue.
	expect((await queueIds(api('moderator'))).has(id)).toBe(false);

	const { log, notifications } = await trail(api('admin'), id, fixtures.users.member.id);
	expect(log.map((row) => [row.action, row.reason])).toEqual([['reject', reason]]);
	expect(notifications).toHaveLength(1);
	expect(notifications[0]).toMatchObject({ type: 'media_rejected', object_type: 'media', object_id: String(id), actor_id: String(fixtures.users.moderator.id) });
	expect(JSON.parse(notifications[0]!.data)).toEqual({ media_id: id, title, reason });

	// Rejecting again changes nothing and sends nothing; approving restores the item.
	const again = await api('moderator').op('reject_media', { params: { id }, body: { reason: 'twice' } });
	expect(again.body).toMatchObject({ moderation_status: 'rejected', previous_status: 'rejected', changed: false });
	expect((await trail(api('admin'), id, fixtures.users.member.id)).notifications).toHaveLength(1);
	const restored = await api('admin').op('approve_media', { params: { id } });
	expect(restored.body).toMatchObject({ moderation_status: 'approved', previous_status: 'rejected', changed: true });
	expect((await api('anonymous').op('get_media', { params: { id } })).status).toBe(200);
});

test('the queue filters by state, paginates with X-WP-Total, and costs the same queries for any page size', async ({ api }) => {
	const title = token();
	const ids: number[] = [];
	for (let i = 0; i < 3; i++) {
		ids.push(await uploadFlagged(api('member2'), api('moderator'), { title: `${title} ${i}` }));
	}
	const all = await queueIds(api('moderator'));
	for (const id of ids) expect(all.get(id)?.moderation_status).toBe('flagged');
	const flagged = await queueIds(api('moderator'), 'flagged');
	expect([...flagged.values()].every((item) => item.moderation_status === 'flagged')).toBe(true);
	const pending = await queueIds(api('moderator'), 'pending');
	expect([...pending.values()].every((item) => item.moderation_status === 'pending')).toBe(true);
	for (const id of ids) expect(pending.has(id)).toBe(false);

	// Oldest first: our three items keep their upload order.
	const order = [...all.keys()].filter((id) => ids.includes(id));
	expect(order).toEqual(ids);

	const one = await queue(api('moderator'), { per_page: 1, state: 'flagged' });
	expect(one.items).toHaveLength(1);
	expect(one.total).toBeGreaterThanOrEqual(3);
	expect(one.pages).toBe(one.total);

	const costs: number[] = [];
	for (const perPage of [1, 20, 100]) {
		const res = await api('moderator').op('list_moderation_queue', { query: { per_page: perPage } });
		expect(res.status).toBe(200);
		costs.push(Number(res.headers['x-mvs-queries']));
	}
	expect(costs[0], `queries for per_page 1/20/100: ${costs.join('/')}`).toBeGreaterThan(0);
	expect(new Set(costs).size, `queries for per_page 1/20/100: ${costs.join('/')}`).toBe(1);
	// Page and total, then the shared presenter's one query for item meta, terms, favorites and
	// reactions (MVS_Media_Page_Loader); the signing secret is autoloaded. Measured 7 before the
	// presenter's four lookups became one and the secret was autoloaded.
	expect(costs[0], `queries for per_page 1/20/100: ${costs.join('/')}`).toBe(3);

	const bad = await api('moderator').op('list_moderation_queue', { query: { state: 'approved' as never } });
	expect(bad.status).toBe(400);
	expect(bad.body.code).toBe('rest_invalid_param');
});

test('counts report each state and open reports, and only moderators get them', async ({ api }) => {
	const res = await api('moderator').op('get_moderation_counts');
	expect(res.status).toBe(200);
	const counts = res.body;
	expect(Object.keys(counts).sort()).toEqual(['approved', 'flagged', 'open_reports', 'pending', 'queue', 'rejected']);
	for (const value of Object.values(counts)) expect(Number.isInteger(value) && value >= 0).toBe(true);
	expect(counts.queue).toBe(counts.pending + counts.flagged);
	expect((await api('member').op('get_moderation_counts')).status).toBe(403);
	expect((await api('anonymous').op('get_moderation_counts')).body.code).toBe('mvs_not_logged_in');
});

test('moderation routes: 404 for a missing item, 403 without moderate_mvs_media, and /moderation/queue does not exist', async ({ api }) => {
	for (const op of ['approve_media', 'reject_media', 'analyze_media'] as const) {
		const res = await api('moderator').op(op, { params: { id: 999999999 } } as never);
		expect(res.status, op).toBe(404);
		expect(res.body.code, op).toBe('mvs_not_found');
	}
	const id = (await upload(api('member'), { title: token() })).id;
	for (const role of ['member', 'member2', 'subscriber'] as const) {
		const res = await api(role).op('reject_media', { params: { id }, body: { reason: 'no' } });
		expect(res.status, role).toBe(403);
		expect(res.body.code, role).toBe('mvs_forbidden');
	}
	expect((await api('anonymous').op('get_media', { params: { id } })).status).toBe(200);
	const removed = await api('moderator').raw('GET', '/wp-json/mvs/v1/moderation/queue');
	expect(removed.status).toBe(404);
	expect(removed.body.code).toBe('rest_no_route');
});

test('gallery groups and group covers leave out a rejected item for everyone but its owner and moderators', async ({ api }) => {
	const group = token();
	const member = api('member');
	const first = (await upload(member, { title: `${group} a`, upload_group: group })).id;
	const second = (await upload(member, { title: `${group} b`, upload_group: group })).id;
	const third = (await upload(member, { title: `${group} c`, upload_group: group })).id;
	expect((await api('moderator').op('reject_media', { params: { id: second }, body: { reason: 'blurred faces missing' } })).status).toBe(200);
	const groupOf = async (caller: Api, id: number) => {
		const res = await caller.op('get_media_group', { params: { id } });
		expect(res.status, caller.role).toBe(200);
		return (res.body as unknown as { id: number }[]).map((i) => i.id);
	};
	for (const role of ['anonymous', 'member2'] as const) {
		expect(await groupOf(api(role), first), role).toEqual([first, third]);
		expect((await api(role).op('get_media_group', { params: { id: second } })).status, role).toBe(403);
	}
	expect(await groupOf(member, first)).toEqual([first, second, third]);
	expect(await groupOf(api('moderator'), third)).toEqual([first, second, third]);

	// With the first item (the cover) rejected too, others get the first item they may see as the cover.
	expect((await api('moderator').op('reject_media', { params: { id: first } })).status).toBe(200);
	const covers = await api('anonymous').op('list_media', { query: { s: group, group_covers: true } });
	expect(covers.body.items.map((i) => i.id)).toEqual([third]);
	expect(covers.body.total).toBe(1);
	const ownCovers = await member.op('list_my_media', { query: { s: group, group_covers: true } });
	expect(ownCovers.body.items.map((i) => i.id)).toEqual([first]);
});

test('a rejection notification is handed to push delivery (mvs_push_send) when the owner has a device', async ({ api }) => {
	const owner = await freshUser(api('admin'));
	try {
		const device = `device-${token()}`;
		const registered = await owner.api.op('register_device', { body: { platform: 'ios', token: device } });
		expect(registered.status).toBe(200);
		expect((await api('admin').raw('GET', `/wp-json/mvs-test/v1/push?user_id=${owner.id}`)).body.sent).toEqual([]);
		const id = (await upload(owner.api, { title: token() })).id;
		const res = await api('moderator').op('reject_media', { params: { id }, body: { reason: 'Off topic' } });
		expect(res.status).toBe(200);
		const sent = (await api('admin').raw('GET', `/wp-json/mvs-test/v1/push?user_id=${owner.id}`)).body.sent as { tokens: string[]; payload: any }[];
		expect(sent).toHaveLength(1);
		expect(sent[0]!.tokens).toEqual([device]);
		expect(sent[0]!.payload).toMatchObject({ type: 'media_rejected', object_type: 'media', object_id: id, data: { media_id: id, reason: 'Off topic' } });
		expect(sent[0]!.payload.notification_id).toBeGreaterThan(0);
		// Approving sends nothing.
		await api('moderator').op('approve_media', { params: { id } });
		expect((await api('admin').raw('GET', `/wp-json/mvs-test/v1/push?user_id=${owner.id}`)).body.sent).toHaveLength(1);
	} finally {
		await owner.api.dispose();
	}
});

test('albums: a rejected or flagged item leaves the media list and media_count others see, not the owner\'s', async ({ api }) => {
	const member = api('member');
	const created = await member.op('create_album', { body: { title: token(), privacy: 'public' } });
	expect(created.status).toBe(201);
	const album = (created.body as { id: number }).id;
	const kept = (await upload(member, { title: token(), album_id: album })).id;
	const rejected = (await upload(member, { title: token(), album_id: album })).id;
	const flagged = await uploadFlagged(member, api('moderator'), { title: token(), album_id: album });
	expect((await api('moderator').op('reject_media', { params: { id: rejected } })).status).toBe(200);
	const seen = async (caller: Api) => {
		const res = await caller.op('get_album', { params: { id: album } });
		expect(res.status, caller.role).toBe(200);
		const body = res.body as unknown as { media_count: number; media: { id: number }[] };
		return { count: body.media_count, ids: body.media.map((m) => m.id).sort((a, b) => a - b) };
	};
	for (const role of ['anonymous', 'member2'] as const) expect(await seen(api(role)), role).toEqual({ count: 1, ids: [kept] });
	const all = [kept, rejected, flagged].sort((a, b) => a - b);
	expect(await seen(member)).toEqual({ count: 3, ids: all });
	expect(await seen(api('moderator'))).toEqual({ count: 3, ids: all });
});
