// `npm run bench`: requests/s, p50/p99 latency, SQL queries and peak PHP
// memory per request of every list route of the plugins, against anchors
// measured in the same run (a do-nothing route, wp/v2/posts, nginx serving
// a static file), on throw-away native stacks (nginx + PHP-FPM + MariaDB)
// seeded in bulk: one at the base size and, side by side, one grown to the
// large size, measured in the same rounds; then the time of every scheduled
// job of the plugins at both sizes.
//
//   node stack/bench/run.mjs [--media 10000] [--users 5000] [--large 100000|1000000|0]
//                            [--duration 2] [--warmup 1] [--rounds 3] [--connections 4]
//                            [--only key,key,jobs,poll] [--port N]
//
// Steadiness: one warm-up pass over the targets, then --rounds rounds, each
// loading every target of both sizes for --duration seconds in turn
// (round-robin, the start rotating by one each round), so whatever changes on
// the machine during the run lands on every target and size alike. Each cost
// ratio is computed round by round (anchor and target, or a target at both
// sizes, measured seconds apart) and reported as the median and min–max over
// the rounds, flagged when the range exceeds 10 % of the median
// (stack/bench/stats.mjs). Targets: stack/bench/targets.mjs.
//
// Results at the repo root: bench-results/<timestamp>.json (everything),
// .md (the tables, stack/bench/report.mjs) and .svg (cost × floor by route
// and size). The machine is noisy: compare ratios, not absolute numbers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNativeSite } from '../native-site.mjs';
import { findFreePort } from '../../e2e/site/ports.mjs';
import { parseArgs, seedSite, stackWordPressDir } from '../seed.mjs';
import { renderMarkdown, renderSvg } from './report.mjs';
import { cpuMeter } from './cpu.mjs';
import { measurePollLatency } from './poll-latency.mjs';
import { costByRound, differenceByRound, median, percentile, ratioByRound } from './stats.mjs';
import { buildTargets, floorOf, selectTargets, typicalTag } from './targets.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..', '..');
const RESULTS_DIR = path.join(REPO, 'bench-results');
const STATIC_BYTES = 5 * 1024 * 1024;

const opts = parseArgs(process.argv.slice(2));
const num = (key, fallback) => (opts[key] === undefined ? fallback : Number(opts[key]));
const config = {
  media: num('media', 10_000),
  users: num('users', 5_000),
  large: num('large', 100_000),
  // 2 cores shared by the load generator, nginx, 4 php-fpm workers and
  // MariaDB: 4 connections keep every PHP worker busy (more would only queue
  // in nginx and inflate latency). 2 s a round is hundreds of requests of a
  // list route; 3 rounds give a median and a range.
  duration: num('duration', 2),
  warmup: num('warmup', 1),
  rounds: Math.max(1, num('rounds', 3)),
  connections: num('connections', 4),
};
const only = opts.only ? String(opts.only).split(',').map((s) => s.trim()).filter(Boolean) : null;

const runStarted = Date.now();
const log = (...args) => console.log(`[bench ${((Date.now() - runStarted) / 1000).toFixed(0).padStart(4)} s]`, ...args);

// One stack per size, side by side: the base size and, with --large, a second
// stack seeded the same way and then grown. Both sizes are measured in the
// same interleaved rounds, so a growth ratio (p50 at the large size ÷ p50 at
// the base size) compares requests seconds apart, not a quarter of an hour
// apart (the growth step), when the machine may have changed speed.
const stacks = [];
try {
  stacks.push(await startStack('base', 'bench', opts.port));
  if (config.large > config.media) stacks.push(await startStack('large', 'bench-large'));
  await main(stacks);
} finally {
  for (const stack of stacks) await stack.site.stop();
}

