/**
 * fs_search and fs_glob: finding code without guessing paths. Text files only (binary files are skipped),
 * node_modules and .git never; results, context lines and line lengths are capped so one broad query cannot
 * fill the model's context, and the result says when it was cut.
 */
import picomatch from 'picomatch';
import { decodeContent } from '@/lib/workspace/content';
import { ToolFailure } from '@/lib/agent/tool-failure';
import type { ToolHandler } from './context';
import { globMatcher, relative, walkFiles } from './fs-walk';

const SEARCH_DEFAULT_RESULTS = 100;
const GLOB_DEFAULT_RESULTS = 500;
/** A matched line is cut to this many characters (minified bundles have lines of megabytes). */
const LINE_MAX_CHARS = 300;
/** Files larger than this are skipped: generated bundles and data, not code to read. */
const SEARCH_MAX_FILE_BYTES = 1_000_000;

const clip = (line: string) => (line.length > LINE_MAX_CHARS ? `${line.slice(0, LINE_MAX_CHARS)}…` : line);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function lineMatcher(query: string, regex: boolean, caseSensitive: boolean): RegExp {
  try {
    return new RegExp(regex ? query : escapeRegExp(query), caseSensitive ? '' : 'i');
  } catch (error) {
    throw new ToolFailure('InvalidArguments', `query is not a valid regular expression: ${(error as Error).message}`);
  }
}

type Match = { path: string; line: number; text: string; before?: string[]; after?: string[] };

export const searchFiles: ToolHandler<'fs_search'> = async (args, { runtime, signal }) => {
  const pattern = lineMatcher(args.query, args.regex ?? false, args.caseSensitive ?? false);
  const include = globMatcher(args.include);
  const exclude = globMatcher(args.exclude);
  const maxResults = args.maxResults ?? SEARCH_DEFAULT_RESULTS;
  const context = args.contextLines ?? 1;
  const walk = await walkFiles(runtime.fs, signal, (path) => (!include || include(path)) && !(exclude && exclude(path)));
  const matches: Match[] = [];
  let filesSearched = 0;
  let skippedLarge = 0;
  let truncated = walk.truncated;
  for (const path of walk.files) {
    signal.throwIfAborted();
    const bytes = await runtime.fs.readFile(path);
    if (bytes.byteLength > SEARCH_MAX_FILE_BYTES) {
      skippedLarge += 1;
      continue;
    }
    const decoded = decodeContent(bytes);
    if (decoded.binary) continue;
    filesSearched += 1;
    const lines = decoded.text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!pattern.test(lines[i] ?? '')) continue;
      if (matches.length >= maxResults) {
        truncated = true;
        break;
      }
      const match: Match = { path: relative(path), line: i + 1, text: clip(lines[i] ?? '') };
      if (context > 0) {
        match.before = lines.slice(Math.max(0, i - context), i).map(clip);
        match.after = lines.slice(i + 1, i + 1 + context).map(clip);
      }
      matches.push(match);
    }
    if (truncated && matches.length >= maxResults) break;
  }
  const notes = [
    truncated ? `Stopped at ${matches.length} matches${walk.truncated ? ' (or the file limit)' : ''}: narrow the query or use include globs.` : '',
    skippedLarge > 0 ? `${skippedLarge} file(s) over ${SEARCH_MAX_FILE_BYTES / 1_000_000} MB were skipped.` : '',
    matches.length === 0 && !truncated ? `No matches in ${filesSearched} files.` : '',
  ].filter(Boolean);
  return { ok: true, matches, filesSearched, truncated, ...(notes.length ? { note: notes.join(' ') } : {}) };
};

export const globFiles: ToolHandler<'fs_glob'> = async (args, { runtime, signal }) => {
  const match = picomatch(args.pattern, { dot: true });
  const exclude = globMatcher(args.exclude);
  const maxResults = args.maxResults ?? GLOB_DEFAULT_RESULTS;
  const walk = await walkFiles(runtime.fs, signal, (path) => match(relative(path)) && !(exclude && exclude(path)));
  const paths = walk.files.slice(0, maxResults).map(relative);
  return { ok: true, paths, truncated: walk.truncated || walk.files.length > maxResults };
};
