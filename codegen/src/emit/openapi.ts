/**
 * Emits an OpenAPI 3.1 document per namespace: every status and error code
 * an operation can answer, WordPress's own included, with their headers,
 * and per-operation security from the auth rule (docs/api-conventions.md,
 * "What the OpenAPI documents promise"). Auth rules, rate limits and
 * releases also travel as x-mvs-* extensions so clients can render them.
 */
import type { FieldSpec } from '../dsl/field.js';
import type { Model, ModelPlugin, ModelRoute } from '../model/model.js';
import { errorStatus, routeErrors, WORDPRESS_ERRORS } from '../model/route-errors.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function jsonSchema(spec: FieldSpec): { [key: string]: Json } {
	if (spec.ref) return { $ref: `#/components/schemas/${spec.ref}` };
	if (spec.type === 'file') return { type: 'string', contentEncoding: 'binary' };
	const out: { [key: string]: Json } = {};
	out.type = spec.nullable ? [spec.type, 'null'] : spec.type;
	if (spec.description) out.description = spec.description;
	if (spec.format) out.format = spec.format;
	if (spec.enum) out.enum = [...spec.enum] as Json[];
	if (spec.enumFilter) out['x-mvs-extensible-by'] = spec.enumFilter;
	if (spec.default !== undefined) out.default = spec.default as Json;
	if (spec.minimum !== undefined) out.minimum = spec.minimum;
	if (spec.maximum !== undefined) out.maximum = spec.maximum;
	if (spec.minLength !== undefined) out.minLength = spec.minLength;
	if (spec.maxLength !== undefined) out.maxLength = spec.maxLength;
	if (spec.maxItems !== undefined) out.maxItems = spec.maxItems;
	if (spec.items) out.items = jsonSchema(spec.items);
	if (spec.properties) {
		out.properties = Object.fromEntries(Object.entries(spec.properties).map(([k, v]) => [k, jsonSchema(v)]));
		const required = Object.entries(spec.properties)
			.filter(([, v]) => v.required)
			.map(([k]) => k);
		if (required.length) out.required = required;
	}
	if (spec.type === 'object' && spec.additionalProperties !== undefined) out.additionalProperties = spec.additionalProperties;
	if (spec.requiredWhen) out['x-mvs-required-when'] = { ...spec.requiredWhen };
	return out;
}

function responseSchema(route: ModelRoute): { [key: string]: Json } | undefined {
	const s = route.response.schema;
	if (!s) return undefined;
	if (!s.startsWith('list:')) return { $ref: `#/components/schemas/${s}` };
	const item = { $ref: `#/components/schemas/${s.slice(5)}` };
	if (route.paginate?.envelope) {
		return {
			type: 'object',
			required: ['items', 'total', 'pages'],
			properties: { items: { type: 'array', items: item }, total: { type: 'integer' }, pages: { type: 'integer' } },
		};
	}
	return { type: 'array', items: item };
}

function operation(model: Model, plugin: ModelPlugin, route: ModelRoute, method: string): { [key: string]: Json } {
	const parameters: Json[] = route.args
		.filter((a) => a.location === 'path' || a.location === 'query')
		.map((a) => ({
			name: a.name,
			in: a.location,
			required: a.location === 'path' || Boolean(a.spec.required),
			schema: jsonSchema(a.spec),
		}));
	// Request headers the handler reads (Range on /serve, User-Agent on views): documented as sent; nothing validates them.
	for (const h of route.headers) parameters.push({ name: h.http, in: 'header', required: false, description: h.description, schema: { type: 'string' } });
	const bodyArgs = route.args.filter((a) => a.location === 'body' || a.location === 'multipart');
	const op: { [key: string]: Json } = {
		operationId: method === route.method ? route.name : `${route.name}_${method.toLowerCase()}`,
		summary: route.summary,
		tags: [route.resource],
		'x-mvs-auth': { ...route.auth, ...('anyOf' in route.auth ? { anyOf: [...route.auth.anyOf] } : {}) } as Json,
		'x-mvs-since': route.since,
		'x-mvs-implemented': route.implemented,
	};
	if (route.rateLimit) {
		op['x-mvs-rate-limit'] = route.rateLimit.perAddress
			? { perMinute: route.rateLimit.perMinute, perAddress: route.rateLimit.perAddress }
			: { perMinute: route.rateLimit.perMinute };
	}
	if (route.rateLimitOff) op['x-mvs-rate-limit'] = { off: route.rateLimitOff };
	if (parameters.length) op.parameters = parameters;
	if (bodyArgs.length) {
		const schema = {
			type: 'object',
			properties: Object.fromEntries(bodyArgs.map((a) => [a.name, jsonSchema(a.spec)])),
			required: bodyArgs.filter((a) => a.spec.required).map((a) => a.name),
		};
		const media = bodyArgs.some((a) => a.location === 'multipart') ? 'multipart/form-data' : 'application/json';
		op.requestBody = { required: schema.required.length > 0, content: { [media]: { schema } } };
	}
	op.security = security(route);
	op.responses = responses(model, plugin, route);
	return op;
}

/**
 * Anonymous callers may call public routes (`{}`: no credentials); every
 * other route needs a login by application password or cookie + nonce.
 */
function security(route: ModelRoute): Json[] {
	const login: Json[] = [{ applicationPassword: [] }, { cookieNonce: [] }];
	return route.auth.kind === 'public' || route.auth.kind === 'public_privacy' ? [{}, ...login] : login;
}

function header(description: string, type = 'string', required = false): Json {
	return { description, required, schema: { type } };
}

