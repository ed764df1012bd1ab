/**
 * The demo community of `npm run demo` (tools/demo/seed.ts), seeded at a
 * small scale through the REST API, then read back through the API: the
 * members with their profiles and avatars, their media of every type, the
 * follows, the flagged item in the moderation queue and the conversations.
 * It adds flagged items and reports to the site, so it runs in the
 * `site-wide` project.
 */
import { seed } from '../../tools/demo/seed';
import { baseUrl, connect, expect, test } from '../support/mvs';
import { uniqueName } from '../support/seed';

test('the demo seeding makes a community the API shows', async ({ api, fixtures }) => {
	const suffix = `_${uniqueName('d').slice(2)}`;
	const community = await seed(baseUrl(), fixtures.users.admin, fetch, { members: 4, suffix, concurrency: 4 });
	const anonymous = api('anonymous');
	const admin = api('admin');

	const members = await admin.raw('GET', '/wp-json/wp/v2/users', { query: { search: suffix, per_page: '100', context: 'edit' } });
	expect(members.status).toBe(200);
	expect((members.body as Array<{ roles: string[] }>).map((u) => u.roles)).toEqual(Array(4).fill(['mvs_member']));

	let followers = 0;
	let visible = 0;
	const types = new Set<string>();
	for (const member of community.members) {
		const profile = await anonymous.op('get_user', { params: { id: member.id } });
		expect(profile.status).toBe(200);
		expect(profile.body.display_name).toBe(member.displayName);
		expect(profile.body.description).not.toBe('');
		expect(profile.body.avatar_url).not.toMatch(/gravatar\.com/);
		followers += profile.body.follower_count;
		visible += profile.body.media_count;
		const media = await anonymous.op('list_media', { query: { author: member.id, per_page: 100 } });
		for (const item of media.body.items) types.add(item.media_type);
	}
	expect(followers).toBe(community.follows.length);
	// The flagged item is hidden from the community until a moderator decides.
	expect(visible).toBe(community.media.length - community.flagged.length);
	expect([...types].sort()).toEqual(['audio', 'document', 'image', 'video']);
	expect(community.albums.length).toBeGreaterThan(0);

	const queue = await admin.op('list_moderation_queue', { query: { state: 'flagged', per_page: 100 } });
	expect(queue.body.map((item) => item.id)).toEqual(expect.arrayContaining(community.flagged));

	// Two conversations between members who follow each other, and a message request.
	expect(community.conversations.map((c) => c.request).sort()).toEqual([false, false, true]);
	for (const conversation of community.conversations) {
		const starter = community.members.find((m) => m.id === conversation.starter)!;
		const member = await connect('member', starter);
		const messages = await member.op('list_conversation_messages', { params: { id: conversation.id } });
		await member.dispose();
		expect(messages.body).toHaveLength(conversation.messages);
	}
});
