/**
 * Owners see the state of their items (issue 32, row 5): `moderation_status`
 * and `moderation_reason` on the media object, for the uploader and for
 * moderators, null for everyone else (docs/moderation.md, "What owners
 * see"). The uploader is a member of this spec's own, so other specs'
 * decisions never show here.
 */
import type { MediaItem } from '../../client/src/client';
import { expect, test, upload, type Api } from '../support/mvs';
import { freshUser, token } from '../support/moderation';

type Moderated = MediaItem & { moderation_status: string | null; moderation_reason: string | null };

async function mine(owner: Api): Promise<Map<number, Moderated>> {
	const res = await owner.op('list_my_media', { query: { per_page: 100 } });
	expect(res.status).toBe(200);
	const items = (res.body as { items: Moderated[] }).items;
	return new Map(items.map((item) => [item.id, item]));
}

test('the uploader and moderators see an item’s moderation state and rejection reason; other members and visitors see null', async ({ api }) => {
	const owner = await freshUser(api('admin'));
	try {
		const approved = await upload(owner.api, { title: token() });
		const rejected = await upload(owner.api, { title: token(), privacy: 'members' });
		const silent = await upload(owner.api, { title: token() });
		const reason = `Blurry ${token()}`;
		expect((await api('moderator').op('reject_media', { params: { id: rejected.id }, body: { reason } })).status).toBe(200);
		expect((await api('moderator').op('reject_media', { params: { id: silent.id } })).status).toBe(200);

		// GET /me/media: every state with its reason, in the one page query.
		const list = await mine(owner.api);
		expect([list.get(approved.id)?.moderation_status, list.get(approved.id)?.moderation_reason]).toEqual(['approved', null]);
		expect([list.get(rejected.id)?.moderation_status, list.get(rejected.id)?.moderation_reason]).toEqual(['rejected', reason]);
		expect([list.get(silent.id)?.moderation_status, list.get(silent.id)?.moderation_reason]).toEqual(['rejected', null]);

		// GET /media/{id}: the uploader and a moderator see it; nobody else does.
		for (const viewer of [owner.api, api('moderator')]) {
			const item = (await viewer.op('get_media', { params: { id: rejected.id } })).body as Moderated;
			expect([item.moderation_status, item.moderation_reason], viewer.role).toEqual(['rejected', reason]);
		}
		for (const viewer of [api('member2'), api('anonymous')]) {
			const item = (await viewer.op('get_media', { params: { id: approved.id } })).body as Moderated;
			expect([item.moderation_status, item.moderation_reason], viewer.role).toEqual([null, null]);
		}
		// Lists of others' items carry null too, and a second rejection's reason replaces the first.
		const listed = (await api('member2').op('list_media', { query: { author: owner.id, per_page: 100 } })).body as { items: Moderated[] };
		expect(listed.items.map((item) => item.moderation_status)).toEqual(listed.items.map(() => null));
		expect((await api('moderator').op('approve_media', { params: { id: rejected.id } })).status).toBe(200);
		expect((await api('moderator').op('reject_media', { params: { id: rejected.id }, body: { reason: 'Second look' } })).status).toBe(200);
		expect((await mine(owner.api)).get(rejected.id)?.moderation_reason).toBe('Second look');
	} finally {
		await owner.api.dispose();
	}
});
