/**
 * Finds the packages the app imports before the first page asks for them, as Vite's dependency scan does,
 * so they are pre-bundled once at start instead of one discovery (and reload) at a time.
 */
import { extOf, isFile, joinPath, type ViteFs } from './host';
import { isBareSpecifier } from './imports';
import { resolveBrowser } from './resolve-browser';

const SOURCE_EXTENSIONS = new Set(['.js', '.mjs', '.jsx', '.ts', '.mts', '.tsx', '.vue', '.svelte']);
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'public', 'build', 'coverage']);
const IMPORT = /(?:\bimport\s*(?:[\w$*{][^'"`;]*?\bfrom\s*)?|\bexport\s*[*{][^'"`;]*?\bfrom\s*|\bimport\s*\(\s*)(['"])([^'"\n]+)\1/g;

function sourceFiles(fs: ViteFs, dir: string, out: string[]): string[] {
  for (const name of fs.readdirSync(dir)) {
    if (SKIPPED.has(name) || name.startsWith('.')) continue;
    const path = joinPath(dir, name);
    if (isFile(fs, path)) {
      // Config files (vite.config.js, svelte.config.js) run in Node, not in the page.
      if (SOURCE_EXTENSIONS.has(extOf(path)) && !/\.config\.[cm]?[jt]s$/.test(name)) out.push(path);
    } else {
      sourceFiles(fs, path, out);
    }
  }
  return out;
}

/** Bare imports in the project's sources that resolve to an installed package, type-only imports left out. */
export function scanDependencies(fs: ViteFs, root: string, alias: (specifier: string) => string): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(fs, root, [])) {
    // Comments go first: a JSDoc type such as import("pkg") is not an import.
    const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    for (const match of text.matchAll(IMPORT)) {
      if (/^\s*import\s+type\b/.test(match[0]) || /^\s*export\s+type\b/.test(match[0])) continue;
      const specifier = alias(match[2] as string);
      if (isBareSpecifier(specifier)) found.add(specifier);
    }
  }
  return [...found].filter((specifier) => resolveBrowser(fs, specifier, root) !== null);
}
