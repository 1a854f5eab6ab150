/**
 * Module resolution as a bundler for the browser does it: package `exports`/`imports` with the browser,
 * import, module and development conditions, then the `browser` and `module` fields before `main`; relative
 * paths tried with the usual extensions and index files.
 */
import { exports as resolveExports, imports as resolveImports, legacy } from 'resolve.exports';
import { dirnameOf, isFile, joinPath, type ViteFs } from './host';

export const EXTENSIONS = ['.mjs', '.js', '.mts', '.ts', '.jsx', '.tsx', '.json'];
const CONDITIONS = ['development', 'module'];

function tryFile(fs: ViteFs, path: string): string | null {
  if (isFile(fs, path)) return path;
  for (const ext of EXTENSIONS) if (isFile(fs, path + ext)) return path + ext;
  for (const ext of EXTENSIONS) if (isFile(fs, `${path}/index${ext}`)) return `${path}/index${ext}`;
  return null;
}

function readJson(fs: ViteFs, path: string): Record<string, unknown> | null {
  try {
    return JSON.parse(fs.readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function splitPackage(specifier: string): [string, string] {
  const parts = specifier.split('/');
  const length = specifier.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, length).join('/');
  const rest = parts.slice(length).join('/');
  return [name, rest ? `./${rest}` : '.'];
}

function fromPackage(fs: ViteFs, dir: string, subpath: string): string | null {
  const pkg = readJson(fs, `${dir}/package.json`);
  if (!pkg) return tryFile(fs, joinPath(dir, subpath));
  if (pkg.exports !== undefined) {
    try {
      const found = resolveExports(pkg, subpath, { browser: true, conditions: CONDITIONS });
      const first = found?.[0];
      return first ? tryFile(fs, joinPath(dir, first)) : null;
    } catch {
      return null;
    }
  }
  if (subpath !== '.') return tryFile(fs, joinPath(dir, subpath));
  const entry = legacy(pkg, { browser: true, fields: ['browser', 'module', 'main'] });
  const main = typeof entry === 'string' ? entry : 'index.js';
  return tryFile(fs, joinPath(dir, main)) ?? tryFile(fs, joinPath(dir, 'index'));
}

function packageDirFor(fs: ViteFs, from: string): string | null {
  for (let dir = from; ; dir = dirnameOf(dir)) {
    if (isFile(fs, `${dir}/package.json`)) return dir;
    if (dir === '/') return null;
  }
}

/** Resolves `specifier` imported from a file in `fromDir`; null when nothing matches. */
export function resolveBrowser(fs: ViteFs, specifier: string, fromDir: string): string | null {
  if (specifier.startsWith('/') ) return tryFile(fs, specifier);
  if (specifier.startsWith('.')) return tryFile(fs, joinPath(fromDir, specifier));
  if (specifier.startsWith('#')) {
    const dir = packageDirFor(fs, fromDir);
    const pkg = dir ? readJson(fs, `${dir}/package.json`) : null;
    if (!dir || !pkg) return null;
    const found = resolveImports(pkg, specifier, { browser: true, conditions: CONDITIONS })?.[0];
    return found ? resolveBrowser(fs, found.startsWith('.') ? joinPath(dir, found) : found, dir) : null;
  }
  const [name, subpath] = splitPackage(specifier);
  for (let dir = fromDir; ; dir = dirnameOf(dir)) {
    const candidate = joinPath(dir, 'node_modules', name);
    if (isFile(fs, `${candidate}/package.json`) || fs.existsSync(candidate)) {
      const found = fromPackage(fs, candidate, subpath);
      if (found) return found;
    }
    if (dir === '/') return null;
  }
}
