/**
 * The transport-neutral half of @mvs/client: the input types of an
 * operation, the request it becomes, and a client over any transport. The
 * operation table and every type of the API come from `operations.ts`,
 * which `npm run codegen` writes from the DSL (client/README.md).
 */
import { operations, type MvsError, type MvsFile, type OperationName, type Operations } from './operations.js';

export * from './operations.js';

/** Optional when every key of T is optional, required otherwise. */
type Part<K extends string, T> = Record<string, never> extends T ? { [P in K]?: T } : { [P in K]: T };

/** What a caller passes: path parameters and required fields cannot be left out. */
export type OperationInput<N extends OperationName> = Part<'params', Operations[N]['params']> &
	Part<'query', Operations[N]['query']> &
	Part<'body', Operations[N]['body']>;

/** Arguments after the operation name: optional only when nothing is required. */
export type OperationArgs<N extends OperationName> = Record<string, never> extends OperationInput<N> ? [input?: OperationInput<N>] : [input: OperationInput<N>];

/** A transport-neutral request; a Transport turns it into HTTP. */
export interface MvsRequest {
	method: string;
	/** Path below the REST root, e.g. `/mvs/v1/media/12`. */
	path: string;
	query: Record<string, string>;
	json?: unknown;
	multipart?: Record<string, string | MvsFile>;
}

export interface MvsResponse<T> {
	status: number;
	headers: Record<string, string>;
	body: T | MvsError;
}

export type Transport = (request: MvsRequest) => Promise<MvsResponse<unknown>>;

/** Builds the request of an operation: fills the path, stringifies the query. */
export function buildRequest<N extends OperationName>(name: N, ...[input]: OperationArgs<N>): MvsRequest {
	const op = operations[name];
	const given = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
	const params = given.params ?? {};
	const path = op.path.replace(/\{([a-z_]+)\}/g, (_, key: string) => {
		if (params[key] === undefined) throw new Error(`${name}: missing path parameter ${key}`);
		return encodeURIComponent(String(params[key]));
	});
	const query: Record<string, string> = {};
	for (const [key, value] of Object.entries(given.query ?? {})) {
		if (value !== undefined) query[key] = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
	}
	const request: MvsRequest = { method: op.method, path: `/${op.namespace}${path}`, query };
	if (given.body !== undefined) {
		if (op.multipart) {
			const form: Record<string, string | MvsFile> = {};
			for (const [key, value] of Object.entries(given.body as Record<string, unknown>)) {
				if (value === undefined) continue;
				form[key] = typeof value === 'object' && value !== null && 'buffer' in value ? (value as MvsFile) : typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
			}
			request.multipart = form;
		} else {
			request.json = given.body;
		}
	}
	return request;
}

/** A typed client over any transport (fetch, Playwright's request, @wordpress/api-fetch). */
export class MvsClient {
	private readonly transport: Transport;

	constructor(transport: Transport) {
		this.transport = transport;
	}

	call<N extends OperationName>(name: N, ...input: OperationArgs<N>): Promise<MvsResponse<Operations[N]['response']>> {
		return this.transport(buildRequest(name, ...input)) as Promise<MvsResponse<Operations[N]['response']>>;
	}
}