// The large site's buffer pool holds its data, as a production database of
// that size is configured (about 7 GB at 1M items: 8 GB; never under the
// default 512 MB, never over half the machine). With 512 MB against 6.7 GB,
// and InnoDB reading with O_DIRECT (no OS page cache behind it), every route
// evicted the others' pages and an index lookup became a disk read: the
// growth ratio measured the cache, not the queries (stack/README.md).
function bufferPoolMb(phase) {
  if (phase !== 'large') return 512;
  const wanted = Math.ceil((config.large / 1_000_000) * 8192);
  return Math.max(512, Math.min(wanted, Math.floor(os.totalmem() / 2 ** 20 / 2)));
}

async function startStack(phase, label, fixedPort) {
  const port = Number(fixedPort || (await findFreePort()));
  const pool = bufferPoolMb(phase);
  log(`starting the ${phase} stack on 127.0.0.1:${port} (InnoDB buffer pool ${pool} MB)`);
  const site = await startNativeSite({ port, label, harness: true, bufferPoolMb: pool });
  // CPU time of each server around every measured round (stack/bench/cpu.mjs).
  const meter = cpuMeter({ php: site.daemons['php-fpm'], mariadb: site.daemons.mariadbd, nginx: site.daemons.nginx });
  return { phase, site, meter, bufferPoolMb: pool };
}

async function main(stacks) {
  for (const stack of stacks) Object.assign(stack, await prepare(stack.site));
  const [base, large] = stacks;
  log(`${base.targets.length} targets: ${base.targets.map((t) => t.key).join(', ')}; tag ${base.ids.tag}, author ${base.ids.author}`);
  base.media = base.seeded.totals.media;
  if (large) {
    const more = config.large - large.seeded.totals.media;
    log(`growing the large stack to ${config.large} media (+${more} media and posts, +${Math.round(more / 20)} members)`);
    // Members grow with the media (one per 20 items), so follows and the name index are measured at scale too.
    large.media = (await seedSite(large.site, { media: more, users: Math.round(more / 20), log: (line) => log(line) })).totals.media;
    large.targets = large.targets.filter((t) => !t.baseOnly);
  }

  const rows = await measure(stacks);
  const jobs = [];
  if (!only || only.includes('jobs')) for (const stack of stacks) jobs.push(...runJobs(stack.phpEnv, stack.media));
  // The message long-poll's delivery latency, on the base stack (stack/bench/poll-latency.mjs).
  const pollLatency = !only || only.includes('poll') ? await measurePollLatency({ url: base.site.url, users: base.site.fixtures.users, load: httpLoad, log }) : null;
  const phases = stacks.map((stack) => ({ phase: stack.phase, media: stack.media, bufferPoolMb: stack.bufferPoolMb }));
  const seeded = base.seeded;
  const ids = base.ids;

  derive(rows);
  const totalSeconds = (Date.now() - runStarted) / 1000;
  const gitHead = (() => { try { return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO }).toString().trim(); } catch { return null; } })();
  const cpus = os.cpus();
  const machine = { cpus: cpus.length, cpuModel: cpus[0]?.model?.trim() ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), os: `${os.type()} ${os.release()}`, node: process.version };
  const run = { startedAt: new Date(runStarted).toISOString(), totalSeconds, gitHead, machine, config, only, phases, seeded: { base: seeded.tables, totals: seeded.totals }, ids, rows, jobs, pollLatency };

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const stem = path.join(RESULTS_DIR, new Date(runStarted).toISOString().replace(/[:.]/g, '-'));
  const poll = pollLatency ? `\n\nMessage long-poll, send to delivery (2 polls open, 4 PHP workers, GET /media loaded): p50 ${pollLatency.p50.toFixed(0)} ms, p99 ${pollLatency.p99.toFixed(0)} ms (${pollLatency.deliveries}/${pollLatency.expected} deliveries); GET /media p50 ${pollLatency.otherRoute.ratio.toFixed(2)}x with the polls open.` : '';
  const markdown = renderMarkdown(run) + poll;
  fs.writeFileSync(`${stem}.json`, `${JSON.stringify(run, (key, value) => (typeof value === 'function' ? undefined : value), 2)}\n`);
  fs.writeFileSync(`${stem}.md`, `${markdown}\n`);
  fs.writeFileSync(`${stem}.svg`, renderSvg(run));
  console.log(`\n${markdown}`);
  log(`results: ${path.relative(REPO, stem)}.{json,md,svg}; total ${(totalSeconds / 60).toFixed(1)} min`);
}

