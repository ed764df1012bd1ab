/**
 * Typed access to the plugin's REST API for specs: `api('member').op('list_media', {...})`
 * goes through the typed client (client/src/client.ts), authenticated
 * with that fixture user's application password. Every answer of mvs/v1 and
 * mvs-pro/v1 is checked against its OpenAPI operation (schema.ts): one it
 * does not declare fails the test at the call. One request context per
 * role per worker, reused by every test of the worker. Every spec uploads
 * through upload() and authenticates other users through connect() (or
 * authorization() for a client of its own): there are no other copies.
 */
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { test as base, expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import {
	buildRequest,
	type MediaItem,
	type MvsError,
	type MvsFile,
	type MvsRequest,
	type OperationArgs,
	type OperationName,
	type Operations,
} from '../../client/src/client';
import { responseProblem } from './schema';

export const ROLES = ['anonymous', 'subscriber', 'member', 'member2', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export type UserRole = Exclude<Role, 'anonymous'>;

export interface FixtureUser {
	id: number;
	login: string;
	password: string;
	appPassword: string;
	/** WordPress role given to the user (e.g. mvs_member). */
	role: string;
}

export interface SiteFixtures {
	users: Record<UserRole, FixtureUser>;
}

export interface ApiResponse<T = unknown> {
	status: number;
	headers: Record<string, string>;
	body: T;
}

export function loadFixtures(): SiteFixtures {
	const file = process.env.MVS_FIXTURES_FILE;
	if (!file) throw new Error('MVS_FIXTURES_FILE is not set: run the suite through `npm test` (e2e/site/run-tests.mjs).');
	return JSON.parse(readFileSync(file, 'utf8')) as SiteFixtures;
}

export function baseUrl(): string {
	const url = process.env.MVS_BASE_URL;
	if (!url) throw new Error('MVS_BASE_URL is not set: run the suite through `npm test`.');
	return url.replace(/\/$/, '');
}

/** The REST API as one user. */
export class Api {
	constructor(
		readonly role: Role,
		private readonly context: APIRequestContext,
		private readonly extraHeaders: Record<string, string> = {},
	) {}

	/** The same user and connection, sending `headers` with every request (e.g. the harness's test switches). */
	withHeaders(headers: Record<string, string>): Api {
		return new Api(this.role, this.context, { ...this.extraHeaders, ...headers });
	}

	/** Calls an operation of the generated client. */
	async op<N extends OperationName>(name: N, ...input: OperationArgs<N>): Promise<ApiResponse<Operations[N]['response'] & Partial<MvsError>>> {
		return this.send(buildRequest(name, ...input)) as Promise<ApiResponse<Operations[N]['response'] & Partial<MvsError>>>;
	}

	/**
	 * Sends a request built by hand (for invalid input the typed client would
	 * refuse); `headers` are extra request headers (e.g. the harness's test switches).
	 */
	async send(request: MvsRequest, headers: Record<string, string> = {}): Promise<ApiResponse<any>> {
		const multipart = request.multipart
			? Object.fromEntries(
					Object.entries(request.multipart).map(([key, value]) => [
						key,
						typeof value === 'string' ? value : { name: value.name, mimeType: value.mimeType, buffer: Buffer.from(value.buffer) },
					]),
				)
			: undefined;
		const response = await this.context.fetch(`/wp-json${request.path}`, {
			method: request.method,
			params: request.query,
			data: request.json,
			multipart,
			headers: { ...this.extraHeaders, ...headers },
			failOnStatusCode: false,
			// The REST API never redirects; following one would turn a POST into a GET.
			maxRedirects: 0,
			// The harness's seeding tools write tens of thousands of rows, and its jobs
			// run rebuilds the list totals over every row the suite grew: minutes on a
			// machine busy with other work. Every other call keeps 30 s.
			...(/^\/mvs-test\/v1\/(grow-|jobs\/run$)/.test(request.path) ? { timeout: 300_000 } : {}),
		});
		const text = await response.text();
		let body: unknown = text;
		try {
			body = text ? JSON.parse(text) : null;
		} catch {
			// Not JSON (a PHP notice or HTML error page): keep the text so the assertion shows it.
		}
		const answer = { status: response.status(), headers: response.headers(), body };
		// Every answer of the plugins' API must be one the OpenAPI documents declare (schema.ts).
		const problem = responseProblem(request.method, request.path, answer.status, answer.headers, body);
		if (problem) throw new Error(`Undeclared answer, as ${this.role}: ${problem}\n${readable(text)}`);
		return answer;
	}

	async dispose(): Promise<void> {
		await this.context.dispose();
	}

	/** Plain HTTP to any path of the site (e.g. /wp-json/wp/v2/settings). */
	async raw(method: string, path: string, options: { query?: Record<string, string>; json?: unknown } = {}): Promise<ApiResponse<any>> {
		return this.send({ method, path: path.replace(/^\/wp-json/, ''), query: options.query ?? {}, json: options.json });
	}
}

/** The start of a body for a message: an HTML page (WordPress's fatal-error screen) as its text. */
function readable(text: string): string {
	const plain = text.trimStart().startsWith('<') ? text.replace(/<(style|script|head)[\s\S]*?<\/\1>/gi, '').replace(/<[^>]+>/g, ' ') : text;
	return plain.replace(/\s+/g, ' ').trim().slice(0, 400);
}

/** A user name and application password: what a REST client authenticates with. */
export type Credentials = Pick<FixtureUser, 'login' | 'appPassword'>;

/** The Authorization header of an application password (HTTP Basic). */
export function authorization(user: Credentials): Record<string, string> {
	return { Authorization: `Basic ${Buffer.from(`${user.login}:${user.appPassword}`).toString('base64')}` };
}

/**
 * A new API connection to the site, as `user` (anonymous without one); the
 * caller disposes it. `role` only labels the Api in assertion messages.
 */
export async function connect(role: Role, user?: Credentials): Promise<Api> {
	// No keep-alive: the Playground server closes idle sockets after 5 s, and a
	// request sent on a socket it is closing fails with ECONNRESET.
	const headers: Record<string, string> = { Connection: 'close', ...(user ? authorization(user) : {}) };
	return new Api(role, await playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: headers }));
}

