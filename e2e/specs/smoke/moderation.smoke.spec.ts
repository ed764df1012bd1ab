/**
 * Smoke journey of the Moderation area, for the Playground tier:
 * the local AI provider flags a member's skin-toned image, the item waits
 * in the flagged queue and the counts, hidden from visitors; a moderator
 * approves it (visible again), then rejects it with a reason (hidden again),
 * and the month's AI usage counts the analysis; the desk's Comments tab
 * approves a held comment and its Members tab warns the owner. The edge cases are in
 * moderation*.spec.ts and ai.site-wide.spec.ts.
 */
import { picturePng } from '../../support/moderation';
import type { Api } from '../../support/mvs';
import { uniqueName } from '../../support/seed';
import { expect, test } from '../../support/smoke';

/** The flagged queue's newest page (oldest first), where a fresh item is. */
async function newestFlagged(moderator: Api): Promise<{ id: number; moderation_status: string; author_id: number }[]> {
	const first = await moderator.op('list_moderation_queue', { query: { state: 'flagged', per_page: 100 } });
	expect(first.status, JSON.stringify(first.body)).toBe(200);
	const pages = Number(first.headers['x-wp-totalpages']);
	const last = pages > 1 ? await moderator.op('list_moderation_queue', { query: { state: 'flagged', per_page: 100, page: pages } }) : first;
	return last.body as never;
}

test('a re-upload of a rejected picture is flagged, analysed, approved, then rejected, every route once', async ({ api, members }) => {
	const [owner] = await members(1);
	const moderator = api('moderator');
	const anonymous = api('anonymous');
	const title = uniqueName('smoke moderation');
	// The perceptual hash flags a re-upload of a rejected picture (docs/moderation.md, "Image hashes").
	const seed = Math.random() * 1e6;
	const earlier = await owner.api.op('create_media', { body: { file: picturePng(seed, 96, 72), title: `${title} earlier`, privacy: 'public' } as never });
	expect(earlier.status, JSON.stringify(earlier.body)).toBe(201);
	expect((await moderator.op('reject_media', { params: { id: earlier.body.id } })).status).toBe(200);
	const upload = await owner.api.op('create_media', { body: { file: picturePng(seed, 96, 72), title, privacy: 'public' } as never });
	expect(upload.status, JSON.stringify(upload.body)).toBe(201);
	const id = upload.body.id;
	expect((upload.body as unknown as { moderation_status: string }).moderation_status).toBe('flagged');

	// The local colour measure is reported, not judged.
	const analysis = await moderator.op('analyze_media', { params: { id } });
	expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
	expect(analysis.body).toMatchObject({ media_id: id, provider: 'local', flagged: false, moderation_status: 'flagged', safety: { verdict: 'not_judged' } });
	expect((await anonymous.op('get_media', { params: { id } })).status).toBe(403);

	const counts = await moderator.op('get_moderation_counts');
	expect(counts.status).toBe(200);
	expect((counts.body as { flagged: number }).flagged).toBeGreaterThanOrEqual(1);
	expect((await newestFlagged(moderator)).find((i) => i.id === id)).toMatchObject({ moderation_status: 'flagged', author_id: owner.id });
	// The community overview of wp-admin counts the flagged item in the queue.
	const overview = await moderator.op('get_community_overview');
	expect(overview.status, JSON.stringify(overview.body)).toBe(200);
	expect(overview.body.queue.flagged).toBeGreaterThanOrEqual(1);

	const approved = await moderator.op('approve_media', { params: { id } });
	expect(approved.status, JSON.stringify(approved.body)).toBe(200);
	expect(approved.body).toMatchObject({ id, moderation_status: 'approved', previous_status: 'flagged', changed: true });
	expect((await anonymous.op('get_media', { params: { id } })).status).toBe(200);
	expect((await newestFlagged(moderator)).some((i) => i.id === id)).toBe(false);

	const reason = 'Not what the community is for.';
	const rejected = await moderator.op('reject_media', { params: { id }, body: { reason } });
	expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
	expect(rejected.body).toMatchObject({ id, moderation_status: 'rejected', previous_status: 'approved', changed: true, reason });
	expect((await anonymous.op('get_media', { params: { id } })).status).toBe(403);
	expect((await owner.api.op('get_media', { params: { id } })).status).toBe(200);

	// The desk of wp-admin lists the decision in its Rejected view, and undo takes it back.
	const log = await moderator.op('list_moderation_desk', { query: { view: 'rejected', orderby: 'newest' } });
	expect(log.status, JSON.stringify(log.body)).toBe(200);
	expect(log.body.some((item) => item.id === id)).toBe(true);
	const undone = await moderator.op('undo_moderation_decision', { params: { id } });
	expect(undone.body).toMatchObject({ id, moderation_status: 'approved', undone: 'reject' });
	expect((await anonymous.op('get_media', { params: { id } })).status).toBe(200);

	// The desk's Comments tab: two links hold a comment (WordPress's comment_max_links); a moderator approves it.
	const held = await owner.api.op('create_media_comment', { params: { id }, body: { content: 'See https://a.example and https://b.example', parent: 0 } });
	expect(held.status, JSON.stringify(held.body)).toBe(201);
	const waiting = await moderator.op('list_held_comments', { query: { status: 'held' } });
	expect(Number(waiting.headers['x-wp-total'])).toBeGreaterThanOrEqual(1);
	const published = await moderator.op('moderate_comment', { params: { comment_id: held.body.id }, body: { action: 'approve' } });
	expect(published.body).toMatchObject({ id: held.body.id, status: 'approved', changed: true });
	// The Members tab: a moderator warns the owner, who is told.
	expect((await moderator.op('list_reported_members')).status).toBe(200);
	// The desk's uploader filter finds the owner by ID.
	expect((await moderator.op('search_desk_members', { query: { search: `#${owner.id}` } })).body.map((m) => m.id)).toEqual([owner.id]);
	const warned = await moderator.op('moderate_member', { params: { user_id: owner.id }, body: { action: 'warn', message: 'Smoke: a warning.' } });
	expect(warned.body).toMatchObject({ user_id: owner.id, action: 'warn', notified: true });

	const usage = await moderator.op('get_ai_usage');
	expect(usage.status).toBe(200);
	expect(usage.body).toMatchObject({ provider: 'local', month: expect.stringMatching(/^\d{4}-\d{2}$/) });
	expect((usage.body as { analyses: number }).analyses).toBeGreaterThanOrEqual(1);
});
