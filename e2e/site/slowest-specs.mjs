// The tier report of a CI run: each e2e suite's wall time and the ten
// slowest spec files over all suites, from the rows the summary reporter
// (e2e/support/summary-reporter.ts) wrote to MVS_SPEC_TIMES. .ci/run prints
// it at the end, whether the run passed or not.
//
// Usage: node e2e/site/slowest-specs.mjs <folder> [count]
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] || process.env.MVS_SPEC_TIMES;
const count = Number(process.argv[3] || 10);
const suites = dir && fs.existsSync(dir)
  ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
  : [];
if (!suites.length) {
  console.log('[e2e] tier report: no suite recorded its spec times');
  process.exit(0);
}
console.log('\n[e2e] tier report: suites');
for (const s of suites.sort((a, b) => b.seconds - a.seconds)) console.log(`  ${s.seconds.toFixed(1).padStart(7)} s  ${s.suite} (${s.files.length} spec files)`);
const rows = suites.flatMap((s) => s.files.map((f) => ({ ...f, suite: s.suite }))).sort((a, b) => b.seconds - a.seconds);
console.log(`[e2e] tier report: the ${Math.min(count, rows.length)} slowest spec files`);
const width = Math.max(...rows.slice(0, count).map((r) => r.file.length));
for (const r of rows.slice(0, count)) console.log(`  ${r.seconds.toFixed(1).padStart(7)} s  ${r.file.padEnd(width)}  ${r.suite}, ${r.tests} test(s)`);
