/**
 * Deleting one's own account (docs/account-erasure.md, "Deleting one's own
 * account"): DELETE /me records a request after the confirmation and the
 * password, GET /me/deletion shows it, DELETE /me/deletion cancels it until
 * the deletion job has begun; the job deletes in runs that resume, and a
 * member who used every feature leaves no row, no file and no wrong total.
 * Also the usage ledger, GET /me/transactions.
 */
import { erasureRows, naming, storedFiles } from '../support/erasure';
import { freshUser, type FreshUser } from '../support/moderation';
import { expect, files, test, upload, type Api } from '../support/mvs';
import { createAlbum, createCollection } from '../support/seed';

/** The harness runs deletions now: the cron hook, or one member's request cut short after `items` media. */
async function runDeletions(admin: Api, body: { user_id?: number; items?: number } = {}) {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/account-deletions/run', { json: body });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as { finished: boolean | null; user_exists: boolean | null; media_left: number | null };
}

const askDeletion = (member: FreshUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
	member.api.withHeaders(headers).op('delete_my_account', { body: body as never });

test('DELETE /me needs the literal confirmation and the password; repeats answer the pending request; cancelling restores, idempotently', async ({ api }) => {
	const member = await freshUser(api('admin'));
	try {
		expect((await member.api.op('get_my_deletion_request')).body).toEqual({ status: 'none', requested_at: null, scheduled_at: null });
		expect((await askDeletion(member, { confirm: 'delete', password: member.password })).status).toBe(400);
		for (const body of [{ confirm: 'DELETE' }, { confirm: 'DELETE', password: `${member.password}x` }]) {
			const refused = await askDeletion(member, body);
			expect([refused.status, refused.body.code]).toEqual([403, 'mvs_incorrect_password']);
		}
		expect((await member.api.op('get_my_deletion_request')).body.status).toBe('none');

		const asked = await askDeletion(member, { confirm: 'DELETE', password: member.password });
		expect(asked.status, JSON.stringify(asked.body)).toBe(200);
		expect(asked.body.status).toBe('pending');
		// The default grace period: 30 days.
		expect(Date.parse(asked.body.scheduled_at!) - Date.parse(asked.body.requested_at!)).toBe(30 * 86400_000);
		// A repeat (a double tap, a retry) answers the same request, schedule unchanged.
		expect((await askDeletion(member, { confirm: 'DELETE', password: member.password }, { 'X-MVS-Test-Deletion-Grace': '0' })).body).toEqual(asked.body);
		expect((await member.api.op('get_my_deletion_request')).body).toEqual(asked.body);

		for (let i = 0; i < 2; i++) {
			const cancelled = await member.api.op('cancel_my_deletion_request');
			expect([cancelled.status, cancelled.body.status]).toEqual([200, 'none']);
		}
		expect((await member.api.op('get_my_deletion_request')).body.status).toBe('none');
		// With the password check filtered off, the confirmation alone will do.
		expect((await askDeletion(member, { confirm: 'DELETE' }, { 'X-MVS-Test-Deletion-Password': '0' })).body.status).toBe('pending');
		expect((await member.api.op('cancel_my_deletion_request')).body.status).toBe('none');
	} finally {
		await member.api.dispose();
	}
	const admin = await api('admin').op('delete_my_account', { body: { confirm: 'DELETE', password: 'whatever' } });
	expect([admin.status, admin.body.code]).toEqual([403, 'mvs_forbidden']);
});

test('a deletion cut short resumes where it stopped, and cannot be cancelled once begun', async ({ api }) => {
	const admin = api('admin');
	const member = await freshUser(admin);
	try {
		await upload(member.api);
		await upload(member.api);
		expect((await askDeletion(member, { confirm: 'DELETE', password: member.password })).body.status).toBe('pending');
		// The first run stops after one item, as a run out of time would.
		expect(await runDeletions(admin, { user_id: member.id, items: 1 })).toEqual({ finished: false, user_exists: true, media_left: 1 });
		expect((await member.api.op('get_my_deletion_request')).body.status).toBe('executing');
		const late = await member.api.op('cancel_my_deletion_request');
		expect([late.status, late.body.code]).toEqual([409, 'mvs_deletion_in_progress']);
	} finally {
		await member.api.dispose();
	}
	expect(await runDeletions(admin, { user_id: member.id, items: 1 })).toEqual({ finished: true, user_exists: false, media_left: 0 });
	expect(naming(await erasureRows(admin, member.id))).toEqual({});
});

test('a member who used every feature is deleted by the job: no row, no file of theirs is left, and every total is still exact', async ({ api, fixtures }) => {
	const admin = api('admin');
	const other = await freshUser(admin);
	const leaver = await freshUser(admin);
	const theirs = (await upload(other.api, { title: 'engaged with by a member who leaves' })).id;
	const otherProfile = async () => (await other.api.op('get_user', { params: { id: other.id } })).body as { follower_count: number };
	const counts = async () => (await other.api.op('get_media', { params: { id: theirs } })).body as { reactions_count: number; comments_count: number };
	let keys: string[] = [];
	try {
		const ok = (res: { status: number; body: unknown }, what: string) => expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
		const album = await createAlbum(leaver.api, { privacy: 'public' });
		const item = (await upload(leaver.api, { album_id: album })).id;
		const collection = await createCollection(leaver.api);
		ok(await leaver.api.op('add_media_favorite', { params: { id: theirs }, body: { collection_id: collection } }), 'favorite');
		ok(await leaver.api.op('set_media_reaction', { params: { id: theirs }, body: { reaction_type: 'like' } as never }), 'reaction');
		ok(await leaver.api.op('create_media_comment', { params: { id: theirs }, body: { content: 'bye' } }), 'comment');
		ok(await other.api.op('create_media_comment', { params: { id: item }, body: { content: 'notifies the leaver' } }), 'comment on theirs');
		ok(await leaver.api.op('follow_user', { params: { id: other.id } }), 'follow');
		ok(await other.api.op('follow_user', { params: { id: leaver.id } }), 'followed');
		ok(await leaver.api.op('report_media', { params: { id: theirs }, body: { reason: 'spam' } }), 'report');
		ok(await leaver.api.op('block_user', { params: { id: fixtures.users.member2.id } }), 'block');
		ok(await leaver.api.op('replace_access_rules', { params: { media_id: item }, body: { rules: [{ rule_type: 'members' }] } as never }), 'rule');
		ok(await leaver.api.op('grant_media_access', { params: { media_id: item }, body: { user_id: other.id } as never }), 'grant given');
		ok(await other.api.op('grant_media_access', { params: { media_id: theirs }, body: { user_id: leaver.id } as never }), 'grant received');
		const conversation = await leaver.api.op('create_conversation', { body: { recipient_id: other.id } });
		ok(conversation, 'conversation');
		ok(await leaver.api.op('send_message', { params: { id: conversation.body.id }, body: { content: 'hello' } }), 'message');
		const attachment = await leaver.api.op('upload_message_attachment', { body: { file: files.uniquePng() } });
		ok(attachment, 'attachment');
		ok(await leaver.api.op('send_message', { params: { id: conversation.body.id }, body: { attachment_id: attachment.body.media_id } as never }), 'attachment message');
		ok(await admin.op('adjust_user_credits', { params: { user_id: leaver.id }, body: { credit_type: 'image', amount: 2 } }), 'credits');
		expect(await otherProfile()).toMatchObject({ follower_count: 1 });
		expect(await counts()).toMatchObject({ reactions_count: 1, comments_count: 1 });
		const used = Object.keys(naming(await erasureRows(admin, leaver.id)));
		expect(used).toEqual(
			expect.arrayContaining(['mvs_media.author_id', 'mvs_albums.author_id', 'mvs_collections.author_id', 'mvs_favorites.user_id', 'mvs_reactions.user_id', 'mvs_comments.user_id', 'mvs_follows.follower_id', 'mvs_follows.followed_id', 'mvs_activity.user_id', 'mvs_blocks.blocker_id', 'mvs_reports.reporter_id', 'mvs_notifications.user_id', 'mvs_messages.sender_id', 'mvs_message_attachments.user_id', 'mvs_access_grants.user_id', 'mvs_credit_log.user_id']),
		);
		keys = Object.keys(await storedFiles(admin, { media_id: item }));
		expect(keys.length).toBeGreaterThan(0);
		const attached = Object.keys(await storedFiles(admin, { attachment_id: attachment.body.media_id }));
		expect(attached).toHaveLength(1);
		keys.push(...attached);

		// Grace period 0: due at once, carried out by the job's next run.
		const asked = await askDeletion(leaver, { confirm: 'DELETE', password: leaver.password }, { 'X-MVS-Test-Deletion-Grace': '0' });
		expect(asked.body.scheduled_at).toBe(asked.body.requested_at);
	} finally {
		await leaver.api.dispose();
	}
	await runDeletions(admin);
	expect((await admin.raw('GET', `/wp-json/wp/v2/users/${leaver.id}`)).status).toBe(404);
	expect(naming(await erasureRows(admin, leaver.id))).toEqual({});
	expect(Object.values(await storedFiles(admin, { keys })).filter((f) => f.exists)).toEqual([]);
	// Totals others see, through the code that keeps them on every write.
	expect(await otherProfile()).toMatchObject({ follower_count: 0 });
	expect(await counts()).toMatchObject({ reactions_count: 0, comments_count: 0 });
	expect((await admin.raw('GET', '/wp-json/mvs-test/v1/media-totals')).body).toEqual({ ready: true, drift: [] });
	await other.api.dispose();
});

test('GET /me/transactions: the credit log of Pro, newest first, paginated with X-WP-Total in a constant number of queries', async ({ api }) => {
	const admin = api('admin');
	const member = await freshUser(admin);
	try {
		const page = (query: { page?: number; per_page?: number }) => member.api.op('list_my_transactions', { query });
		const empty = await page({});
		expect([empty.status, empty.body, empty.headers['x-wp-total']]).toEqual([200, [], '0']);
		expect((await admin.op('adjust_user_credits', { params: { user_id: member.id }, body: { credit_type: 'video', amount: 3, note: 'welcome' } })).status).toBe(200);
		expect((await admin.op('adjust_user_credits', { params: { user_id: member.id }, body: { credit_type: 'video', amount: -1 } })).status).toBe(200);
		const all = await page({ per_page: 20 });
		expect(all.headers['x-wp-total']).toBe('2');
		expect(all.body).toEqual([
			expect.objectContaining({ entry_type: 'consumed', amount: -1, credit_type: 'video', note: '' }),
			expect.objectContaining({ entry_type: 'granted', amount: 3, credit_type: 'video', note: 'welcome' }),
		]);
		const second = await page({ per_page: 1, page: 2 });
		expect([second.body.length, second.body[0]!.amount, second.headers['x-wp-total'], second.headers['x-wp-totalpages']]).toEqual([1, 3, '2', '2']);
		expect(second.headers['x-mvs-queries']).toBe(all.headers['x-mvs-queries']);
	} finally {
		await member.api.dispose();
	}
});
