// The production-like test site: Debian's MariaDB, PHP-FPM (OPcache on) and
// nginx serving WordPress 6.5.5 with both plugins active and the fixture users
// created. Same contract as startSite() in e2e/site/site.mjs, so the same e2e
// suite runs on either (MVS_TARGET=native in e2e/site/run-tests.mjs).
//
// Everything a stack writes lives in one temp folder that stop() deletes
// (datadir, sockets, pid files, configs, WordPress's copy, uploads); only its
// logs are kept, in e2e/.cache/native-logs/<label>-<port>/, so that a failed
// run can be read afterwards. Everything listens on 127.0.0.1 only.
import { execFile, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { linkHarness } from '../e2e/site/harness.mjs';
import { CACHE_DIR, PLUGIN_CORE_DIR, PLUGIN_PRO_DIR } from '../e2e/site/paths.mjs';
import { findFreePort, isPortFree } from '../e2e/site/ports.mjs';
import { prepareWordPress } from '../e2e/site/prepare-wordpress.mjs';
import { stopOnExit } from '../e2e/site/stop-on-exit.mjs';
import { ensureDebianPackages } from '../e2e/site/system-packages.mjs';
import { mariadbArgs, nginxConf, PHP_WORKERS, phpFpmConf, wpConfig } from './config.mjs';
import { canConnect, killGroup, startDaemon, stopDaemon, tail, waitFor } from './daemons.mjs';

export { PHP_WORKERS };
export const DEBIAN_PACKAGES = ['mariadb-server', 'php-fpm', 'php-cli', 'php-mysql', 'php-gd', 'php-xml', 'php-mbstring', 'php-curl', 'php-intl', 'php-zip', 'nginx', 'unzip'];
// Temp folders are named so that stack/down.mjs can find them; each holds STATE_FILE.
export const TMP_PREFIX = 'mvs-native-';
export const STATE_FILE = 'stack.json';
const LOGS_ROOT = path.join(CACHE_DIR, 'native-logs');

const MARIADB_READY_MS = 60_000;
const PHP_FPM_READY_MS = 30_000;
const NGINX_READY_MS = 30_000;
const SETUP_STEP_MS = 120_000; // each php-cli step and mariadb-install-db
// MariaDB's clean shutdown is a second or two; the data is deleted anyway.
const STOP_GRACE_MS = 5_000;

const PLUGINS = [
  { dir: PLUGIN_CORE_DIR, slug: 'media-community-service', env: 'MVS_PLUGIN_CORE_DIR' },
  { dir: PLUGIN_PRO_DIR, slug: 'media-community-service-pro', env: 'MVS_PLUGIN_PRO_DIR' },
];
const STACK_PHP_DIR = fileURLToPath(new URL('./php', import.meta.url));
const CREATE_FIXTURES = path.resolve(STACK_PHP_DIR, '..', '..', 'e2e', 'site', 'create-fixtures.php');

// harness: link the test mu-plugins (e2e runs, bench; see e2e/site/harness.mjs).
// plugins: false starts a bare WordPress (no plugin folders, no fixture users,
// admin / password only), for the spec that installs the plugin zips.
// bufferPoolMb: MariaDB's InnoDB buffer pool (the bench's large site holds its data).
export async function startNativeSite({ port = 9500, label = 'native', harness = false, plugins = true, bufferPoolMb = 512 } = {}) {
  ensureDebianPackages(DEBIAN_PACKAGES, { label: 'stack' });
  if (!(await isPortFree(port))) {
    throw new Error(`[${label}] port ${port} is already in use: stop whatever listens there or pick another port.`);
  }
  for (const { dir, slug, env } of plugins ? PLUGINS : []) {
    const main = path.join(dir, `${slug}.php`);
    if (!fs.existsSync(main)) throw new Error(`[${label}] plugin main file missing: ${main} (override the folder with ${env})`);
  }
  const bin = binaries();
  const wordpressSource = prepareWordPress();

  const url = `http://127.0.0.1:${port}`;
  const logs = newLogDir(label, port);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `${TMP_PREFIX}${label}-`));
  const stack = { tmp, label, url, logs: logs.dir, daemons: [], stopping: undefined };
  stack.forget = stopOnExit({
    stop: () => stopStack(stack),
    killNow: () => {
      for (const daemon of stack.daemons) killGroup(daemon.pid, 'SIGKILL');
      fs.rmSync(stack.tmp, { recursive: true, force: true });
    },
  });
  writeState(stack);
  const stop = () => stopStack(stack);

  const dir = (...parts) => {
    const full = path.join(tmp, ...parts);
    fs.mkdirSync(full, { recursive: true });
    return full;
  };
  const p = {
    dataDir: path.join(tmp, 'mysql', 'data'),
    dbSocket: path.join(dir('mysql'), 'mysqld.sock'),
    dbPid: path.join(tmp, 'mysql', 'mysqld.pid'),
    dbTmp: dir('mysql', 'tmp'),
    fpmConf: path.join(dir('php-fpm'), 'php-fpm.conf'),
    fpmPid: path.join(tmp, 'php-fpm', 'php-fpm.pid'),
    fpmSocket: path.join(tmp, 'php-fpm', 'php-fpm.sock'),
    phpTmp: dir('php-fpm', 'tmp'),
    nginxPrefix: dir('nginx'),
    nginxConf: path.join(tmp, 'nginx', 'nginx.conf'),
    nginxPid: path.join(tmp, 'nginx', 'nginx.pid'),
    nginxTemp: dir('nginx', 'temp'),
    wordpressDir: path.join(tmp, 'wordpress'),
    fixturesFile: path.join(tmp, 'fixtures.json'),
  };
  const step = stepLogger(label, logs.stack);

  try {
    const dbPort = await findFreePort();
    // The two slow file jobs overlap: a fresh MariaDB datadir and WordPress's copy.
    await step('mariadb-install-db + WordPress copy', () =>
      Promise.all([
        run(bin.mariadbInstallDb, ['--no-defaults', ...(asRoot() ? ['--user=root'] : []), `--datadir=${p.dataDir}`, '--skip-test-db'], logs.stack),
        fs.promises.cp(wordpressSource, p.wordpressDir, { recursive: true }),
      ]),
    );

    const mariadb = track(stack, startDaemon('mariadbd', bin.mariadbd, mariadbArgs({ dataDir: p.dataDir, socket: p.dbSocket, port: dbPort, pidFile: p.dbPid, tmpDir: p.dbTmp, bufferPoolMb }), { logFile: logs.mariadb, cwd: tmp }));
    await step(`mariadbd on 127.0.0.1:${dbPort}`, () => waitFor(mariadb, 'accepting connections', () => canConnect({ host: '127.0.0.1', port: dbPort }), MARIADB_READY_MS));

    // A real account for WordPress (no --skip-grant-tables): the install
    // created an account for this OS user that logs in over the socket.
    const db = { dbName: 'wordpress', dbUser: 'wordpress', dbPassword: randomHex(16) };
    await step('database and user', () => sql(bin.mariadb, p.dbSocket, [
      `CREATE DATABASE ${db.dbName} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;`,
      ...['127.0.0.1', 'localhost'].flatMap((host) => [
        `CREATE USER '${db.dbUser}'@'${host}' IDENTIFIED BY '${db.dbPassword}';`,
        `GRANT ALL PRIVILEGES ON ${db.dbName}.* TO '${db.dbUser}'@'${host}';`,
      ]),
    ].join('\n')));

    mountRepoFolders(p.wordpressDir, harness, plugins);
    fs.writeFileSync(path.join(p.wordpressDir, 'wp-config.php'), wpConfig({ dbPort, ...db, debugLog: logs.php, testRun: harness }));
    fs.writeFileSync(p.fpmConf, phpFpmConf({ pidFile: p.fpmPid, errorLog: logs.phpFpm, socket: p.fpmSocket, tmpDir: p.phpTmp }));
    fs.writeFileSync(p.nginxConf, nginxConf({ port, wordpressDir: p.wordpressDir, socket: p.fpmSocket, pidFile: p.nginxPid, tempDir: p.nginxTemp, errorLog: logs.nginxError, accessLog: logs.nginxAccess, harness }));

    // php-fpm refuses to run as root unless told (-R); its pool runs as root then too.
    const fpm = track(stack, startDaemon('php-fpm', bin.phpFpm, ['--nodaemonize', '--fpm-config', p.fpmConf, ...(asRoot() ? ['-R'] : [])], { logFile: logs.phpFpm, cwd: tmp }));
    const nginx = track(stack, startDaemon('nginx', bin.nginx, ['-p', `${p.nginxPrefix}/`, '-c', p.nginxConf, '-e', logs.nginxError], { logFile: logs.nginxError, cwd: tmp }));

    // WordPress is set up by php-cli while the two servers start.
    const phpEnv = { ...process.env, MVS_SITE_URL: url, MVS_WP_LOAD: path.join(p.wordpressDir, 'wp-load.php'), MVS_FIXTURES_OUT: p.fixturesFile, MVS_ACTIVATE_PLUGINS: plugins ? '1' : '0' };
    await step('wp_install()', () => run(bin.php, [path.join(STACK_PHP_DIR, 'install.php')], logs.stack, phpEnv));
    await step('permalinks, plugins activated', () => run(bin.php, [path.join(STACK_PHP_DIR, 'configure.php')], logs.stack, phpEnv));
    if (plugins) await step('fixture users', () => run(bin.php, [CREATE_FIXTURES], logs.stack, phpEnv));
    else fs.writeFileSync(p.fixturesFile, '{}');

    await step('php-fpm', () => waitFor(fpm, 'its socket accepted connections', () => canConnect({ path: p.fpmSocket }), PHP_FPM_READY_MS));
    await step(`nginx on ${url}`, () => waitFor(nginx, 'listening', () => canConnect({ host: '127.0.0.1', port }), NGINX_READY_MS));
    // The first request also rebuilds the rewrite rules with every plugin loaded.
    await step(`GET /wp-json/${plugins ? 'mvs/v1' : ''} (pretty permalinks)`, () => checkRest(url, logs, plugins ? 'mvs/v1' : ''));
    await step('OPcache on in php-fpm', () => checkOpcache(url, p.wordpressDir));

    const fixtures = JSON.parse(fs.readFileSync(p.fixturesFile, 'utf8'));
    // daemons: each server's root PID by name (the bench reads their CPU time, stack/bench/cpu.mjs).
    const daemons = Object.fromEntries(stack.daemons.map(({ name, pid }) => [name, pid]));
    return { url, fixtures, logFile: logs.stack, phpLogFile: logs.php, daemons, stop };
  } catch (error) {
    await stop();
    error.message = `[${label}] ${error.message}\n(logs: ${logs.dir})`;
    throw error;
  }
}

