/**
 * Node's argument checks for `fs`, in front of every sync, callback and promise function: paths must be a
 * string, a Buffer or a `file:` URL without null bytes, descriptors 32-bit integers ≥ 0, callbacks functions
 * and encodings known, else the call throws (the callback and sync forms) or rejects (the promise form) with
 * Node's error code before anything touches the file system, as Node's do.
 */
import { nodeError } from './node-errors';
import { argTypeError, argValueError, shortInspect, validateInt32, validateInteger } from './validators';

type Fn = (...args: unknown[]) => unknown;
type Fs = Record<string, unknown>;

/** Which leading arguments are paths (by Node's names) or a descriptor, per function. */
const PATHS: Record<string, string[]> = {
  access: ['path'],
  appendFile: ['path'],
  chmod: ['path'],
  chown: ['path'],
  copyFile: ['src', 'dest'],
  cp: ['src', 'dest'],
  lchmod: ['path'],
  lchown: ['path'],
  link: ['existingPath', 'newPath'],
  lstat: ['path'],
  lutimes: ['path'],
  mkdir: ['path'],
  mkdtemp: ['prefix'],
  open: ['path'],
  opendir: ['path'],
  readdir: ['path'],
  readFile: ['path'],
  readlink: ['path'],
  realpath: ['path'],
  rename: ['oldPath', 'newPath'],
  rm: ['path'],
  rmdir: ['path'],
  stat: ['path'],
  statfs: ['path'],
  symlink: ['target', 'path'],
  truncate: ['path'],
  unlink: ['path'],
  utimes: ['path'],
  writeFile: ['path'],
};
const FDS = ['close', 'fchmod', 'fchown', 'fdatasync', 'fstat', 'fsync', 'ftruncate', 'futimes', 'read', 'write', 'readv', 'writev'];
/** Functions whose first argument may be a descriptor as well as a path. */
const PATH_OR_FD = new Set(['appendFile', 'readFile', 'writeFile', 'truncate']);
const ENCODING_AT: Record<string, number> = { readFile: 1, writeFile: 2, appendFile: 2, readdir: 1, mkdtemp: 1, readlink: 1, realpath: 1 };

function isUrl(value: unknown): value is URL {
  return (
    typeof value === 'object' && value !== null && typeof (value as URL).href === 'string' && typeof (value as URL).protocol === 'string' && 'origin' in value
  );
}

export function validatePath(value: unknown, name = 'path'): void {
  if (isUrl(value)) {
    if (value.protocol !== 'file:') throw nodeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
    // The path a file URL names is its decoded pathname, which must not hold a null byte either ('%00').
    const decoded = decodeURIComponent(value.pathname);
    if (decoded.includes('\u0000')) throw nullBytes(name, decoded);
    return;
  }
  if (typeof value !== 'string' && !(value instanceof Uint8Array)) throw argTypeError(name, ['string', 'Buffer', 'URL'], value);
  const hasNull = typeof value === 'string' ? value.includes('\u0000') : value.includes(0);
  if (hasNull) throw nullBytes(name, value);
}

function nullBytes(name: string, value: unknown): Error {
  return nodeError(
    TypeError,
    'ERR_INVALID_ARG_VALUE',
    `The argument '${name}' must be a string, Uint8Array, or URL without null bytes. Received ${shortInspect(value)}`,
  );
}

function validateEncoding(options: unknown, isEncoding: (name: string) => boolean): void {
  const encoding = typeof options === 'string' ? options : options && typeof options === 'object' ? (options as { encoding?: unknown }).encoding : undefined;
  if (encoding === undefined || encoding === null || encoding === 'buffer') return;
  if (typeof encoding !== 'string' || !isEncoding(encoding)) throw argValueError('encoding', encoding, 'is invalid encoding');
}

function check(name: string, args: unknown[], isEncoding: (name: string) => boolean): void {
  const paths = PATHS[name];
  if (paths) {
    paths.forEach((pathName, index) => {
      if (index === 0 && PATH_OR_FD.has(name) && typeof args[0] === 'number') return validateInt32(args[0], 'fd', 0);
      validatePath(args[index], pathName);
    });
  } else if (FDS.includes(name)) validateInt32(args[0], 'fd', 0);
  // Owner ids: -1 leaves one unchanged; the rest are 32-bit unsigned.
  if (name === 'chown' || name === 'lchown' || name === 'fchown') {
    validateInteger(args[1], 'uid', -1, 4294967295);
    validateInteger(args[2], 'gid', -1, 4294967295);
  }
  // access's and copyFile's mode: an integer from 0 to 7 when given.
  const modeAt = name === 'access' ? 1 : name === 'copyFile' ? 2 : -1;
  if (modeAt > 0 && args[modeAt] != null && typeof args[modeAt] !== 'function') validateInteger(args[modeAt], 'mode', 0, 7);
  const at = ENCODING_AT[name];
  if (at !== undefined && typeof args[at] !== 'function') validateEncoding(args[at], isEncoding);
}

function callbackLast(args: unknown[]): void {
  const callback = args[args.length - 1];
  if (typeof callback !== 'function') throw argTypeError('cb', 'function', callback);
}

/** Puts Node's checks in front of `fs`'s functions and its `promises`' (call once the functions are complete). */
export function validateFsArguments(fs: Fs, isEncoding: (name: string) => boolean): void {
  const names = new Set([...Object.keys(PATHS), ...FDS]);
  const promises = fs.promises as Fs;
  for (const name of names) {
    const syncFn = fs[`${name}Sync`];
    if (typeof syncFn === 'function') {
      fs[`${name}Sync`] = Object.assign(function (this: unknown, ...args: unknown[]) {
        check(name, args, isEncoding);
        return (syncFn as Fn).apply(this, args);
      }, syncFn);
    }
    const callbackFn = fs[name];
    if (typeof callbackFn === 'function') {
      fs[name] = Object.assign(function (this: unknown, ...args: unknown[]) {
        // Node's close alone has a default callback.
        if (name === 'close' && args.length === 1) return (callbackFn as Fn).call(this, args[0], () => undefined);
        callbackLast(args);
        check(name, args.slice(0, -1), isEncoding);
        return (callbackFn as Fn).apply(this, args);
      }, callbackFn);
    }
    const promiseFn = promises?.[name];
    if (typeof promiseFn === 'function' && !FDS.includes(name)) {
      promises[name] = Object.assign(async function (this: unknown, ...args: unknown[]) {
        check(name, args, isEncoding);
        return (promiseFn as Fn).apply(this, args);
      }, promiseFn);
    }
  }
  // Watchers take a file name too.
  for (const name of ['watch', 'watchFile', 'unwatchFile']) {
    const original = fs[name];
    if (typeof original !== 'function') continue;
    fs[name] = Object.assign(function (this: unknown, ...args: unknown[]) {
      validatePath(args[0], 'filename');
      return (original as Fn).apply(this, args);
    }, original);
  }
  const exists = fs.exists as Fn;
  fs.exists = Object.assign(function (this: unknown, ...args: unknown[]) {
    callbackLast(args);
    return exists.apply(this, args);
  }, exists);
}
