/**
 * The daily trim of the following feeds' inboxes (MVS_Activity_Inbox_Trim,
 * docs/background-jobs.md): each member keeps the newest rows of their
 * window, the rows no list reaches are deleted, and the feed shows the same
 * newest events afterwards. The job walks every member's inbox, so it runs
 * in the site-wide project, alone; the window is lowered for its run.
 */
import { expect, test, upload } from '../support/mvs';
import { freshUser } from '../support/moderation';

test('the inbox trim keeps each member\'s newest window of rows, and the feed still shows the newest events', async ({ api }) => {
	const admin = api('admin');
	const [author, reader, quiet] = await Promise.all([freshUser(admin), freshUser(admin), freshUser(admin)]);
	try {
		expect((await reader.api.op('follow_user', { params: { id: author.id } })).status).toBe(200);
		expect((await quiet.api.op('follow_user', { params: { id: author.id } })).status).toBe(200);
		const items = [];
		for (let i = 0; i < 4; i++) items.push(await upload(author.api));
		const feedIds = async () => {
			const res = await reader.api.op('get_feed', { query: { scope: 'following' } });
			expect(res.status).toBe(200);
			return { ids: (res.body as { media?: { id: number } }[]).map((e) => e.media?.id), total: res.headers['x-wp-total'] };
		};
		expect(await feedIds()).toEqual({ ids: items.map((i) => i.id).reverse(), total: '4' });
		// quiet unfollows: their rows stay in the inbox (the window counts rows, not follows), so they are trimmed too.
		expect((await quiet.api.op('unfollow_user', { params: { id: author.id } })).status).toBe(200);

		const trim = await admin.raw('POST', '/wp-json/mvs-test/v1/activity-inbox/trim', { json: { window: 3, users: [reader.id, quiet.id, author.id] } });
		expect(trim.status, JSON.stringify(trim.body)).toBe(200);
		expect(trim.body).toEqual({ before: { [reader.id]: 4, [quiet.id]: 4, [author.id]: 0 }, after: { [reader.id]: 3, [quiet.id]: 3, [author.id]: 0 } });
		// The three newest stay, the oldest is past every list now.
		expect(await feedIds()).toEqual({ ids: items.slice(1).map((i) => i.id).reverse(), total: '3' });
		// A second run has nothing left to do.
		const again = await admin.raw('POST', '/wp-json/mvs-test/v1/activity-inbox/trim', { json: { window: 3, users: [reader.id] } });
		expect(again.body).toEqual({ before: { [reader.id]: 3 }, after: { [reader.id]: 3 } });
	} finally {
		for (const user of [author, reader, quiet]) await user.api.dispose();
	}
});