// One stack at the base size: the floor route, the static file, the seed,
// the uploaded files and collections the targets read; its targets.
async function prepare(site) {
  const wordpressDir = stackWordPressDir(site.url);
  const phpEnv = { ...process.env, MVS_SITE_URL: site.url, MVS_WP_LOAD: path.join(wordpressDir, 'wp-load.php') };

  // The floor route: a plugin file of this folder, linked into the stack's own
  // copy of wp-content/plugins (e2e/mu-plugins is the repo's, shared) and activated.
  fs.symlinkSync(path.join(HERE, 'mvs-bench-floor.php'), path.join(wordpressDir, 'wp-content', 'plugins', 'mvs-bench-floor.php'));
  execFileSync('/usr/bin/php', [path.join(HERE, 'activate-floor.php')], { env: phpEnv, stdio: ['ignore', 'pipe', 'inherit'], timeout: 60_000 });

  // The static anchor: 5 MB of random bytes where uploads live.
  const staticDir = path.join(wordpressDir, 'wp-content', 'uploads', 'mvs-bench');
  fs.mkdirSync(staticDir, { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'static-5mb.bin'), (await import('node:crypto')).randomBytes(STATIC_BYTES));

  log(`seeding ${config.media} media, ${config.users} users, ${config.media} posts`);
  const seeded = await seedSite(site, { media: config.media, users: config.users, log: (line) => log(line) });

  const basic = (user) => ({ authorization: `Basic ${Buffer.from(`${user.login}:${user.appPassword}`).toString('base64')}` });
  const users = site.fixtures.users;
  const adminAuth = basic(users.admin);
  // wp-admin takes no application password: the administrator's login cookies (admin-browser).
  const auth = { anon: {}, member: basic(users.member), moderator: basic(users.moderator), admin: adminAuth, 'admin-browser': await loginCookies(site.url, users.admin) };

  // File delivery: a 5 MB PDF uploaded twice through the REST API (public, private).
  // The URLs are the API's own (file_url, signed-url), whatever shape /serve gives them.
  const publicItem = await uploadPdf(site.url, auth.member, 'public');
  const privateItem = await uploadPdf(site.url, auth.member, 'private');
  const privateUrl = await restJson(site.url, `/wp-json/mvs/v1/media/${privateItem.id}/signed-url?ttl=86400`, { headers: auth.member });
  // A members-only item of the member, through a URL signed for another member (their blocks are checked per request).
  const membersItem = await uploadPdf(site.url, auth.member, 'members');
  const memberUrl = await restJson(site.url, `/wp-json/mvs/v1/media/${membersItem.id}/signed-url?ttl=86400`, { headers: basic(users.member2) });
  const relative = (url) => { const u = new URL(url, site.url); return u.pathname + u.search; };
  const setOffload = (value) => () => restJson(site.url, '/wp-json/wp/v2/settings', { method: 'POST', headers: { ...adminAuth, 'content-type': 'application/json' }, body: JSON.stringify({ mvs_settings: { serve_offload: value } }) });

  // A smart collection of the member (the typical tag AND media type image), and one of its seeded manual ones.
  const tag = typicalTag(await restJson(site.url, '/wp-json/mvs/v1/tags/cloud?limit=200'));
  const smart = await restJson(site.url, '/wp-json/mvs/v1/collections', {
    method: 'POST',
    headers: { ...auth.member, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'bench smart', type: 'smart', rules: { tags: [tag.slug], media_type: 'image' } }),
  });
  const ownCollections = await restJson(site.url, '/wp-json/mvs/v1/collections?per_page=100', { headers: auth.member });
  const manual = ownCollections.filter((c) => c.type === 'manual').sort((a, b) => b.item_count - a.item_count)[0]
    ?? (await restJson(site.url, '/wp-json/mvs/v1/collections', { method: 'POST', headers: { ...auth.member, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'bench manual', type: 'manual' }) }));

  const ids = {
    mediaItem: seeded.firstPublicMedia,
    mostCommented: seeded.mostCommentedMedia,
    mostReacted: seeded.mostReactedMedia,
    album: seeded.publicAlbum,
    author: seeded.typicalAuthor,
    followed: seeded.mostFollowedUser,
    conversation: seeded.memberConversation,
    tag: tag.slug,
    smartCollection: smart.id,
    manualCollection: manual.id,
    publicFile: relative(publicItem.file_url),
    privateFile: relative(privateUrl.url),
    memberFile: relative(memberUrl.url),
  };
  const targets = selectTargets(buildTargets(ids, { serveOffloadOn: setOffload('x-accel-redirect'), serveOffloadOff: setOffload('off') }), only);
  for (const target of targets) target.headers = { ...auth[target.viewer], ...(target.headers ?? {}) };
  log(`${site.url}: tag ${tag.slug} (${tag.count} items), author ${ids.author}`);
  return { phpEnv, seeded, ids, targets };
}

