// `npm run bench`: requests/s, p50/p99 latency and SQL queries per request of
// the plugin's main read routes against anchors measured in the same run, on
// a throw-away native stack (nginx + PHP-FPM + MariaDB) seeded in bulk.
//
//   node stack/bench/run.mjs [--media 10000] [--users 5000] [--large 100000|1000000|0]
//                            [--duration 10] [--warmup 3] [--connections 4] [--port N]
//
// Targets (all on 127.0.0.1, the stack's own port):
//   floor            GET /wp-json/mvs/v1/bench-floor: a route of the mvs namespace that does nothing
//                    (stack/bench/mvs-bench-floor.php, activated in the stack's copy only)
//   media anon       GET /wp-json/mvs/v1/media?per_page=20
//   media member     the same with a member's application password (Basic auth)
//   media/{id}       GET /wp-json/mvs/v1/media/{id} of a public, approved item
//   comments         GET /wp-json/mvs/v1/media/{id}/comments?per_page=20 of the most commented public item, anonymous
//   notifications    GET /wp-json/mvs/v1/me/notifications?per_page=20 as the member
//   wp/v2/posts      GET /wp-json/wp/v2/posts?per_page=20, as many posts as media (core anchor)
//   nginx static     a 5 MB file in wp-content/uploads, served by nginx alone
//   serve public     GET /wp-json/mvs/v1/serve of a 5 MB public item (signed file_url), PHP streaming
//   serve private    the same for a private item, URL signed for its owner (privacy re-checked per request)
//   serve offload    the public item with serve_offload = x-accel-redirect: PHP authorises, nginx sends
//   collection smart GET /wp-json/mvs/v1/collections/{id}?per_page=20 of the member's smart collection
//                    (the most used seeded tag AND media_type image), as the member
// then the media lists, the smart collection, the comment and notification lists and posts again after growing the site to --large media.
//
// Ratios are throughput ratios, anchor req/s ÷ target req/s ("cost": 3.0 =
// a third of the anchor's requests per second), all from this one run; the
// machine is noisy, compare ratios rather than absolute numbers.
// Results: bench-results/<timestamp>.json at the repo root.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNativeSite } from '../native-site.mjs';
import { findFreePort } from '../../e2e/site/ports.mjs';
import { parseArgs, seedSite, stackWordPressDir } from '../seed.mjs';

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
  // 2 cores shared by autocannon, nginx, 4 php-fpm workers and MariaDB:
  // 4 connections keep every PHP worker busy (more would only queue in nginx
  // and inflate latency); 10 s gives thousands of samples for a stable p99
  // at tens of ms per request while keeping the whole run to a few minutes.
  duration: num('duration', 10),
  warmup: num('warmup', 3),
  connections: num('connections', 4),
};

let autocannon;
try {
  ({ default: autocannon } = await import('autocannon'));
} catch {
  console.error('autocannon is not installed: add it as a devDependency (npm install --save-dev autocannon), or for a one-off run: npm install --no-save autocannon');
  process.exit(2);
}

const runStarted = Date.now();
const log = (...args) => console.log(`[bench ${((Date.now() - runStarted) / 1000).toFixed(0).padStart(4)} s]`, ...args);

const port = Number(opts.port || (await findFreePort()));
log(`starting a native stack on 127.0.0.1:${port}`);
const site = await startNativeSite({ port, label: 'bench', harness: true });
try {
  await main(site);
} finally {
  await site.stop();
}

