/**
 * Node's `path.posix`, result for result: '/' is the only separator, and relative paths resolve against the
 * process's working directory.
 */
import { SLASH, checkString, commonStart, upLevels, format, isPosixSeparator, nameFunctions, normalizeString, resolvedPair, splitName } from './path-shared';

export function posixPath(cwd: () => string) {
  const resolve = (...args: unknown[]): string => {
    let resolved = '';
    let absolute = false;
    for (let i = args.length - 1; i >= -1 && !absolute; i--) {
      const path = i >= 0 ? args[i] : cwd();
      checkString(path, `paths[${i}]`);
      if (path.length === 0) continue;
      resolved = `${path}/${resolved}`;
      absolute = path.charCodeAt(0) === SLASH;
    }
    resolved = normalizeString(resolved, !absolute, '/', isPosixSeparator);
    if (absolute) return `/${resolved}`;
    return resolved.length > 0 ? resolved : '.';
  };

  const normalize = (path: unknown): string => {
    checkString(path, 'path');
    if (path.length === 0) return '.';
    const absolute = path.charCodeAt(0) === SLASH;
    const trailing = path.charCodeAt(path.length - 1) === SLASH;
    let result = normalizeString(path, !absolute, '/', isPosixSeparator);
    if (result.length === 0) {
      if (absolute) return '/';
      return trailing ? './' : '.';
    }
    if (trailing) result += '/';
    return absolute ? `/${result}` : result;
  };

  const relative = (fromArg: unknown, toArg: unknown): string => {
    const pair = resolvedPair(fromArg, toArg, resolve);
    if (!pair) return '';
    const [from, to] = pair;
    const fromEnd = from.length;
    const fromLen = fromEnd - 1;
    const toLen = to.length - 1;
    const length = Math.min(fromLen, toLen);
    const common = commonStart(from, 1, to, 1, length, SLASH);
    const i = common.i;
    let lastCommonSep = common.lastCommonSep;
    if (i === length) {
      if (toLen > length) {
        // `from` is a prefix of `to`: '/foo/bar' -> '/foo/bar/baz', or '/' -> '/foo'
        if (to.charCodeAt(1 + i) === SLASH) return to.slice(1 + i + 1);
        if (i === 0) return to.slice(1 + i);
      } else if (fromLen > length) {
        if (from.charCodeAt(1 + i) === SLASH) lastCommonSep = i;
        else if (i === 0) lastCommonSep = 0;
      }
    }
    const out = upLevels(from, 1 + lastCommonSep + 1, fromEnd, '/');
    return `${out}${to.slice(1 + lastCommonSep)}`;
  };

  const dirname = (path: unknown): string => {
    checkString(path, 'path');
    if (path.length === 0) return '.';
    const hasRoot = path.charCodeAt(0) === SLASH;
    let end = -1;
    let matchedSlash = true;
    for (let i = path.length - 1; i >= 1; i--) {
      if (path.charCodeAt(i) === SLASH) {
        if (!matchedSlash) {
          end = i;
          break;
        }
      } else {
        matchedSlash = false;
      }
    }
    if (end === -1) return hasRoot ? '/' : '.';
    if (hasRoot && end === 1) return '//';
    return path.slice(0, end);
  };

  const parse = (path: unknown) => {
    checkString(path, 'path');
    const result = { root: '', dir: '', base: '', ext: '', name: '' };
    if (path.length === 0) return result;
    const absolute = path.charCodeAt(0) === SLASH;
    if (absolute) result.root = '/';
    const { startPart, startDot, end } = splitName(path, absolute ? 1 : 0, isPosixSeparator, 0);
    if (end !== -1) {
      const start = startPart === 0 && absolute ? 1 : startPart;
      result.base = path.slice(start, end);
      if (startDot === -1) result.name = result.base;
      else {
        result.name = path.slice(start, startDot);
        result.ext = path.slice(startDot, end);
      }
    }
    if (startPart > 0) result.dir = path.slice(0, startPart - 1);
    else if (absolute) result.dir = '/';
    return result;
  };

  const toNamespacedPath = (path: unknown) => path;
  return {
    resolve,
    normalize,
    isAbsolute: (path: unknown): boolean => {
      checkString(path, 'path');
      return path.length > 0 && path.charCodeAt(0) === SLASH;
    },
    join: (...args: unknown[]): string => {
      const parts: string[] = [];
      for (const arg of args) {
        checkString(arg, 'path');
        if (arg.length > 0) parts.push(arg);
      }
      return parts.length === 0 ? '.' : normalize(parts.join('/'));
    },
    relative,
    toNamespacedPath,
    dirname,
    ...nameFunctions(isPosixSeparator, () => 0),
    format: (pathObject: unknown) => format('/', pathObject),
    parse,
    sep: '/',
    delimiter: ':',
    _makeLong: toNamespacedPath,
  };
}
