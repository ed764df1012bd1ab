// The e2e workspace's `npm test`: starts a fresh site on a free port, runs
// Playwright against it (extra CLI args are passed through), stops the site and
// exits with Playwright's exit code.
// With MVS_BASE_URL and MVS_FIXTURES_FILE already set, it reuses that site
// instead (e.g. the one `npm start` runs; it prints the exact command).
// MVS_TARGET=native starts the production-like stack (stack/: MariaDB, PHP-FPM,
// nginx) instead of the Playground site (MVS_TARGET=playground, the default).
// MVS_TIER picks the specs (e2e/tiers.ts): `full` (every spec, the default on
// native) or `playground` (the Playground tier, the default on Playground).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CACHE_DIR, E2E_DIR, NODE_MODULES, REPO_ROOT } from './paths.mjs';
import { HARNESS_ENV, HARNESS_FLAG } from './harness.mjs';
import { findFreePort } from './ports.mjs';
import { prepareWordPress } from './prepare-wordpress.mjs';
import { DEFAULT_WORKERS, startSite } from './site.mjs';
import { CHROMIUM, ensureSystemPackages, UNZIP } from './system-packages.mjs';

// Playwright must use the system Chromium: it can't download its own here.
ensureSystemPackages(CHROMIUM, UNZIP);

const target = process.env.MVS_TARGET || 'playground';
if (!['playground', 'native'].includes(target)) {
  console.error(`[e2e] MVS_TARGET must be playground or native, not ${target}`);
  process.exit(1);
}

