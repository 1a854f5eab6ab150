/**
 * Node's `path.win32`, result for result, on any platform: '\' and '/' both separate, a path may begin with
 * a drive ('C:', 'C:\') or a UNC root ('\\server\share'), drives compare without case. Relative paths resolve
 * against the process's working directory as Node on Linux does (its '/' read as a root without a drive).
 */
import {
  BACKSLASH,
  COLON,
  checkString,
  commonStart,
  upLevels,
  format,
  isDeviceLetter,
  isWin32Separator as isSep,
  nameFunctions,
  normalizeString,
  resolvedPair,
  splitName,
} from './path-shared';

const hasDrive = (path: string) => path.length >= 2 && isDeviceLetter(path.charCodeAt(0)) && path.charCodeAt(1) === COLON;

/**
 * A UNC root at the start of `path` ('\\server\share'): two separators, a server name, separators, a share
 * name. `end` is the index just after the share name.
 */
function uncRoot(path: string): { server: string; share: string; end: number } | undefined {
  const length = path.length;
  if (!isSep(path.charCodeAt(0)) || !isSep(path.charCodeAt(1))) return undefined;
  let j = 2;
  let last = j;
  while (j < length && !isSep(path.charCodeAt(j))) j++;
  if (j >= length || j === last) return undefined;
  const server = path.slice(last, j);
  last = j;
  while (j < length && isSep(path.charCodeAt(j))) j++;
  if (j >= length || j === last) return undefined;
  last = j;
  while (j < length && !isSep(path.charCodeAt(j))) j++;
  return { server, share: path.slice(last, j), end: j };
}

/** The root of a path as resolve and normalize read it: its device ('C:' or '\\server\share'), where it ends, whether absolute. */
function rootOf(path: string): { device: string | undefined; rootEnd: number; absolute: boolean; unc?: { server: string; share: string; end: number } } {
  const code = path.charCodeAt(0);
  if (path.length === 1) return { device: undefined, rootEnd: isSep(code) ? 1 : 0, absolute: isSep(code) };
  if (isSep(code)) {
    if (!isSep(path.charCodeAt(1))) return { device: undefined, rootEnd: 1, absolute: true };
    const unc = uncRoot(path);
    if (!unc) return { device: undefined, rootEnd: 0, absolute: true };
    return { device: `\\\\${unc.server}\\${unc.share}`, rootEnd: unc.end, absolute: true, unc };
  }
  if (hasDrive(path)) {
    const absolute = path.length > 2 && isSep(path.charCodeAt(2));
    return { device: path.slice(0, 2), rootEnd: absolute ? 3 : 2, absolute };
  }
  return { device: undefined, rootEnd: 0, absolute: false };
}

function relativeBySegment(from: string, to: string): string {
  const fromParts = from.split('\\');
  const toParts = to.split('\\');
  if (fromParts[fromParts.length - 1] === '') fromParts.pop();
  if (toParts[toParts.length - 1] === '') toParts.pop();
  const length = Math.min(fromParts.length, toParts.length);
  let i = 0;
  while (i < length && (fromParts[i] ?? '').toLowerCase() === (toParts[i] ?? '').toLowerCase()) i++;
  if (i === 0) return to;
  if (i === length) {
    if (toParts.length > length) return toParts.slice(i).join('\\');
    if (fromParts.length > length) return `${'..\\'.repeat(fromParts.length - 1 - i)}..`;
    return '';
  }
  return '..\\'.repeat(fromParts.length - i) + toParts.slice(i).join('\\');
}

