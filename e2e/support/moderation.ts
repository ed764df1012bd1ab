/**
 * Helpers of the moderation, reports/blocks and AI specs: valid PNGs built
 * pixel by pixel (correct CRCs, so GD decodes them), throw-away members with
 * their own API connection, and the harness's moderation trail.
 */
import type { MvsFile } from '../../client/src/client';
import { connect, encodePng, expect, type Api } from './mvs';

export type Rgb = [number, number, number];

/** An 8-bit RGB PNG; `pixel(x, y)` gives each pixel's colour. A text chunk makes every file's bytes unique. */
export function png(width: number, height: number, pixel: (x: number, y: number) => Rgb, name = 'image.png'): MvsFile {
	return { name, mimeType: 'image/png', buffer: encodePng(width, height, pixel, `${Date.now()}-${Math.random()}`) };
}

/** A solid-colour PNG. */
export function solidPng(width: number, height: number, rgb: Rgb, name = 'solid.png'): MvsFile {
	return png(width, height, () => rgb, name);
}

/** A skin-toned PNG (inside the RGB skin rule): the local provider scores it 1. */
export const SKIN: Rgb = [224, 172, 138];

/** A token unique to one test, put in titles so searches isolate that test's items. */
export function token(): string {
	return `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export interface FreshUser {
	id: number;
	login: string;
	/** The account password (the API connection uses an application password). */
	password: string;
	api: Api;
}

/**
 * A throw-away community member with its own authenticated API connection;
 * dispose `api` after use. The harness creates the user (no route of the
 * contract registers one); anything of theirs comes from the API (upload(fresh.api)).
 */
export async function freshUser(admin: Api): Promise<FreshUser> {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/fresh-user');
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	const { id, login, password, appPassword } = res.body as { id: number; login: string; password: string; appPassword: string };
	return { id, login, password, api: await connect('member', { login, appPassword }) };
}

export interface Trail {
	log: { actor_id: string; action: string; reason: string; result: string | null }[];
	notifications: { actor_id: string; type: string; object_type: string; object_id: string; data: string }[];
	reports: { reporter_id: string; reason: string; status: string }[];
}

/** The moderation log of an item, the notifications its owner got about it, and its reports. */
export async function trail(admin: Api, mediaId: number, ownerId: number): Promise<Trail> {
	const res = await admin.raw('GET', '/wp-json/mvs-test/v1/moderation-trail', { query: { media_id: String(mediaId), user_id: String(ownerId) } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as Trail;
}

/** Saves mvs_settings through the WordPress settings route (administrators only). */
export async function saveSettings(admin: Api, settings: Record<string, unknown>): Promise<Record<string, unknown>> {
	const res = await admin.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: settings } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body.mvs_settings as Record<string, unknown>;
}

/**
 * A picture with structure (a mix of waves whose frequencies and phases come
 * from `seed`), drawn at any size: the same seed at another size is the same
 * picture resized, `shift` brightens it. Random seeds give unrelated pictures
 * (their perceptual hashes differ in about half their bits); plain colours
 * and gradients would all look alike to a perceptual hash.
 */
export function picturePixel(seed: number, width: number, height: number, shift = 0): (x: number, y: number) => Rgb {
	let state = Math.floor(seed * 2654435761) >>> 0 || 1;
	const next = () => {
		state = (Math.imul(state, 1103515245) + 12345) >>> 0;
		return state / 0x100000000;
	};
	const waves = Array.from({ length: 9 }, () => ({ fx: 1 + next() * 8, fy: 1 + next() * 8, phase: next() * 6.3 }));
	const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n + shift)));
	return (x, y) => {
		const u = x / width;
		const v = y / height;
		const channel = (c: number) => 128 + waves.slice(c * 3, c * 3 + 3).reduce((sum, w) => sum + 40 * Math.sin(w.fx * u * 3.1 + w.fy * v * 3.1 + w.phase), 0);
		return [clamp(channel(0)), clamp(channel(1)), clamp(channel(2))];
	};
}

/** picturePixel() as a PNG. */
export function picturePng(seed: number, width: number, height: number, shift = 0, name = 'picture.png'): MvsFile {
	return png(width, height, picturePixel(seed, width, height, shift), name);
}

/**
 * Uploads an item that is flagged on arrival, as a re-upload of a picture a
 * moderator rejected (docs/moderation.md, "Image hashes"): since the local
 * colour measure flags nothing by default, this is how a spec gets a flagged
 * item without changing settings. Returns the new item's ID.
 */
export async function uploadFlagged(owner: Api, moderator: Api, form: Record<string, unknown> = {}): Promise<number> {
	const seed = Math.random() * 1e6;
	const earlier = await owner.op('create_media', { body: { file: picturePng(seed, 96, 72), title: `${token()} earlier`, privacy: 'public' } });
	expect(earlier.status, JSON.stringify(earlier.body)).toBe(201);
	expect((await moderator.op('reject_media', { params: { id: earlier.body.id } })).status).toBe(200);
	const res = await owner.op('create_media', { body: { file: picturePng(seed, 96, 72), privacy: 'public', ...form } as never });
	expect(res.status, JSON.stringify(res.body)).toBe(201);
	expect((res.body as unknown as { moderation_status: string }).moderation_status).toBe('flagged');
	return res.body.id;
}
