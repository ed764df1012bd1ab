/**
 * The Playground smoke journeys' test (specs/smoke/): the shared `test` of
 * mvs.ts plus `members`, which makes fresh Community Members through the API
 * (community.ts) for one test and disposes their connections after it, failed
 * or not, so a journey's spec holds only the journey's steps.
 */
import { createMember, type Member } from './community';
import { test as base } from './mvs';

export { expect } from './mvs';

/** `N` members as a tuple, so `const [owner, viewer] = await members(2)` needs no `!`. */
type Members<N extends number, Made extends Member[] = []> = Made['length'] extends N ? Made : Members<N, [...Made, Member]>;

type SmokeFixtures = {
	/** `count` new members (with `roles`, default Community Member), made side by side. */
	members: <N extends number>(count: N, roles?: string[]) => Promise<Members<N>>;
};

export const test = base.extend<SmokeFixtures>({
	members: async ({ api }, provide, testInfo) => {
		const made: Member[] = [];
		await provide(async <N extends number>(count: N, roles?: string[]) => {
			const started = Date.now();
			const settled = await Promise.allSettled(Array.from({ length: count }, () => createMember(api('admin'), roles)));
			const fresh = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
			// Whatever was made is disposed after the test, even when a sibling failed.
			made.push(...fresh);
			// The set-up keeps a budget of its own, as a beforeAll hook had: a slow site's sign-ups must not eat the journey's time.
			testInfo.setTimeout(testInfo.timeout + Date.now() - started);
			const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
			if (failed) throw failed.reason;
			return fresh as Members<N>;
		});
		await Promise.all(made.map((member) => member.api.dispose()));
	},
});
