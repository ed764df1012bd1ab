// Renders a bench run (the JSON that stack/bench/run.mjs writes) as a
// Markdown report and as a self-contained SVG chart. Pure functions of the
// run, unit-tested in codegen/test/bench.test.ts.
import { SPREAD_LIMIT } from './stats.mjs';

const MB = 1024 * 1024;

/** "1.12 (1.05–1.19)", with " ⚠" when the spread exceeds the limit; "-" for none. */
export function formatSummary(summary, digits = 2) {
  if (!summary) return '-';
  const range = summary.n > 1 ? ` (${summary.min.toFixed(digits)}–${summary.max.toFixed(digits)})` : '';
  return `${summary.median.toFixed(digits)}${range}${summary.flagged ? ' ⚠' : ''}`;
}

const num = (value, digits = 1) => (value === null || value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(digits));
const mb = (bytes, digits = 1) => (bytes === null || bytes === undefined ? '-' : (bytes / MB).toFixed(digits));
const signedMb = (bytes) => (bytes === null || bytes === undefined ? '-' : `${bytes >= 0 ? '+' : '−'}${Math.abs(bytes / MB).toFixed(1)}`);
// 3 significant digits: the bench's two uploads make 100,002 items "100k".
export const sizeLabel = (media) => (media >= 1e6 ? `${Number((media / 1e6).toPrecision(3))}M` : media >= 1e3 ? `${Number((media / 1e3).toPrecision(3))}k` : String(media));
const cell = (text) => String(text).replace(/\|/g, '\\|');

function table(head, rows, align) {
  const lines = [`| ${head.map(cell).join(' | ')} |`, `|${align.map((a) => (a === 'r' ? '---:' : '---')).join('|')}|`];
  for (const row of rows) lines.push(`| ${row.map(cell).join(' | ')} |`);
  return lines.join('\n');
}

/**
 * The goals of issue 13 that one run can judge, each on medians:
 * [goal, target, measured, verdict]. Missing rows are skipped.
 */
export function goalChecks(run) {
  const checks = [];
  const rows = run.rows;
  const byKey = (key, phase) => rows.find((r) => r.key === key && r.phase === phase);
  const verdict = (ok) => (ok === null ? '-' : ok ? 'met' : 'NOT met');
  for (const key of ['media-anon', 'media-member']) {
    const row = byKey(key, 'base');
    if (!row) continue;
    const budget = key === 'media-anon' ? 4 : 6;
    const cost = row.cost.floor?.median ?? null;
    checks.push(['1. lean hot path', `${row.name} at ${sizeLabel(row.media)}: ≤ 1.15 × floor, ≤ ${budget} SQL`, `${num(cost, 2)} ×, ${row.queries ?? '-'} SQL`, verdict(cost === null || row.queries === null ? null : cost <= 1.15 && row.queries <= budget)]);
  }
  for (const row of rows.filter((r) => r.phase === 'large' && r.goal === 'flat')) {
    const growth = row.p50VsBase?.median ?? null;
    const cost = row.cost.floor?.median ?? null;
    checks.push(['2. flat lists', `${row.name} at ${sizeLabel(row.media)}: p50 ≤ 1.2 × base size, ≤ 1.3 × floor`, `${num(growth, 2)} ×, ${num(cost, 2)} ×`, verdict(growth === null || cost === null ? null : growth <= 1.2 && cost <= 1.3)]);
  }
  for (const [key, limit] of [['serve-public', 0.8], ['serve-private', 0.6], ['serve-offload', 0.8]]) {
    const row = rows.find((r) => r.key === key);
    const cost = row?.cost.static?.median;
    if (!row || !cost) continue;
    checks.push(['3. file delivery', `${row.name}: ≥ ${limit} × nginx static`, `${num(1 / cost, 2)} ×`, verdict(1 / cost >= limit)]);
  }
  for (const off of rows.filter((r) => r.idleOf && r.idleCost)) {
    const on = rows.find((r) => r.key === off.idleOf && r.phase === off.phase);
    const cost = off.idleCost.median;
    checks.push(['4. free when idle', `${on?.name ?? off.idleOf}: ≤ ${off.budgetMs} PHP core-ms over the plugins off`, `${cost >= 0 ? '+' : '−'}${num(Math.abs(cost), 2)} core-ms (${formatSummary(off.idleCost)})`, verdict(cost <= off.budgetMs)]);
  }
  const large = rows.filter((r) => r.phase === 'large' && r.memoryVsFloor !== null && r.memoryVsFloor !== undefined && r.group !== 'floor');
  if (large.length) {
    const worst = large.reduce((a, b) => (b.memoryVsFloor > a.memoryVsFloor ? b : a));
    checks.push(['5. memory', `every route at ${sizeLabel(worst.media)}: peak ≤ floor + 8 MB`, `worst ${signedMb(worst.memoryVsFloor)} MB (${worst.name})`, verdict(worst.memoryVsFloor <= 8 * MB)]);
  }
  return checks;
}

