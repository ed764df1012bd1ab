/**
 * The client over `fetch`: a REST root, an application password sent as
 * HTTP Basic, `signIn()` to get one, calls that return the typed body or
 * throw MvsApiError, and `list()` with the totals of X-WP-Total. Only
 * ES2022 is assumed: `fetch` is the platform's or an injected one, so the
 * package runs in React Native and Node alike. See client/README.md.
 */
import { buildRequest, type AppPassword, type ListEnvelope, type MvsRequest, type MvsResponse, type OperationArgs, type OperationName, type Operations } from './client.js';
import { basicAuth, multipart, utf8 } from './encoding.js';
import { MvsApiError } from './errors.js';

/** The part of a fetch Response the client reads (React Native's, Node's, undici's, a test double). */
export interface FetchResponse {
	readonly status: number;
	readonly headers: { forEach: (callback: (value: string, name: string) => void) => void };
	text: () => Promise<string>;
}

/** The part of `fetch` the client calls. */
export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string | Uint8Array }) => Promise<FetchResponse>;

/** An application password and the user name to send with it. */
export interface Credentials {
	username: string;
	password: string;
}

export interface ClientOptions {
	/** The REST root, e.g. `https://example.com/wp-json`. */
	baseUrl: string;
	/** Defaults to the global `fetch`. */
	fetch?: FetchLike;
	credentials?: Credentials;
	/** Sent with every request, e.g. `Accept-Language`. */
	headers?: Record<string, string>;
}

/** Operations that answer a list (an array, or the media lists' envelope). */
export type ListOperationName = {
	[N in OperationName]: Operations[N]['response'] extends readonly unknown[] | ListEnvelope<unknown> ? N : never;
}[OperationName];

type ItemOf<R> = R extends ListEnvelope<infer T> ? T : R extends ReadonlyArray<infer T> ? T : never;

/** One page of a list and the totals the server counted. */
export interface Page<T> {
	items: T[];
	/** X-WP-Total: items over all pages, null when the route does not count. */
	total: number | null;
	/** X-WP-TotalPages, null when the route does not count. */
	totalPages: number | null;
	headers: Record<string, string>;
}

export interface SignInInput {
	/** User name or e-mail. */
	username: string;
	password: string;
	/** The name members see under Users → Profile → Application Passwords. */
	appName?: string;
	/** One id per installation: signing in again replaces that installation's credential. */
	appId?: string;
}

export interface SignInResult {
	/** What to keep in the keychain and pass to `withCredentials()`. */
	credentials: Credentials;
	appPassword: AppPassword;
}

function headerNumber(headers: Record<string, string>, name: string): number | null {
	const value = headers[name];
	return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

let boundaries = 0;

export class MvsHttpClient {
	private readonly options: ClientOptions;
	private readonly fetcher: FetchLike;
	/** A Transport for the generated MvsClient: `new MvsClient(client.transport)` answers every status, throws none. */
	readonly transport: (request: MvsRequest) => Promise<MvsResponse<unknown>>;

	constructor(options: ClientOptions) {
		const fetcher = options.fetch ?? (globalThis as { fetch?: FetchLike }).fetch;
		if (!fetcher) throw new Error('No global fetch: pass one as the fetch option.');
		this.options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
		this.fetcher = fetcher;
		this.transport = (request) => this.send(request);
	}

	/** The same site and fetch as another member. */
	withCredentials(credentials: Credentials | undefined): MvsHttpClient {
		const { credentials: _old, ...rest } = this.options;
		return new MvsHttpClient(credentials ? { ...rest, fetch: this.fetcher, credentials } : { ...rest, fetch: this.fetcher });
	}

	/** Sends one request; any status is answered, none thrown. */
	async send(request: MvsRequest): Promise<MvsResponse<unknown>> {
		const headers: Record<string, string> = { Accept: 'application/json', ...this.options.headers };
		if (this.options.credentials) headers['Authorization'] = basicAuth(this.options.credentials.username, this.options.credentials.password);
		let body: string | Uint8Array | undefined;
		if (request.multipart) {
			const form = multipart(request.multipart, `mvs-client-${Date.now().toString(36)}-${(boundaries++).toString(36)}`);
			headers['Content-Type'] = form.contentType;
			body = form.body;
		} else if (request.json !== undefined) {
			headers['Content-Type'] = 'application/json';
			body = utf8(JSON.stringify(request.json));
		}
		const query = Object.entries(request.query)
			.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
			.join('&');
		const url = `${this.options.baseUrl}${request.path}${query ? `?${query}` : ''}`;
		const res = await this.fetcher(url, body === undefined ? { method: request.method, headers } : { method: request.method, headers, body });
		const responseHeaders: Record<string, string> = {};
		res.headers.forEach((value, name) => {
			responseHeaders[name.toLowerCase()] = value;
		});
		const text = await res.text();
		let parsed: unknown;
		if (text !== '') {
			try {
				parsed = JSON.parse(text);
			} catch {
				parsed = text;
			}
		}
		return { status: res.status, headers: responseHeaders, body: parsed as MvsResponse<unknown>['body'] };
	}

	/** Calls an operation and answers its full response; throws MvsApiError on a status outside 2xx and 304. */
	async call<N extends OperationName>(name: N, ...input: OperationArgs<N>): Promise<{ status: number; headers: Record<string, string>; body: Operations[N]['response'] }> {
		const res = await this.send(buildRequest(name, ...input));
		if ((res.status < 200 || res.status > 299) && res.status !== 304) throw MvsApiError.from(res.status, res.body, res.headers);
		return res as { status: number; headers: Record<string, string>; body: Operations[N]['response'] };
	}

	/** Calls an operation and answers its body; throws MvsApiError on failure. */
	async request<N extends OperationName>(name: N, ...input: OperationArgs<N>): Promise<Operations[N]['response']> {
		return (await this.call(name, ...input)).body;
	}

	/** One page of a list operation, with X-WP-Total and X-WP-TotalPages. */
	async list<N extends ListOperationName>(name: N, ...input: OperationArgs<N>): Promise<Page<ItemOf<Operations[N]['response']>>> {
		const res = await this.call(name, ...input);
		const body = res.body as unknown;
		const items = (Array.isArray(body) ? body : (body as ListEnvelope<unknown>).items) as Array<ItemOf<Operations[N]['response']>>;
		return { items, total: headerNumber(res.headers, 'x-wp-total'), totalPages: headerNumber(res.headers, 'x-wp-totalpages'), headers: res.headers };
	}

	/**
	 * POST /mvs/v1/auth/app-password (docs/sign-in.md): trades a member's
	 * password for an application password, shown this once.
	 */
	async signIn(input: SignInInput): Promise<SignInResult> {
		const body: Operations['create_app_password']['body'] = { username: input.username, password: input.password };
		if (input.appName !== undefined) body.app_name = input.appName;
		if (input.appId !== undefined) body.app_id = input.appId;
		const appPassword = await this.request('create_app_password', { body });
		return { credentials: { username: appPassword.user_login, password: appPassword.password }, appPassword };
	}
}
