/**
 * The smallest harness for specs: `users` (the site's fixture users) and
 * `api(role)`, a REST helper authenticated as that user with HTTP Basic and
 * the user's application password (`anonymous` sends no credentials).
 * One request context per role per worker, created on first use: contexts
 * keep cookies, so roles never share one.
 */
import { readFileSync } from 'node:fs';
import { test as base, request, type APIRequestContext } from '@playwright/test';

export type UserRole = 'subscriber' | 'member' | 'member2' | 'moderator' | 'admin';
export type Role = UserRole | 'anonymous';

export interface FixtureUser {
	id: number;
	login: string;
	password: string;
	appPassword: string;
	/** The WordPress role the user was given (e.g. mvs_member, or author when the plugin has no such role). */
	role: string;
}
export type Users = Record<UserRole, FixtureUser>;

export interface FileUpload {
	name: string;
	mimeType: string;
	buffer: Buffer;
}
export interface RequestOptions {
	query?: Record<string, string | number | boolean>;
	json?: unknown;
	multipart?: Record<string, string | number | boolean | FileUpload>;
	headers?: Record<string, string>;
}
export interface RestResponse<T = any> {
	status: number;
	headers: Record<string, string>;
	/** Parsed JSON, or the raw text when the response is not JSON (e.g. a PHP error page). */
	body: T;
}
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type RestClient = Record<Method, <T = any>(path: string, options?: RequestOptions) => Promise<RestResponse<T>>>;

export function loadUsers(): Users {
	const file = process.env.MVS_FIXTURES_FILE;
	if (!file) throw new Error('MVS_FIXTURES_FILE is not set: run the specs with `npm test` in e2e/ (site/run-tests.mjs).');
	return (JSON.parse(readFileSync(file, 'utf8')) as { users: Users }).users;
}

function baseURL(): string {
	const url = process.env.MVS_BASE_URL;
	if (!url) throw new Error('MVS_BASE_URL is not set: run the specs with `npm test` in e2e/ (site/run-tests.mjs).');
	return url;
}

function restClient(context: () => Promise<APIRequestContext>): RestClient {
	const send =
		(method: Method) =>
		async <T = any>(path: string, { query, json, multipart, headers }: RequestOptions = {}): Promise<RestResponse<T>> => {
			const response = await (await context()).fetch(path, {
				method: method.toUpperCase(),
				params: query,
				data: json,
				multipart,
				headers,
				failOnStatusCode: false,
			});
			const text = await response.text();
			let body: unknown = text;
			try {
				body = text ? JSON.parse(text) : null;
			} catch {
				// Not JSON: keep the text so a failing assertion shows what came back.
			}
			return { status: response.status(), headers: response.headers(), body: body as T };
		};
	return { get: send('get'), post: send('post'), put: send('put'), patch: send('patch'), delete: send('delete') };
}

export const test = base.extend<{}, { users: Users; api: (role: Role) => RestClient }>({
	users: [async ({}, use) => use(loadUsers()), { scope: 'worker' }],
	api: [
		async ({ users }, use) => {
			const contexts = new Map<Role, Promise<APIRequestContext>>();
			const contextFor = (role: Role) => {
				let context = contexts.get(role);
				if (!context) {
					const user = role === 'anonymous' ? undefined : users[role];
					const extraHTTPHeaders: Record<string, string> = user
						? { Authorization: `Basic ${Buffer.from(`${user.login}:${user.appPassword}`).toString('base64')}` }
						: {};
					context = request.newContext({ baseURL: baseURL(), extraHTTPHeaders });
					contexts.set(role, context);
				}
				return context;
			};
			await use((role) => restClient(() => contextFor(role)));
			await Promise.all([...contexts.values()].map(async (context) => (await context).dispose()));
		},
		{ scope: 'worker' },
	],
});

export { expect } from '@playwright/test';