/**
 * Every status the operation can answer: its success (with 206 when it
 * honours Range; 304 on every JSON GET, and on a file route that honours
 * If-None-Match or If-Modified-Since), and one response per error status
 * enumerating exactly the codes the route can answer with it (its
 * handler's, the controller's and WordPress's).
 */
function responses(model: Model, plugin: ModelPlugin, route: ModelRoute): { [key: string]: Json } {
	const success: { [key: string]: Json } = { description: route.response.note ?? route.summary };
	const schema = responseSchema(route);
	if (schema) success.content = { 'application/json': { schema } };
	if (route.response.file) success.content = { '*/*': { schema: { type: 'string', contentEncoding: 'binary' } } };
	const headers: { [key: string]: Json } = {};
	if (route.paginate?.totalHeader) {
		headers['X-WP-Total'] = header('Total items visible to the caller.', 'integer', true);
		headers['X-WP-TotalPages'] = header('Total pages.', 'integer', true);
	}
	if (route.response.location) headers.Location = { required: true, schema: { type: 'string', format: 'uri' } };
	for (const [name, description] of Object.entries(route.response.headers ?? {})) headers[name] = header(description);
	// Every JSON GET is a conditional request (MVS_Conditional_Get, docs/api-conventions.md "Conditional requests").
	const conditionalJson = route.method === 'GET' && !route.response.file;
	if (conditionalJson) {
		headers.ETag = header('Weak validator of the body, its exposed headers and the viewer; send it back in If-None-Match.', 'string', true);
		headers['Cache-Control'] = header('`private, no-cache` for a member (and on a private community), else `public, no-cache`.', 'string', true);
	}
	if (Object.keys(headers).length) success.headers = headers;
	const out: { [key: string]: Json } = { [String(route.response.status)]: success };
	const sent = new Set(route.headers.map((h) => h.http));
	if (sent.has('Range')) {
		out['206'] = {
			description: 'The one byte range asked for (Range, and If-Range still matching).',
			headers: { ...headers, 'Content-Range': header('`bytes <first>-<last>/<size>`.', 'string', true) },
			...(success.content ? { content: success.content } : {}),
		};
	}
	if (conditionalJson || sent.has('If-None-Match') || sent.has('If-Modified-Since')) {
		const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => ['ETag', 'Last-Modified', 'Cache-Control'].includes(name)));
		out['304'] = { description: 'The cached copy is current (If-None-Match, or If-Modified-Since); no body.', headers: kept };
	}
	const byStatus = new Map<number, string[]>();
	for (const code of routeErrors(plugin, route)) {
		const status = errorStatus(model, code);
		byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
	}
	for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
		const response: { [key: string]: Json } = {
			description: list.join(', '),
			'x-mvs-error-codes': list,
			content: {
				'application/json': {
					schema: { allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { code: { enum: list } } }] },
				},
			},
		};
		// Headers an error carries (Retry-After on 429); required when every code of the status sends them.
		const errorHeaders: { [key: string]: Json } = {};
		for (const code of list) {
			for (const [name, description] of Object.entries(model.errors.find((e) => e.code === code)?.headers ?? {})) {
				const everyCode = list.every((c) => model.errors.find((e) => e.code === c)?.headers?.[name] !== undefined);
				errorHeaders[name] = header(description, name === 'Retry-After' ? 'integer' : 'string', everyCode);
			}
		}
		if (Object.keys(errorHeaders).length) response.headers = errorHeaders;
		out[String(status)] = response;
	}
	return out;
}

export function emitOpenApi(model: Model, plugin: ModelPlugin): { [key: string]: Json } {
	const paths: { [key: string]: { [key: string]: Json } } = {};
	for (const route of plugin.routes) {
		const p = `/${plugin.namespace}${route.path}`;
		paths[p] ??= {};
		for (const m of route.methods) paths[p]![m.toLowerCase()] = operation(model, plugin, route, m);
	}
	const schemas: { [key: string]: Json } = {
		Error: {
			type: 'object',
			required: ['code', 'message', 'data'],
			properties: {
				code: { type: 'string', enum: [...model.errors, ...WORDPRESS_ERRORS].map((e) => e.code) },
				message: { type: 'string' },
				data: { type: 'object', required: ['status'], properties: { status: { type: 'integer' } } },
			},
		},
	};
	for (const s of plugin.schemas) {
		schemas[s.name] = jsonSchema({ type: 'object', properties: s.properties, description: s.summary });
	}
	return {
		openapi: '3.1.0',
		info: {
			title: `${plugin.title} REST API (${plugin.namespace})`,
			version: plugin.routes.map((r) => r.since).sort(compareSemver).at(-1) ?? '1.0.0',
			description: `Generated from ${plugin.sources.join(', ')}. Do not edit.`,
		},
		servers: [
			{
				url: '{scheme}://{host}/wp-json',
				description: 'A WordPress site with pretty permalinks; without them the API answers at /?rest_route=/<namespace>/<path>.',
				variables: {
					scheme: { enum: ['https', 'http'], default: 'https' },
					host: { default: 'example.com', description: 'Host name (and port, and the folder WordPress lives in, if any).' },
				},
			},
		],
		components: {
			schemas,
			securitySchemes: {
				applicationPassword: { type: 'http', scheme: 'basic', description: 'WordPress application password.' },
				cookieNonce: { type: 'apiKey', in: 'header', name: 'X-WP-Nonce', description: 'Cookie session plus a wp_rest nonce.' },
			},
		},
		paths,
	};
}

function compareSemver(a: string, b: string): number {
	const pa = a.split('.').map(Number);
	const pb = b.split('.').map(Number);
	for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
	return 0;
}
