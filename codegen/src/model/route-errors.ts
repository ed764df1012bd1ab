/**
 * Every error code a route can answer, and where each comes from: the
 * route's declared `errors` (what its hand-written handler returns; a unit
 * test and a runtime guard hold the declaration to the handler), plus the
 * codes the generated controller and the shared runtime produce themselves:
 * the private-community gate, authorization, rate limits, file checks,
 * argument validation, and 501 while unimplemented; and WordPress's own
 * answers before the route runs (credentials, nonce, JSON, no route).
 */
import type { ErrorSpec } from '../dsl/plugin.js';
import { absentTargetIsHandled } from './delete-target.js';
import type { Model, ModelPlugin, ModelRoute } from './model.js';

/**
 * What WordPress answers a Basic header holding no good application password
 * (MVS_Credentials makes it answer on every route of the plugins; docs/api-conventions.md).
 */
const CREDENTIAL_ERRORS: readonly ErrorSpec[] = [
	{ code: 'incorrect_password', status: 401, meaning: 'A wrong, revoked or unreadable application password.' },
	{ code: 'invalid_username', status: 401, meaning: 'An unknown user name.' },
	{ code: 'invalid_email', status: 401, meaning: 'An unknown e-mail address.' },
	{ code: 'application_passwords_disabled', status: 401, meaning: 'Application passwords are off on the site.' },
	{ code: 'application_passwords_disabled_for_user', status: 401, meaning: 'Application passwords are off for this account.' },
];

/** WordPress's own codes that routes answer, with their statuses. */
export const WORDPRESS_ERRORS: readonly ErrorSpec[] = [
	{ code: 'rest_invalid_param', status: 400, meaning: 'A parameter does not match its schema (WordPress argument validation).' },
	{ code: 'rest_missing_callback_param', status: 400, meaning: 'A required parameter is missing (WordPress argument validation).' },
	{ code: 'rest_invalid_json', status: 400, meaning: 'A JSON body that does not parse.' },
	{ code: 'rest_no_route', status: 404, meaning: 'No route matches: a path parameter that is not a number (or an unknown path or method).' },
	{ code: 'rest_cookie_invalid_nonce', status: 403, meaning: 'A login cookie sent with a missing or stale X-WP-Nonce.' },
	...CREDENTIAL_ERRORS,
];

/**
 * Codes WordPress answers for an operation before any of the route's code
 * runs: bad credentials and a stale cookie nonce on every operation, a body
 * that is not JSON on every write, and, where the path has a numeric
 * placeholder, rest_no_route for one that is not a number.
 */
export function wordpressErrors(route: ModelRoute): string[] {
	const codes = CREDENTIAL_ERRORS.map((e) => e.code);
	codes.push('rest_cookie_invalid_nonce');
	if (route.method !== 'GET') codes.push('rest_invalid_json');
	if (route.args.some((a) => a.location === 'path')) codes.push('rest_no_route');
	return codes;
}

/** Codes the generated controller and the runtime answer for a route, whatever its handler does. */
export function controllerErrors(plugin: Pick<ModelPlugin, 'gated'>, route: ModelRoute): string[] {
	const codes: string[] = [];
	// The gate answers anonymous callers of a gated namespace before any route runs.
	if (plugin.gated) codes.push('mvs_community_private');
	if (route.auth.kind !== 'public' && route.auth.kind !== 'public_privacy') codes.push('mvs_not_logged_in');
	if (route.auth.kind === 'capability' || route.auth.kind === 'owner') codes.push('mvs_forbidden');
	if (route.auth.kind === 'owner' && !absentTargetIsHandled(route)) codes.push('mvs_not_found');
	if (route.rateLimit) codes.push('mvs_rate_limited');
	if (route.file) codes.push('mvs_no_file', 'mvs_file_too_large');
	const validated = route.args.filter((a) => a.location !== 'path' && a.spec.type !== 'file');
	// Path IDs match [\d]+ and have a minimum of 1: WordPress refuses {id}=0 with rest_invalid_param.
	if (validated.length || route.args.some((a) => a.location === 'path')) codes.push('rest_invalid_param');
	// A field required with its own code (requiredOr) is checked by the controller, not by WordPress.
	if (validated.some((a) => (a.spec.required && !a.spec.missingError) || a.spec.requiredWhen)) codes.push('rest_missing_callback_param');
	for (const a of validated) if (a.spec.missingError && !codes.includes(a.spec.missingError)) codes.push(a.spec.missingError);
	if (!route.implemented) codes.push('mvs_not_implemented');
	return codes;
}

/** Every code the route can answer (its handler's, the controller's and WordPress's), sorted. */
export function routeErrors(plugin: Pick<ModelPlugin, 'gated'>, route: ModelRoute): string[] {
	return [...new Set([...route.errors, ...controllerErrors(plugin, route), ...wordpressErrors(route)])].sort();
}

/** HTTP status of a code (the plugins' or WordPress's). */
export function errorStatus(model: Pick<Model, 'errors'>, code: string): number {
	const spec = model.errors.find((e) => e.code === code) ?? WORDPRESS_ERRORS.find((e) => e.code === code);
	if (!spec) throw new Error(`unknown error code ${code}`);
	return spec.status;
}
