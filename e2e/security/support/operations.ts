/**
 * Every route the generator emitted, with its inputs and its documented
 * error codes, read from the generated OpenAPI documents and the route
 * manifest: a route added to the DSL is fuzzed and crawled without a line
 * of test code.
 */
import { readFileSync } from 'node:fs';
import { routes, type ManifestRoute } from '../../support/matrix';

export interface Schema {
	type?: string | string[];
	enum?: unknown[];
	minimum?: number;
	maximum?: number;
	minLength?: number;
	maxLength?: number;
	maxItems?: number;
	items?: Schema;
	format?: string;
	properties?: Record<string, Schema>;
}

export interface Field {
	/** The parameter's name; for a header, its HTTP spelling (`If-None-Match`). */
	name: string;
	in: 'path' | 'query' | 'header' | 'body';
	schema: Schema;
}

export interface Operation {
	route: ManifestRoute;
	/** `GET /mvs/v1/media/{id}` */
	label: string;
	fields: Field[];
	bodyKind: 'json' | 'multipart' | null;
	/** Codes its OpenAPI responses declare (the DSL's `errors` plus what the generator adds). */
	declaredCodes: Set<string>;
}

type OpenApiOperation = {
	parameters?: { name: string; in: 'path' | 'query' | 'header'; schema: Schema }[];
	requestBody?: { content: Record<string, { schema: { properties?: Record<string, Schema> } }> };
	responses: Record<string, { description: string }>;
};

function load(file: string): Record<string, Record<string, OpenApiOperation>> {
	return JSON.parse(readFileSync(new URL(`../../../codegen/out/openapi/${file}`, import.meta.url), 'utf8')).paths;
}

const paths = { ...load('mvs-v1.json'), ...load('mvs-pro-v1.json') };

/**
 * Codes any route may answer whatever its declaration says, because
 * WordPress or the generated controller add them to every route:
 * - rest_invalid_param, rest_missing_callback_param: argument validation;
 * - rest_invalid_json: a body that does not parse (WordPress, before any route code);
 * - mvs_not_logged_in, mvs_forbidden, rest_forbidden: the generated permission check;
 * - mvs_rate_limited: the shared limiter, on routes with a limit;
 * - mvs_not_implemented: a declared route whose service is not written yet (after validation and auth).
 * rest_no_route is allowed only where the input changed the path so that no route matches.
 */
export const GENERIC_CODES = [
	'rest_invalid_param',
	'rest_missing_callback_param',
	'rest_invalid_json',
	'mvs_not_logged_in',
	'mvs_forbidden',
	'rest_forbidden',
	'mvs_rate_limited',
	'mvs_not_implemented',
] as const;

function operationOf(route: ManifestRoute): Operation {
	const fullPath = `/${route.namespace}${route.path}`;
	const op = paths[fullPath]?.[route.method.toLowerCase()];
	if (!op) throw new Error(`${route.method} ${fullPath}: missing from the OpenAPI documents`);
	const fields: Field[] = (op.parameters ?? []).map((p) => ({ name: p.name, in: p.in, schema: p.schema }));
	let bodyKind: Operation['bodyKind'] = null;
	for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) {
		bodyKind = type === 'multipart/form-data' ? 'multipart' : 'json';
		for (const [name, schema] of Object.entries(content.schema.properties ?? {})) fields.push({ name, in: 'body', schema });
	}
	const declaredCodes = new Set<string>();
	for (const [status, response] of Object.entries(op.responses)) {
		if (Number(status) >= 400) for (const code of response.description.split(',')) declaredCodes.add(code.trim());
	}
	return { route, label: `${route.method} ${fullPath}`, fields, bodyKind, declaredCodes };
}

/** One operation per route of both namespaces (a route's aliases, e.g. PATCH for PUT, share its handler). */
export const operations: Operation[] = routes.map(operationOf);
