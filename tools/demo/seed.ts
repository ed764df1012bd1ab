/**
 * The demo community, made through the REST API as its members would make
 * it: the only privileged calls are the administrator's, creating the
 * members and their application passwords through WordPress's own
 * /wp/v2/users routes (the contract registers no one; POST /auth/app-password
 * allows 5 sign-ins a minute per address). Everything else is each member's
 * own call to mvs/v1, through the generated client's request builder (client/src).
 *
 * Used by `npm run demo` (tools/demo/demo.ts) on the Playground site and by
 * e2e/specs/demo.site-wide.spec.ts, at a smaller scale, on the native stack.
 * Playground answers about one request a second per PHP worker, so the plan
 * is about 140 requests at 8 members, a few at a time.
 */
import { buildRequest, type OperationArgs, type OperationName, type Operations } from '../../client/src/client';
import { mp3, mp4, pdf, png, SHAPES, type DemoFile, type Rgb } from './images';

export interface SeedCredentials {
	login: string;
	appPassword: string;
}

export interface SeedOptions {
	/** How many members (4 to 8): 3 reporters besides an author flag an item (report_threshold's default). */
	members?: number;
	/** Appended to every login and e-mail, so that a site can be seeded more than once. */
	suffix?: string;
	/** Requests in flight at once. */
	concurrency?: number;
	/** Progress lines. */
	log?: (line: string) => void;
}

export interface SeededMember {
	id: number;
	login: string;
	password: string;
	displayName: string;
	appPassword: string;
}

export interface SeededConversation {
	id: number;
	starter: number;
	recipient: number;
	messages: number;
	/** A message request: the recipient does not follow the starter. */
	request: boolean;
}

export interface SeedResult {
	members: SeededMember[];
	media: Array<{ id: number; author: number; type: string }>;
	albums: number[];
	follows: Array<[number, number]>;
	reactions: number;
	comments: number;
	favorites: number;
	/** Items whose reports reached the threshold: flagged, in the moderation queue. */
	flagged: number[];
	reports: number;
	conversations: SeededConversation[];
	/** Requests the seeding sent. */
	requests: number;
}

interface Persona {
	first: string;
	last: string;
	bio: string;
	colour: Rgb;
	tags: string[];
	album: string;
	titles: [string, string];
}

const PERSONAS: Persona[] = [
	{ first: 'Maya', last: 'Chen', bio: 'Street photographer in Lisbon. Light, shadows, trams.', colour: [220, 90, 60], tags: ['street', 'lisbon'], album: 'Lisbon at dusk', titles: ['Tram 28', 'Alfama steps'] },
	{ first: 'Tom', last: 'Okafor', bio: 'Drone pilot and hiker. Mostly mountains.', colour: [60, 130, 200], tags: ['mountains', 'aerial'], album: 'Above the ridge', titles: ['Ridge line', 'Cloud sea'] },
	{ first: 'Lena', last: 'Fischer', bio: 'I record birdsong and small sounds.', colour: [90, 170, 90], tags: ['nature', 'birds'], album: 'Forest mornings', titles: ['Moss', 'Fern spiral'] },
	{ first: 'Ravi', last: 'Patel', bio: 'Architect. Concrete, glass and the odd zine.', colour: [200, 170, 60], tags: ['architecture', 'concrete'], album: 'Brutal', titles: ['Stairwell', 'Facade'] },
	{ first: 'Sofia', last: 'Rossi', bio: 'Food, markets, and the people behind the stalls.', colour: [190, 70, 140], tags: ['food', 'markets'], album: 'Market days', titles: ['Lemons', 'Spice stall'] },
	{ first: 'Kenji', last: 'Sato', bio: 'Night owl. Neon and long exposures.', colour: [80, 60, 180], tags: ['night', 'neon'], album: 'After midnight', titles: ['Crossing', 'Light trails'] },
	{ first: 'Amara', last: 'Diallo', bio: 'Textile designer sharing patterns.', colour: [230, 140, 40], tags: ['patterns', 'textiles'], album: 'Weaves', titles: ['Indigo', 'Kente study'] },
	{ first: 'Noah', last: 'Berg', bio: 'Sailing the Baltic with a cheap camera.', colour: [40, 150, 160], tags: ['sea', 'sailing'], album: 'Baltic log', titles: ['Harbour', 'Northern swell'] },
];