/** The form of POST /media; every field optional (see upload()). */
export type UploadForm = Partial<Operations['create_media']['body']>;

/**
 * Uploads through POST /media as `api`'s user and fails the test unless the
 * item is created. The file is a unique PNG unless `form.file` says
 * otherwise, and privacy is public unless `form.privacy` does, so a test
 * depends neither on duplicate detection nor on the site's default privacy.
 */
export async function upload(api: Api, form: UploadForm = {}): Promise<MediaItem> {
	const res = await api.op('create_media', { body: { file: files.uniquePng(), privacy: 'public', ...form } });
	expect(res.status, `upload as ${api.role}: ${JSON.stringify(res.body)}`).toBe(201);
	return res.body as MediaItem;
}

type WorkerFixtures = {
	fixtures: SiteFixtures;
	api: (role: Role) => Api;
};

export const test = base.extend<{}, WorkerFixtures>({
	fixtures: [async ({}, use) => use(loadFixtures()), { scope: 'worker' }],
	api: [
		async ({ fixtures }, use) => {
			// Six local contexts per worker are cheap; creating them up front keeps api() synchronous.
			const apis = new Map<Role, Api>();
			for (const role of ROLES) apis.set(role, await connect(role, role === 'anonymous' ? undefined : fixtures.users[role]));
			await use((role: Role) => apis.get(role)!);
			for (const api of apis.values()) await api.dispose();
		},
		{ scope: 'worker' },
	],
});

export { expect };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

function crc32(bytes: Buffer): number {
	let c = 0xffffffff;
	for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

/** A PNG chunk: length, type, data and its CRC (the one chunk writer of the suites). */
export function pngChunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body));
	return Buffer.concat([length, body, crc]);
}

/**
 * Encodes an 8-bit RGB PNG with correct CRCs (GD and Imagick decode it);
 * `pixel(x, y)` gives each pixel's colour (values wrap modulo 256). An
 * optional `comment` goes into a tEXt chunk (e.g. to make bytes unique).
 */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number], comment?: string): Buffer {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header.set([8, 2, 0, 0, 0], 8); // depth 8, colour type 2 (RGB), deflate, no filter method, no interlace
	const raw = Buffer.alloc(height * (1 + width * 3));
	for (let y = 0; y < height; y++) {
		const row = y * (1 + width * 3); // filter byte 0 (none), then the pixels
		for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
	}
	return Buffer.concat([
		Buffer.from('89504e470d0a1a0a', 'hex'),
		pngChunk('IHDR', header),
		...(comment === undefined ? [] : [pngChunk('tEXt', Buffer.from(`Comment\0${comment}`, 'latin1'))]),
		pngChunk('IDAT', deflateSync(raw)),
		pngChunk('IEND', Buffer.alloc(0)),
	]);
}

