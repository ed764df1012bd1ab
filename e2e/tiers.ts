/**
 * Which spec files each e2e tier runs. Read by playwright.config.ts (the
 * projects) and by `npm run status` (the Playground column), so the two
 * cannot disagree.
 *
 * - `full`: every spec. The native stack (MariaDB, PHP-FPM, nginx) always
 *   runs it, in about a minute; `npm run test:e2e:playground:full` runs it
 *   on Playground by hand (30+ minutes).
 * - `playground`: what only the WordPress Playground site can catch (SQL the
 *   SQLite translation refuses, WebAssembly PHP limits, the product owner's
 *   kind of site) at a cost CI can pay: the authorization matrix over every
 *   route, the admin screens in a browser, the plugin lifecycle, and one
 *   smoke journey per area (specs/smoke/) driving every implemented route.
 */
export const TIERS = ['full', 'playground'] as const;
export type Tier = (typeof TIERS)[number];

/** Spec files of the Playground tier, as paths relative to e2e/specs. */
export const PLAYGROUND_TIER: readonly RegExp[] = [
	/^smoke\/[^/]+\.spec\.ts$/,
	/^auth-matrix\.spec\.ts$/,
	/^auth-matrix-gate\.spec\.ts$/,
	/^admin-ui\.site-wide\.spec\.ts$/,
	/^moderation-desk-keyboard\.site-wide\.spec\.ts$/,
	/^lifecycle\.spec\.ts$/,
];

/** Whether a spec file (relative to e2e/specs, `/`-separated) belongs to the Playground tier. */
export function inPlaygroundTier(specPath: string): boolean {
	return PLAYGROUND_TIER.some((pattern) => pattern.test(specPath));
}

/** The tier of this run: MVS_TIER, else `playground` on Playground and `full` on the native stack. */
export function currentTier(env: Record<string, string | undefined> = process.env): Tier {
	const tier = env.MVS_TIER || ((env.MVS_TARGET || 'playground') === 'playground' ? 'playground' : 'full');
	if (!(TIERS as readonly string[]).includes(tier)) throw new Error(`MVS_TIER must be one of ${TIERS.join(', ')}, not ${tier}`);
	return tier as Tier;
}
