/**
 * Fixture data created through the REST API (and, for resources whose
 * routes are not built yet, through the test harness mu-plugin).
 */
import type { MvsRequest } from '../../codegen/out/client';
import { files, type Api, type SiteFixtures } from './mvs';
import { pathParams, type FixtureIds, type ManifestRoute } from './matrix';

/** Uploads a public image as `api`'s user and returns its id. */
export async function uploadImage(api: Api, body: Record<string, string | boolean> = {}): Promise<number> {
	const res = await api.op('create_media', { body: { file: files.uniquePng(), privacy: 'public', ...body } as never });
	if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
	return (res.body as { id: number }).id;
}

/** A public media item owned by `member`, and one of every other resource, all owned by `member`. */
export async function seedOwnedFixtures(member: Api, admin: Api, fixtures: SiteFixtures): Promise<FixtureIds> {
	const media = await uploadImage(member);
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/owned-fixtures', {
		json: { owner: fixtures.users.member.id, media_id: media },
	});
	if (res.status !== 200) throw new Error(`harness fixtures failed: ${res.status} ${JSON.stringify(res.body)}`);
	const signed = await member.op('get_media_signed_url', { params: { id: media } });
	if (signed.status !== 200) throw new Error(`signed URL failed: ${signed.status} ${JSON.stringify(signed.body)}`);
	const serve = Object.fromEntries(new URL((signed.body as { url: string }).url).searchParams.entries());
	return { memberId: fixtures.users.member.id, media, serve, ...(res.body as Omit<FixtureIds, 'memberId' | 'media' | 'serve'>) };
}

/** A minimal valid request for a route (manifest samples + fixture ids + a real file where one is required). */
export function sampleRequest(route: ManifestRoute, ids: FixtureIds, method = route.method): MvsRequest {
	const path = route.path.replace(/\{([a-z_]+)\}/g, (_, key: string) => String(pathParams(route, ids)[key]));
	let query = Object.fromEntries(Object.entries(route.sample.query).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v)]));
	// The signature is the credential of /serve: a made-up sample would only ever get 403.
	if (route.name === 'serve_media_file' && ids.serve) query = { ...ids.serve };
	const request: MvsRequest = { method, path: `/${route.namespace}${path}`, query };
	if (Object.keys(route.sample.multipart).length) {
		request.multipart = Object.fromEntries(
			Object.entries(route.sample.multipart).map(([k, v]) => [k, v === '@file' ? files.uniquePng() : String(v)]),
		);
	} else if (method !== 'GET') {
		request.json = route.sample.body;
	}
	return request;
}
