/**
 * Node's `pathToFileURL` and `fileURLToPath` (POSIX rules). A relative path is resolved against the program's
 * working directory, as Node does: bundlers hand it virtual module ids such as `\0rolldown/runtime.js`, which
 * must become a URL rather than throw "Invalid URL".
 */
import { invalidArgType, nodeError } from './node-errors';

interface FileUrlDeps {
  /** The program's `path.resolve`, which reads its `process.cwd()`. */
  resolve(path: string): string;
}

/** Characters a file path may hold that a URL would read as something else. */
function encodePathChars(path: string): string {
  return path
    .replace(/%/g, '%25')
    .replace(/\\/g, '%5C')
    .replace(/\n/g, '%0A')
    .replace(/\r/g, '%0D')
    .replace(/\t/g, '%09')
    .replace(/\?/g, '%3F')
    .replace(/#/g, '%23');
}

function isUrlObject(value: unknown): value is URL {
  const candidate = value as { href?: unknown; protocol?: unknown; auth?: unknown; path?: unknown } | null;
  return Boolean(candidate?.href && candidate.protocol && candidate.auth === undefined && candidate.path === undefined);
}

export function fileUrlFunctions(deps: FileUrlDeps) {
  function pathToFileURL(filepath: unknown, _options?: unknown): URL {
    if (typeof filepath !== 'string') throw invalidArgType('path', 'of type string', filepath);
    let resolved = deps.resolve(filepath);
    if (filepath.endsWith('/') && !resolved.endsWith('/')) resolved += '/';
    return new URL(`file://${encodePathChars(resolved)}`);
  }

  function fileURLToPath(path: unknown, _options?: unknown): string {
    const url = typeof path === 'string' ? new URL(path) : path;
    if (!isUrlObject(url)) throw invalidArgType('path', 'of type string or an instance of URL', path);
    if (url.protocol !== 'file:') throw nodeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
    if (url.hostname !== '') throw nodeError(TypeError, 'ERR_INVALID_FILE_URL_HOST', 'File URL host must be "localhost" or empty on linux');
    if (/%2f/i.test(url.pathname)) throw nodeError(TypeError, 'ERR_INVALID_FILE_URL_PATH', 'File URL path must not include encoded / characters');
    return decodeURIComponent(url.pathname);
  }

  return { pathToFileURL, fileURLToPath };
}
