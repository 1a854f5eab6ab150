/**
 * What Node's `path.posix` and `path.win32` share: resolving '.' and '..' segments, `format`, and the
 * argument checks that make a non-string path an ERR_INVALID_ARG_TYPE TypeError.
 */
import { argTypeError, validateString } from './validators';

export const SLASH = 47;
export const BACKSLASH = 92;
export const DOT = 46;
export const COLON = 58;

export const isPosixSeparator = (code: number) => code === SLASH;
export const isWin32Separator = (code: number) => code === SLASH || code === BACKSLASH;
export const isDeviceLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

export function checkString(value: unknown, name: string): asserts value is string {
  validateString(value, name);
}

/** Resolves '.' and '..' segments of a path without its root; '..' above the start is kept when allowed. */
export function normalizeString(path: string, allowAboveRoot: boolean, separator: string, isSeparator: (code: number) => boolean): string {
  let result = '';
  let lastSegmentLength = 0;
  let lastSlash = -1;
  let dots = 0;
  let code = 0;
  for (let i = 0; i <= path.length; i++) {
    if (i < path.length) code = path.charCodeAt(i);
    else if (isSeparator(code)) break;
    else code = SLASH;
    if (!isSeparator(code)) {
      dots = code === DOT && dots !== -1 ? dots + 1 : -1;
      continue;
    }
    if (lastSlash === i - 1 || dots === 1) {
      // an empty segment or '.'
    } else if (dots === 2) {
      const endsWithDotDot = lastSegmentLength === 2 && result.endsWith('..');
      if (result.length < 2 || !endsWithDotDot) {
        if (result.length > 2) {
          const index = result.lastIndexOf(separator);
          if (index === -1) {
            result = '';
            lastSegmentLength = 0;
          } else {
            result = result.slice(0, index);
            lastSegmentLength = result.length - 1 - result.lastIndexOf(separator);
          }
          lastSlash = i;
          dots = 0;
          continue;
        } else if (result.length !== 0) {
          result = '';
          lastSegmentLength = 0;
          lastSlash = i;
          dots = 0;
          continue;
        }
      }
      if (allowAboveRoot) {
        result += result.length > 0 ? `${separator}..` : '..';
        lastSegmentLength = 2;
      }
    } else {
      result += (result.length > 0 ? separator : '') + path.slice(lastSlash + 1, i);
      lastSegmentLength = i - lastSlash - 1;
    }
    lastSlash = i;
    dots = 0;
  }
  return result;
}

interface PathObject {
  dir?: string;
  root?: string;
  base?: string;
  name?: string;
  ext?: string;
}

export function format(separator: string, pathObject: unknown): string {
  if (pathObject === null || typeof pathObject !== 'object' || Array.isArray(pathObject)) throw argTypeError('pathObject', 'Object', pathObject);
  const { dir: givenDir, root, base: givenBase, name, ext } = pathObject as PathObject;
  const dir = givenDir || root;
  const base = givenBase || `${name || ''}${ext ? `${ext[0] === '.' ? '' : '.'}${ext}` : ''}`;
  if (!dir) return base;
  return dir === root ? `${dir}${base}` : `${dir}${separator}${base}`;
}

/**
 * The name's extension: from its last '.', unless that dot is the name's first character or the name is '..'.
 * `start` is where the last segment may begin at the earliest (after a drive letter on Windows); `startPart`
 * is where it begins when no separator comes after `start`.
 */
export function splitName(
  path: string,
  start: number,
  isSeparator: (code: number) => boolean,
  firstPart = start,
): { startPart: number; startDot: number; end: number } {
  let startDot = -1;
  let startPart = firstPart;
  let end = -1;
  let matchedSlash = true;
  // 0: no dot seen yet before the last one, 1: only dots before it, -1: another character before it.
  let preDotState = 0;
  for (let i = path.length - 1; i >= start; i--) {
    const code = path.charCodeAt(i);
    if (isSeparator(code)) {
      if (!matchedSlash) {
        startPart = i + 1;
        break;
      }
      continue;
    }
    if (end === -1) {
      matchedSlash = false;
      end = i + 1;
    }
    if (code === DOT) {
      if (startDot === -1) startDot = i;
      else if (preDotState !== 1) preDotState = 1;
    } else if (startDot !== -1) {
      preDotState = -1;
    }
  }
  const noExtension = startDot === -1 || end === -1 || preDotState === 0 || (preDotState === 1 && startDot === end - 1 && startDot === startPart + 1);
  return { startPart, startDot: noExtension ? -1 : startDot, end };
}