const asRoot = () => process.getuid?.() === 0;
const randomHex = (bytes) => crypto.randomBytes(bytes).toString('hex');

// Debian's paths. php-fpm is versioned (php-fpm8.2): take the one of php-cli's version.
function binaries() {
  const phpVersion = execFileSync('/usr/bin/php', ['-r', 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;']).toString().trim();
  const found = {
    php: '/usr/bin/php',
    phpFpm: `/usr/sbin/php-fpm${phpVersion}`,
    mariadbd: '/usr/sbin/mariadbd',
    mariadbInstallDb: '/usr/bin/mariadb-install-db',
    mariadb: '/usr/bin/mariadb',
    nginx: '/usr/sbin/nginx',
  };
  const missing = Object.values(found).filter((file) => !fs.existsSync(file));
  if (missing.length) throw new Error(`[stack] missing after the package check: ${missing.join(', ')} (php-cli and php-fpm must be the same PHP version)`);
  return found;
}

// The plugins (and, for test runs, the test mu-plugins) are symlinks into the
// repo, as a developer's checkout would be: edits show at once, and WordPress
// writes only below wp-content/uploads, which is in the copy.
export function mountRepoFolders(wordpressDir, harness, plugins = true) {
  const content = path.join(wordpressDir, 'wp-content');
  for (const { dir, slug } of plugins ? PLUGINS : []) fs.symlinkSync(dir, path.join(content, 'plugins', slug), 'dir');
  linkHarness(wordpressDir, harness);
}

function track(stack, daemon) {
  stack.daemons.push(daemon);
  writeState(stack);
  return daemon;
}

// stack.json, for stack/down.mjs: rewritten as each server starts, so that a
// stack whose owner was killed mid-start can still be stopped.
function writeState({ tmp, label, url, logs, daemons }) {
  const state = { ownerPid: process.pid, label, url, tmp, logs, daemons: daemons.map(({ name, pid }) => ({ name, pid })) };
  fs.writeFileSync(path.join(tmp, STATE_FILE), JSON.stringify(state, null, 2));
}

// Runs a setup command with a time limit, its output appended to the stack log.
async function run(command, args, logFile, env = process.env) {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, { env, timeout: SETUP_STEP_MS, killSignal: 'SIGKILL', maxBuffer: 16 << 20 });
    fs.appendFileSync(logFile, stdout + stderr);
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    fs.appendFileSync(logFile, output);
    const why = error.killed ? `killed after ${SETUP_STEP_MS / 1000} s` : `exit code ${error.code}`;
    throw new Error(`${path.basename(command)} ${args.map((a) => path.basename(a)).join(' ')} failed (${why}):\n${output.trim().slice(-3000)}`);
  }
}

