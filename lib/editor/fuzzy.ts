/**
 * Fuzzy file-name matching for quick open. A query matches a path when its characters appear in order
 * (a subsequence, case-insensitive); among the ways they can line up, the best-scoring alignment is found
 * with a small dynamic programme so that "app" prefers "/src/app.tsx" over "/src/a-p-p.ts". Scores favour
 * characters that start a path segment or a word, runs of consecutive characters, and matches in the
 * file's own name (the basename) over its folders.
 */

export interface FuzzyMatch {
  path: string;
  score: number;
  /** Indices in `path` of the matched characters, ascending (for highlighting). */
  positions: number[];
}

const SCORE_MATCH = 1;
const BONUS_SEGMENT_START = 8; // after "/" or at the start
const BONUS_WORD_START = 6; // after . - _ or space, or a camelCase hump
const BONUS_CONSECUTIVE = 5;
const BONUS_IN_BASENAME = 3;
const BONUS_EXACT_CASE = 0.5;
const PENALTY_GAP = 2; // each time the alignment skips characters
const BONUS_BASENAME_PREFIX = 15;
const BONUS_BASENAME_STEM = 20; // the query is the whole name without its extension

function boundaryBonus(path: string, index: number): number {
  if (index === 0) return BONUS_SEGMENT_START;
  const prev = path[index - 1] ?? '';
  if (prev === '/') return BONUS_SEGMENT_START;
  if (prev === '.' || prev === '-' || prev === '_' || prev === ' ') return BONUS_WORD_START;
  const cur = path[index] ?? '';
  if (prev === prev.toLowerCase() && prev !== prev.toUpperCase() && cur !== cur.toLowerCase()) return BONUS_WORD_START;
  return 0;
}

/** Scores one path against a query; null when the query is not a subsequence of the path. */
export function fuzzyMatch(query: string, path: string): FuzzyMatch | null {
  const q = query.replace(/\s+/g, '');
  if (q.length === 0) return { path, score: 0, positions: [] };
  if (q.length > path.length) return null;
  const lowerPath = path.toLowerCase();
  const lowerQuery = q.toLowerCase();

  // Quick reject before allocating anything: most paths in a large workspace do not match at all.
  let probe = 0;
  for (let j = 0; j < lowerPath.length && probe < lowerQuery.length; j++) if (lowerPath[j] === lowerQuery[probe]) probe++;
  if (probe < lowerQuery.length) return null;

  const n = path.length;
  const baseStart = path.lastIndexOf('/') + 1;
  const NONE = Number.NEGATIVE_INFINITY;
  // best[i][j]: best score with query[i] matched at path[j]; from[i][j]: where query[i-1] was matched.
  const best: Float64Array[] = [];
  const from: Int32Array[] = [];
  for (let i = 0; i < q.length; i++) {
    const row = new Float64Array(n).fill(NONE);
    const back = new Int32Array(n).fill(-1);
    const prevRow = best[i - 1];
    // Running best of prevRow[k] for k < j - 1 (a gap before j), with where it came from.
    let runBest = NONE;
    let runAt = -1;
    for (let j = 0; j < n; j++) {
      if (prevRow && j >= 2) {
        const candidate = prevRow[j - 2] ?? NONE;
        if (candidate > runBest) {
          runBest = candidate;
          runAt = j - 2;
        }
      }
      if (lowerPath[j] !== lowerQuery[i]) continue;
      let charScore = SCORE_MATCH + boundaryBonus(path, j);
      if (j >= baseStart) charScore += BONUS_IN_BASENAME;
      if (path[j] === q[i]) charScore += BONUS_EXACT_CASE;
      if (!prevRow) {
        row[j] = charScore - (j > 0 ? PENALTY_GAP : 0);
        continue;
      }
      const adjacent = j >= 1 ? (prevRow[j - 1] ?? NONE) : NONE;
      const viaAdjacent = adjacent + BONUS_CONSECUTIVE;
      const viaGap = runBest - PENALTY_GAP;
      if (viaAdjacent === NONE && viaGap === NONE) continue;
      if (viaAdjacent >= viaGap) {
        row[j] = charScore + viaAdjacent;
        back[j] = j - 1;
      } else {
        row[j] = charScore + viaGap;
        back[j] = runAt;
      }
    }
    best.push(row);
    from.push(back);
  }

  const last = best[q.length - 1];
  if (!last) return null;
  let end = -1;
  let score = NONE;
  for (let j = 0; j < n; j++) {
    const value = last[j] ?? NONE;
    if (value > score) {
      score = value;
      end = j;
    }
  }
  if (end < 0) return null;

  const positions: number[] = new Array<number>(q.length);
  for (let i = q.length - 1, j = end; i >= 0; i--) {
    positions[i] = j;
    j = from[i]?.[j] ?? -1;
  }

  const base = lowerPath.slice(baseStart);
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  if (base.startsWith(lowerQuery)) score += BONUS_BASENAME_PREFIX;
  if (stem === lowerQuery || base === lowerQuery) score += BONUS_BASENAME_STEM;
  // Tie-break: shallower, shorter paths first.
  score -= path.length * 0.01;
  return { path, score, positions };
}

/**
 * The best `limit` matches, best first. An empty query keeps the given order (the caller puts recent
 * files first) and simply truncates.
 */
export function fuzzyFilter(query: string, paths: readonly string[], limit = 50): FuzzyMatch[] {
  if (query.trim() === '') return paths.slice(0, limit).map((path) => ({ path, score: 0, positions: [] }));
  const matches: FuzzyMatch[] = [];
  for (const path of paths) {
    const match = fuzzyMatch(query, path);
    if (match) matches.push(match);
  }
  matches.sort((a, b) => b.score - a.score || a.path.length - b.path.length || a.path.localeCompare(b.path));
  return matches.slice(0, limit);
}
