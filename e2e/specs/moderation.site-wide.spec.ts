/**
 * Moderation behaviour that depends on site-wide settings, and exact queue
 * counts (this spec runs alone, so nothing else moves them): holding uploads
 * (for everyone or per role), pending items' visibility to each role, and the
 * report threshold setting.
 */
import type { ModerationCounts } from '../../client/src/client';
import { expect, test, upload, type Api } from '../support/mvs';
import { freshUser, saveSettings, token, trail } from '../support/moderation';

test.describe.configure({ mode: 'serial' });

const DEFAULTS = { moderation_hold: false, moderation_hold_roles: [], report_threshold: 3 };

test.afterAll(async ({ api }) => {
	await saveSettings(api('admin'), DEFAULTS);
});

async function counts(api: Api): Promise<ModerationCounts> {
	const res = await api.op('get_moderation_counts');
	expect(res.status).toBe(200);
	return res.body;
}

test('held uploads are pending: hidden from every other role on get, lists, search and totals, counted and queued until approved', async ({ api, fixtures }) => {
	await saveSettings(api('admin'), { moderation_hold: true, moderation_hold_roles: [] });
	const start = await counts(api('moderator'));
	const title = token();
	const { id } = await upload(api('member'), { title });

	const now = await counts(api('moderator'));
	expect(now.pending).toBe(start.pending! + 1);
	expect(now.queue).toBe(start.queue! + 1);

	for (const role of ['anonymous', 'subscriber', 'member2'] as const) {
		expect((await api(role).op('get_media', { params: { id } })).status, role).toBe(403);
		for (const scope of ['public', 'all'] as const) {
			const list = await api(role).op('list_media', { query: { s: title, scope } });
			expect(list.body.items, `${role} ${scope}`).toEqual([]);
			expect(list.body.total, `${role} ${scope}`).toBe(0);
			expect(list.headers['x-wp-total'], `${role} ${scope}`).toBe('0');
		}
		// Not by author filter either.
		const byAuthor = await api(role).op('list_media', { query: { author: fixtures.users.member.id, s: title } });
		expect(byAuthor.body.total, role).toBe(0);
	}
	const mine = await api('member').op('list_my_media', { query: { s: title } });
	expect(mine.body.items.map((i) => i.id)).toEqual([id]);
	expect((await api('member').op('get_media', { params: { id } })).status).toBe(200);
	for (const role of ['moderator', 'admin'] as const) {
		const list = await api(role).op('list_media', { query: { s: title, scope: 'all' } });
		expect(list.body.items.map((i) => i.id), role).toEqual([id]);
	}
	// Oldest first: the newest pending item is on the last page (other specs may leave many pending rows).
	const first = await api('moderator').op('list_moderation_queue', { query: { state: 'pending', per_page: 100 } });
	expect(Number(first.headers['x-wp-total'])).toBe(now.pending);
	const last = Number(first.headers['x-wp-totalpages']);
	const pending = await api('moderator').op('list_moderation_queue', { query: { state: 'pending', per_page: 100, page: last } });
	const entry = (pending.body as unknown as { id: number; moderation_status: string; open_reports: number }[]).find((i) => i.id === id);
	expect(entry).toMatchObject({ moderation_status: 'pending', open_reports: 0 });

	const approved = await api('moderator').op('approve_media', { params: { id } });
	expect(approved.body).toMatchObject({ moderation_status: 'approved', previous_status: 'pending', changed: true });
	const after = await counts(api('moderator'));
	expect(after.pending).toBe(start.pending);
	expect(after.approved).toBe(now.approved! + 1);
	const visible = await api('anonymous').op('list_media', { query: { s: title } });
	expect(visible.body.items.map((i) => i.id)).toEqual([id]);
	expect((await trail(api('admin'), id, fixtures.users.member.id)).log.map((r) => r.action)).toEqual(['approve']);
	await saveSettings(api('admin'), DEFAULTS);
});

