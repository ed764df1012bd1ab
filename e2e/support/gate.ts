/**
 * The private-community gate is a site-wide setting: a spec that arms it
 * runs alone (a site-wide project) and disarms it when done.
 */
import { expect, type Api, type test as base } from './mvs';

export async function setPrivateCommunity(admin: Api, value: boolean): Promise<void> {
	const res = await admin.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: { private_community: value } } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	expect(res.body.mvs_settings.private_community).toBe(value);
}

/** Arms the gate before the file's first test and disarms it after its last, whatever happened between. */
export function armGateForThisFile(test: typeof base): void {
	test.beforeAll(async ({ api }) => setPrivateCommunity(api('admin'), true));
	test.afterAll(async ({ api }) => setPrivateCommunity(api('admin'), false));
}