export function win32Path(cwd: () => string, env: () => Record<string, string | undefined>) {
  const resolve = (...args: unknown[]): string => {
    let resolvedDevice = '';
    let resolvedTail = '';
    let resolvedAbsolute = false;
    for (let i = args.length - 1; i >= -1; i--) {
      let path: string;
      if (i >= 0) {
        const arg = args[i];
        checkString(arg, `paths[${i}]`);
        if (arg.length === 0) continue;
        path = arg;
      } else if (resolvedDevice.length === 0) {
        path = cwd();
      } else {
        // The working directory of that drive (Windows keeps one per drive in '=C:'), else its root.
        path = env()[`=${resolvedDevice}`] || cwd();
        if (path.slice(0, 2).toLowerCase() !== resolvedDevice.toLowerCase() && path.charCodeAt(2) === BACKSLASH) path = `${resolvedDevice}\\`;
      }
      const { device = '', rootEnd, absolute } = rootOf(path);
      if (device.length > 0) {
        if (resolvedDevice.length > 0) {
          if (device.toLowerCase() !== resolvedDevice.toLowerCase()) continue;
        } else {
          resolvedDevice = device;
        }
      }
      if (resolvedAbsolute) {
        if (resolvedDevice.length > 0) break;
      } else {
        resolvedTail = `${path.slice(rootEnd)}\\${resolvedTail}`;
        resolvedAbsolute = absolute;
        if (absolute && resolvedDevice.length > 0) break;
      }
    }
    resolvedTail = normalizeString(resolvedTail, !resolvedAbsolute, '\\', isSep);
    return resolvedAbsolute ? `${resolvedDevice}\\${resolvedTail}` : `${resolvedDevice}${resolvedTail}` || '.';
  };

  const normalize = (path: unknown): string => {
    checkString(path, 'path');
    const length = path.length;
    if (length === 0) return '.';
    if (length === 1) return path.charCodeAt(0) === 47 ? '\\' : path;
    const { device, rootEnd, absolute, unc } = rootOf(path);
    // A path that is a UNC root alone keeps a trailing separator: '\\server\share' -> '\\server\share\'
    if (unc && unc.end === length) return `\\\\${unc.server}\\${unc.share}\\`;
    let tail = rootEnd < length ? normalizeString(path.slice(rootEnd), !absolute, '\\', isSep) : '';
    if (tail.length === 0 && !absolute) tail = '.';
    if (tail.length > 0 && isSep(path.charCodeAt(length - 1))) tail += '\\';
    if (device === undefined) return absolute ? `\\${tail}` : tail;
    return absolute ? `${device}\\${tail}` : `${device}${tail}`;
  };

  const isAbsolute = (path: unknown): boolean => {
    checkString(path, 'path');
    if (path.length === 0) return false;
    return isSep(path.charCodeAt(0)) || (path.length > 2 && hasDrive(path) && isSep(path.charCodeAt(2)));
  };

  const join = (...args: unknown[]): string => {
    let joined: string | undefined;
    let firstPart = '';
    for (const arg of args) {
      checkString(arg, 'path');
      if (arg.length === 0) continue;
      if (joined === undefined) joined = firstPart = arg;
      else joined += `\\${arg}`;
    }
    if (joined === undefined) return '.';
    // A first part that begins with exactly two separators and more is a UNC root, kept as it is; otherwise
    // leading separators collapse to one, so that joining cannot make a UNC path by accident.
    let needsReplace = true;
    let slashCount = 0;
    if (isSep(firstPart.charCodeAt(0))) {
      slashCount++;
      if (firstPart.length > 1 && isSep(firstPart.charCodeAt(1))) {
        slashCount++;
        if (firstPart.length > 2) {
          if (isSep(firstPart.charCodeAt(2))) slashCount++;
          else needsReplace = false;
        }
      }
    }
    if (needsReplace) {
      while (slashCount < joined.length && isSep(joined.charCodeAt(slashCount))) slashCount++;
      if (slashCount >= 2) joined = `\\${joined.slice(slashCount)}`;
    }
    return normalize(joined);
  };

  const relative = (fromArg: unknown, toArg: unknown): string => {
    const pair = resolvedPair(fromArg, toArg, resolve);
    if (!pair) return '';
    const [fromOrig, toOrig] = pair;
    const from = fromOrig.toLowerCase();
    const to = toOrig.toLowerCase();
    if (from === to) return '';
    // Lower case that changes a path's length ('İ' -> 'i̇') would shift the indexes below: compare by segment.
    if (fromOrig.length !== from.length || toOrig.length !== to.length) return relativeBySegment(fromOrig, toOrig);
    const edges = (path: string) => {
      let start = 0;
      while (start < path.length && path.charCodeAt(start) === BACKSLASH) start++;
      let end = path.length;
      while (end - 1 > start && path.charCodeAt(end - 1) === BACKSLASH) end--;
      return { start, end };
    };
    const { start: fromStart, end: fromEnd } = edges(from);
    let { start: toStart } = edges(to);
    const { end: toEnd } = edges(to);
    const fromLen = fromEnd - fromStart;
    const toLen = toEnd - toStart;
    const length = Math.min(fromLen, toLen);
    const common = commonStart(from, fromStart, to, toStart, length, BACKSLASH);
    const i = common.i;
    let lastCommonSep = common.lastCommonSep;
    if (i !== length) {
      // Different from the first segment on (another drive): no relative path, the destination itself.
      if (lastCommonSep === -1) return toOrig;
    } else {
      if (toLen > length) {
        if (to.charCodeAt(toStart + i) === BACKSLASH) return toOrig.slice(toStart + i + 1);
        // `from` is a drive's root: 'C:\' -> 'C:\foo'
        if (i === 2) return toOrig.slice(toStart + i);
      }
      if (fromLen > length) {
        if (from.charCodeAt(fromStart + i) === BACKSLASH) lastCommonSep = i;
        else if (i === 2) lastCommonSep = 3;
      }
      if (lastCommonSep === -1) lastCommonSep = 0;
    }
    const out = upLevels(from, fromStart + lastCommonSep + 1, fromEnd, '\\');
    toStart += lastCommonSep;
    if (out.length > 0) return `${out}${toOrig.slice(toStart, toEnd)}`;
    if (toOrig.charCodeAt(toStart) === BACKSLASH) toStart++;
    return toOrig.slice(toStart, toEnd);
  };

  const toNamespacedPath = (path: unknown): unknown => {
    if (typeof path !== 'string' || path.length === 0) return path;
    const resolved = resolve(path);
    if (resolved.length <= 2) return path;
    if (resolved.charCodeAt(0) === BACKSLASH) {
      if (resolved.charCodeAt(1) === BACKSLASH) {
        const code = resolved.charCodeAt(2);
        if (code !== 63 /* ? */ && code !== 46 /* . */) return `\\\\?\\UNC\\${resolved.slice(2)}`;
      }
    } else if (hasDrive(resolved) && resolved.charCodeAt(2) === BACKSLASH) {
      return `\\\\?\\${resolved}`;
    }
    return path;
  };

  const dirname = (path: unknown): string => {
    checkString(path, 'path');
    const length = path.length;
    if (length === 0) return '.';
    const code = path.charCodeAt(0);
    if (length === 1) return isSep(code) ? path : '.';
    let rootEnd = -1;
    if (isSep(code)) {
      rootEnd = 1;
      const unc = uncRoot(path);
      if (unc && unc.end === length) return path;
      if (unc) rootEnd = unc.end + 1;
    } else if (hasDrive(path)) {
      rootEnd = length > 2 && isSep(path.charCodeAt(2)) ? 3 : 2;
    }
    let end = -1;
    let matchedSlash = true;
    for (let i = length - 1; i >= Math.max(rootEnd, 0); i--) {
      if (isSep(path.charCodeAt(i))) {
        if (!matchedSlash) {
          end = i;
          break;
        }
      } else {
        matchedSlash = false;
      }
    }
    if (end === -1) {
      if (rootEnd === -1) return '.';
      end = rootEnd;
    }
    return path.slice(0, end);
  };

  const parse = (path: unknown) => {
    checkString(path, 'path');
    const result = { root: '', dir: '', base: '', ext: '', name: '' };
    const length = path.length;
    if (length === 0) return result;
    const code = path.charCodeAt(0);
    if (length === 1) {
      if (isSep(code)) result.root = result.dir = path;
      else result.base = result.name = path;
      return result;
    }
    let rootEnd = 0;
    if (isSep(code)) {
      rootEnd = 1;
      const unc = uncRoot(path);
      if (unc) rootEnd = unc.end === length ? unc.end : unc.end + 1;
    } else if (hasDrive(path)) {
      if (length <= 2 || (length === 3 && isSep(path.charCodeAt(2)))) {
        result.root = result.dir = path;
        return result;
      }
      rootEnd = isSep(path.charCodeAt(2)) ? 3 : 2;
    }
    if (rootEnd > 0) result.root = path.slice(0, rootEnd);
    const { startPart, startDot, end } = splitName(path, rootEnd, isSep);
    if (end !== -1) {
      result.base = path.slice(startPart, end);
      if (startDot === -1) result.name = result.base;
      else {
        result.name = path.slice(startPart, startDot);
        result.ext = path.slice(startDot, end);
      }
    }
    result.dir = startPart > 0 && startPart !== rootEnd ? path.slice(0, startPart - 1) : result.root;
    return result;
  };

  return {
    resolve,
    normalize,
    isAbsolute,
    join,
    relative,
    toNamespacedPath,
    dirname,
    ...nameFunctions(isSep, (path) => (hasDrive(path) ? 2 : 0)),
    format: (pathObject: unknown) => format('\\', pathObject),
    parse,
    sep: '\\',
    delimiter: ';',
    _makeLong: toNamespacedPath,
  };
}
