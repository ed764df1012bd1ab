// Scale seeder for the native stack: fills a running stack's database with a
// realistic community (users, media across privacy levels, follows, reactions,
// comments, favorites, tags, and as many posts as media for the core anchor)
// with bulk INSERTs in php-cli (stack/seed/seed.php), never REST calls.
//
//   node stack/seed.mjs --media 100000 --users 5000        # starts a stack, seeds it, keeps it up until Ctrl-C
//   node stack/seed.mjs --url http://127.0.0.1:9500 --media 10000   # seeds a stack that is already up
//   options: --posts N (default = --media), --tags N (default 200), --port N (new stack)
//
// A second run on the same stack appends (new ids after the existing ones).
// seedSite(site, { media, users, posts }) is the same from code (stack/bench/run.mjs).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STATE_FILE, TMP_PREFIX } from './native-site.mjs';

const SEED_PHP = fileURLToPath(new URL('./seed/seed.php', import.meta.url));
const SEED_TIMEOUT_MS = 60 * 60_000; // 1M media takes minutes, never an hour

// A stack's WordPress copy, found through the stack.json that native-site.mjs
// writes into its temp folder (startNativeSite() does not return the folder).
export function stackWordPressDir(url) {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(TMP_PREFIX)) continue;
    const file = path.join(os.tmpdir(), name, STATE_FILE);
    if (!fs.existsSync(file)) continue;
    const state = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (state.url === url) return path.join(state.tmp, 'wordpress');
  }
  throw new Error(`no native stack with url ${url} on this machine (${os.tmpdir()}/${TMP_PREFIX}*/${STATE_FILE})`);
}

// Runs seed.php against the stack; resolves to { tables: [{ table, rows, ms }], totals, ms, and the ids the bench targets (firstPublicMedia, mostCommentedMedia, mostReactedMedia, publicAlbum, typicalAuthor) }.
export async function seedSite(site, { media = 0, users = 0, posts, tags, log = console.log } = {}) {
  const wordpressDir = stackWordPressDir(site.url);
  const env = {
    ...process.env,
    MVS_SITE_URL: site.url,
    MVS_WP_LOAD: path.join(wordpressDir, 'wp-load.php'),
    MVS_SEED_MEDIA: String(media),
    MVS_SEED_USERS: String(users),
    // The bench member: it follows 500 members and gets their events in its feed (seed.php, "activity and feeds").
    MVS_SEED_FEED_VIEWER: String(site.fixtures?.users?.member?.id ?? 0),
    ...(posts === undefined ? {} : { MVS_SEED_POSTS: String(posts) }),
    ...(tags === undefined ? {} : { MVS_SEED_TAGS: String(tags) }),
  };
  const tables = [];
  let summary;
  await new Promise((resolve, reject) => {
    const child = execFile('/usr/bin/php', ['-d', 'memory_limit=4G', SEED_PHP], { env, timeout: SEED_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 64 << 20 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`seed.php failed (${error.killed ? 'timed out' : `exit ${error.code}`}):\n${stderr.slice(-3000)}`));
      else resolve();
    });
    let pending = '';
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      let nl;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        let parsed;
        try {
          parsed = JSON.parse(line);
        } catch {
          log(`  ${line}`); // a PHP notice or warning
          continue;
        }
        if (parsed.done) summary = parsed;
        else {
          tables.push(parsed);
          log(`  ${parsed.table.padEnd(36)} ${String(parsed.rows).padStart(9)} rows ${String(parsed.ms).padStart(7)} ms${parsed.rows && parsed.ms ? `  (${Math.round(parsed.rows / (parsed.ms / 1000)).toLocaleString('en')} rows/s)` : ''}`);
        }
      }
    });
  });
  if (!summary) throw new Error('seed.php ended without its summary line');
  return { tables, totals: summary.totals, ms: summary.ms, firstPublicMedia: summary.first_public_media, mostCommentedMedia: summary.most_commented_public_media, mostReactedMedia: summary.most_reacted_public_media, publicAlbum: summary.public_album, typicalAuthor: summary.typical_author, mostFollowedUser: summary.most_followed_user, memberConversation: summary.member_conversation };
}

/** `--key value` and `--key=value` pairs of a command line. */
export function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`unknown argument ${argv[i]}`);
    options[m[1]] = m[2] ?? argv[++i];
  }
  return options;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const options = parseArgs(process.argv.slice(2));
  const count = (key, fallback) => (options[key] === undefined ? fallback : Number(options[key]));
  const wanted = { media: count('media', 100_000), users: count('users', 5_000), posts: count('posts', undefined), tags: count('tags', undefined) };
  let site;
  if (options.url) {
    site = { url: options.url.replace(/\/$/, '') };
  } else {
    const { startNativeSite } = await import('./native-site.mjs');
    const { harnessRequested } = await import('../e2e/site/harness.mjs');
    const port = Number(options.port || process.env.MVS_PORT || 9500);
    console.log(`Starting a native stack on 127.0.0.1:${port}…`);
    site = await startNativeSite({ port, label: 'seed', harness: harnessRequested() });
  }
  console.log(`Seeding ${site.url}: ${wanted.media} media, ${wanted.users} users, ${wanted.posts ?? wanted.media} posts`);
  const result = await seedSite(site, wanted);
  console.log(`Seeded in ${(result.ms / 1000).toFixed(1)} s: ${JSON.stringify(result.totals)}`);
  if (site.stop) {
    console.log(`\n${site.url} is up (admin / password; seeded users seed<ID> / seed-password). Ctrl-C stops it and deletes its files.`);
    for (const [key, user] of Object.entries(site.fixtures?.users ?? {})) if (user?.appPassword) console.log(`  ${key}: ${user.login} / app password ${user.appPassword}`);
    await new Promise(() => {}); // until SIGINT/SIGTERM (native-site.mjs stops the stack then)
  }
}