// Every stack's targets in one set of rounds: a sample request per target
// (fails fast on a broken route), a warm-up pass, the header sample (queries,
// memory), then the interleaved rounds over the targets of every size, the
// start moving by one each round. Returns one row per target and size.
async function measure(stacks) {
  const rows = [];
  for (const stack of stacks) {
    const { phase, media, site } = stack;
    for (const target of stack.targets) {
      const row = { key: target.key, name: target.name, operation: target.operation, group: target.group, viewer: target.viewer, goal: target.goal, path: target.path, idleOf: target.idleOf, budgetMs: target.budgetMs, phase, media, rounds: [] };
      // Not serialised (the JSON drops functions and these keys are re-derived): how to load this row.
      Object.defineProperty(row, 'load', { value: { url: site.url, target, meter: stack.meter }, enumerable: false });
      rows.push(row);
      if (target.revalidate) {
        const etag = (await fetch(site.url + target.path, { headers: target.headers ?? {} })).headers.get('etag');
        target.headers = { ...target.headers, 'if-none-match': etag ?? '' };
      }
      const first = await sample(site.url, target);
      if (first.status !== (target.revalidate ? 304 : 200)) {
        row.error = `HTTP ${first.status}: ${first.body.slice(0, 200)}`;
        log(`${phase} ${target.key}: ${row.error}`);
        continue;
      }
      if (target.nonEmpty) {
        // A list row must measure a real answer, not an empty one the seed left it.
        if (!first.items) {
          row.error = 'empty list: the seed gives this row nothing to answer';
          log(`${phase} ${target.key}: ${row.error}`);
          continue;
        }
        log(`${phase} ${target.key}: ${first.items} items`);
      }
      if (config.warmup > 0) {
        await target.before?.();
        await httpLoad({ url: site.url + target.path, connections: config.connections, duration: config.warmup, headers: target.headers, status: target.revalidate ? 304 : 200 });
        await target.after?.();
      }
      await target.before?.();
      const warm = await sample(site.url, target);
      await target.after?.();
      row.queries = warm.queries;
      row.memoryPeak = warm.memoryPeak;
      row.bytesPerRequest = warm.bytes;
    }
  }
  const live = rows.filter((r) => !r.error);
  for (let round = 0; round < config.rounds; round++) {
    for (let i = 0; i < live.length; i++) {
      const row = live[(i + round) % live.length];
      const { url, target, meter } = row.load;
      await target.before?.();
      const before = meter.sample();
      const result = await httpLoad({ url: url + target.path, connections: config.connections, duration: config.duration, headers: target.headers, status: target.revalidate ? 304 : 200 });
      result.cpu = meter.perRequest(before, meter.sample(), result.requests);
      await target.after?.();
      row.rounds.push(result);
    }
    log(`round ${round + 1}/${config.rounds} done (${stacks.map((stack) => `${stack.phase} ${stack.media} media`).join(', ')})`);
  }
  const parts = stacks[0].meter.parts;
  for (const row of live) {
    row.rps = median(row.rounds.map((r) => r.rps));
    row.p50 = median(row.rounds.map((r) => r.p50));
    row.p99 = median(row.rounds.map((r) => r.p99));
    row.failures = row.rounds.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    row.cpu = Object.fromEntries([...parts, 'total'].map((part) => [part, median(row.rounds.map((r) => r.cpu?.[part]))]));
    log(`${row.phase} ${row.key.padEnd(24)} ${row.rps.toFixed(1).padStart(8)} req/s  ${row.bytesPerRequest ?? '-'} B  p50 ${row.p50.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms  CPU ${row.cpu.total?.toFixed(2) ?? '-'} ms (PHP ${row.cpu.php?.toFixed(2) ?? '-'}, MariaDB ${row.cpu.mariadb?.toFixed(2) ?? '-'})  SQL ${row.queries ?? '-'}  peak ${row.memoryPeak === null ? '-' : (row.memoryPeak / 2 ** 20).toFixed(1)} MB${row.failures ? `  FAILURES ${row.failures}` : ''}`);
  }
  for (const row of rows.filter((r) => r.error)) Object.assign(row, { rps: null, p50: null, p99: null, failures: 'failed' });
  return rows;
}

