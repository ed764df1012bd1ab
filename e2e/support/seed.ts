/**
 * Fixture data created through the REST API.
 */
import type { MvsRequest } from '../../client/src/client';
import { files, upload, type Api, type Role, type SiteFixtures } from './mvs';
import { pathParams, type FixtureIds, type ManifestRoute } from './matrix';
import { createPasswordUser } from './community';
import { freshUser } from './moderation';

/** Uploads a public image as `api`'s user (see upload()) and returns its id. */
export async function uploadImage(api: Api, body: Record<string, string | boolean> = {}): Promise<number> {
	return (await upload(api, body)).id;
}

/**
 * A public media item, an album, a tag, a comment, a collection, an access
 * rule, a conversation with member2 and a message, all made by `member`
 * through the API.
 */
export async function seedOwnedFixtures(member: Api, admin: Api, fixtures: SiteFixtures): Promise<FixtureIds> {
	const media = await uploadImage(member);
	const album = await createAlbum(member, { privacy: 'public' });
	const tag = await createTag(member);
	const comment = await createComment(member, media);
	const collection = await createCollection(member);
	// A conversation of member with member2, and a message of member in it.
	const conversation = await member.op('create_conversation', { body: { recipient_id: fixtures.users.member2.id } });
	if (conversation.status !== 201) throw new Error(`conversation fixture failed: ${conversation.status} ${JSON.stringify(conversation.body)}`);
	const message = await member.op('send_message', { params: { id: conversation.body.id as number }, body: { content: 'Fixture message' } });
	if (message.status !== 201) throw new Error(`message fixture failed: ${message.status} ${JSON.stringify(message.body)}`);
	const signed = await member.op('get_media_signed_url', { params: { id: media } });
	if (signed.status !== 200) throw new Error(`signed URL failed: ${signed.status} ${JSON.stringify(signed.body)}`);
	const serve = Object.fromEntries(new URL((signed.body as { url: string }).url).searchParams.entries());
	// The rule sits on an item of its own: a rule hides the item from whoever it does not name.
	const { rule } = await createAccessRule(member);
	// Unlimited in every dimension, never the default: the matrix's calls on it change no one's quota.
	const pkg = await admin.op('create_package', { body: { name: uniqueName('package') } });
	if (pkg.status !== 201) throw new Error(`package fixture failed: ${pkg.status} ${JSON.stringify(pkg.body)}`);
	const ids = { conversation: conversation.body.id as number, message: message.body.id as number };
	return { memberId: fixtures.users.member.id, media, album, tag, comment, collection, serve, rule, package: pkg.body.id as number, ...ids };
}

/** A minimal valid request for a route (manifest samples + fixture ids + a real file where one is required). */
export function sampleRequest(route: ManifestRoute, ids: FixtureIds, method = route.method): MvsRequest {
	const path = route.path.replace(/\{([a-z_]+)\}/g, (_, key: string) => String(pathParams(route, ids)[key]));
	let query = Object.fromEntries(Object.entries(route.sample.query).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v)]));
	// The signature is the credential of /serve: a made-up sample would only ever get 403.
	if (route.name === 'serve_media_file' && ids.serve) query = { ...ids.serve };
	// The long-poll would hold each call to the site's timeout: answer at once.
	if (route.name === 'poll_messages') query.timeout = '0';
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

