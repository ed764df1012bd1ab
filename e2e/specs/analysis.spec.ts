/**
 * Honest analysis (issue 29): every image gets a perceptual hash at upload;
 * a re-upload of a rejected picture (the same, resized or re-encoded) is
 * flagged with a link to the earlier rejection, shown on the desk, in a
 * constant number of queries; an unrelated picture is not; the local colour
 * measure flags nothing without the owner's opt-in (the opt-in itself is in
 * ai.site-wide.spec.ts). See docs/moderation.md, "Image hashes".
 */
import type { MvsFile } from '../../client/src/client';
import { encodeJpeg } from '../support/media-files';
import { SKIN, picturePixel, picturePng, solidPng, token } from '../support/moderation';
import { expect, test, upload, type Api } from '../support/mvs';
import { schemaProblems } from '../support/schema';

test.describe.configure({ mode: 'parallel' });

interface Sent {
	id: number;
	status: string;
	queries: number;
}

async function send(caller: Api, file: MvsFile, title: string): Promise<Sent> {
	const res = await caller.op('create_media', { body: { file, title, privacy: 'public' } });
	expect(res.status, JSON.stringify(res.body)).toBe(201);
	const item = res.body as unknown as { id: number; moderation_status: string };
	return { id: item.id, status: item.moderation_status, queries: Number(res.headers['x-mvs-queries']) };
}

/** The picture as a greyscale JPEG (8×8 blocks): a re-encoding in another format. */
function asJpeg(seed: number, width: number, height: number): MvsFile {
	const pixel = picturePixel(seed, width, height);
	const buffer = encodeJpeg(width, height, (bx, by) => {
		const [r, g, b] = pixel(bx * 8 + 4, by * 8 + 4);
		return 0.299 * r + 0.587 * g + 0.114 * b;
	});
	return { name: 'again.jpg', mimeType: 'image/jpeg', buffer };
}

test('a re-upload of a rejected picture, resized or re-encoded too, is flagged with a link to the rejection in constant queries; an unrelated one is not', async ({ api, fixtures }) => {
	const member = api('member');
	const moderator = api('moderator');
	const seed = Math.random() * 1e6;
	const t = token();
	const first = await send(member, picturePng(seed, 160, 120), `${t} original`);
	expect(first.status, 'nothing rejected resembles it yet').not.toBe('flagged');
	const rejected = await moderator.op('reject_media', { params: { id: first.id }, body: { reason: 'Posted without consent' } });
	expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

	const again = await send(member, picturePng(seed, 160, 120), `${t} again`);
	const resized = await send(member, picturePng(seed, 100, 75), `${t} resized`);
	const jpeg = await send(member, asJpeg(seed, 160, 120), `${t} jpeg`);
	const unrelated = await send(member, picturePng(Math.random() * 1e6, 160, 120), `${t} unrelated`);
	expect([again.status, resized.status, jpeg.status]).toEqual(['flagged', 'flagged', 'flagged']);
	expect(unrelated.status).not.toBe('flagged');

	// Shown with the item on the desk, after any reload: hash, link, the rejection it matched.
	const desk = await moderator.op('list_moderation_desk', { query: { view: 'flagged', orderby: 'newest', per_page: 100 } as never });
	expect(desk.status).toBe(200);
	const rows = new Map((desk.body as unknown as Record<string, unknown>[]).map((row) => [row.id as number, row]));
	for (const copy of [again, resized, jpeg]) {
		const row = rows.get(copy.id)!;
		expect(row, `desk row of ${copy.id}`).toBeDefined();
		expect(schemaProblems('ModerationDeskItem', row)).toEqual([]);
		expect(row.image_hash).toMatch(/^[0-9a-f]{16}$/);
		expect(row.flag_reason).toContain(`#${first.id}`);
		expect(row.earlier_rejection).toMatchObject({
			media_id: first.id,
			title: `${t} original`,
			decision: { by: { id: fixtures.users.moderator.id }, reason: 'Posted without consent' },
		});
		expect((row.earlier_rejection as { distance: number }).distance).toBeLessThanOrEqual(6);
	}
	expect((rows.get(again.id)!.earlier_rejection as { distance: number }).distance).toBe(0);

	// Three rejected look-alikes instead of one: the upload costs the same queries.
	for (const id of [again.id, resized.id]) {
		expect((await moderator.op('reject_media', { params: { id }, body: {} })).status).toBe(200);
	}
	const last = await send(member, picturePng(seed, 160, 120), `${t} last`);
	expect(last.status).toBe('flagged');
	expect(last.queries, 'queries of a matching upload with 3 candidates against 1').toBe(again.queries);
});

test('the local colour measure is reported as a measure and flags nothing without the owner’s opt-in', async ({ api }) => {
	const id = (await upload(api('member'), { title: `${token()} warm`, file: solidPng(24, 16, SKIN, 'warm.png') })).id;
	const analysis = await api('moderator').op('analyze_media', { params: { id } });
	expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
	expect(analysis.body).toMatchObject({ flagged: false, safety: { score: 1, verdict: 'not_judged', basis: 'skin_tone_share' } });
	expect(analysis.body.moderation_status).not.toBe('flagged');
	const item = await api('member').op('get_media', { params: { id } });
	expect((item.body as unknown as { moderation_status: string }).moderation_status).toBe(analysis.body.moderation_status);
});