async function main(site) {
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

  const member = site.fixtures.users.member;
  const memberAuth = { authorization: `Basic ${Buffer.from(`${member.login}:${member.appPassword}`).toString('base64')}` };
  const targets = [
    { key: 'floor', name: 'floor (mvs/v1/bench-floor)', path: '/wp-json/mvs/v1/bench-floor' },
    { key: 'media-anon', name: 'mvs/v1/media?per_page=20 anon', path: '/wp-json/mvs/v1/media?per_page=20' },
    { key: 'media-member', name: 'mvs/v1/media?per_page=20 member', path: '/wp-json/mvs/v1/media?per_page=20', headers: memberAuth },
    { key: 'media-item', name: `mvs/v1/media/{id} (public)`, path: `/wp-json/mvs/v1/media/${seeded.firstPublicMedia}` },
    { key: 'comments', name: 'mvs/v1/media/{id}/comments?per_page=20 anon', path: `/wp-json/mvs/v1/media/${seeded.mostCommentedMedia}/comments?per_page=20` },
    { key: 'notifications', name: 'mvs/v1/me/notifications?per_page=20 member', path: '/wp-json/mvs/v1/me/notifications?per_page=20', headers: memberAuth },
    { key: 'posts', name: 'wp/v2/posts?per_page=20', path: '/wp-json/wp/v2/posts?per_page=20' },
    // autocannon parses bodies in JavaScript: on a 5 MB body it measured ~45 MB/s
    // where curl gets ~750 MB/s, so large bodies go through Node's own http client.
    { key: 'static', name: 'nginx static 5 MB', path: '/wp-content/uploads/mvs-bench/static-5mb.bin', bigBody: true },
  ];

  // File delivery: a 5 MB PDF uploaded twice through the REST API (public, private).
  const admin = site.fixtures.users.admin;
  const adminAuth = { authorization: `Basic ${Buffer.from(`${admin.login}:${admin.appPassword}`).toString('base64')}` };
  const publicItem = await uploadPdf(site.url, memberAuth, 'public');
  const privateItem = await uploadPdf(site.url, memberAuth, 'private');
  const privateUrl = await restJson(site.url, `/wp-json/mvs/v1/media/${privateItem.id}/signed-url?ttl=86400`, { headers: memberAuth });
  const relative = (url) => { const u = new URL(url); return u.pathname + u.search; };
  targets.push(
    { key: 'serve-public', name: 'mvs/v1/serve 5 MB public (PHP)', path: relative(publicItem.file_url), bigBody: true },
    { key: 'serve-private', name: 'mvs/v1/serve 5 MB private (PHP)', path: relative(privateUrl.url), bigBody: true },
    {
      key: 'serve-offload',
      name: 'mvs/v1/serve 5 MB public (nginx)',
      path: relative(publicItem.file_url),
      bigBody: true,
      before: () => restJson(site.url, '/wp-json/wp/v2/settings', { method: 'POST', headers: { ...adminAuth, 'content-type': 'application/json' }, body: JSON.stringify({ mvs_settings: { serve_offload: 'x-accel-redirect' } }) }),
      after: () => restJson(site.url, '/wp-json/wp/v2/settings', { method: 'POST', headers: { ...adminAuth, 'content-type': 'application/json' }, body: JSON.stringify({ mvs_settings: { serve_offload: 'off' } }) }),
    },
  );

  // A smart collection of the member (a seeded tag and a media type), resolved per request for the member.
  const [topTag] = await restJson(site.url, '/wp-json/mvs/v1/tags/cloud?limit=1');
  const smart = await restJson(site.url, '/wp-json/mvs/v1/collections', {
    method: 'POST',
    headers: { ...memberAuth, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'bench smart', type: 'smart', rules: { tags: [topTag.slug], media_type: 'image' } }),
  });
  targets.push({ key: 'collection-smart', name: 'mvs/v1/collections/{id} smart member', path: `/wp-json/mvs/v1/collections/${smart.id}?per_page=20`, headers: memberAuth });

  const rows = [];
  for (const target of targets) {
    await target.before?.();
    rows.push(await measure(site.url, target, seeded.totals.media));
    await target.after?.();
  }

  if (config.large > config.media) {
    const more = config.large - seeded.totals.media;
    log(`growing the site to ${config.large} media (+${more} media and posts)`);
    const grown = await seedSite(site, { media: more, users: 0, log: (line) => log(line) });
    for (const key of ['media-anon', 'media-member', 'collection-smart', 'comments', 'notifications', 'posts']) {
      const target = targets.find((t) => t.key === key);
      rows.push(await measure(site.url, { ...target, key: `${key}@large`, base: key }, grown.totals.media));
    }
  }

  const by = Object.fromEntries(rows.map((r) => [r.key, r]));
  const cost = (anchor, row) => (anchor && row.rps ? anchor.rps / row.rps : null);
  for (const row of rows) {
    row.costVsFloor = cost(by.floor, row);
    row.costVsPosts = cost(by.posts, row);
    row.costVsStatic = cost(by.static, row);
    if (row.base) row.costVsBaseSize = cost(by[row.base], row);
  }
  printTable(rows);

  const totalSeconds = (Date.now() - runStarted) / 1000;
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${new Date(runStarted).toISOString().replace(/[:.]/g, '-')}.json`);
  const gitHead = (() => { try { return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO }).toString().trim(); } catch { return null; } })();
  fs.writeFileSync(file, JSON.stringify({ startedAt: new Date(runStarted).toISOString(), totalSeconds, gitHead, config, seeded: { base: seeded.tables, totals: seeded.totals }, results: rows }, null, 2));
  log(`results: ${path.relative(REPO, file)}; total ${totalSeconds.toFixed(0)} s`);
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

// One sample request (status, X-MVS-Queries), a warm-up, then the measurement.
async function measure(url, target, mediaCount) {
  const full = url + target.path;
  const sample = await fetch(full, { headers: target.headers ?? {} });
  const body = Buffer.from(await sample.arrayBuffer());
  if (sample.status !== 200) throw new Error(`${target.name}: GET ${target.path} answered ${sample.status}: ${body.toString().slice(0, 500)}`);
  const queriesHeader = sample.headers.get('x-mvs-queries');
  const options = { url: full, connections: config.connections, pipelining: 1, headers: target.headers ?? {} };
  const tool = target.bigBody ? httpLoad : autocannon;
  if (config.warmup > 0) await tool({ ...options, duration: config.warmup });
  const result = await tool({ ...options, duration: config.duration });
  const row = {
    key: target.key,
    base: target.base,
    name: target.name,
    path: target.path,
    media: mediaCount,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerRequest: body.length,
    tool: target.bigBody ? 'node:http' : 'autocannon',
    queries: queriesHeader === null ? null : Number(queriesHeader),
  };
  log(`${target.name.padEnd(36)} ${row.rps.toFixed(1).padStart(8)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  queries ${row.queries ?? '-'}${row.non2xx || row.errors ? `  NON-2XX ${row.non2xx} ERRORS ${row.errors}` : ''}`);
  return row;
}

// Load with Node's http client (keep-alive, one request in flight per
// connection, bodies discarded), for large bodies; the same result shape as
// autocannon's where the bench reads it.
async function httpLoad({ url, connections, duration, headers = {} }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  const started = Date.now();
  const end = started + duration * 1000;
  const one = () => new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.get(url, { agent, headers, timeout: 30_000 }, (res) => {
      if (res.statusCode < 200 || res.statusCode > 299) non2xx++;
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
  latencies.sort((a, b) => a - b);
  const pct = (p) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]) : null);
  return { requests: { average: latencies.length / seconds, total: latencies.length }, latency: { p50: pct(0.5), p99: pct(0.99) }, non2xx, errors, timeouts: 0 };
}

function printTable(rows) {
  const fmt = (v, digits = 2) => (v === null || v === undefined ? '-' : v.toFixed(digits));
  const head = ['target', 'media', 'req/s', 'p50 ms', 'p99 ms', 'queries', 'cost×floor', 'cost×posts', 'cost×static', 'vs base size', 'non-2xx'];
  const body = rows.map((r) => [r.name, String(r.media), fmt(r.rps, 1), String(r.p50), String(r.p99), r.queries ?? '-', fmt(r.costVsFloor), fmt(r.costVsPosts), fmt(r.costVsStatic), fmt(r.costVsBaseSize), String(r.non2xx + r.errors)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => String(b[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ')} |`;
  console.log(`\n${line(head)}\n|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const b of body) console.log(line(b));
  console.log(`\n${config.connections} connections, ${config.warmup} s warm-up + ${config.duration} s per target; cost×X = X's req/s ÷ the target's req/s (same run).`);
  console.log('nginx static is loaded with node:http (autocannon caps a 5 MB body at ~45 MB/s); the rest with autocannon.');
  console.log('queries = X-MVS-Queries of one sample request (SQL during REST dispatch; "-" outside REST).\n');
}
