import type { ReactNode } from 'react';

/**
 * `text[from, to)` with the fuzzy matcher's hit positions wrapped in `<mark>` (runs of hits together), for
 * quick open's file names and the command palette's labels.
 */
export function highlight(text: string, positions: readonly number[], from = 0, to = text.length): ReactNode[] {
  const hits = new Set(positions);
  const out: ReactNode[] = [];
  let run = '';
  let runHit = false;
  const emit = (at: number) => {
    if (run) out.push(runHit ? <mark key={at}>{run}</mark> : run);
  };
  for (let i = from; i < to; i++) {
    const hit = hits.has(i);
    if (hit !== runHit) {
      emit(i);
      run = '';
      runHit = hit;
    }
    run += text[i];
  }
  emit(to);
  return out;
}
