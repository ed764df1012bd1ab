/**
 * Raw HTTP for the security suite: bodies, query strings and paths exactly
 * as an attacker writes them (the typed client and Api.send would refuse or
 * normalise most of them), and a small concurrency pool.
 */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { MvsFile } from '../../../client/src/client';
import { baseUrl, type Role, type SiteFixtures } from '../../support/mvs';

export interface RawRequest {
	method: string;
	/** Path under /wp-json, e.g. /mvs/v1/media/3; sent as written (already encoded). */
	path: string;
	/** Query string without '?', already encoded. */
	query?: string;
	/** Body sent as is, with `contentType`. */
	body?: string;
	contentType?: string;
	multipart?: Record<string, string | MvsFile>;
	headers?: Record<string, string>;
	/** Address the route as /index.php?rest_route=<path> instead of /wp-json<path>. */
	viaRestRoute?: boolean;
}

export interface RawResponse {
	status: number;
	headers: Record<string, string>;
	text: string;
	body: Buffer;
	/** The parsed body, or undefined when it is not JSON. */
	json: any;
}

export type Client = (request: RawRequest) => Promise<RawResponse>;

/** PHP-style query encoding: arrays as key[]=, objects as key[k]=, null as a bare key. */
export function encodeQuery(params: Record<string, unknown>): string {
	const parts: string[] = [];
	const add = (key: string, value: unknown): void => {
		if (value === null || value === undefined) parts.push(encodeURIComponent(key));
		else if (Array.isArray(value)) {
			if (!value.length) parts.push(`${encodeURIComponent(`${key}[]`)}=`);
			value.forEach((item, i) => add(`${key}[${typeof item === 'object' && item !== null ? i : ''}]`, item));
		} else if (typeof value === 'object') for (const [k, item] of Object.entries(value)) add(`${key}[${k}]`, item);
		else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
	};
	for (const [key, value] of Object.entries(params)) add(key, value);
	return parts.join('&');
}

async function send(context: APIRequestContext, request: RawRequest): Promise<RawResponse> {
	const query = request.query ? `?${request.query}` : '';
	const url = request.viaRestRoute
		? `${baseUrl()}/index.php?rest_route=${encodeURIComponent(request.path)}${query.replace('?', '&')}`
		: `${baseUrl()}/wp-json${request.path}${query}`;
	const headers = { ...(request.contentType ? { 'Content-Type': request.contentType } : {}), ...request.headers };
	const multipart = request.multipart
		? Object.fromEntries(
				Object.entries(request.multipart).map(([k, value]) => [
					k,
					typeof value === 'string' ? value : { name: value.name, mimeType: value.mimeType, buffer: Buffer.from(value.buffer) },
				]),
			)
		: undefined;
	const response = await context.fetch(url, {
		method: request.method,
		data: multipart ? undefined : request.body,
		multipart,
		headers,
		failOnStatusCode: false,
		maxRedirects: 0,
		timeout: 60_000,
	});
	const body = await response.body();
	const text = body.toString('utf8');
	let json: unknown;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: response.status(), headers: response.headers(), text, body, json };
}

/** A client authenticated as `role` (application password), or anonymous; dispose() closes it. */
export async function clientFor(role: Role | { login: string; appPassword: string }, fixtures: SiteFixtures): Promise<{ call: Client; dispose: () => Promise<void> }> {
	const headers: Record<string, string> = {};
	const user = typeof role === 'string' ? (role === 'anonymous' ? null : fixtures.users[role]) : role;
	if (user) headers.Authorization = `Basic ${Buffer.from(`${user.login}:${user.appPassword}`).toString('base64')}`;
	const context = await playwrightRequest.newContext({ extraHTTPHeaders: headers });
	return { call: (request) => send(context, request), dispose: () => context.dispose() };
}

/** Runs `task` over `items`, `concurrency` at a time, in order of start. */
export async function pool<T>(items: T[], concurrency: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
	let next = 0;
	const runners = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
		while (next < items.length) {
			const index = next++;
			await task(items[index]!, index);
		}
	});
	await Promise.all(runners);
}

/** A rate-limit bucket nobody else uses (test harness header), so a limit never hides what comes after it. */
export function freshBucket(label: string): Record<string, string> {
	return { 'X-MVS-Test-Bucket': `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}` };
}

/** Records a count for the suite's summary (security/counts-reporter.ts adds them up). */
export function count(info: { annotations: { type: string; description?: string }[] }, name: string, value: number): void {
	info.annotations.push({ type: `count:${name}`, description: String(value) });
}