const REACTIONS = ['like', 'love', 'wow', 'haha'];
const COMMENTS = ['Love the colours here!', 'This is stunning.', 'Where was this taken?', 'The composition is perfect.', 'Great shot, saving it.', 'Wow, what light.'];
const CHATS = [
	['Hey! Loved your latest upload.', 'Thanks! It took three mornings to get that light.', 'Worth it. Want to shoot together next week?'],
	['Is that a new lens?', 'Same old 35 mm, new habits.', 'Ha, the best kind of upgrade.'],
	['Are you going to the meetup on Saturday?', 'Yes, I will bring prints.'],
];

type Fetch = typeof fetch;

/** One authenticated caller of the site's REST API. */
class Client {
	constructor(
		private readonly baseUrl: string,
		private readonly fetch: Fetch,
		private readonly user: SeedCredentials,
		private readonly counter: { requests: number },
	) {}

	/** An mvs/v1 operation of the generated client; throws unless it answered 2xx. */
	async op<N extends OperationName>(name: N, ...input: OperationArgs<N>): Promise<Operations[N]['response']> {
		const request = buildRequest(name, ...input);
		return (await this.send(request.method, `/wp-json${request.path}`, request.query, request.json, request.multipart, name)) as Operations[N]['response'];
	}

	/** Any route (WordPress's own /wp/v2); throws unless it answered 2xx. */
	async raw(method: string, path: string, json?: unknown): Promise<any> {
		return this.send(method, path, {}, json, undefined, `${method} ${path}`);
	}

	private async send(
		method: string,
		path: string,
		query: Record<string, string>,
		json: unknown,
		multipart: Record<string, string | DemoFile> | undefined,
		label: string,
	): Promise<unknown> {
		const url = new URL(`${this.baseUrl}${path}`);
		for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
		const headers: Record<string, string> = {
			// No keep-alive: the Playground server closes idle sockets after 5 s, and a
			// request sent on a socket it is closing fails with ECONNRESET.
			Connection: 'close',
			Authorization: `Basic ${Buffer.from(`${this.user.login}:${this.user.appPassword}`).toString('base64')}`,
		};
		for (let attempt = 1; ; attempt++) {
			let body: FormData | string | undefined;
			if (multipart) {
				body = new FormData();
				for (const [key, value] of Object.entries(multipart)) {
					if (typeof value === 'string') body.append(key, value);
					else body.append(key, new Blob([value.buffer as Uint8Array<ArrayBuffer>], { type: value.mimeType }), value.name);
				}
			} else if (json !== undefined) {
				body = JSON.stringify(json);
				headers['Content-Type'] = 'application/json';
			}
			this.counter.requests++;
			// The REST API never redirects: following one would turn a POST into a GET.
			const res = await this.fetch(url, { method, headers, body, redirect: 'manual' }).catch((error: Error) => {
				throw new Error(`${label} as ${this.user.login}: ${error.message} (${String((error.cause as Error | undefined)?.message ?? '')})`);
			});
			const text = await res.text();
			// A rate limit (a busy site, or a re-run within the minute): wait as told, a few times.
			if (429 === res.status && attempt < 4) {
				await new Promise((resolve) => setTimeout(resolve, 1000 * Math.min(Number(res.headers.get('retry-after')) || 5, 60)));
				continue;
			}
			if (res.status < 200 || res.status > 299) {
				throw new Error(`${label} as ${this.user.login}: HTTP ${res.status} ${text.slice(0, 300)}`);
			}
			return text ? JSON.parse(text) : null;
		}
	}
}

/** Runs `task` over `items`, `limit` at a time. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
	let next = 0;
	const worker = async () => {
		while (next < items.length) await task(items[next++]!);
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Seeds the community on the site at `baseUrl` as `admin` (an administrator's
 * login and application password) and its new members, with `fetch`.
 */
