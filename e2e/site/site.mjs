// Starts one throw-away WordPress site with both plugins active and the test
// users created, on WordPress Playground CLI (PHP as WebAssembly, SQLite), with
// no network. Each site gets its own copy of WordPress in a temp dir, so sites
// never share state and stopping one deletes everything it wrote.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { playgroundHarnessArgs } from './harness.mjs';
import { CACHE_DIR, PLAYGROUND_CLI, PLUGIN_CORE_DIR, PLUGIN_PRO_DIR } from './paths.mjs';
import { isPortFree } from './ports.mjs';
import { stopOnExit } from './stop-on-exit.mjs';
import { prepareWordPress, WP_BRANCH } from './prepare-wordpress.mjs';

// Measured on 2 cores: parallel throughput was about the same for 2, 4 and 6 PHP workers
// (the CPUs are the limit); 6 boots ~8 s slower, and the CLI warns that fewer than 6 may
// deadlock on file locks. 4 is the compromise.
export const DEFAULT_WORKERS = 4;
const PHP_VERSION = '8.2';
const READY_TIMEOUT_MS = 180_000;
// The CLI's graceful shutdown took 6-8 s here; everything it would tidy up is in
// the temp dir we delete anyway, so it gets a short grace before SIGKILL.
const STOP_GRACE_MS = 2_000;

const PLUGINS = [
  { dir: PLUGIN_CORE_DIR, slug: 'media-community-service', env: 'MVS_PLUGIN_CORE_DIR' },
  { dir: PLUGIN_PRO_DIR, slug: 'media-community-service-pro', env: 'MVS_PLUGIN_PRO_DIR' },
];
// create-fixtures.php writes fixtures.json here; a host folder is mounted on it.
const OUT_VFS_DIR = '/tmp/mvs-out';
// e2e/.cache/logs, mounted so that PHP's debug log outlives the site.
const LOGS_DIR = path.join(CACHE_DIR, 'logs');
const LOGS_VFS_DIR = '/tmp/mvs-logs';
const OPCACHE_OFF = fileURLToPath(new URL('./playground-opcache-off.php', import.meta.url));

// harness: mount the test mu-plugins (e2e runs; see harness.mjs).
export async function startSite({ port = 9400, workers = DEFAULT_WORKERS, label = 'site', harness = false } = {}) {
  if (!(await isPortFree(port))) {
    throw new Error(`[${label}] port ${port} is already in use: stop whatever listens there or pick another port.`);
  }
  for (const { dir, slug, env } of PLUGINS) {
    const main = path.join(dir, `${slug}.php`);
    if (!fs.existsSync(main)) throw new Error(`[${label}] plugin main file missing: ${main} (override the folder with ${env})`);
  }

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `mvs-${label}-`));
  const wordpressDir = path.join(tmp, 'wordpress');
  const outDir = path.join(tmp, 'out');
  fs.cpSync(prepareWordPress(), wordpressDir, { recursive: true });
  fs.mkdirSync(outDir);
  fs.mkdirSync(path.join(tmp, 'tmp'));
  const { cliLog, phpLog } = newLogFiles(label, port);
  const blueprintFile = path.join(tmp, 'blueprint.json');
  fs.writeFileSync(blueprintFile, JSON.stringify(blueprint(), null, 2));

  const args = [
    PLAYGROUND_CLI, 'server',
    `--port=${port}`, `--workers=${workers}`, `--wp=${WP_BRANCH}`, `--php=${PHP_VERSION}`,
    `--mount-before-install=${wordpressDir}:/wordpress`,
    '--wordpress-install-mode=install-from-existing-files',
    ...PLUGINS.map(({ dir, slug }) => `--mount=${dir}:/wordpress/wp-content/plugins/${slug}`),
    ...playgroundHarnessArgs(harness),
    `--mount=${outDir}:${OUT_VFS_DIR}`,
    // OPcache's file cache is slower than compiling in PHP.wasm: off, before WordPress loads (see the file).
    `--mount=${OPCACHE_OFF}:/internal/shared/preload/0-0-mvs-opcache-off.php`,
    // Application passwords are only available on plain http when the environment is local.
    '--define', 'WP_ENVIRONMENT_TYPE', 'local',
    // PHP notices and fatals go to a host file (tail it while tests run), never into responses.
    `--mount=${LOGS_DIR}:${LOGS_VFS_DIR}`,
    '--define-bool', 'WP_DEBUG', 'true',
    '--define-bool', 'WP_DEBUG_DISPLAY', 'false',
    // Unminified core scripts (development React) for the admin-ui browser specs' console checks.
    '--define-bool', 'SCRIPT_DEBUG', 'true',
    '--define', 'WP_DEBUG_LOG', `${LOGS_VFS_DIR}/${path.basename(phpLog)}`,
    `--blueprint=${blueprintFile}`,
  ];
  const log = fs.createWriteStream(cliLog);

  // detached: the CLI gets its own process group, so stop() can end it and
  // anything it starts in one kill. cwd/TMPDIR: the CLI writes scratch files
  // into both; keep them inside the temp dir that stop() deletes.
  const child = spawn(process.execPath, args, {
    cwd: tmp,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TMPDIR: path.join(tmp, 'tmp'), NO_COLOR: '1' },
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  exited.then(() => log.end());
  const site = { child, tmp, exited, stopping: undefined };
  site.forget = stopOnExit({
    stop: () => stopSite(site),
    killNow: () => {
      killGroup(site.child, 'SIGKILL');
      fs.rmSync(site.tmp, { recursive: true, force: true });
    },
  });
  const stop = () => stopSite(site);

  try {
    const url = await waitForReady(child, exited, log, label, cliLog, phpLog);
    await absorbFirstRedirect(url);
    await warmWorkers(url, workers);
    const fixtures = JSON.parse(fs.readFileSync(path.join(outDir, 'fixtures.json'), 'utf8'));
    return { url, fixtures, logFile: cliLog, phpLogFile: phpLog, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// The CLI answers the very first request it serves with a 302 to the same URL
// (its auto-login handshake, even with --login off). A client following it
// turns a POST into a GET, so spend that first answer here, on a harmless GET.
async function absorbFirstRedirect(url) {
  const res = await fetch(`${url}/wp-json/`, { redirect: 'manual' });
  await res.arrayBuffer();
}

// Each PHP worker is its own WebAssembly instance, and its first request (compiling
// WordPress and both plugins) took over 30 s on a loaded machine: a test's first call
// then timed out. One REST index request per worker, all at once, pays that here.
async function warmWorkers(url, workers) {
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const res = await fetch(`${url}/wp-json/mvs/v1/media?per_page=1`, { redirect: 'manual' });
      await res.arrayBuffer();
    }),
  );
}