/** The whole run as Markdown: context, goals, HTTP targets, file delivery, jobs. */
export function renderMarkdown(run) {
  const { config, machine } = run;
  const out = [];
  out.push(`# Bench run ${run.startedAt}`, '');
  out.push(`- Machine: ${machine ? `${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB RAM, ${machine.os}, node ${machine.node}` : 'unknown'}; shared and noisy: compare ratios, not absolute numbers.`);
  out.push(`- Commit: ${run.gitHead ?? 'unknown'}; total run time ${num(run.totalSeconds / 60, 1)} min${run.only ? `; only: ${run.only.join(', ')}` : ''}.`);
  out.push(`- Sizes: ${run.phases.map((p) => `${sizeLabel(p.media)} media (${p.phase})`).join(', ')}; ${config.rounds} interleaved rounds of ${config.duration} s per target at ${config.connections} connections, after one ${config.warmup} s warm-up pass.`);
  out.push(`- Every figure is the median over the rounds; a ratio reads median (min–max over the rounds), ⚠ when (max − min) / median > ${Math.round(SPREAD_LIMIT * 100)} %.`);
  out.push('- cost × floor = the floor route\'s req/s ÷ the target\'s, round by round (the anonymous floor for anonymous targets, the member floor, same application-password login, for logged-in ones); × posts the same against `wp/v2/posts`; p50 × base = p50 at this size ÷ p50 at the base size, round by round.');
  out.push('- SQL = `X-MVS-Queries`, peak MB = `X-MVS-Memory-Peak` (memory_get_peak_usage() when the response is built), Δ floor = peak − the same viewer\'s floor peak at the same size; one sample request after the warm-up.', '');

  const checks = goalChecks(run);
  if (checks.length) {
    out.push('## Goals of issue 13 (medians)', '');
    out.push(table(['goal', 'target', 'measured', 'verdict'], checks, ['l', 'l', 'l', 'l']), '');
  }

  const http = run.rows.filter((r) => r.group !== 'file');
  if (http.length) {
    out.push('## Routes', '');
    out.push(table(
      ['target', 'viewer', 'media', 'req/s', 'p50 ms', 'p99 ms', 'SQL', 'peak MB', 'Δ floor MB', 'cost × floor', 'cost × posts', 'p50 × base', 'non-2xx'],
      http.map((r) => [r.name, r.viewer, sizeLabel(r.media), num(r.rps), num(r.p50, 1), num(r.p99, 1), r.queries ?? '-', mb(r.memoryPeak), signedMb(r.memoryVsFloor), formatSummary(r.cost.floor), formatSummary(r.cost.posts), formatSummary(r.p50VsBase), r.failures]),
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ), '');
  }

  const metered = http.filter((r) => r.cpu?.total);
  if (metered.length) {
    out.push('## CPU per request (core-ms, stack/bench/cpu.mjs)', '');
    out.push(table(
      ['target', 'viewer', 'media', 'PHP', 'MariaDB', 'nginx', 'client', 'total', 'CPU × floor'],
      metered.map((r) => [r.name, r.viewer, sizeLabel(r.media), num(r.cpu.php, 2), num(r.cpu.mariadb, 2), num(r.cpu.nginx, 2), num(r.cpu.client, 2), num(r.cpu.total, 2), formatSummary(r.cost.cpuFloor)]),
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ), '');
    out.push('Time each server\'s threads ran during a round ÷ the round\'s requests, median over the rounds (client = the bench\'s own HTTP client); CPU × floor = total ÷ the same viewer\'s floor total, round by round. Where the throughput ratio says how much dearer a route is, this says where the difference goes.', '');
  }

  const files = run.rows.filter((r) => r.group === 'file');
  if (files.length) {
    out.push('## File delivery (5 MB, node:http client)', '');
    out.push(table(
      ['target', 'req/s', 'MB/s', 'p50 ms', 'p99 ms', 'SQL', 'peak MB', 'cost × static', 'share of static', 'non-2xx'],
      files.map((r) => [r.name, num(r.rps), num((r.rps * r.bytesPerRequest) / MB, 0), num(r.p50, 1), num(r.p99, 1), r.queries ?? '-', mb(r.memoryPeak), formatSummary(r.cost.static), r.cost.static ? `${num(1 / r.cost.static.median, 2)} ×` : '-', r.failures]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ), '');
  }

  if (run.jobs?.length) {
    out.push('## Scheduled jobs (one run of each hook, php-cli)', '');
    out.push(table(
      ['hook', 'media', 'seconds', 'SQL', 'rows read', 'of which scanned', 'rows written'],
      run.jobs.map((j) => [j.work ? `${j.hook} (${j.work})` : j.hook, sizeLabel(j.media), j.error ? `failed: ${j.error}` : num(j.seconds, 3), j.queries ?? '-', j.rows_read ?? '-', j.rows_scanned ?? '-', j.rows_written ?? '-']),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
    ), '');
    out.push('Rows from MariaDB\'s session handler counters: read = rows returned by index and table reads, scanned = those of full table scans (Handler_read_rnd_next), written = inserted + updated + deleted (including the job\'s own rescheduling in wp_options).', '');
  }
  return out.join('\n');
}

const escapeXml = (text) => String(text).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);

/** The 1-2-5 ticks of a log axis covering [lo, hi], from the one at or below lo to the one at or above hi. */
export function logTicks(lo, hi) {
  const ticks = [];
  for (let power = Math.floor(Math.log10(lo)) - 1; power <= Math.ceil(Math.log10(hi)); power++) {
    for (const m of [1, 2, 5]) ticks.push(Number((m * 10 ** power).toPrecision(3)));
  }
  const first = ticks.filter((t) => t <= lo + 1e-12).pop() ?? ticks[0];
  const last = ticks.find((t) => t >= hi - 1e-12) ?? ticks[ticks.length - 1];
  return ticks.filter((t) => t >= first && t <= last);
}

/**
 * A dot plot of cost × floor by target, one dot per size (median, with a
 * min–max whisker), on a log axis (ratios multiply; one slow route must not
 * flatten the rest), with lines at 1 (the floor) and at 1.3 (goal 2 at the
 * large size). File rows are left out (their anchor is nginx static, in the
 * Markdown table). Self-contained SVG: no script, no external font or link.
 */
export function renderSvg(run) {
  const phases = run.phases.map((p) => p.phase);
  const colors = { base: '#4e79a7', large: '#e15759' };
  const targets = [];
  for (const row of run.rows) {
    if (row.group === 'file' || row.group === 'floor' || !row.cost.floor) continue;
    let target = targets.find((t) => t.id === row.key);
    if (!target) targets.push((target = { id: row.key, name: row.name, dots: {} }));
    target.dots[row.phase] = row;
  }
  const lane = 11;
  const gap = 8;
  const groupH = phases.length * lane + gap;
  const left = 330;
  const plotW = 520;
  const top = 58;
  const width = left + plotW + 60;
  const height = top + Math.max(1, targets.length) * groupH + 40;
  const all = targets.flatMap((t) => Object.values(t.dots).flatMap((r) => [r.cost.floor.min, r.cost.floor.max])).filter((v) => v > 0);
  const ticks = logTicks(Math.min(0.5, ...all), Math.max(2, ...all));
  const lo = Math.log(ticks[0]);
  const hi = Math.log(ticks[ticks.length - 1]);
  const x = (v) => left + ((Math.log(Math.max(v, ticks[0])) - lo) / (hi - lo)) * plotW;
  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`);
  out.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  out.push(`<text x="10" y="18" font-size="14" font-weight="bold">Cost × floor route (floor req/s ÷ target req/s, log scale; dot = median, whisker = min–max over ${run.config.rounds} rounds)</text>`);
  phases.forEach((phase, i) => {
    const media = run.phases[i].media;
    out.push(`<circle cx="${16 + i * 150}" cy="35" r="4" fill="${colors[phase] ?? '#999'}"/><text x="${26 + i * 150}" y="39">${escapeXml(`${sizeLabel(media)} media`)}</text>`);
  });
  out.push(`<text x="${10 + phases.length * 150}" y="39" fill="#555">⚠ spread &gt; ${Math.round(SPREAD_LIMIT * 100)} %</text>`);
  const bottom = top + targets.length * groupH;
  for (const tick of ticks) {
    out.push(`<line x1="${x(tick).toFixed(1)}" y1="${top - 4}" x2="${x(tick).toFixed(1)}" y2="${bottom}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${x(tick).toFixed(1)}" y="${bottom + 14}" text-anchor="middle" fill="#555">${tick}</text>`);
  }
  out.push(`<line x1="${x(1).toFixed(1)}" y1="${top - 4}" x2="${x(1).toFixed(1)}" y2="${bottom}" stroke="#333" stroke-width="1.5"/>`);
  if (phases.includes('large')) out.push(`<line x1="${x(1.3).toFixed(1)}" y1="${top - 4}" x2="${x(1.3).toFixed(1)}" y2="${bottom}" stroke="#e15759" stroke-dasharray="4 3"/><text x="${x(1.3).toFixed(1)}" y="${top - 8}" text-anchor="middle" fill="#e15759">1.3</text>`);
  targets.forEach((target, t) => {
    const y0 = top + t * groupH;
    out.push(`<text x="${left - 8}" y="${(y0 + (phases.length * lane) / 2 + 4).toFixed(1)}" text-anchor="end">${escapeXml(target.name)}</text>`);
    phases.forEach((phase, i) => {
      const row = target.dots[phase];
      if (!row) return;
      const s = row.cost.floor;
      const y = y0 + i * lane + lane / 2;
      const color = colors[phase] ?? '#999';
      out.push(`<line x1="${x(s.min).toFixed(1)}" y1="${y}" x2="${x(s.max).toFixed(1)}" y2="${y}" stroke="${color}" stroke-width="1.5"/>`);
      out.push(`<circle cx="${x(s.median).toFixed(1)}" cy="${y}" r="4" fill="${color}"><title>${escapeXml(`${row.name}, ${sizeLabel(row.media)} media: ${formatSummary(s)}`)}</title></circle>`);
      out.push(`<text x="${(x(s.max) + 6).toFixed(1)}" y="${y + 3}" font-size="9" fill="#333">${s.median.toFixed(2)}${s.flagged ? ' ⚠' : ''}</text>`);
    });
  });
  out.push(`<text x="${left}" y="${height - 8}" fill="#555">${escapeXml(`${run.startedAt}, ${run.machine ? `${run.machine.cpus} × ${run.machine.cpuModel}` : ''}`)}</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
