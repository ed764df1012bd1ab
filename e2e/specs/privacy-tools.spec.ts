/**
 * WordPress's privacy tools (Tools → Export and Erase Personal Data): the
 * plugin's exporter and eraser, driven through the harness as WordPress's
 * wp_ajax handlers drive them. Both read the erasure plan
 * (docs/account-erasure.md, "WordPress's privacy tools"). Native only.
 */
import { erasureRows, naming, storedFiles } from '../support/erasure';
import { freshUser, type FreshUser } from '../support/moderation';
import { expect, test, upload, type Api } from '../support/mvs';
import { fetchFile } from '../support/serve';

interface ExportItem {
	group_id: string;
	group_label: string;
	item_id: string;
	data: { name: string; value: string }[];
}
interface ErasePage {
	items_removed: boolean;
	items_retained: boolean;
	messages: string[];
	done: boolean;
}

async function privacyTool<T>(admin: Api, tool: 'exporter' | 'eraser', email: string): Promise<T[]> {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/privacy-tools', { json: { tool, email } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return (res.body as { pages: T[] }).pages;
}

async function emailOf(admin: Api, id: number): Promise<string> {
	const res = await admin.raw('GET', `/wp-json/wp/v2/users/${id}`, { query: { context: 'edit' } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body.email as string;
}

/** An item's fields by name. */
const fields = (item: ExportItem) => Object.fromEntries(item.data.map((d) => [d.name, d.value]));

test('the export holds a member\'s media (with file URLs), comments, follows, messages and Pro credits; erasure keeps the WordPress user and leaves no row or file of theirs', async ({ api, request }) => {
	const admin = api('admin');
	const [member, other, bystander] = await Promise.all([freshUser(admin), freshUser(admin), freshUser(admin)]);
	const members: FreshUser[] = [member, other, bystander];
	try {
		const ok = (res: { status: number; body: unknown }, what: string) => expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
		const item = (await upload(member.api, { privacy: 'public' })).id;
		const theirs = (await upload(other.api, { privacy: 'public' })).id;
		const kept = (await upload(bystander.api, { privacy: 'public' })).id;
		ok(await member.api.op('create_media_comment', { params: { id: theirs }, body: { content: 'an exported comment' } }), 'comment');
		ok(await member.api.op('follow_user', { params: { id: other.id } }), 'follow');
		ok(await other.api.op('follow_user', { params: { id: member.id } }), 'followed');
		const conversation = await member.api.op('create_conversation', { body: { recipient_id: other.id } });
		ok(conversation, 'conversation');
		ok(await member.api.op('send_message', { params: { id: conversation.body.id }, body: { content: 'an exported message' } }), 'message');
		// Pro's tables join through the same plan (mvs_account_erasure_plan).
		ok(await admin.op('adjust_user_credits', { params: { user_id: member.id }, body: { credit_type: 'image', amount: 2 } }), 'credits');
		ok(await bystander.api.op('create_media_comment', { params: { id: theirs }, body: { content: 'stays' } }), 'bystander comment');
		ok(await bystander.api.op('follow_user', { params: { id: other.id } }), 'bystander follow');
		const bystanderRows = naming(await erasureRows(admin, bystander.id));
		const itemFiles = Object.keys(await storedFiles(admin, { media_id: item }));
		const keptFiles = Object.keys(await storedFiles(admin, { media_id: kept }));
		const email = await emailOf(admin, member.id);

		// The export: one group per plan table, with readable labels; their rows only.
		const pages = await privacyTool<{ data: ExportItem[]; done: boolean }>(admin, 'exporter', email);
		expect(pages.map((p) => p.done)).toEqual([...pages.slice(1).map(() => false), true]);
		const items = pages.flatMap((p) => p.data);
		const group = (id: string) => items.filter((i) => i.group_id === id);
		const media = group('mvs_media');
		expect(media.map((i) => [i.group_label, fields(i).id])).toEqual([['Media', String(item)]]);
		const file = await fetchFile(request, fields(media[0]!).File!);
		expect(file.status).toBe(200);
		expect(group('mvs_comments').map((i) => [i.group_label, fields(i).content])).toEqual([['Comments', 'an exported comment']]);
		expect(group('mvs_follows').map((i) => [fields(i).follower_id, fields(i).followed_id]).sort()).toEqual([[String(member.id), String(other.id)], [String(other.id), String(member.id)]].sort());
		expect(group('mvs_messages').map((i) => [i.group_label, fields(i).content])).toEqual([['Messages', 'an exported message']]);
		expect(group('mvs_credit_log').map((i) => [i.group_label, fields(i).user_id])).toContainEqual(['Credit log', String(member.id)]);
		// Rows naming them that are other members' (the other's notification of their comment) are not theirs to read.
		expect(group('mvs_notifications').every((i) => fields(i).user_id === String(member.id))).toBe(true);
		expect(naming(await erasureRows(admin, member.id))).toHaveProperty(['mvs_notifications.actor_id']);

		// The erasure: the account stays, the plugin's rows and files of the member go.
		const erased = await privacyTool<ErasePage>(admin, 'eraser', email);
		expect(erased.at(-1)).toEqual({ items_removed: true, items_retained: false, messages: [], done: true });
		expect((await admin.raw('GET', `/wp-json/wp/v2/users/${member.id}`)).status).toBe(200);
		expect(naming(await erasureRows(admin, member.id))).toEqual({});
		expect(Object.values(await storedFiles(admin, { keys: itemFiles })).filter((f) => f.exists)).toEqual([]);
		// Another member's rows and files are untouched; a second erasure finds nothing.
		expect(naming(await erasureRows(admin, bystander.id))).toEqual(bystanderRows);
		expect(Object.values(await storedFiles(admin, { keys: keptFiles })).every((f) => f.exists)).toBe(true);
		expect(await privacyTool<ErasePage>(admin, 'eraser', email)).toEqual([{ items_removed: false, items_retained: false, messages: [], done: true }]);
		expect((await privacyTool<{ data: ExportItem[]; done: boolean }>(admin, 'exporter', email)).flatMap((p) => p.data)).toEqual([]);
	} finally {
		await Promise.all(members.map((m) => m.api.dispose()));
	}
});

/** Runs `count` calls of `make`, `width` at a time (a member's many rows without a request storm). */
async function inWaves<T>(count: number, width: number, make: (i: number) => Promise<T>): Promise<T[]> {
	const out: T[] = [];
	for (let start = 0; start < count; start += width) {
		out.push(...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, k) => make(start + k)))));
	}
	return out;
}

