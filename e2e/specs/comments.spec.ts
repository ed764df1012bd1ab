/**
 * Comments on media items: threaded replies (one level, same item), plain
 * text stored and escaped, length limit, exact comments_count, X-WP-Total,
 * the item's privacy and moderation state, blocks, who may edit and
 * delete, comments reached only through their own item's URL, and the
 * notifications a comment sends (owner, replied-to author, @mentions who
 * may see the item). The edit window setting is in comments.site-wide.spec.ts.
 */
import { expect, test, upload, type Api } from '../support/mvs';
import { freshUser, token, type FreshUser } from '../support/moderation';

test.describe.configure({ mode: 'parallel' });

interface Comment {
	id: number;
	media_id: number;
	parent: number;
	author_id: number;
	author_name: string;
	content: string;
	content_html: string;
	can_edit: boolean;
	can_delete: boolean;
}

async function comment(caller: Api, media: number, content: string, parent = 0) {
	return caller.op('create_media_comment', { params: { id: media }, body: { content, parent } });
}

async function made(caller: Api, media: number, content = `c ${token()}`, parent = 0): Promise<Comment> {
	const res = await comment(caller, media, content, parent);
	expect(res.status, JSON.stringify(res.body)).toBe(201);
	return res.body as unknown as Comment;
}

async function listed(caller: Api, media: number, query: Record<string, number> = {}) {
	const res = await caller.op('list_media_comments', { params: { id: media }, query });
	return { status: res.status, code: (res.body as { code?: string }).code, items: res.body as unknown as Comment[], total: Number(res.headers['x-wp-total']), queries: Number(res.headers['x-mvs-queries']) };
}

async function count(caller: Api, media: number): Promise<number> {
	return (await caller.op('get_media', { params: { id: media } })).body.comments_count;
}

async function notices(user: FreshUser) {
	const res = await user.api.op('list_my_notifications');
	return res.body as unknown as { type: string; actor_id: number; object_id: number; data: { comment_id: number } }[];
}

test('comment, reply and list: typed records oldest first, X-WP-Total, exact comments_count', async ({ api }) => {
	const item = (await upload(api('member'), { title: token(), privacy: 'public' })).id;
	const first = await made(api('member2'), item, 'Lovely light');
	expect(first).toMatchObject({ media_id: item, parent: 0, content: 'Lovely light', can_edit: true, can_delete: true });
	const reply = await made(api('member'), item, 'Thanks!', first.id);
	expect(reply.parent).toBe(first.id);
	const third = await made(api('moderator'), item, 'Nice');
	const page = await listed(api('anonymous'), item);
	expect(page.status).toBe(200);
	expect(page.total).toBe(3);
	expect(page.items.map((c) => c.id)).toEqual([first.id, reply.id, third.id]);
	// A visitor may neither edit nor delete.
	expect(page.items.every((c) => !c.can_edit && !c.can_delete)).toBe(true);
	expect(await count(api('anonymous'), item)).toBe(3);
	const second = await listed(api('member'), item, { per_page: 2, page: 2 });
	expect(second.items.map((c) => c.id)).toEqual([third.id]);
	expect(second.total).toBe(3);
});

test('replies: one level, parent of the same item; bad content and parents → 400', async ({ api }) => {
	const member = api('member');
	const item = (await upload(member, { title: token(), privacy: 'public' })).id;
	const other = (await upload(member, { title: token(), privacy: 'public' })).id;
	const top = await made(member, item);
	const reply = await made(api('member2'), item, 'reply', top.id);
	const otherTop = await made(member, other);
	for (const [parent, why] of [
		[reply.id, 'a reply to a reply'],
		[otherTop.id, 'a parent of another item'],
		[99999999, 'a missing parent'],
	] as const) {
		const res = await comment(member, item, 'x', parent);
		expect(res.status, why).toBe(400);
		expect(res.body.code, why).toBe('mvs_invalid_param');
	}
	const tooLong = await comment(member, item, 'x'.repeat(2001));
	expect(tooLong.status).toBe(400);
	expect(tooLong.body.code).toBe('rest_invalid_param');
	expect((await comment(member, item, 'x'.repeat(2000))).status).toBe(201);
	for (const content of ['', '<b></b>', '   ']) {
		const res = await comment(member, item, content);
		expect(res.status, JSON.stringify(content)).toBe(400);
		expect(['rest_invalid_param', 'mvs_invalid_param']).toContain(res.body.code);
	}
	expect((await member.send({ method: 'POST', path: `/mvs/v1/media/${item}/comments`, query: {}, json: { content: 'x', parent: -1 } })).status).toBe(400);
	expect((await comment(api('anonymous'), item, 'hi')).status).toBe(401);
	expect((await comment(member, 99999999, 'hi')).status).toBe(404);
	expect(await count(member, item)).toBe(3);
});

