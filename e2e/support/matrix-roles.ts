/**
 * Which fixture roles the authorization matrix calls each route as. The
 * full tier (the native stack) calls every route as every role. The
 * Playground tier pays about a second per request, so it calls each route
 * once per distinct outcome the DSL gives it: 401 (anonymous), 403, allowed,
 * and for owner routes allowed-as-owner apart from allowed-through-a-cap.
 * Every branch of the generated permission check, and the ownership lookup
 * SQL that SQLite must accept, still runs on Playground; only the repeats go.
 */
import { currentTier } from '../tiers';
import { expectedOutcome, OWNER, type ManifestRoute } from './matrix';
import { ROLES, type Role } from './mvs';

/** The owner and a stranger with the same capabilities first, so they stand for the 403 of an owner route. */
const PREFERENCE: readonly Role[] = ['anonymous', 'member', 'member2', 'moderator', 'admin', 'subscriber'];

/** The kind of outcome `role` gets on `route`. */
function outcomeKind(route: ManifestRoute, role: Role): string {
	const expected = expectedOutcome(route, role);
	if (!expected.allowed) return String(expected.status);
	return route.auth.kind === 'owner' ? (role === OWNER ? 'allowed-own' : 'allowed-others') : 'allowed';
}

/** One role per distinct outcome kind, in PREFERENCE order. */
export function distinctOutcomeRoles(route: ManifestRoute): Role[] {
	const seen = new Set<string>();
	const roles: Role[] = [];
	for (const role of PREFERENCE) {
		const kind = outcomeKind(route, role);
		if (seen.has(kind)) continue;
		seen.add(kind);
		roles.push(role);
	}
	// Back in the usual order, so the outcomes read the same as in a full run.
	return ROLES.filter((role) => roles.includes(role));
}

/** The roles of this run's matrix: every role on the full tier, one per outcome on the Playground tier. */
export function matrixRoles(route: ManifestRoute): readonly Role[] {
	return currentTier() === 'playground' ? distinctOutcomeRoles(route) : ROLES;
}
