/**
 * Smoke journey of the profile area (4 routes), for the Playground tier: a
 * member edits their profile, uploads an avatar (GD on PHP WebAssembly makes
 * the squares), sees it served, and removes it. The edge cases are in
 * profile.spec.ts.
 */
import { imageStructure } from '../../support/media-files';
import { files } from '../../support/mvs';
import { expect, test } from '../../support/smoke';

test('a member edits their profile, uploads an avatar and removes it, every route once', async ({ members }) => {
	const [member] = await members(1);
	const me = member.api;
	const start = await me.op('get_my_profile');
	expect(start.status).toBe(200);
	expect(start.body).toMatchObject({ id: member.id, avatar: { custom: false } });

	const edited = await me.op('update_my_profile', { body: { display_name: 'Smoke & Mirrors', description: '<b>Hello</b>\nthere' } });
	expect(edited.status, JSON.stringify(edited.body)).toBe(200);
	expect(edited.body).toMatchObject({ display_name: 'Smoke & Mirrors', description: 'Hello\nthere', first_name: start.body.first_name });

	const uploaded = await me.op('upload_my_avatar', { body: { file: files.image(80, 40, 'me.png') } });
	expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
	expect(uploaded.body.custom).toBe(true);
	const file = await fetch(uploaded.body.urls['192']);
	expect(file.status).toBe(200);
	expect(imageStructure(Buffer.from(await file.arrayBuffer()))).toMatchObject({ format: 'png', width: 192, height: 192 });

	const removed = await me.op('delete_my_avatar');
	expect(removed.status).toBe(200);
	expect(removed.body).toMatchObject({ custom: false, deleted: true, urls: start.body.avatar!.urls });
});