test('content is stored as plain text and escaped for HTML', async ({ api }) => {
	const item = (await upload(api('member'), { title: token(), privacy: 'public' })).id;
	const c = await made(api('member2'), item, 'Hi <script>alert(1)</script><b>bold</b> & "quotes"\nline two');
	expect(c.content).not.toContain('<');
	expect(c.content).toContain('bold');
	expect(c.content_html).not.toMatch(/<(?!br>)/);
	expect(c.content_html).toContain('&amp;');
	expect(c.content_html).toContain('<br>');
	const again = (await listed(api('anonymous'), item)).items[0]!;
	expect(again.content).toBe(c.content);
});

test('PUT and DELETE reach a comment only through its own item: another item\'s URL is 404 to PUT, nothing to DELETE', async ({ api }) => {
	const member2 = api('member2');
	const mine = (await upload(member2, { title: token(), privacy: 'public' })).id;
	const elsewhere = (await upload(api('member'), { title: token(), privacy: 'public' })).id;
	const c = await made(member2, mine);
	// The permission check itself answers 404: a stranger learns nothing (not a 403 telling the comment exists).
	for (const caller of [member2, api('moderator'), api('member')]) {
		const put = await caller.op('update_media_comment', { params: { id: elsewhere, comment_id: c.id }, body: { content: 'moved?' } });
		expect(put.status, caller.role).toBe(404);
		expect(put.body.code).toBe('mvs_not_found');
		// No such comment under that item: the answer of an absent target (docs/api-conventions.md, "Retry-safe writes").
		const del = await caller.op('delete_media_comment', { params: { id: elsewhere, comment_id: c.id } });
		expect(del.status, caller.role).toBe(200);
		expect(del.body).toEqual({ deleted: false, id: c.id });
	}
	expect((await listed(member2, mine)).items.map((x) => x.content)).toEqual([c.content]);
	expect(await count(member2, mine)).toBe(1);
	expect(await count(member2, elsewhere)).toBe(0);
});

test('who edits and deletes: the author and moderators; deleting a comment deletes its replies', async ({ api }) => {
	const item = (await upload(api('member'), { title: token(), privacy: 'public' })).id;
	const c = await made(api('member2'), item, 'first draft');
	const edited = await api('member2').op('update_media_comment', { params: { id: item, comment_id: c.id }, body: { content: 'second <i>draft</i>' } });
	expect(edited.status).toBe(200);
	expect(edited.body).toMatchObject({ id: c.id, content: 'second draft' });
	// The item's owner is not the comment's author.
	const foreign = await api('member').op('update_media_comment', { params: { id: item, comment_id: c.id }, body: { content: 'hijack' } });
	expect(foreign.status).toBe(403);
	expect((await api('member').op('delete_media_comment', { params: { id: item, comment_id: c.id } })).status).toBe(403);
	const moderated = await api('moderator').op('update_media_comment', { params: { id: item, comment_id: c.id }, body: { content: 'edited by a moderator' } });
	expect(moderated.status).toBe(200);
	expect((await api('member2').op('update_media_comment', { params: { id: item, comment_id: c.id }, body: { content: '' } })).status).toBe(400);

	const r1 = await made(api('member'), item, 'reply 1', c.id);
	await made(api('moderator'), item, 'reply 2', c.id);
	const keep = await made(api('member'), item, 'stays');
	expect(await count(api('member'), item)).toBe(4);
	const gone = await api('member2').op('delete_media_comment', { params: { id: item, comment_id: c.id } });
	expect(gone.status).toBe(200);
	expect(gone.body).toEqual({ deleted: true, id: c.id });
	expect((await listed(api('member'), item)).items.map((x) => x.id)).toEqual([keep.id]);
	expect(await count(api('member'), item)).toBe(1);
	// Gone means gone: again, or a reply of the deleted thread, deletes nothing.
	expect((await api('moderator').op('delete_media_comment', { params: { id: item, comment_id: c.id } })).body).toEqual({ deleted: false, id: c.id });
	expect((await api('moderator').op('delete_media_comment', { params: { id: item, comment_id: r1.id } })).body).toEqual({ deleted: false, id: r1.id });
	const byModerator = await api('moderator').op('delete_media_comment', { params: { id: item, comment_id: keep.id } });
	expect(byModerator.status).toBe(200);
	expect(await count(api('member'), item)).toBe(0);
});

