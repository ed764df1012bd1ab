// The bench's arithmetic, pure (unit-tested in codegen/test/bench.test.ts):
// per-round ratios, their median and spread, and the flag on an unsteady one.
//
// Spread is the range relative to the median, (max - min) / median, over the
// rounds: with 3 to 5 rounds an interquartile range would be the range
// anyway, and the range hides nothing. A ratio whose spread exceeds
// SPREAD_LIMIT is flagged; goals are judged on medians.

export const SPREAD_LIMIT = 0.1;

/** Median of finite numbers (mean of the middle two for an even count); null for none. */
export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * { median, min, max, spread, n, flagged } of per-round values; null when no
 * value is finite. spread = (max - min) / median (null for a zero median).
 */
export function summarize(values, limit = SPREAD_LIMIT) {
  const finite = values.filter(Number.isFinite);
  if (!finite.length) return null;
  const mid = median(finite);
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const spread = mid ? (max - min) / Math.abs(mid) : null;
  return { median: mid, min, max, spread, n: finite.length, flagged: spread !== null && spread > limit + 1e-12 };
}

/**
 * Round-by-round ratios numerator[i] / denominator[i] (rounds measured side
 * by side), summarised. A round where either side is missing or zero is left
 * out.
 */
export function ratioByRound(numerators, denominators, limit = SPREAD_LIMIT) {
  const ratios = [];
  for (let i = 0; i < Math.min(numerators.length, denominators.length); i++) {
    const a = numerators[i];
    const b = denominators[i];
    if (Number.isFinite(a) && Number.isFinite(b) && b !== 0) ratios.push(a / b);
  }
  return summarize(ratios, limit);
}

/**
 * Round-by-round differences minuend[i] − subtrahend[i] (e.g. PHP core-ms of
 * a page with the plugins and without them, measured side by side),
 * summarised. A round where either side is missing is left out.
 */
export function differenceByRound(minuends, subtrahends, limit = SPREAD_LIMIT) {
  const differences = [];
  for (let i = 0; i < Math.min(minuends.length, subtrahends.length); i++) {
    if (Number.isFinite(minuends[i]) && Number.isFinite(subtrahends[i])) differences.push(minuends[i] - subtrahends[i]);
  }
  return summarize(differences, limit);
}

/**
 * Cost of a target against an anchor: anchor req/s ÷ target req/s, per round
 * (2.0 = half the anchor's requests per second).
 */
export function costByRound(anchorRps, targetRps, limit = SPREAD_LIMIT) {
  return ratioByRound(anchorRps, targetRps, limit);
}

/** Nearest-rank percentile (p in [0, 1]) of unsorted numbers; null for none. */
export function percentile(values, p) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}
