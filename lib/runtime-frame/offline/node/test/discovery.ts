/**
 * Which files `node --test` runs, as Node 22 finds them: with no arguments every file under the working
 * folder matching its default patterns (`**\/*.test.js`, `**\/test-*.mjs`, `**\/test/**\/*.cjs`, …), with
 * arguments the files the paths or globs name; never inside node_modules; sorted by path.
 */
import picomatch from 'picomatch/posix';
import { normalizePath } from '../../paths';

const DEFAULT_TEST_PATTERN = '**/{test,test/**/*,test-*,*[._-]test}.?(c|m)js';

/** Folders Node's glob leaves out (node_modules), and the repository's own store, which holds no tests. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

interface DiscoveryFs {
  readdirSync(path: string): string[];
  statSync(path: string): { isDirectory(): boolean };
}

function filesUnder(fs: DiscoveryFs, root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, relative: string) => {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = `${dir === '/' ? '' : dir}/${name}`;
      const rel = relative ? `${relative}/${name}` : name;
      let isDirectory: boolean;
      try {
        isDirectory = fs.statSync(path).isDirectory();
      } catch {
        continue;
      }
      if (isDirectory) {
        if (!SKIPPED_FOLDERS.has(name)) walk(path, rel);
      } else {
        found.push(rel);
      }
    }
  };
  walk(root, '');
  return found;
}

/** The pattern relative to the working folder, as Node's glob matches it. */
function relativePattern(cwd: string, pattern: string): string {
  if (pattern.startsWith('/')) {
    const base = cwd === '/' ? '/' : `${cwd}/`;
    const absolute = normalizePath(pattern);
    return absolute.startsWith(base) ? absolute.slice(base.length) : absolute;
  }
  return pattern.replace(/^(\.\/)+/, '');
}

/**
 * The files to run, relative to `cwd` and sorted; null when the arguments were plain paths (no glob
 * characters) and none exists, where Node says "Could not find".
 */
export function discoverTestFiles(fs: DiscoveryFs, cwd: string, patterns: readonly string[]): string[] | null {
  const given = patterns.map((pattern) => relativePattern(cwd, pattern));
  const matchers = (given.length ? given : [DEFAULT_TEST_PATTERN]).map((pattern) => picomatch(pattern));
  const files = filesUnder(fs, cwd).filter((file) => matchers.some((isMatch) => isMatch(file)));
  if (given.length && files.length === 0 && given.every((pattern) => !picomatch.scan(pattern).isGlob)) return null;
  return files.sort();
}
