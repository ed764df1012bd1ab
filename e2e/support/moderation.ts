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
