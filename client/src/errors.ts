/**
 * The error every failed call throws: the API's stable error code
 * (docs/api-conventions.md), its message, `data.status`, and for a 429 the
 * seconds of `Retry-After` to wait before trying again.
 */
import type { MvsError } from './client.js';

/** Code given when the answer is not the API's JSON error body (a proxy's HTML page, a cut connection). */
export const UNEXPECTED_RESPONSE = 'mvs_client_unexpected_response';

export class MvsApiError extends Error {
	override readonly name = 'MvsApiError';
	/** The stable code, e.g. `mvs_not_found`, `mvs_rate_limited`, `rest_invalid_param`. */
	readonly code: MvsError['code'];
	/** `data.status` of the body: the HTTP status. */
	readonly status: number;
	/** The body's `data`, e.g. `params` of `rest_invalid_param`. */
	readonly data: MvsError['data'];
	/** Seconds to wait, from `Retry-After` (429, and 503 when sent); undefined without one. */
	readonly retryAfter: number | undefined;
	/** Response headers, lower-case names. */
	readonly headers: Readonly<Record<string, string>>;

	constructor(error: MvsError, headers: Readonly<Record<string, string>>) {
		super(error.message);
		this.code = error.code;
		this.status = error.data.status;
		this.data = error.data;
		this.headers = headers;
		const retry = headers['retry-after'];
		this.retryAfter = retry !== undefined && /^\d+$/.test(retry.trim()) ? Number(retry.trim()) : undefined;
	}

	/** The error of a non-2xx answer: its body when it is the API's error shape, else UNEXPECTED_RESPONSE. */
	static from(status: number, body: unknown, headers: Readonly<Record<string, string>>): MvsApiError {
		const b = body as Partial<MvsError> | null | undefined;
		if (b && typeof b === 'object' && typeof b.code === 'string' && typeof b.message === 'string') {
			const data = b.data && typeof b.data === 'object' ? b.data : { status };
			return new MvsApiError({ code: b.code, message: b.message, data: { ...data, status: typeof data.status === 'number' ? data.status : status } }, headers);
		}
		return new MvsApiError({ code: UNEXPECTED_RESPONSE, message: `HTTP ${status} without an API error body.`, data: { status } }, headers);
	}
}