test('paging: more rows than a page holds are exported once each and erased across pages, with other members\' totals exact', async ({ api }) => {
	const admin = api('admin');
	const [member, other] = await Promise.all([freshUser(admin), freshUser(admin)]);
	try {
		// 60 media items (the eraser deletes 50 a page) and 105 comments (the exporter reads 100 rows a page)
		// on another member's item, which a bystander comment keeps a count of its own on.
		const target = (await upload(other.api, { privacy: 'public' })).id;
		expect((await other.api.op('create_media_comment', { params: { id: target }, body: { content: 'stays' } })).status).toBe(201);
		const media = (await inWaves(60, 6, () => upload(member.api, { privacy: 'public' }))).map((m) => m.id);
		await inWaves(105, 8, async (i) => {
			const res = await member.api.op('create_media_comment', { params: { id: target }, body: { content: `paged comment ${i}` } });
			expect(res.status, JSON.stringify(res.body)).toBe(201);
		});
		const comments = async () => ((await other.api.op('get_media', { params: { id: target } })).body as { comments_count: number }).comments_count;
		expect(await comments()).toBe(106);
		const email = await emailOf(admin, member.id);

		// The export: every page but the last says not done; no row twice, none missing.
		const pages = await privacyTool<{ data: ExportItem[]; done: boolean }>(admin, 'exporter', email);
		expect(pages.map((p) => p.done)).toEqual([...pages.slice(1).map(() => false), true]);
		const items = pages.flatMap((p) => p.data);
		expect(new Set(items.map((i) => i.item_id)).size).toBe(items.length);
		const group = (id: string) => items.filter((i) => i.group_id === id);
		expect(group('mvs_media').map((i) => Number(fields(i).id)).sort((a, b) => a - b)).toEqual([...media].sort((a, b) => a - b));
		expect(group('mvs_comments').map((i) => fields(i).content).sort()).toEqual(Array.from({ length: 105 }, (_, i) => `paged comment ${i}`).sort());
		// The comments took two pages of their own.
		expect(pages.filter((p) => p.data.some((i) => i.group_id === 'mvs_comments')).map((p) => p.data.length)).toEqual([100, 5]);

		// The erasure: a page per 50 items, each saying what it removed; only the last one is done.
		const sample = [media[0]!, media[49]!, media[50]!, media[59]!];
		const keys = (await Promise.all(sample.map((id) => storedFiles(admin, { media_id: id })))).flatMap((f) => Object.keys(f));
		expect(keys.length).toBeGreaterThanOrEqual(sample.length);
		const erased = await privacyTool<ErasePage>(admin, 'eraser', email);
		expect(erased.length).toBeGreaterThanOrEqual(2);
		expect(erased.slice(0, -1)).toEqual(erased.slice(0, -1).map(() => ({ items_removed: true, items_retained: false, messages: [], done: false })));
		expect(erased.at(-1)).toEqual({ items_removed: true, items_retained: false, messages: [], done: true });
		expect(naming(await erasureRows(admin, member.id))).toEqual({});
		expect(Object.values(await storedFiles(admin, { keys })).filter((f) => f.exists)).toEqual([]);
		expect(await comments()).toBe(1);
		expect((await admin.raw('GET', '/wp-json/mvs-test/v1/media-totals')).body).toEqual({ ready: true, drift: [] });
	} finally {
		await Promise.all([member.api.dispose(), other.api.dispose()]);
	}
});
