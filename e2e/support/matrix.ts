/**
 * What the authorization matrix expects, derived from the generated route
 * manifest (codegen/out/route-manifest.json), i.e. from the DSL.
 */
import { readFileSync } from 'node:fs';
import type { Role } from './mvs';

export interface ManifestRoute {
	name: string;
	plugin: string;
	namespace: string;
	method: string;
	methods: string[];
	path: string;
	auth:
		| { kind: 'public' | 'public_privacy' | 'authenticated' }
		| { kind: 'capability'; anyOf: string[] }
		| { kind: 'owner'; lookup: string; param: string; own?: string; others?: string };
	rateLimit: number | null;
	/** Requests a minute one client address may send, members included (write routes); null when not counted. */
	rateLimitPerAddress: number | null;
	implemented: boolean;
	since: string;
	/** Feature of a route outside the REST contract (e.g. 'admin-ui'); null for contract routes. */
	extension: string | null;
	sample: { query: Record<string, unknown>; body: Record<string, unknown>; multipart: Record<string, unknown> };
}

const manifest = JSON.parse(readFileSync(new URL('../../codegen/out/route-manifest.json', import.meta.url), 'utf8')) as {
	roles: Record<string, string[]>;
	routes: ManifestRoute[];
};

export const routes = manifest.routes;

/** WordPress role of each fixture user (see e2e/site/create-fixtures.php). */
const wpRole: Record<Exclude<Role, 'anonymous'>, string> = {
	subscriber: 'subscriber',
	member: 'mvs_member',
	member2: 'mvs_member',
	moderator: 'mvs_moderator',
	admin: 'administrator',
};

export function capabilitiesOf(role: Role): Set<string> {
	if (role === 'anonymous') return new Set();
	const caps = new Set<string>(manifest.roles[wpRole[role]] ?? []);
	// WordPress gives administrators these itself (view_site_health_checks maps to install_plugins).
	if (role === 'admin') for (const cap of ['manage_options', 'view_site_health_checks']) caps.add(cap);
	return caps;
}

export type Expectation = { allowed: true } | { allowed: false; status: 401 | 403; codes: string[] };

/** The fixture user `member` owns (or takes part in) every fixture resource. */
export const OWNER: Role = 'member';

export function expectedOutcome(route: ManifestRoute, role: Role): Expectation {
	const auth = route.auth;
	if (auth.kind === 'public' || auth.kind === 'public_privacy') return { allowed: true };
	if (role === 'anonymous') return { allowed: false, status: 401, codes: ['mvs_not_logged_in', 'mvs_unauthorized'] };
	if (auth.kind === 'authenticated') return { allowed: true };
	const caps = capabilitiesOf(role);
	const forbidden: Expectation = { allowed: false, status: 403, codes: ['mvs_forbidden', 'rest_forbidden'] };
	switch (auth.kind) {
		case 'capability':
			return auth.anyOf.some((c) => caps.has(c)) ? { allowed: true } : forbidden;
		case 'owner':
			if (auth.others && caps.has(auth.others)) return { allowed: true };
			if (role === OWNER && (!auth.own || caps.has(auth.own))) return { allowed: true };
			return forbidden;
	}
}

export interface FixtureIds {
	memberId: number;
	media: number;
	album: number;
	collection: number;
	comment: number;
	conversation: number;
	message: number;
	rule: number;
	tag: number;
	package: number;
	/** Query of a valid signed /serve URL for `media` (GET /serve has no path id). */
	serve?: Record<string, string>;
}

/** Path parameters of a route, pointing at fixtures owned by OWNER. */
export function pathParams(route: ManifestRoute, ids: FixtureIds): Record<string, number> {
	const params: Record<string, number> = {};
	for (const [, name] of route.path.matchAll(/\{([a-z_]+)\}/g)) params[name!] = resolveParam(route.path, name!, ids);
	return params;
}

function resolveParam(path: string, name: string, ids: FixtureIds): number {
	switch (name) {
		case 'media_id':
			return ids.media;
		case 'comment_id':
			return ids.comment;
		case 'rule_id':
			return ids.rule;
		case 'user_id':
			return ids.memberId;
		case 'id':
			break;
		default:
			throw new Error(`${path}: no fixture for {${name}}`);
	}
	const resource = path.split('/')[1];
	const byResource: Record<string, number> = {
		media: ids.media,
		moderation: ids.media,
		albums: ids.album,
		collections: ids.collection,
		conversations: ids.conversation,
		messages: ids.message,
		users: ids.memberId,
		tags: ids.tag,
		packages: ids.package,
	};
	const id = byResource[resource!];
	if (id === undefined) throw new Error(`${path}: no fixture for {id}`);
	return id;
}

/**
 * The path with its letters in alternating case (the phase set by `seed`), e.g.
 * /Mvs/V1/mEdIa: WordPress matches routes case-insensitively, so every check
 * keyed on the route must hold for these too.
 */
export function mixedCase(path: string, seed = 0): string {
	let n = seed;
	return path.replace(/[a-z]/gi, (c) => (n++ % 2 === 0 ? c.toUpperCase() : c.toLowerCase()));
}