test('a pending item that gets rejected stays hidden, and counts move from pending to rejected', async ({ api }) => {
	await saveSettings(api('admin'), { moderation_hold: true });
	const title = token();
	const { id } = await upload(api('member2'), { title });
	const before = await counts(api('moderator'));
	const res = await api('moderator').op('reject_media', { params: { id } });
	expect(res.status).toBe(200);
	expect(res.body).toMatchObject({ moderation_status: 'rejected', previous_status: 'pending', reason: null });
	const after = await counts(api('moderator'));
	expect(after.pending).toBe(before.pending! - 1);
	expect(after.rejected).toBe(before.rejected! + 1);
	expect((await api('member').op('get_media', { params: { id } })).status).toBe(403);
	expect((await api('member2').op('get_media', { params: { id } })).status).toBe(200);
	await saveSettings(api('admin'), DEFAULTS);
});

test('moderation_hold_roles holds only uploaders with one of those roles; moderators are never held', async ({ api }) => {
	// Hold authors only: a community member's upload goes straight through.
	await saveSettings(api('admin'), { moderation_hold: true, moderation_hold_roles: ['author'] });
	const title = token();
	const member = await upload(api('member'), { title: `${title} a` });
	expect((await api('anonymous').op('get_media', { params: { id: member.id } })).status).toBe(200);
	// Hold community members: now it is pending.
	await saveSettings(api('admin'), { moderation_hold_roles: ['mvs_member'] });
	const held = await upload(api('member'), { title: `${title} b` });
	expect((await api('anonymous').op('get_media', { params: { id: held.id } })).status).toBe(403);
	const moderator = await upload(api('moderator'), { title: `${title} c` });
	expect((await api('anonymous').op('get_media', { params: { id: moderator.id } })).status).toBe(200);
	// Invalid role slugs are refused by the settings schema.
	const bad = await api('admin').raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: { moderation_hold_roles: ['Not A Role!'] } } });
	expect(bad.status).toBe(400);
	await saveSettings(api('admin'), DEFAULTS);
});

test('report_threshold decides how many open reports flag an item', async ({ api }) => {
	await saveSettings(api('admin'), { report_threshold: 1 });
	const before = await counts(api('moderator'));
	const { id } = await upload(api('member'), { title: token() });
	const res = await api('member2').op('report_media', { params: { id }, body: { reason: 'copyright' } });
	expect(res.status).toBe(200);
	expect((await api('anonymous').op('get_media', { params: { id } })).status).toBe(403);
	const after = await counts(api('moderator'));
	expect(after.flagged).toBe(before.flagged! + 1);
	expect(after.open_reports).toBe(before.open_reports! + 1);

	await saveSettings(api('admin'), { report_threshold: 2 });
	const second = await upload(api('member'), { title: token() });
	expect((await api('member2').op('report_media', { params: { id: second.id }, body: { reason: 'spam' } })).status).toBe(200);
	expect((await api('anonymous').op('get_media', { params: { id: second.id } })).status).toBe(200);
	expect((await api('subscriber').op('report_media', { params: { id: second.id }, body: { reason: 'spam' } })).status).toBe(200);
	expect((await api('anonymous').op('get_media', { params: { id: second.id } })).status).toBe(403);

	// open_reports counts reported items, as the desk's Reported view lists them: a
	// second report on an item and a reported member add nothing (docs/moderation.md).
	const target = await freshUser(api('admin'));
	await target.api.dispose();
	expect((await api('member2').op('report_user', { params: { id: target.id }, body: { reason: 'spam' } })).status).toBe(200);
	const reported = await counts(api('moderator'));
	expect(reported.open_reports).toBe(after.open_reports! + 1);
	const view = await api('moderator').op('list_moderation_desk', { query: { view: 'reported', per_page: 1 } });
	expect(Number(view.headers['x-wp-total'])).toBe(reported.open_reports);
	expect((await api('moderator').op('moderate_member', { params: { user_id: target.id }, body: { action: 'dismiss' } })).status).toBe(200);

	// Rejecting closes the open reports.
	await api('moderator').op('reject_media', { params: { id: second.id }, body: { reason: 'Copied work' } });
	const final = await counts(api('moderator'));
	expect(final.open_reports).toBe(after.open_reports!);
	await saveSettings(api('admin'), DEFAULTS);
});