// Ratios against the anchors of the same phase, round by round, and memory against the viewer's floor.
function derive(rows) {
  const find = (key, phase) => rows.find((r) => r.key === key && r.phase === phase && !r.error);
  const rps = (row) => row?.rounds.map((r) => r.rps) ?? [];
  const cpu = (row) => row?.rounds.map((r) => r.cpu?.total) ?? [];
  for (const row of rows) {
    const floor = find(floorOf(row), row.phase);
    row.cost = {
      floor: row.error ? null : costByRound(rps(floor), rps(row)),
      // CPU per request against the floor's, round by round: the same question asked in core-ms.
      cpuFloor: row.error ? null : ratioByRound(cpu(row), cpu(floor)),
      posts: row.error || row.group === 'file' ? null : costByRound(rps(find('posts', row.phase)), rps(row)),
      static: row.error || row.group !== 'file' ? null : costByRound(rps(find('static', row.phase)), rps(row)),
    };
    row.memoryVsFloor = floor && row.memoryPeak !== null && row.memoryPeak !== undefined && floor.memoryPeak !== null ? row.memoryPeak - floor.memoryPeak : null;
    // Free when idle: PHP core-ms of the request with the plugins on minus the same request without them.
    const on = row.idleOf ? find(row.idleOf, row.phase) : null;
    row.idleCost = on && !row.error ? differenceByRound(on.rounds.map((r) => r.cpu?.php), row.rounds.map((r) => r.cpu?.php)) : null;
    const base = row.phase === 'base' ? null : find(row.key, 'base');
    row.p50VsBase = base && !row.error ? ratioByRound(row.rounds.map((r) => r.p50), base.rounds.map((r) => r.p50)) : null;
  }
}

// Every scheduled job of the plugins, once each, in its own php-cli process (stack/bench/jobs.php).
function runJobs(env, media) {
  const php = (args) => execFileSync('/usr/bin/php', ['-d', 'memory_limit=1G', path.join(HERE, 'jobs.php'), ...args], { env, timeout: 30 * 60_000, maxBuffer: 16 << 20 }).toString();
  const hooks = JSON.parse(php(['list']).trim().split('\n').pop());
  const results = [];
  for (const hook of hooks) {
    try {
      const result = JSON.parse(php(['run', hook]).trim().split('\n').pop());
      results.push({ ...result, media });
      log(`job ${hook} at ${media} media: ${result.seconds} s, ${result.queries} SQL, ${result.rows_read} rows read (${result.rows_scanned} scanned), ${result.rows_written} written`);
    } catch (error) {
      results.push({ hook, media, error: String(error.message).split('\n')[0] });
      log(`job ${hook} failed: ${error.message}`);
    }
  }
  return results;
}

