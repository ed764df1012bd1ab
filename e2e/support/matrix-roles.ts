/**
 * Which fixture roles the authorization matrix calls each route as. The
 * full tier (the native stack) calls every route as every role, and checks
 * every refusal again with the path in mixed case. The Playground tier pays
 * about a second per request, so it calls each route once per distinct
 * refusal the DSL gives it (401 for anonymous callers, 403), and as an
 * allowed caller only where nobody is refused (public routes). Every
 * refusing branch of the generated permission checks, and the ownership
 * lookup SQL that SQLite must accept (a stranger's 403 runs it), still runs
 * on Playground. The allowed calls there would mostly prepare objects
 * (uploads, albums, conversations) at several seconds each: the smoke
 * journeys drive every implemented route to success on Playground instead
 * (`npm run status` checks it), and the native matrix calls every role.
 * The mixed-case repeat tests WordPress's routing, which is PHP, the same
 * on both sites.
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

/** One role per distinct refusal; one allowed role only for a route that refuses nobody. */
export function refusalRoles(route: ManifestRoute): Role[] {
	const distinct = distinctOutcomeRoles(route);
	const refusing = distinct.filter((role) => !expectedOutcome(route, role).allowed);
	return refusing.length ? refusing : distinct;
}

/** The roles of this run's matrix: every role on the full tier, each distinct refusal on the Playground tier. */
export function matrixRoles(route: ManifestRoute): readonly Role[] {
	return currentTier() === 'playground' ? refusalRoles(route) : ROLES;
}

/** Whether refusals are checked again with the path in mixed case (the full tier). */
export const checksMixedCase = (): boolean => currentTier() === 'full';
