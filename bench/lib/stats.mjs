// Summary statistics for a list of samples. p90 uses the nearest-rank method: with the handful of runs a
// shared machine allows, interpolating between samples would suggest precision the data does not have.

/** @param {number[]} sorted ascending @param {number} p in (0, 100] */
function nearestRank(sorted, p) {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * @param {number[]} samples
 * @returns {{ runs: number, median: number, p90: number, min: number, max: number } | null}
 */
export function summarize(samples) {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { runs: sorted.length, median, p90: nearestRank(sorted, 90), min: sorted[0], max: sorted[sorted.length - 1] };
}