export async function seed(baseUrl: string, admin: SeedCredentials, fetchImpl: Fetch = fetch, options: SeedOptions = {}): Promise<SeedResult> {
	const n = Math.max(4, Math.min(PERSONAS.length, options.members ?? PERSONAS.length));
	const suffix = options.suffix ?? '';
	const limit = options.concurrency ?? 4;
	const log = options.log ?? (() => {});
	const counter = { requests: 0 };
	const root = baseUrl.replace(/\/$/, '');
	const asAdmin = new Client(root, fetchImpl, admin, counter);
	const personas = PERSONAS.slice(0, n);
	const indices = personas.map((_, i) => i);
	const result: SeedResult = { members: [], media: [], albums: [], follows: [], reactions: 0, comments: 0, favorites: 0, flagged: [], reports: 0, conversations: [], requests: 0 };
	const clients: Client[] = [];
	const step = async <T>(label: string, items: T[], task: (item: T) => Promise<void>) => {
		const started = Date.now();
		await pool(items, limit, task);
		log(`${label.padEnd(28)} ${String(items.length).padStart(3)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
	};

	await step('members and app passwords', indices, async (i) => {
		const p = personas[i]!;
		const login = `${p.first.toLowerCase()}${suffix}`;
		const password = `${login}-demo-Pw1`;
		const user = await asAdmin.raw('POST', '/wp-json/wp/v2/users', { username: login, email: `${login}@example.test`, password, roles: ['mvs_member'] });
		const app = await asAdmin.raw('POST', `/wp-json/wp/v2/users/${user.id}/application-passwords`, { name: 'Demo community' });
		result.members[i] = { id: user.id, login, password, displayName: `${p.first} ${p.last}`, appPassword: app.password };
		clients[i] = new Client(root, fetchImpl, { login, appPassword: app.password }, counter);
	});
	const member = (i: number) => result.members[i % n]!;
	const as = (i: number) => clients[i % n]!;

	await step('avatars and profiles', indices, async (i) => {
		const p = personas[i]!;
		const file = { name: 'avatar.png', mimeType: 'image/png', buffer: png(128, 128, p.colour, SHAPES[i % SHAPES.length]!, i) };
		await as(i).op('upload_my_avatar', { body: { file } });
		await as(i).op('update_my_profile', { body: { first_name: p.first, last_name: p.last, display_name: `${p.first} ${p.last}`, description: p.bio } });
	});

	// Two pictures each, and one item of each other type: a clip, a voice note, a zine.
	const uploads: Array<{ i: number; file: DemoFile; title: string; tags: string[] }> = [];
	for (const i of indices) {
		const p = personas[i]!;
		p.titles.forEach((title, k) => {
			const file = { name: `${title.toLowerCase().replace(/\W+/g, '-')}.png`, mimeType: 'image/png', buffer: png(480, 320, p.colour, SHAPES[(i + k * 3) % SHAPES.length]!, k + i) };
			uploads.push({ i, file, title, tags: p.tags });
		});
	}
	uploads.push({ i: 1, file: mp4('ridge-flight.mp4', `${suffix}clip`), title: 'Ridge flight', tags: ['aerial', 'video'] });
	uploads.push({ i: 2, file: mp3('dawn-chorus.mp3', `${suffix}audio`), title: 'Dawn chorus', tags: ['birds', 'sound'] });
	uploads.push({ i: 3, file: pdf('concrete-zine.pdf', 'Concrete zine, issue 1'), title: 'Concrete zine, issue 1', tags: ['architecture', 'zine'] });
	const byMember: number[][] = indices.map(() => []);
	await step('media', uploads, async ({ i, file, title, tags }) => {
		const item = await as(i).op('create_media', { body: { file, title, description: `${title}, by ${member(i).displayName}.`, privacy: 'public', tags } });
		result.media.push({ id: item.id, author: member(i).id, type: item.media_type });
		byMember[i]!.push(item.id);
	});
	// Each member's first picture, in member order (uploads finish in any order).
	const pictures = indices.map((i) => result.media.find((m) => m.author === member(i).id && 'image' === m.type)!.id);

	await step('albums', indices.slice(0, Math.ceil(n / 2)), async (i) => {
		const album = await as(i).op('create_album', { body: { title: personas[i]!.album, description: personas[i]!.bio, privacy: 'public' } });
		await as(i).op('add_album_items', { params: { id: album.id }, body: { media_ids: byMember[i]! } });
		result.albums.push(album.id);
	});

	// Everyone follows the next two members, every other member a third (never the last
	// member, who sends a message request below), and all follow the first.
	const follows: Array<[number, number]> = [];
	for (const i of indices) {
		const third = (i + 3) % n;
		const targets = new Set([(i + 1) % n, (i + 2) % n, ...(0 === i % 2 && third !== n - 1 ? [third] : []), 0]);
		targets.delete(i);
		for (const t of targets) follows.push([i, t]);
	}
	await step('follows', follows, async ([i, t]) => {
		await as(i).op('follow_user', { params: { id: member(t).id }, body: {} });
		result.follows.push([member(i).id, member(t).id]);
	});

	// A small community (the spec's) reacts and comments less: its time is a test's.
	const small = n < 6;
	const reactions = indices.flatMap((i) => (small ? [1] : [1, 2, 4]).map((d) => [i, (i + d) % n] as const));
	await step('reactions', reactions, async ([i, t]) => {
		await as(i).op('set_media_reaction', { params: { id: pictures[t]! }, body: { reaction_type: REACTIONS[(i + t) % REACTIONS.length]! } });
		result.reactions++;
	});

	const comments = indices.flatMap((i) => (small ? [1] : [1, 3]).map((d) => [i, (i + d) % n] as const));
	await step('comments', comments, async ([i, t]) => {
		await as(i).op('create_media_comment', { params: { id: pictures[t]! }, body: { content: COMMENTS[(i * 2 + t) % COMMENTS.length]! } });
		result.comments++;
	});

	await step('favorites', indices, async (i) => {
		await as(i).op('add_media_favorite', { params: { id: pictures[(i + 2) % n]! }, body: {} });
		result.favorites++;
	});

	// Three reports flag the last member's second picture; one more stays open on a member.
	// By type, not by upload order: uploads finish in any order, and the last member also owns the zine.
	const flaggedItem = result.media.find((m) => m.author === member(n - 1).id && 'image' === m.type && m.id !== pictures[n - 1])!.id;
	const reports: Array<() => Promise<unknown>> = [0, 1, 2].map(
		(i) => () => as(i).op('report_media', { params: { id: flaggedItem }, body: { reason: (['spam', 'copyright', 'other'] as const)[i]!, details: 'Looks copied from a stock site.' } }),
	);
	reports.push(() => as(1).op('report_user', { params: { id: member(n - 1).id }, body: { reason: 'spam', details: 'Posts the same picture everywhere.' } }));
	await step('reports', reports, async (report) => {
		await report();
		result.reports++;
	});
	result.flagged.push(flaggedItem);

	// Each starter writes to someone who follows them (an active conversation), and the
	// last member, the one reported, to someone who does not (a message request).
	const followsOf = (a: number, b: number) => follows.some(([x, y]) => x === a && y === b);
	const chats: Array<{ from: number; to: number; lines: string[] }> = [
		{ from: 1, to: 0, lines: CHATS[0]! },
		{ from: 3, to: 2, lines: CHATS[1]! },
		...(n > 5 ? [{ from: 5, to: 4, lines: CHATS[2]! }] : []),
	];
	const taken = (a: number, b: number) => chats.some(({ from, to }) => (from === a && to === b) || (from === b && to === a));
	const lonely = indices.find((t) => t !== n - 1 && !followsOf(t, n - 1) && !taken(n - 1, t));
	if (undefined !== lonely) {
		chats.push({ from: n - 1, to: lonely, lines: ['Hi! Want to buy prints of my photos? Cheap!'] });
	}
	await step('conversations and messages', chats, async ({ from, to, lines }) => {
		const conversation = await as(from).op('create_conversation', { body: { recipient_id: member(to).id } });
		const request = !followsOf(to, from);
		// Turns alternate; a request gets no answer until its recipient accepts it.
		for (const [k, content] of lines.entries()) {
			await as(0 === k % 2 || request ? from : to).op('send_message', { params: { id: conversation.id }, body: { content } });
		}
		result.conversations.push({ id: conversation.id, starter: member(from).id, recipient: member(to).id, messages: lines.length, request });
	});
	result.requests = counter.requests;
	return result;
}