/** A name no other test or run uses. */
export function uniqueName(prefix: string): string {
	return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** Creates a public manual collection as `api`'s user and returns its id. */
export async function createCollection(api: Api, body: Record<string, unknown> = {}): Promise<number> {
	const res = await api.op('create_collection', { body: { title: uniqueName('collection'), ...body } as never });
	if (res.status !== 201) throw new Error(`collection create failed: ${res.status} ${JSON.stringify(res.body)}`);
	return (res.body as { id: number }).id;
}

/** Creates an album as `api`'s user and returns its id. */
export async function createAlbum(api: Api, body: Record<string, unknown> = {}): Promise<number> {
	const res = await api.op('create_album', { body: { title: uniqueName('album'), ...body } as never });
	if (res.status !== 201) throw new Error(`album create failed: ${res.status} ${JSON.stringify(res.body)}`);
	return (res.body as { id: number }).id;
}

/** Comments on an item as `api`'s user and returns the comment's id. */
export async function createComment(api: Api, media: number, content = uniqueName('comment')): Promise<number> {
	const res = await api.op('create_media_comment', { params: { id: media }, body: { content } });
	if (res.status !== 201) throw new Error(`comment create failed: ${res.status} ${JSON.stringify(res.body)}`);
	return (res.body as { id: number }).id;
}

/** Creates a tag as `api`'s user and returns its id. */
export async function createTag(api: Api, name = uniqueName('tag')): Promise<number> {
	const res = await api.op('create_tag', { body: { name } });
	if (res.status !== 201) throw new Error(`tag create failed: ${res.status} ${JSON.stringify(res.body)}`);
	return (res.body as { id: number }).id;
}

/** An album of `member` holding one fresh item of `member`. */
async function albumWithItem(member: Api): Promise<{ album: number; item: number }> {
	const album = await createAlbum(member);
	const item = await uploadImage(member, { album_id: String(album) });
	return { album, item };
}

/**
 * The request an allowed role sends to an implemented route in the
 * authorization matrix: the manifest sample, pointed at objects that make
 * the call succeed for that role (a fresh object for destructive routes, so
 * parallel tests keep their fixtures; unique names where names must be).
 */
export async function prepareAllowedCall(route: ManifestRoute, ids: FixtureIds, api: (role: Role) => Api, role: Role): Promise<MvsRequest> {
	if (route.path.startsWith('/conversations') || route.path.startsWith('/messages/{id}')) return conversationCall(route, ids, api, role);
	const member = api('member');
	const key = `${route.method} ${route.path}`;
	switch (key) {
		case 'DELETE /media/{id}':
			return sampleRequest(route, { ...ids, media: await uploadImage(member) });
		case 'DELETE /albums/{id}':
			return sampleRequest(route, { ...ids, album: await createAlbum(member) });
		case 'DELETE /albums/{id}/items/{media_id}': {
			const { album, item } = await albumWithItem(member);
			return sampleRequest(route, { ...ids, album, media: item });
		}
		case 'PUT /albums/{id}/reorder': {
			const { album, item } = await albumWithItem(member);
			return { ...sampleRequest(route, { ...ids, album }), json: { order: [item] } };
		}
		case 'PUT /albums/{id}/cover': {
			const { album, item } = await albumWithItem(member);
			return { ...sampleRequest(route, { ...ids, album }), json: { media_id: item } };
		}
		case 'POST /albums/{id}/items':
			return { ...sampleRequest(route, { ...ids, album: await createAlbum(member) }), json: { media_ids: [await uploadImage(member)] } };
		case 'DELETE /collections/{id}':
			return sampleRequest(route, { ...ids, collection: await createCollection(member) });
		case 'POST /moderation/{id}/undo': {
			// Something to undo: the caller rejects the (isolated, fresh) item first.
			const rejected = await api(role).send({ method: 'POST', path: `/mvs/v1/moderation/${ids.media}/reject`, query: {}, json: { reason: 'Matrix: to undo.' } });
			if (rejected.status !== 200) throw new Error(`reject before undo: ${rejected.status} ${JSON.stringify(rejected.body)}`);
			return sampleRequest(route, ids);
		}
		case 'PUT /collections/{id}/rules':
			return { ...sampleRequest(route, { ...ids, collection: await createCollection(member, { type: 'smart' }) }), json: { rules: [{ field: 'media_type', value: 'image' }] } };
		case 'POST /media/{id}/reactions':
			return { ...sampleRequest(route, ids), json: { reaction_type: 'like' } };
		case 'POST /tags':
			return { ...sampleRequest(route, ids), json: { name: uniqueName('matrix') } };
		case 'PUT /tags/{id}':
			return { ...sampleRequest(route, ids), json: { name: uniqueName('renamed') } };
		case 'DELETE /tags/{id}':
			return sampleRequest(route, { ...ids, tag: await createTag(member) });
		// A fresh comment: deleting would take the shared fixture away, and an
		// author's edit window (15 minutes) can close during a long run.
		case 'PUT /media/{id}/comments/{comment_id}':
		case 'DELETE /media/{id}/comments/{comment_id}':
			return sampleRequest(route, { ...ids, comment: await createComment(member, ids.media) }, route.method);
		case 'POST /tags/merge':
			return { ...sampleRequest(route, ids), json: { source_id: await createTag(member), target_id: await createTag(member) } };
		// Access rules and grants on fresh items: they change who sees the item.
		case 'POST /media/{media_id}/rules':
			return { ...sampleRequest(route, { ...ids, media: await uploadImage(member) }), json: { rules: [{ rule_type: 'members' }] } };
		case 'DELETE /media/{media_id}/rules/{rule_id}': {
			const { media, rule } = await createAccessRule(member);
			return sampleRequest(route, { ...ids, media, rule });
		}
		case 'POST /media/{media_id}/grant':
			return { ...sampleRequest(route, { ...ids, media: await uploadImage(member) }), json: { user_id: ids.memberId } };
		// Someone to follow who is not the caller (following yourself is a 400).
		case 'POST /users/{id}/follow': {
			const followed = await freshUser(api('admin'));
			await followed.api.dispose();
			return sampleRequest(route, { ...ids, memberId: followed.id });
		}
		// A package of its own to delete; the fixture package (unlimited, never the default) to assign,
		// not the sample's id, which may name a package another spec deleted.
		case 'DELETE /packages/{id}': {
			const own = await api('admin').op('create_package', { body: { name: uniqueName('package') } });
			if (own.status !== 201) throw new Error(`package failed: ${own.status} ${JSON.stringify(own.body)}`);
			return sampleRequest(route, { ...ids, package: own.body.id as number });
		}
		case 'POST /users/{user_id}/package':
			return { ...sampleRequest(route, ids), json: { package_id: ids.package } };
		// A member of its own with a known password: the route signs in whoever the body names.
		case 'POST /auth/app-password': {
			const user = await createPasswordUser(api('admin'));
			return { ...sampleRequest(route, ids), json: { username: user.login, password: user.password, app_name: 'matrix' } };
		}
		// An Expo token of the role's own: the manifest's sample ('sample') is not one.
		case 'POST /push/register-device':
			return { ...sampleRequest(route, ids), json: { token: `ExponentPushToken[matrix-${role}-${Date.now().toString(36)}]`, platform: 'ios' } };
		case 'POST /media/bulk':
			// Each role acts on an item of its own: the per-item check is the bulk spec's business.
			return { ...sampleRequest(route, ids), json: { action: 'change_privacy', privacy: 'public', media_ids: [await uploadImage(api(role))] } };
		default:
			return sampleRequest(route, ids);
	}
}

/**
 * A call of a conversation or message route as `role`, on a conversation a
 * throw-away member opened with them as a message request (participants
 * only; each role gets its own, so accept, decline, leave, delete and
 * unsend touch nothing shared).
 */
async function conversationCall(route: ManifestRoute, ids: FixtureIds, api: (role: Role) => Api, role: Role): Promise<MvsRequest> {
	const partner = await freshUser(api('admin'));
	try {
		if (route.path === '/conversations') return { ...sampleRequest(route, ids), json: { recipient_id: partner.id } };
		const me = await api(role).raw('GET', '/wp-json/wp/v2/users/me');
		const res = await partner.api.op('create_conversation', { body: { recipient_id: (me.body as { id: number }).id, as_request: true } });
		if (res.status !== 201) throw new Error(`conversation for ${role} failed: ${res.status} ${JSON.stringify(res.body)}`);
		const conversation = res.body.id as number;
		if (route.path.startsWith('/messages/{id}')) {
			// A message of the partner's for the member's reactions and delete; the role's own to unsend.
			const author = route.name === 'unsend_message' ? api(role) : partner.api;
			const sent = await author.op('send_message', { params: { id: conversation }, body: { content: 'matrix' } });
			if (sent.status !== 201) throw new Error(`message for ${role} failed: ${sent.status} ${JSON.stringify(sent.body)}`);
			const request = sampleRequest(route, { ...ids, message: sent.body.id as number });
			return route.name === 'add_message_reaction' ? { ...request, json: { emoji: '👍' } } : request;
		}
		const request = sampleRequest(route, { ...ids, conversation });
		return route.name === 'send_message' ? { ...request, json: { content: 'matrix' } } : request;
	} finally {
		await partner.api.dispose();
	}
}

/** A fresh public item of `owner` with one access rule (signed-in members), through the API. */
export async function createAccessRule(owner: Api): Promise<{ media: number; rule: number }> {
	const media = await uploadImage(owner);
	const res = await owner.op('replace_access_rules', { params: { media_id: media }, body: { rules: [{ rule_type: 'members' }] } });
	if (res.status !== 200) throw new Error(`access rule fixture failed: ${res.status} ${JSON.stringify(res.body)}`);
	return { media, rule: (res.body as { id: number }[])[0]!.id };
}
