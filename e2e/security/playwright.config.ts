/**
 * The security suite (`npm run test:security`): fuzzing, the privacy
 * crawler, the upload-attack corpus, concurrency on MariaDB and the PHP
 * version lint. Run on the native stack by e2e/site/run-tests.mjs
 * (`--config security/playwright.config.ts`), which also fails the run on
 * any PHP warning or notice from the plugins' files.
 */
import { defineConfig } from '@playwright/test';

const workers = Number(process.env.MVS_SITE_WORKERS || 4);

/** Specs that change site-wide settings (the private-community gate) run after the others, alone. */
const SITE_WIDE = /\.site-wide\.spec\.ts$/;
/** Timing measurements (sign-in enumeration) run last, alone: parallel workers would be their noise. */
const TIMING = /\.timing\.spec\.ts$/;

export default defineConfig({
	testDir: '.',
	projects: [
		{ name: 'security', testMatch: /\.spec\.ts$/, testIgnore: [SITE_WIDE, TIMING] },
		{ name: 'security-site-wide', testMatch: SITE_WIDE, dependencies: ['security'], workers: 1, fullyParallel: false },
		{ name: 'security-timing', testMatch: TIMING, dependencies: ['security-site-wide'], workers: 1, fullyParallel: false },
	],
	outputDir: '../test-results/security',
	workers,
	fullyParallel: true,
	retries: 0,
	forbidOnly: !!process.env.CI,
	timeout: 300_000,
	expect: { timeout: 15_000 },
	// The suite is planned for 3 to 4 minutes on the native stack.
	globalTimeout: 20 * 60_000,
	reporter: [['list'], ['./counts-reporter.ts'], ['../support/summary-reporter.ts']],
});
