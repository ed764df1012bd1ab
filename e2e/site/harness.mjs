// The test harness (e2e/mu-plugins/mvs-test-harness.php) is test-only code:
// its headers (X-MVS-Test-Bucket, X-MVS-Test-Now) let any caller skip the
// rate limits, and its routes create rows and count queries. It is mounted
// on the sites of e2e runs and benchmarks only; `npm start` and
// `npm run stack:up` start the product as it ships, unless asked for it.
import fs from 'node:fs';
import path from 'node:path';
import { MU_PLUGINS_DIR } from './paths.mjs';

export const HARNESS_FLAG = '--harness';
export const HARNESS_ENV = 'MVS_TEST_HARNESS';

/** Whether a hand-started site was asked for the harness (`--harness`, or MVS_TEST_HARNESS=1). */
export function harnessRequested(argv = process.argv, env = process.env) {
  return argv.includes(HARNESS_FLAG) || env[HARNESS_ENV] === '1';
}

/**
 * Playground CLI arguments of a test site, or none: the test mu-plugins, and
 * MVS_AI_ALLOW_PRIVATE_ENDPOINTS (the AI spec's mock provider is plain http on
 * loopback; the product allows only https on public hosts).
 */
export function playgroundHarnessArgs(harness) {
  if (!harness) return [];
  fs.mkdirSync(MU_PLUGINS_DIR, { recursive: true }); // git keeps no empty folder
  return [`--mount=${MU_PLUGINS_DIR}:/wordpress/wp-content/mu-plugins`, '--define-bool', 'MVS_AI_ALLOW_PRIVATE_ENDPOINTS', 'true'];
}

/**
 * Points a WordPress copy's wp-content/mu-plugins at the test mu-plugins (a
 * symlink into the repo, so edits show at once) or, without the harness, at
 * an empty folder of its own.
 */
export function linkHarness(wordpressDir, harness) {
  const target = path.join(wordpressDir, 'wp-content', 'mu-plugins');
  fs.rmSync(target, { recursive: true, force: true });
  if (!harness) {
    fs.mkdirSync(target, { recursive: true });
    return;
  }
  fs.mkdirSync(MU_PLUGINS_DIR, { recursive: true }); // git keeps no empty folder
  fs.symlinkSync(MU_PLUGINS_DIR, target, 'dir');
}

/** The banner line that warns a hand-started site runs test-only code. */
export function harnessWarning(harness) {
  return harness ? `TEST HARNESS ON (${HARNESS_FLAG} / ${HARNESS_ENV}=1): its headers bypass rate limits; never expose this site.` : '';
}