function sql(client, socket, statements) {
  // Statements on stdin: the password never shows in a process list.
  execFileSync(client, ['--no-defaults', `--socket=${socket}`, `--user=${os.userInfo().username}`], { input: statements, timeout: 30_000, stdio: ['pipe', 'pipe', 'pipe'] });
}

// The plugin's namespace index through the pretty /wp-json/ URL: proves nginx,
// php-fpm, the database and the rewrite rules in one request.
async function checkRest(url, logs, namespace = 'mvs/v1') {
  const res = await fetch(`${url}/wp-json/${namespace}`, { signal: AbortSignal.timeout(30_000) });
  const body = await res.text();
  if (res.status !== 200 || !body.includes(namespace ? `"namespace":"${namespace.replace('/', '\\/')}"` : '"namespaces":')) {
    throw new Error(`GET ${url}/wp-json/${namespace} answered ${res.status}:\n${body.slice(0, 1000)}\n--- ${logs.nginxError} ---\n${tail(logs.nginxError)}\n--- ${logs.php} ---\n${tail(logs.php)}`);
  }
  // WordPress redirects a page to its canonical URL when it sees another host
  // or port than the site's: the front page must answer as is.
  const home = await fetch(`${url}/`, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  await home.arrayBuffer();
  if (home.status !== 200) throw new Error(`GET ${url}/ answered ${home.status} (Location: ${home.headers.get('location')}), not 200`);
}

// A production-like stack has OPcache: ask php-fpm itself, with a throw-away
// file in the stack's own copy of WordPress.
async function checkOpcache(url, wordpressDir) {
  const file = path.join(wordpressDir, 'mvs-stack-opcache.php');
  fs.writeFileSync(file, "<?php echo json_encode( function_exists( 'opcache_get_status' ) && ( opcache_get_status( false )['opcache_enabled'] ?? false ) );\n");
  try {
    const res = await fetch(`${url}/${path.basename(file)}`, { signal: AbortSignal.timeout(30_000) });
    const body = (await res.text()).trim();
    if (body !== 'true') throw new Error(`OPcache is off in php-fpm (${res.status}: ${body.slice(0, 200)})`);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

// Times each start-up step into the stack log (and says which step failed).
function stepLogger(label, logFile) {
  return async (name, fn) => {
    const started = Date.now();
    fs.appendFileSync(logFile, `[${label}] ${name}…\n`);
    try {
      const result = await fn();
      fs.appendFileSync(logFile, `[${label}] ${name}: ${Date.now() - started} ms\n`);
      return result;
    } catch (error) {
      error.message = `${name}: ${error.message}`;
      throw error;
    }
  };
}

// One folder of logs per label and port; older than a day is pruned.
function newLogDir(label, port) {
  fs.mkdirSync(LOGS_ROOT, { recursive: true });
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of fs.readdirSync(LOGS_ROOT)) {
    const old = path.join(LOGS_ROOT, name);
    if (fs.statSync(old).mtimeMs < dayAgo) fs.rmSync(old, { recursive: true, force: true });
  }
  const dir = path.join(LOGS_ROOT, `${label}-${port}`);
  fs.rmSync(dir, { recursive: true, force: true }); // a previous run on this port
  fs.mkdirSync(dir, { recursive: true });
  const file = (name) => path.join(dir, name);
  return {
    dir,
    stack: file('stack.log'), // start-up steps and the php-cli setup output
    php: file('php.log'), // WordPress's debug log (WP_DEBUG_LOG)
    phpFpm: file('php-fpm.log'),
    mariadb: file('mariadb.log'),
    nginxError: file('nginx-error.log'),
    nginxAccess: file('nginx-access.log'),
  };
}

// Memoised: the signal handlers and the caller may both stop the same stack,
// and each must wait until the temp folder is really gone. nginx first (no new
// requests), then PHP, then the database; each by its process group.
function stopStack(stack) {
  stack.stopping ??= (async () => {
    for (const name of ['nginx', 'php-fpm', 'mariadbd']) {
      await Promise.all(stack.daemons.filter((d) => d.name === name).map((d) => stopDaemon(d, STOP_GRACE_MS)));
    }
    fs.rmSync(stack.tmp, { recursive: true, force: true });
    stack.forget();
  })();
  return stack.stopping;
}