// Logs outlive the temp dir so that a failed run can be read afterwards. One
// pair per label and port (several runs may share a checkout); old ones are pruned.
function newLogFiles(label, port) {
  fs.mkdirSync(LOGS_DIR, { recursive: true });
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of fs.readdirSync(LOGS_DIR)) {
    const file = path.join(LOGS_DIR, name);
    if (fs.statSync(file).mtimeMs < dayAgo) fs.rmSync(file, { force: true });
  }
  const cliLog = path.join(LOGS_DIR, `${label}-${port}.log`);
  const phpLog = path.join(LOGS_DIR, `${label}-${port}-php.log`);
  fs.rmSync(phpLog, { force: true }); // WordPress appends to it
  return { cliLog, phpLog };
}

const tail = (file, chars = 3000) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').slice(-chars) : '(none)');

function blueprint() {
  return {
    // Without this the CLI ignores --php once a blueprint is given (and ran PHP 8.5).
    preferredVersions: { php: PHP_VERSION, wp: WP_BRANCH },
    steps: [
      ...PLUGINS.map(({ slug }) => ({ step: 'activatePlugin', pluginPath: `${slug}/${slug}.php` })),
      // The site is offline: wp-admin's avatars (gravatar.com) would fail to load
      // and show up as console errors in browser tests.
      { step: 'setSiteOptions', options: { show_avatars: '0' } },
      { step: 'runPHP', code: fs.readFileSync(new URL('./create-fixtures.php', import.meta.url), 'utf8') },
    ],
  };
}

function waitForReady(child, exited, log, label, cliLog, phpLog) {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk) => {
      log.write(chunk);
      output += chunk.toString();
      const match = output.replace(/\x1b\[[0-9;]*m/g, '').match(/WordPress is running on (http:\/\/\S+)/);
      if (match) finish(null, match[1]);
    };
    const fail = (message) =>
      finish(new Error(`[${label}] ${message}\n--- ${cliLog} (end) ---\n${output.slice(-3000)}\n--- ${phpLog} (end) ---\n${tail(phpLog)}`));
    const timer = setTimeout(() => fail(`site not ready after ${READY_TIMEOUT_MS / 1000} s`), READY_TIMEOUT_MS);
    exited.then(({ code, signal }) => fail(`site process exited (code ${code}, signal ${signal}) before it was ready`));
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);

    let done = false;
    function finish(error, url) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(url);
    }
  });
}

// Memoised: the signal handlers and the caller may both stop the same site, and
// each must wait until the temp dir is really gone.
function stopSite(site) {
  site.stopping ??= (async () => {
    if (site.child.exitCode === null && site.child.signalCode === null) {
      killGroup(site.child, 'SIGTERM');
      const timedOut = await Promise.race([
        site.exited.then(() => false),
        new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS, true)),
      ]);
      if (timedOut) {
        killGroup(site.child, 'SIGKILL');
        await site.exited;
      }
    }
    fs.rmSync(site.tmp, { recursive: true, force: true });
    site.forget();
  })();
  return site.stopping;
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal); // negative pid: the whole process group
  } catch (error) {
    if (error.code !== 'ESRCH') throw error; // ESRCH: already gone
  }
}