test('privacy: a private item\'s comments are hidden from others; pending or rejected items take comments from their owner only', async ({ api }) => {
	const owner = api('member');
	const secret = (await upload(owner, { title: token(), privacy: 'private' })).id;
	await made(owner, secret, 'note to self');
	for (const role of ['anonymous', 'member2'] as const) {
		const page = await listed(api(role), secret);
		expect(page.status, role).toBe(403);
		expect((await comment(api(role), secret, 'let me in')).status, role).toBeGreaterThanOrEqual(401);
	}
	expect((await listed(owner, secret)).total).toBe(1);

	const rejected = (await upload(owner, { title: token(), privacy: 'public' })).id;
	expect((await api('moderator').op('reject_media', { params: { id: rejected } })).status).toBe(200);
	const byModerator = await comment(api('moderator'), rejected, 'why?');
	expect(byModerator.status).toBe(403);
	expect(byModerator.body.code).toBe('mvs_forbidden');
	expect((await comment(api('member2'), rejected, 'hm')).status).toBe(403);
	expect((await comment(owner, rejected, 'I will fix it')).status).toBe(201);
	expect(await count(owner, rejected)).toBe(1);
});

test('blocks: blocked members cannot comment on each other\'s items and do not see each other\'s comments', async ({ api }) => {
	const a = await freshUser(api('admin'));
	const b = await freshUser(api('admin'));
	try {
		const bItem = (await upload(b.api, { title: token(), privacy: 'public' })).id;
		const shared = (await upload(api('member'), { title: token(), privacy: 'public' })).id;
		const fromA = await made(a.api, shared, 'from a');
		const fromB = await made(b.api, shared, 'from b');
		expect((await b.api.op('block_user', { params: { id: a.id } })).status).toBe(200);
		expect((await comment(a.api, bItem, 'hello')).status).toBeGreaterThanOrEqual(403);
		const seenByB = await listed(b.api, shared);
		expect(seenByB.items.map((c) => c.id)).toEqual([fromB.id]);
		expect(seenByB.total).toBe(1);
		const seenByA = await listed(a.api, shared);
		expect(seenByA.items.map((c) => c.id)).toEqual([fromA.id]);
		expect((await listed(api('member'), shared)).total).toBe(2);
		// A reply by a to b's comment notifies nobody: b blocked a.
		await made(a.api, shared, 'replying anyway', fromB.id);
		expect((await notices(b)).filter((n) => n.type === 'comment_reply')).toEqual([]);
	} finally {
		await a.api.dispose();
		await b.api.dispose();
	}
});

test('notifications: the owner, the replied-to author and @mentioned members who may see the item, once each', async ({ api }) => {
	const owner = await freshUser(api('admin'));
	const talker = await freshUser(api('admin'));
	const fan = await freshUser(api('admin'));
	try {
		const item = (await upload(owner.api, { title: token(), privacy: 'public' })).id;
		const top = await made(talker.api, item, 'First!');
		expect((await notices(owner)).map((n) => [n.type, n.object_id, n.data.comment_id])).toEqual([['media_comment', item, top.id]]);
		// fan replies to talker and mentions the owner (already told as owner) and talker (already told as the replied-to author).
		const reply = await made(fan.api, item, `@${talker.login} agreed, @${owner.login} great`, top.id);
		expect((await notices(talker)).map((n) => [n.type, n.data.comment_id])).toEqual([['comment_reply', reply.id]]);
		// The second comment folds into the owner's unread notice of the item, which now names it.
		expect((await notices(owner)).map((n) => [n.type, n.data.comment_id])).toEqual([['media_comment', reply.id]]);
		// A mention on its own; the author mentioning themself notifies nobody.
		await made(owner.api, item, `Thanks @${fan.login}. And @${owner.login}`);
		expect((await notices(fan)).map((n) => n.type)).toEqual(['mention']);
		expect((await notices(owner)).length).toBe(1);

		// A member who may not see the item is not told they were mentioned.
		const secret = (await upload(owner.api, { title: token(), privacy: 'private' })).id;
		await made(owner.api, secret, `@${fan.login} look`);
		expect((await notices(fan)).length).toBe(1);
		// Editing a comment to add a mention notifies nobody.
		const quiet = await made(talker.api, item, 'quiet');
		await talker.api.op('update_media_comment', { params: { id: item, comment_id: quiet.id }, body: { content: `@${fan.login} now` } });
		expect((await notices(fan)).length).toBe(1);
	} finally {
		await owner.api.dispose();
		await talker.api.dispose();
		await fan.api.dispose();
	}
});

test('a comment page costs the same number of queries whatever per_page', async ({ api }) => {
	const item = (await upload(api('member'), { title: token(), privacy: 'public' })).id;
	for (let i = 0; i < 3; i++) await made(i % 2 ? api('member2') : api('moderator'), item);
	for (const role of ['anonymous', 'member2'] as const) {
		const costs: number[] = [];
		for (const perPage of [1, 3, 100]) {
			const page = await listed(api(role), item, { per_page: perPage });
			expect(page.items.length).toBe(Math.min(perPage, 3));
			costs.push(page.queries);
		}
		expect(new Set(costs).size, `${role} per_page 1/3/100: ${costs.join('/')}`).toBe(1);
	}
});
