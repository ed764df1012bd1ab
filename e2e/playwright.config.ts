/**
 * Runs against a site started by site/run-tests.mjs (or `npm start`), which
 * passes MVS_BASE_URL and MVS_FIXTURES_FILE. Run through `npm test`.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { currentTier, inPlaygroundTier } from './tiers';

// One Playwright worker per PHP worker of the site: each keeps one PHP worker
// busy, more would only queue. Fallback: DEFAULT_WORKERS in site/site.mjs.
const workers = Number(process.env.MVS_SITE_WORKERS || 4);

// A spec that flips site-wide settings is named *.site-wide.spec.ts (or is one of the older names).
const SITE_WIDE = /(\.site-wide|auth-matrix-gate|site-settings|mariadb)\.spec\.ts$/;
const LIFECYCLE = /lifecycle\.spec\.ts$/;

type Projects = NonNullable<PlaywrightTestConfig['projects']>;

const SPECS = join(fileURLToPath(new URL('.', import.meta.url)), 'specs');

/** Every spec file below specs/, relative to it with `/` separators. */
function specFiles(dir = SPECS): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = join(dir, entry.name);
		if (entry.isDirectory()) return specFiles(full);
		return entry.name.endsWith('.spec.ts') ? [relative(SPECS, full).split(sep).join('/')] : [];
	});
}

/** The Playground tier's files that pass `keep`, as exact-path patterns (never empty: an empty testMatch would match all). */
function tierFiles(keep: (file: string) => boolean): RegExp[] {
	const files = specFiles().filter((f) => inPlaygroundTier(f) && keep(f));
	const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	return files.length ? files.map((f) => new RegExp(`${escape(join(SPECS, ...f.split('/')))}$`)) : [/^$/];
}

// The full tier: every spec.
const FULL: Projects = [
	// Everything that can share the site: tests isolate their data.
	{ name: 'api', testIgnore: [SITE_WIDE, LIFECYCLE] },
	// Specs that flip site-wide settings (the private-community gate, default
	// privacy, moderation hold) would break concurrent tests: they run last, alone.
	{ name: 'site-wide', testMatch: SITE_WIDE, dependencies: ['api'], workers: 1 },
	// Deactivation and uninstall end the site's useful life: always last.
	{ name: 'lifecycle', testMatch: LIFECYCLE, dependencies: ['site-wide'], workers: 1 },
];

// The Playground tier (tiers.ts), in the same three phases. Its own project
// names, so a file filter on the command line never pulls a dependency
// project of the full suite (Playwright runs dependencies unfiltered).
const PLAYGROUND: Projects = [
	{ name: 'playground', testMatch: tierFiles((f) => !SITE_WIDE.test(f) && !LIFECYCLE.test(f)) },
	{ name: 'playground-site-wide', testMatch: tierFiles((f) => SITE_WIDE.test(f)), dependencies: ['playground'], workers: 1 },
	{ name: 'playground-lifecycle', testMatch: tierFiles((f) => LIFECYCLE.test(f)), dependencies: ['playground-site-wide'], workers: 1 },
];

export default defineConfig({
	testDir: './specs',
	// One folder per target: `npm test` runs the native and Playground suites side by side (site/run-suites.mjs).
	outputDir: `./test-results/${process.env.MVS_TARGET || 'playground'}`,
	workers,
	fullyParallel: false,
	retries: 0,
	forbidOnly: !!process.env.CI,
	// A request takes about 1 s on the WebAssembly PHP (more when all workers
	// are busy on 2 cores) and a smoke journey makes up to about 120: 100-120 s
	// in CI, over 200 s on a machine also seeding a 1M bench. A bound, not a
	// budget (the tier report shows the real times).
	timeout: (process.env.MVS_TARGET || 'playground') === 'playground' ? 360_000 : 180_000,
	expect: { timeout: 15_000 },
	// A safety net well under CI's 90 minutes.
	globalTimeout: 60 * 60_000,
	reporter: [['list'], ['./support/summary-reporter.ts']],
	projects: currentTier() === 'full' ? FULL : PLAYGROUND,
	use: {
		baseURL: process.env.MVS_BASE_URL,
		browserName: 'chromium',
		actionTimeout: 30_000,
		navigationTimeout: 60_000,
		// Traces would record every API context of a worker; screenshots suffice for the browser specs.
		trace: 'off',
		screenshot: 'only-on-failure',
		launchOptions: {
			// The Debian Chromium (run-tests.mjs installs it): Playwright must never download a browser.
			executablePath: '/usr/bin/chromium',
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		},
	},
});
