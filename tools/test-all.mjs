// `npm test` after the build: every check and suite of a full run, as two
// chains side by side. One chain is the native suite, then the security suite
// (each on a native stack of its own); the other is the static checks (types,
// lint, unit tests, generated-code drift), then the Playground tier on the
// plugins as the zips install them.
//
// Why side by side: every suite ends in phases where one spec runs alone
// (site-wide settings, lifecycle, timing), which was expected to leave a core
// idle for the other chain. Measured on a quiet machine it takes what the
// suites take one after the other (the cores are busy throughout), and a
// failure in one chain no longer hides the other's results. Each suite starts
// its own site on a free port, so they share nothing but the machine
// (docs/measurements/2026-11-28-ci-budget.md, "Suites side by side").
//
// Every line of a suite is printed as it comes, behind the suite's name. Every
// suite runs even when another failed; the exit code is the first failure's.
// A failed suite's failures are printed again at the very end, because a CI
// log is often read from its tail and the suites' lines interleave.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { REPO_ROOT } from '../e2e/site/paths.mjs';
import { prepareWordPress } from '../e2e/site/prepare-wordpress.mjs';
import { CHROMIUM, ensureDebianPackages, PHPCS, UNZIP } from '../e2e/site/system-packages.mjs';
import { DEBIAN_PACKAGES } from '../stack/native-site.mjs';

const CHAINS = [
  [
    { name: 'native', script: 'test:e2e:native' },
    { name: 'security', script: 'test:security' },
  ],
  [
    { name: 'types', script: 'typecheck' },
    { name: 'lint', script: 'lint' },
    { name: 'unit', script: 'test:unit' },
    { name: 'drift', script: 'codegen:check' },
    { name: 'playground', script: 'test:e2e:installed' },
  ],
];

// apt once, before the chains (two apt-gets at once would fight over dpkg's
// lock on a fresh machine), and the WordPress copy both kinds of site use.
ensureDebianPackages([...DEBIAN_PACKAGES, ...[CHROMIUM, UNZIP, PHPCS].flatMap(Object.keys)], { label: 'test' });
prepareWordPress();

const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(0);
const width = Math.max(...CHAINS.flat().map((suite) => suite.name.length));
const results = [];

function runSuite({ name, script }) {
  const label = `[${name}]`.padEnd(width + 2);
  const suiteStarted = Date.now();
  const lines = [];
  console.log(`${label} npm run ${script} (at ${seconds(started)} s)`);
  const child = spawn('npm', ['run', '--silent', script], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  running.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      lines.push(line);
      console.log(`${label} ${line}`);
    });
  }
  return new Promise((resolve) => {
    child.once('exit', (status, signal) => {
      running.delete(child);
      const code = status ?? (signal ? 1 : 0);
      results.push({ name, code, seconds: seconds(suiteStarted), lines });
      console.log(`${label} ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds(suiteStarted)} s`);
      resolve(code);
    });
  });
}

// A stopped run stops its suites, whose runners stop their sites.
const running = new Set();
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopping = true;
    for (const child of running) child.kill(signal);
    process.exitCode = 1;
  });
}

async function runChain(chain) {
  let first = 0;
  for (const suite of chain) {
    if (stopping) break;
    const code = await runSuite(suite);
    first ||= code;
  }
  return first;
}

/**
 * What to show again of a failed suite: Playwright's failure blocks (from the
 * first "  1) [project] › …" header), the lines that name a failed test or a
 * failed check, and the suite's last lines, at most `limit` lines in all.
 */
function failureDigest(lines, limit = 60) {
  const firstBlock = lines.findIndex((line) => /^\s+\d+\) \[/.test(line));
  const blocks = -1 === firstBlock ? [] : lines.slice(firstBlock, firstBlock + limit / 2);
  const named = lines.filter((line) => /✘|^\s*\d+ (failed|flaky)\b|Error:/.test(line) && !/✓/.test(line) && !blocks.includes(line));
  const tail = lines.slice(-10).filter((line) => !blocks.includes(line) && !named.includes(line));
  return [...named.slice(0, limit / 4), ...blocks, ...tail].slice(0, limit);
}

const codes = await Promise.all(CHAINS.map(runChain));
for (const { name, code, lines } of results) {
  if (0 === code) continue;
  console.log(`\n[${name}] failed; its failures again:`);
  for (const line of failureDigest(lines)) console.log(`  ${line}`);
}
console.log(`checks and suites side by side: ${seconds(started)} s in all`);
for (const { name, code, seconds: s } of results) console.log(`  ${name.padEnd(width)}  ${code === 0 ? 'passed' : 'FAILED'}  ${s} s`);
process.exit(codes.find((code) => code !== 0) ?? process.exitCode ?? 0);
