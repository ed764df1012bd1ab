/**
 * Every error code a route can answer, and where each comes from: the
 * route's declared `errors` (what its hand-written handler returns; a unit
 * test and a runtime guard hold the declaration to the handler), plus the
 * codes the generated controller and the shared runtime produce themselves:
 * the private-community gate, authorization, rate limits, file checks,
 * argument validation, and 501 while unimplemented.
 */
import type { ErrorSpec } from '../dsl/plugin.js';
import { absentTargetIsHandled } from './delete-target.js';
import type { Model, ModelPlugin, ModelRoute } from './model.js';

/** WordPress's own codes that routes answer (argument validation), with their statuses. */
export const WORDPRESS_ERRORS: readonly ErrorSpec[] = [
	{ code: 'rest_invalid_param', status: 400, meaning: 'A parameter does not match its schema (WordPress argument validation).' },
	{ code: 'rest_missing_callback_param', status: 400, meaning: 'A required parameter is missing (WordPress argument validation).' },
];

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
	if (validated.length) codes.push('rest_invalid_param');
	// A field required with its own code (requiredOr) is checked by the controller, not by WordPress.
	if (validated.some((a) => (a.spec.required && !a.spec.missingError) || a.spec.requiredWhen)) codes.push('rest_missing_callback_param');
	for (const a of validated) if (a.spec.missingError && !codes.includes(a.spec.missingError)) codes.push(a.spec.missingError);
	if (!route.implemented) codes.push('mvs_not_implemented');
	return codes;
}

/** Every code the route can answer, sorted. */
export function routeErrors(plugin: Pick<ModelPlugin, 'gated'>, route: ModelRoute): string[] {
	return [...new Set([...route.errors, ...controllerErrors(plugin, route)])].sort();
}

/** HTTP status of a code (the plugins' or WordPress's). */
export function errorStatus(model: Pick<Model, 'errors'>, code: string): number {
	const spec = model.errors.find((e) => e.code === code) ?? WORDPRESS_ERRORS.find((e) => e.code === code);
	if (!spec) throw new Error(`unknown error code ${code}`);
	return spec.status;
}
