/**
 * Runs against a site started by site/run-tests.mjs (or `npm start`), which
 * passes MVS_BASE_URL and MVS_FIXTURES_FILE. Run through `npm test`.
 */
import { defineConfig } from '@playwright/test';

// One Playwright worker per PHP worker of the site: each keeps one PHP worker
// busy, more would only queue. Fallback: DEFAULT_WORKERS in site/site.mjs.
const workers = Number(process.env.MVS_SITE_WORKERS || 4);

// A spec that flips site-wide settings is named *.site-wide.spec.ts (or is one of the older names).
const SITE_WIDE = /(\.site-wide|auth-matrix-gate|site-settings|mariadb)\.spec\.ts$/;
const LIFECYCLE = /lifecycle\.spec\.ts$/;

export default defineConfig({
	testDir: './specs',
	outputDir: './test-results',
	workers,
	fullyParallel: false,
	retries: 0,
	forbidOnly: !!process.env.CI,
	// A request takes about 1 s on the WebAssembly PHP (more when all workers
	// are busy on 2 cores) and a test may make dozens.
	timeout: 180_000,
	expect: { timeout: 15_000 },
	// A safety net well under CI's 90 minutes.
	globalTimeout: 60 * 60_000,
	reporter: [['list'], ['./support/summary-reporter.ts']],
	projects: [
		// Everything that can share the site: tests isolate their data.
		{ name: 'api', testIgnore: [SITE_WIDE, LIFECYCLE] },
		// Specs that flip site-wide settings (the private-community gate, default
		// privacy, moderation hold) would break concurrent tests: they run last, alone.
		{ name: 'site-wide', testMatch: SITE_WIDE, dependencies: ['api'], workers: 1 },
		// Deactivation and uninstall end the site's useful life: always last.
		{ name: 'lifecycle', testMatch: LIFECYCLE, dependencies: ['site-wide'], workers: 1 },
	],
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