/** The last segment, less `suffix` when it ends with it (and is not all of it), as Node's basename. */
export function lastSegment(path: string, start: number, suffix: string | undefined, isSeparator: (code: number) => boolean): string {
  let end = -1;
  let matchedSlash = true;
  if (suffix !== undefined && suffix.length > 0 && suffix.length <= path.length) {
    if (suffix === path) return '';
    let extIdx = suffix.length - 1;
    let firstNonSlashEnd = -1;
    for (let i = path.length - 1; i >= start; i--) {
      const code = path.charCodeAt(i);
      if (isSeparator(code)) {
        if (!matchedSlash) {
          start = i + 1;
          break;
        }
        continue;
      }
      if (firstNonSlashEnd === -1) {
        matchedSlash = false;
        firstNonSlashEnd = i + 1;
      }
      if (extIdx >= 0) {
        if (code === suffix.charCodeAt(extIdx)) {
          if (--extIdx === -1) end = i;
        } else {
          extIdx = -1;
          end = firstNonSlashEnd;
        }
      }
    }
    if (start === end) end = firstNonSlashEnd;
    else if (end === -1) end = path.length;
    return path.slice(start, end);
  }
  for (let i = path.length - 1; i >= start; i--) {
    if (isSeparator(path.charCodeAt(i))) {
      if (!matchedSlash) {
        start = i + 1;
        break;
      }
    } else if (end === -1) {
      matchedSlash = false;
      end = i + 1;
    }
  }
  return end === -1 ? '' : path.slice(start, end);
}

/** How many characters `from` and `to` share from their starts (up to `length`), and the last separator among them. */
export function commonStart(
  from: string,
  fromStart: number,
  to: string,
  toStart: number,
  length: number,
  separator: number,
): { i: number; lastCommonSep: number } {
  let lastCommonSep = -1;
  let i = 0;
  for (; i < length; i++) {
    const code = from.charCodeAt(fromStart + i);
    if (code !== to.charCodeAt(toStart + i)) break;
    if (code === separator) lastCommonSep = i;
  }
  return { i, lastCommonSep };
}

/** One '..' for each segment of `from` between `start` and `end`. */
export function upLevels(from: string, start: number, end: number, separator: string): string {
  let out = '';
  for (let i = start; i <= end; i++) {
    if (i === end || from[i] === separator) out += out.length === 0 ? '..' : `${separator}..`;
  }
  return out;
}

/** `from` and `to` of relative(), checked and resolved; undefined when they are the same place. */
export function resolvedPair(fromArg: unknown, toArg: unknown, resolve: (path: string) => string): [string, string] | undefined {
  checkString(fromArg, 'from');
  checkString(toArg, 'to');
  if (fromArg === toArg) return undefined;
  const from = resolve(fromArg);
  const to = resolve(toArg);
  return from === to ? undefined : [from, to];
}

/** basename and extname, for paths whose last segment can begin at `startOf(path)` at the earliest. */
export function nameFunctions(isSeparator: (code: number) => boolean, startOf: (path: string) => number) {
  return {
    basename: (path: unknown, suffix?: unknown): string => {
      if (suffix !== undefined) checkString(suffix, 'suffix');
      checkString(path, 'path');
      return lastSegment(path, startOf(path), suffix, isSeparator);
    },
    extname: (path: unknown): string => {
      checkString(path, 'path');
      const { startDot, end } = splitName(path, startOf(path), isSeparator);
      return startDot === -1 ? '' : path.slice(startDot, end);
    },
  };
}
