/**
 * The one rule for repeated DELETEs (docs/api-conventions.md, "Retry-safe
 * writes"): a DELETE whose target is already absent is a success that says
 * `deleted: false`, never a 404. Only the target counts; a missing parent
 * (the album of DELETE /albums/{id}/items/{media_id}) is still a 404.
 */
import type { AuthRule } from '../dsl/auth.js';

/**
 * Whether the route's ownership check leaves an absent target to the
 * handler (which answers `deleted: false`) instead of answering 404: a
 * DELETE whose owner-checked parameter is its last path parameter, the
 * thing being deleted.
 */
export function absentTargetIsHandled(route: { readonly method: string; readonly path: string; readonly auth: AuthRule }): boolean {
	if (route.method !== 'DELETE' || route.auth.kind !== 'owner') return false;
	const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
	return params.length > 0 && params[params.length - 1] === route.auth.param;
}