/**
 * A tiny PNG whose header claims `width` x `height` pixels (a decompression
 * bomb as the header-only size check sees it): valid signature and IHDR, and
 * an IDAT holding a single row, so it costs nothing to build or send.
 */
export function pngClaiming(width: number, height: number): Buffer {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header.set([8, 0, 0, 0, 0], 8); // depth 8, greyscale
	return Buffer.concat([
		Buffer.from('89504e470d0a1a0a', 'hex'),
		pngChunk('IHDR', header),
		pngChunk('IDAT', deflateSync(Buffer.alloc(1 + width))),
		pngChunk('IEND', Buffer.alloc(0)),
	]);
}

/** A gradient PNG whose colours depend on `seed`, so two seeds give different bytes. */
export function makePng(width: number, height: number, seed = 0): Buffer {
	return encodePng(width, height, (x, y) => [
		(x * 255) / Math.max(1, width - 1) + seed,
		(y * 255) / Math.max(1, height - 1) + (seed >>> 8),
		(seed >>> 16) + ((x + y) & 0x3f),
	]);
}

/**
 * A picture of 16 × 16 coloured blocks drawn from `seed`: two seeds give
 * unrelated pictures, far apart by their image hash as well as by their
 * bytes, so a spec that rejects one upload never flags another spec's as a
 * re-upload of it (docs/moderation.md, image hashes). Blocks keep the PNG small.
 */
export function makeBlocksPng(width: number, height: number, seed: number): Buffer {
	let state = seed >>> 0 || 1;
	const next = () => {
		// xorshift32
		state ^= state << 13;
		state >>>= 0;
		state ^= state >>> 17;
		state ^= state << 5;
		state >>>= 0;
		return state & 0xff;
	};
	const cells = Array.from({ length: 256 }, () => [next(), next(), next()] as [number, number, number]);
	return encodePng(width, height, (x, y) => cells[Math.floor((y * 16) / height) * 16 + Math.floor((x * 16) / width)]!);
}

function randomSeed(): number {
	return Math.floor(Math.random() * 0xffffff);
}

/** Small valid files of each media type, built in memory (no binary fixtures in the repo). */
export const files = {
	png(name = 'pixel.png'): MvsFile {
		return { name, mimeType: 'image/png', buffer: makePng(64, 64) };
	},
	/** A PNG whose picture differs per call: its bytes (duplicate detection) and its image hash (re-upload matching). */
	uniquePng(name = 'photo.png'): MvsFile {
		return { name, mimeType: 'image/png', buffer: makeBlocksPng(64, 64, randomSeed()) };
	},
	/** A unique PNG of the given dimensions. */
	image(width: number, height: number, name = 'picture.png'): MvsFile {
		return { name, mimeType: 'image/png', buffer: makeBlocksPng(width, height, randomSeed()) };
	},
	mp4(name = 'clip.mp4'): MvsFile {
		const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
		const mdat = Buffer.concat([Buffer.from('0000001068646174', 'hex'), Buffer.alloc(8, 0)]);
		return { name, mimeType: 'video/mp4', buffer: Buffer.concat([ftyp, mdat, Buffer.from(String(Math.random()))]) };
	},
	mp3(name = 'sound.mp3'): MvsFile {
		// An ID3v2 tag followed by MPEG-1 Layer III frame headers.
		const id3 = Buffer.from('49443303000000000000', 'hex');
		const frame = Buffer.concat([Buffer.from('fffb9064', 'hex'), Buffer.alloc(413, 0)]);
		return { name, mimeType: 'audio/mpeg', buffer: Buffer.concat([id3, frame, frame, frame, Buffer.from(String(Math.random()))]) };
	},
	pdf(name = 'paper.pdf'): MvsFile {
		const text = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%${Math.random()}\n%%EOF\n`;
		return { name, mimeType: 'application/pdf', buffer: Buffer.from(text) };
	},
	php(name = 'shell.jpg'): MvsFile {
		return { name, mimeType: 'image/jpeg', buffer: Buffer.from('<?php echo "owned"; ?>\n') };
	},
};
