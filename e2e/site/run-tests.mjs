// The e2e workspace's `npm test`: starts a fresh site on a free port, runs
// Playwright against it (extra CLI args are passed through), stops the site and
// exits with Playwright's exit code.
// With MVS_BASE_URL and MVS_FIXTURES_FILE already set, it reuses that site
// instead (e.g. the one `npm start` runs; it prints the exact command).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CACHE_DIR, E2E_DIR, NODE_MODULES } from './paths.mjs';
import { findFreePort } from './ports.mjs';
import { prepareWordPress } from './prepare-wordpress.mjs';
import { DEFAULT_WORKERS, startSite } from './site.mjs';
import { CHROMIUM, ensureSystemPackages, UNZIP } from './system-packages.mjs';

// Playwright must use the system Chromium: it can't download its own here.
ensureSystemPackages(CHROMIUM, UNZIP);

let site;
let env = process.env;
if (!(process.env.MVS_BASE_URL && process.env.MVS_FIXTURES_FILE)) {
  prepareWordPress();
  const started = Date.now();
  site = await startSite({ port: await findFreePort(), workers: DEFAULT_WORKERS, label: 'test-site' }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
  console.log(`[e2e] site ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${site.url} `);
  console.log(`[e2e] logs: ${path.relative(process.cwd(), site.logFile)}, PHP: ${path.relative(process.cwd(), site.phpLogFile)}`);
  const fixturesFile = path.join(CACHE_DIR, `fixtures-${new URL(site.url).port}.json`);
  fs.writeFileSync(fixturesFile, JSON.stringify({ url: site.url, ...site.fixtures }, null, 2));
  process.once('exit', () => fs.rmSync(fixturesFile, { force: true }));
  env = { ...env, MVS_BASE_URL: site.url, MVS_FIXTURES_FILE: fixturesFile, MVS_SITE_WORKERS: String(DEFAULT_WORKERS) };
} else {
  console.log(`[e2e] reusing the site at ${process.env.MVS_BASE_URL}`);
}

// The local Playwright, run by this node: npx could try to fetch a missing package.
const playwright = spawn(process.execPath, [path.join(NODE_MODULES, '@playwright', 'test', 'cli.js'), 'test', ...process.argv.slice(2)], {
  cwd: E2E_DIR,
  stdio: 'inherit',
  env,
});
// site.mjs stops the site on these signals; Playwright must not outlive it either.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => playwright.kill(signal));
const code = await new Promise((resolve) => playwright.once('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
await site?.stop();
process.exit(code);