// The Cookie header of a wp-login.php sign-in (the auth and logged-in cookies).
async function loginCookies(url, user) {
  const res = await fetch(`${url}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'wordpress_test_cookie=WP%20Cookie%20check' },
    body: new URLSearchParams({ log: user.login, pwd: user.password, testcookie: '1', redirect_to: `${url}/wp-admin/` }).toString(),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]).filter((c) => /^wordpress_(logged_in_|sec_|[0-9a-f]{32}=)/.test(c));
  if (res.status !== 302 || !cookies.length) throw new Error(`wp-login.php as ${user.login}: HTTP ${res.status}, no login cookie`);
  return { cookie: cookies.join('; ') };
}

// One request with the target's headers: status, body size, X-MVS-Queries, X-MVS-Memory-Peak;
// for a nonEmpty target, the length of the JSON list answered (null when not a list).
async function sample(url, target) {
  const res = await fetch(url + target.path, { headers: target.headers ?? {} });
  const body = Buffer.from(await res.arrayBuffer());
  const header = (name) => (res.headers.get(name) === null ? null : Number(res.headers.get(name)));
  const list = target.nonEmpty && res.status === 200 ? JSON.parse(body.toString()) : null;
  return { status: res.status, body: res.status === 200 ? '' : body.toString(), bytes: body.length, queries: header('x-mvs-queries'), memoryPeak: header('x-mvs-memory-peak'), items: Array.isArray(list) ? list.length : null };
}

// A JSON request to the site; throws on anything but 2xx.
async function restJson(url, path, init = {}) {
  const res = await fetch(url + path, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

// A 5 MB PDF (printable filler in comment lines) uploaded as a new item.
async function uploadPdf(url, headers, privacy) {
  const head = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n%${Math.random()}\n`;
  const tail = 'trailer << /Root 1 0 R >>\n%%EOF\n';
  const fill = Buffer.alloc(STATIC_BYTES - head.length - tail.length);
  for (let i = 0; i < fill.length; i++) fill[i] = i % 64 === 0 ? 0x25 : i % 64 === 63 ? 0x0a : 0x21 + ((i * 7) % 90);
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(head), fill, Buffer.from(tail)], { type: 'application/pdf' }), `bench-${privacy}.pdf`);
  form.append('privacy', privacy);
  return restJson(url, '/wp-json/mvs/v1/media', { method: 'POST', headers, body: form });
}

// Load with Node's http client: keep-alive, one request in flight per
// connection, bodies discarded, latency to the end of the body with
// hrtime (sub-millisecond). One client for every target, small JSON and
// 5 MB files alike (autocannon parses bodies in JavaScript: ~45 MB/s on a
// 5 MB body, where curl gets ~750 MB/s; and it rounds latency to whole ms).
// `status`: the answer expected (200 means any 2xx); anything else counts as a failure.
async function httpLoad({ url, connections, duration, headers = {}, status = 200 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  const started = Date.now();
  const end = started + duration * 1000;
  const one = () => new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.get(url, { agent, headers, timeout: 30_000 }, (res) => {
      if (status === 200 ? res.statusCode < 200 || res.statusCode > 299 : res.statusCode !== status) non2xx++;
      res.resume();
      res.on('end', () => {
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        resolve();
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      errors++;
      resolve();
    });
  });
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < end) await one();
  }));
  const seconds = (Date.now() - started) / 1000;
  agent.destroy();
  return { rps: latencies.length / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), requests: latencies.length, non2xx, errors };
}
