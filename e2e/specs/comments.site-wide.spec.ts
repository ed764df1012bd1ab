/**
 * The comment edit window (setting comment_edit_minutes, default 15): an
 * author edits within it, not after; moderators edit at any time and
 * authors delete at any time. Site-wide: it changes a setting.
 */
import { expect, test, upload, type Api } from '../support/mvs';
import { token } from '../support/moderation';

async function saveSettings(admin: Api, settings: Record<string, unknown>) {
	const res = await admin.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: settings } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body.mvs_settings as Record<string, unknown>;
}

test.afterAll(async ({ api }) => {
	await saveSettings(api('admin'), { comment_edit_minutes: 15 });
});

test('the edit window: 15 minutes by default; after it the author gets 403 mvs_edit_window_closed, moderators still edit', async ({ api }) => {
	const settings = (await api('admin').op('get_settings')).body as unknown as { values: Record<string, unknown>; fields: { key: string; section: string; type: string; minimum: number | null }[] };
	expect(settings.fields.find((f) => f.key === 'comment_edit_minutes')).toMatchObject({ section: 'comments', type: 'integer', minimum: 0 });
	expect(settings.values.comment_edit_minutes).toBe(15);

	const item = (await upload(api('member'), { title: token(), privacy: 'public' })).id;
	const res = await api('member2').op('create_media_comment', { params: { id: item }, body: { content: 'typo' } });
	const id = (res.body as { id: number }).id;
	expect((await api('member2').op('update_media_comment', { params: { id: item, comment_id: id }, body: { content: 'fixed' } })).status).toBe(200);

	await saveSettings(api('admin'), { comment_edit_minutes: 0 });
	const late = await api('member2').op('update_media_comment', { params: { id: item, comment_id: id }, body: { content: 'too late' } });
	expect(late.status).toBe(403);
	expect(late.body.code).toBe('mvs_edit_window_closed');
	const listed = await api('member2').op('list_media_comments', { params: { id: item } });
	expect((listed.body as unknown as { can_edit: boolean; can_delete: boolean }[])[0]).toMatchObject({ can_edit: false, can_delete: true });
	expect((await api('moderator').op('update_media_comment', { params: { id: item, comment_id: id }, body: { content: 'moderated' } })).status).toBe(200);
	expect((await api('member2').op('delete_media_comment', { params: { id: item, comment_id: id } })).status).toBe(200);

	expect((await saveSettings(api('admin'), { comment_edit_minutes: 15 })).comment_edit_minutes).toBe(15);
});