// The admin screens are built into plugin-core/build/admin and
// plugin-pro/build/admin (not committed); `npm test` builds them first, a
// direct run builds them when missing.
const built = (plugin, app) => fs.existsSync(path.join(REPO_ROOT, plugin, 'build', 'admin', `${app}.asset.php`));
if (!built('plugin-core', 'moderation') || !built('plugin-pro', 'quotas')) {
  console.log('[e2e] building the admin screens (npm run build)');
  const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const tier = process.env.MVS_TIER || (target === 'playground' ? 'playground' : 'full');
if (!['full', 'playground'].includes(tier)) {
  console.error(`[e2e] MVS_TIER must be full or playground, not ${tier}`);
  process.exit(1);
}
console.log(`[e2e] target ${target}, tier ${tier}`);

let site;
// The harness's X-MVS-Query-Log header (?mvs_debug_queries=1) holds a request's SQL, which can
// pass Node's 16 KiB header limit on the grown tables; the test stack's nginx buffers match.
const nodeOptions = [process.env.NODE_OPTIONS, '--max-http-header-size=262144'].filter(Boolean).join(' ');
let env = { ...process.env, MVS_TARGET: target, MVS_TIER: tier, NODE_OPTIONS: nodeOptions };
if (!(process.env.MVS_BASE_URL && process.env.MVS_FIXTURES_FILE)) {
  prepareWordPress();
  const started = Date.now();
  // One Playwright worker per PHP worker, on either target.
  let workers = DEFAULT_WORKERS;
  const port = await findFreePort();
  let starting;
  if (target === 'native') {
    const { PHP_WORKERS, startNativeSite } = await import('../../stack/native-site.mjs');
    workers = PHP_WORKERS;
    starting = startNativeSite({ port, label: 'test-site', harness: true });
  } else {
    starting = startSite({ port, workers, label: 'test-site', harness: true });
  }
  site = await starting.catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
  console.log(`[e2e] ${target} site ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${site.url} `);
  console.log(`[e2e] logs: ${path.relative(process.cwd(), site.logFile)}, PHP: ${path.relative(process.cwd(), site.phpLogFile)}`);
  const fixturesFile = path.join(CACHE_DIR, `fixtures-${new URL(site.url).port}.json`);
  fs.writeFileSync(fixturesFile, JSON.stringify({ url: site.url, ...site.fixtures }, null, 2));
  process.once('exit', () => fs.rmSync(fixturesFile, { force: true }));
  env = { ...env, MVS_BASE_URL: site.url, MVS_FIXTURES_FILE: fixturesFile, MVS_SITE_WORKERS: String(workers) };
} else {
  console.log(`[e2e] reusing the site at ${process.env.MVS_BASE_URL}`);
  // Hand-started sites run without the test harness unless asked (harness.mjs).
  const harnessIndex = await fetch(`${process.env.MVS_BASE_URL.replace(/\/$/, '')}/wp-json/mvs-test/v1`).catch(() => null);
  if (harnessIndex?.status !== 200) {
    console.error(`[e2e] that site has no test harness (GET /wp-json/mvs-test/v1: ${harnessIndex?.status ?? 'no answer'}): start it with \`-- ${HARNESS_FLAG}\` (or ${HARNESS_ENV}=1).`);
    process.exit(1);
  }
}

// The local Playwright, run by this node: npx could try to fetch a missing package.
const playwright = spawn(process.execPath, [path.join(NODE_MODULES, '@playwright', 'test', 'cli.js'), 'test', ...process.argv.slice(2)], {
  cwd: E2E_DIR,
  stdio: 'inherit',
  env,
});
// site.mjs stops the site on these signals; Playwright must not outlive it either.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => playwright.kill(signal));
let code = await new Promise((resolve) => playwright.once('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
if (site && (await listTotalsDrift(site)) > 0) code = code || 1;
await site?.stop();
if (site && phpProblemsOfPlugins(site.phpLogFile) > 0) code = code || 1;
process.exit(code);

// Every write of the run went through the plugin: the list totals it keeps
// (mvs_media_totals) must equal a full recount, or some write path forgot them.
async function listTotalsDrift(running) {
  const admin = running.fixtures?.users?.admin;
  if (!admin) return 0;
  const res = await fetch(`${running.url}/wp-json/mvs-test/v1/media-totals`, {
    headers: { Authorization: `Basic ${Buffer.from(`${admin.login}:${admin.appPassword}`).toString('base64')}` },
  }).catch((error) => ({ ok: false, status: String(error) }));
  if (!res.ok) {
    console.error(`[e2e] list totals: the drift check failed to run (${res.status})`);
    return 1;
  }
  const { ready, drift } = await res.json();
  if (drift.length) {
    console.error(`[e2e] list totals drifted from the media table on ${drift.length} key(s):`);
    for (const d of drift.slice(0, 20)) console.error(`  ${JSON.stringify(d)}`);
  } else {
    console.log(`[e2e] list totals: ${ready ? 'equal to a full recount' : 'not complete (counted rows)'}`);
  }
  return drift.length;
}

// Bad input must never cause a PHP warning: any warning, notice, deprecation
// or fatal error that PHP logged from the plugins' own files during the run
// fails it, even when every assertion passed. (WordPress core's own warnings,
// e.g. update checks failing offline, are not the plugins' to fix; a
// _doing_it_wrong() about an MVS_ function is.)
function phpProblemsOfPlugins(logFile) {
  if (!logFile || !fs.existsSync(logFile)) return 0;
  // Playground mounts the plugins under wp-content/plugins; the native stack
  // symlinks them, so PHP reports the repository's own paths.
  const pluginFiles = ['/plugins/media-community-service', path.join(REPO_ROOT, 'plugin-core') + path.sep, path.join(REPO_ROOT, 'plugin-pro') + path.sep];
  const problems = fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(
      (line) =>
        /PHP (Warning|Notice|Deprecated|Fatal error|Parse error)/.test(line) &&
        // _doing_it_wrong() notices are raised in wp-includes but name the
        // plugin's function (e.g. a handler error its route does not declare).
        (pluginFiles.some((prefix) => line.includes(prefix)) || /PHP Notice:\s+Function MVS_/.test(line)),
    );
  if (problems.length) {
    console.error(`[e2e] PHP logged ${problems.length} problem(s) in the plugins' code (${path.relative(process.cwd(), logFile)}):`);
    // The same message once, without its timestamp.
    for (const line of [...new Set(problems.map((l) => l.replace(/^\[[^\]]*\]\s*/, '')))].slice(0, 20)) console.error(`  ${line.slice(0, 400)}`);
  } else {
    console.log(`[e2e] PHP log: no warning, notice or error from the plugins' code`);
  }
  return problems.length;
}
