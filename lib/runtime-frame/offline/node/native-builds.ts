/**
 * What loading native code says here. A browser tab runs no native binary: a package whose native code ships
 * as per-platform optional packages works only through the WebAssembly build (`cpu: ["wasm32"]`) some of them
 * publish, which the installer picks. When a package publishes none, its own loader fails with a message about
 * a missing binary ("Cannot find native binding", "Cannot find module @scope/pkg-linux-x64-gnu"), which sends
 * people hunting for an npm bug; the error is replaced by one that says why, naming the package, with the
 * package's error as its cause.
 */
import { nodeError } from './node-errors';

interface Files {
  existsSync(path: string): boolean;
  readFileSync(path: string, encoding: 'utf8'): string;
}

// How per-platform packages are named: `@esbuild/linux-x64`, `@rollup/rollup-linux-x64-gnu`, `lightningcss-darwin-arm64`.
const PLATFORM_PACKAGE =
  /(^|[-/])(linux|darwin|win32|freebsd|openbsd|netbsd|android|sunos|aix)-(x64|arm64|arm|ia32|riscv64|ppc64|s390x|loong64|universal)(\b|-)/;

const MARK = Symbol('native build error');

/** The folder of the package that holds `filename` (the last node_modules entry in its path), if any. */
function packageRoot(filename: string): { root: string; name: string } | null {
  const match = /^(.*\/node_modules\/)((?:@[^/]+\/)?[^/]+)\//.exec(filename);
  return match ? { root: `${match[1]}${match[2]}`, name: match[2] as string } : null;
}

function mentions(error: unknown, names: readonly string[], depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  if (/native binding|native addon/i.test(error.message) || names.some((name) => error.message.includes(name))) return true;
  const cause = (error as { cause?: unknown }).cause;
  return Array.isArray(cause) ? cause.some((item) => mentions(item, names, depth + 1)) : mentions(cause, names, depth + 1);
}

/**
 * The error to throw when a module of a package failed while loading: the package's own, unless the package
 * has native builds only and the failure is about them.
 */
export function nativeBuildError(error: unknown, filename: string, fs: Files): unknown {
  if ((error as { [MARK]?: boolean } | null)?.[MARK]) return error;
  const owner = packageRoot(filename);
  if (!owner || !fs.existsSync(`${owner.root}/package.json`)) return error;
  let optional: string[];
  try {
    optional = Object.keys(
      (JSON.parse(fs.readFileSync(`${owner.root}/package.json`, 'utf8')) as { optionalDependencies?: Record<string, string> }).optionalDependencies ?? {},
    );
  } catch {
    return error;
  }
  const native = optional.filter((name) => PLATFORM_PACKAGE.test(name));
  if (native.length === 0 || optional.some((name) => name.includes('wasm32') || name.endsWith('-wasm')) || !mentions(error, native)) return error;
  const shown = native.length > 3 ? `${native.slice(0, 3).join(', ')}, …` : native.join(', ');
  const replaced = nodeError(
    Error,
    'ERR_DLOPEN_FAILED',
    `${owner.name} cannot load here: it has only native builds (${shown}) and no WebAssembly build, and native code cannot run in a browser tab`,
  );
  Object.assign(replaced, { cause: error, [MARK]: true });
  return replaced;
}

/** What requiring a `.node` file throws. */
export function nativeAddonError(path: string): Error {
  const owner = packageRoot(path);
  return nodeError(
    Error,
    'ERR_DLOPEN_FAILED',
    `Cannot load native addon ${path}${owner ? ` (package ${owner.name})` : ''}: native code cannot run in a browser tab; only packages with a WebAssembly build load here`,
  );
}
