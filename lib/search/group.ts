/** Search hits grouped by file, in the order the store returned them, and the summary line. */
import type { SearchHit } from '@/lib/workspace';

interface FileHits {
  path: string;
  hits: SearchHit[];
}

export function groupByFile(hits: readonly SearchHit[]): FileHits[] {
  const groups = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const list = groups.get(hit.path);
    if (list) list.push(hit);
    else groups.set(hit.path, [hit]);
  }
  return [...groups].map(([path, list]) => ({ path, hits: list }));
}

export function summary(hitCount: number, fileCount: number, limited: boolean): string {
  if (hitCount === 0) return 'No results';
  const results = `${hitCount}${limited ? '+' : ''} ${hitCount === 1 ? 'result' : 'results'}`;
  return `${results} in ${fileCount} ${fileCount === 1 ? 'file' : 'files'}`;
}

/** Splits a preview around the first occurrence of the query, for highlighting. */
export function splitPreview(preview: string, query: string, caseSensitive: boolean): [string, string, string] {
  const haystack = caseSensitive ? preview : preview.toLowerCase();
  const needle = caseSensitive ? query : query.toLowerCase();
  const at = needle ? haystack.indexOf(needle) : -1;
  if (at < 0) return [preview, '', ''];
  return [preview.slice(0, at), preview.slice(at, at + query.length), preview.slice(at + query.length)];
}
