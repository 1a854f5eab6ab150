/** Plain-text search in one file's text: 1-based line and column, previews trimmed around the match. */
import type { SearchHit } from './types';

const DEFAULT_MAX_RESULTS = 200;
/** Files larger than this are skipped: searching them would stall the tab for little value. */
export const MAX_SEARCH_BYTES = 2 * 1024 * 1024;
const PREVIEW_CONTEXT = 60;
const PREVIEW_MAX = 160;

/** Cuts a long line to a window around the match, marking the cuts with "…". */
export function previewLine(line: string, index: number, length: number): string {
  const trimmed = line.trimEnd();
  if (trimmed.length <= PREVIEW_MAX) return trimmed.trim();
  const start = Math.max(0, index - PREVIEW_CONTEXT);
  const end = Math.min(trimmed.length, index + length + PREVIEW_CONTEXT);
  return `${start > 0 ? '…' : ''}${trimmed.slice(start, end).trim()}${end < trimmed.length ? '…' : ''}`;
}

/** Finds up to `limit` matches of `query` in `text`. An empty query matches nothing. */
export function searchText(path: string, text: string, query: string, options: { caseSensitive: boolean; limit: number }): SearchHit[] {
  const hits: SearchHit[] = [];
  if (query === '' || options.limit <= 0) return hits;
  // A case-insensitive regex instead of lower-casing the text: toLowerCase may change string lengths
  // (e.g. "İ") and so every column after it.
  const pattern = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), options.caseSensitive ? 'g' : 'gi');
  let line = 1;
  let lineStart = 0;
  let from = 0;
  while (hits.length < options.limit) {
    pattern.lastIndex = from;
    const match = pattern.exec(text);
    if (!match) break;
    const at = match.index;
    // Count the newlines between the last match and this one, without splitting the whole file.
    for (let nl = text.indexOf('\n', lineStart); nl !== -1 && nl < at; nl = text.indexOf('\n', lineStart)) {
      line++;
      lineStart = nl + 1;
    }
    const lineEnd = text.indexOf('\n', at);
    const lineText = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd).replace(/\r$/, '');
    hits.push({ path, line, column: at - lineStart + 1, preview: previewLine(lineText, at - lineStart, match[0].length) });
    from = at + Math.max(match[0].length, 1);
  }
  return hits;
}

const SEARCH_CHUNK = 16;

/**
 * Searches `files` in order (a few read in parallel), stopping at `maxResults`. `readText` returns null for
 * files to skip (binary, too large, unreadable).
 */
export async function searchFiles(
  files: readonly string[],
  readText: (path: string) => Promise<string | null>,
  query: string,
  options: { caseSensitive?: boolean; maxResults?: number },
): Promise<SearchHit[]> {
  const max = options.maxResults ?? DEFAULT_MAX_RESULTS;
  const caseSensitive = options.caseSensitive ?? false;
  const hits: SearchHit[] = [];
  if (query === '') return hits;
  for (let i = 0; i < files.length && hits.length < max; i += SEARCH_CHUNK) {
    const chunk = files.slice(i, i + SEARCH_CHUNK);
    const texts = await Promise.all(chunk.map(readText));
    chunk.forEach((file, j) => {
      const text = texts[j];
      if (text === null || text === undefined || hits.length >= max) return;
      hits.push(...searchText(file, text, query, { caseSensitive, limit: max - hits.length }));
    });
  }
  return hits;
}
