/**
 * `util` as Node 22 has it, on top of almostnode's shim (which has format/inspect/inherits and little more):
 * styleText, parseArgs (Node's own implementation, published as @pkgjs/parseargs), stripVTControlCharacters,
 * the system error tables, MIMEType, aborted, debuglog with NODE_DEBUG, a complete `types`, promisify with
 * `promisify.custom`, deprecate through process warnings, parseEnv and the smaller helpers real CLIs import.
 */
import { parseArgs as parseArgsWithArgv } from '@pkgjs/parseargs';
import type { Inspect } from './console';
import { nodeFormat, nodeFormatWithOptions, nodeInspect } from './inspect';
import { MIMEParams, MIMEType } from './mime-type';
import { parseEnv } from './parse-env';
import { checkString, invalidArgType } from './node-errors';
import { SYSTEM_ERRORS } from './system-errors';
import { createStyleText } from './terminal-colors';
import { callbackifyWith, inherits } from './util-functions';
import { utilTypes } from './util-types';
import { validateString } from './validators';

type Module = Record<string, unknown>;

interface UtilProcess {
  env: Record<string, string | undefined>;
  argv: string[];
  execArgv: string[];
  pid: number;
  stdout: unknown;
  emitWarning(warning: string, options?: { type?: string; code?: string }): void;
  nextTick(callback: (...args: unknown[]) => unknown, ...args: unknown[]): void;
}

export interface UtilDeps {
  process: UtilProcess;
  inspect: Inspect;
  writeError(text: string): void;
  isDeepStrictEqual(actual: unknown, expected: unknown): boolean;
}

const PROMISIFY_CUSTOM = Symbol.for('nodejs.util.promisify.custom');

// Node's pattern for ANSI escape sequences (CSI and OSC, 7- and 8-bit), from its internal util; strip-ansi is
// not used because it also strips sequences Node leaves in place (`ESC[>0c` keeps its "0c" here, as in Node).
const ANSI = new RegExp(
  '[\\u001B\\u009B][[\\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]+)*|[a-zA-Z\\d]+(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]*)*)?' +
    '(?:\\u0007|\\u001B\\u005C|\\u009C))|(?:(?:\\d{1,4}(?:;\\d{0,4})*)?[\\dA-PR-TZcf-ntqry=><~]))',
  'g',
);

export function stripVTControlCharacters(text: string): string {
  checkString(text, 'str');
  return text.replace(ANSI, '');
}

function promisify(original: unknown): unknown {
  if (typeof original !== 'function') throw invalidArgType('original', 'of type function', original);
  const custom = (original as unknown as Record<symbol, unknown>)[PROMISIFY_CUSTOM];
  if (custom !== undefined) {
    if (typeof custom !== 'function') throw invalidArgType('util.promisify.custom', 'of type function', custom);
    return Object.defineProperty(custom, PROMISIFY_CUSTOM, { value: custom, enumerable: false, writable: false, configurable: true });
  }
  const fn = function (this: unknown, ...args: unknown[]) {
    return new Promise((resolve, reject) => {
      Reflect.apply(original, this, [...args, (error: unknown, value: unknown) => (error ? reject(error) : resolve(value))]);
    });
  };
  Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
  Object.defineProperty(fn, PROMISIFY_CUSTOM, { value: fn, enumerable: false, writable: false, configurable: true });
  return Object.defineProperties(fn, Object.getOwnPropertyDescriptors(original));
}
promisify.custom = PROMISIFY_CUSTOM;

/** `util.aborted(signal, resource)`: settles when the signal aborts. */
function aborted(signal: AbortSignal, resource: unknown): Promise<void> {
  if (!(signal instanceof AbortSignal)) throw invalidArgType('signal', 'an instance of AbortSignal', signal);
  if (resource === null || (typeof resource !== 'object' && typeof resource !== 'function')) throw invalidArgType('resource', 'of type object', resource);
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

function callSites(frames = 10) {
  const lines = (new Error().stack ?? '').split('\n').slice(3, 3 + frames);
  return lines.map((text) => {
    const match = /at (?:(.*?) \()?(.*?):(\d+):(\d+)\)?$/.exec(text.trim());
    return {
      functionName: match?.[1] ?? '',
      scriptName: match?.[2] ?? '',
      lineNumber: Number(match?.[3] ?? 0),
      column: Number(match?.[4] ?? 0),
      columnNumber: Number(match?.[4] ?? 0),
    };
  });
}

export function utilModule(almost: Module, deps: UtilDeps): Module {
  const { process } = deps;
  const inspect = nodeInspect;
  const colors = inspect.colors as Parameters<typeof createStyleText>[0];
  const format = nodeFormat;

  const debugSections = new Map<string, boolean>();
  const debugEnabled = (section: string) => {
    let enabled = debugSections.get(section);
    if (enabled === undefined) {
      const patterns = (process.env.NODE_DEBUG ?? '').split(/[\s,]+/).filter(Boolean);
      enabled = patterns.some((pattern) => new RegExp(`^${pattern.replace(/[|\\{}()[\]^$+?.]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i').test(section));
      debugSections.set(section, enabled);
    }
    return enabled;
  };
  const debuglog = (section: string, callback?: (fn: unknown) => void) => {
    const upper = section.toUpperCase();
    const log = (...args: unknown[]) => {
      if (debugEnabled(section)) deps.writeError(`${upper} ${process.pid}: ${format(...args)}\n`);
    };
    Object.defineProperty(log, 'enabled', { get: () => debugEnabled(section), enumerable: true });
    callback?.(log);
    return log;
  };

  const warned = new Set<string>();
  const deprecate = (fn: (...args: unknown[]) => unknown, message: string, code?: string) => {
    if (typeof fn !== 'function') throw invalidArgType('fn', 'of type function', fn);
    if (code !== undefined) validateString(code, 'code');
    let done = false;
    return function deprecated(this: unknown, ...args: unknown[]) {
      if (!done && !process.env.NODE_NO_DEPRECATION && !(code && warned.has(code))) {
        done = true;
        if (code) warned.add(code);
        process.emitWarning(message, { type: 'DeprecationWarning', code });
      }
      return new.target ? Reflect.construct(fn, args, new.target) : Reflect.apply(fn, this, args);
    };
  };

  const errorName = (errno: number) => {
    if (typeof errno !== 'number') throw invalidArgType('err', 'of type number', errno);
    if (errno >= 0 || !Number.isSafeInteger(errno))
      throw Object.assign(new RangeError(`The value of "err" is out of range. It must be a negative integer. Received ${errno}`), { code: 'ERR_OUT_OF_RANGE' });
    return SYSTEM_ERRORS.get(errno)?.[0] ?? `Unknown system error ${errno}`;
  };

  return {
    ...almost,
    format,
    formatWithOptions: (options: unknown, ...args: unknown[]) => {
      if (typeof options !== 'object' || options === null) throw invalidArgType('inspectOptions', 'of type object', options);
      return nodeFormatWithOptions(options, ...args);
    },
    inspect,
    styleText: createStyleText(colors, process),
    parseArgs: (config: { args?: string[] } = {}) =>
      parseArgsWithArgv({ ...config, args: config.args ?? process.argv.slice(process.execArgv.includes('-e') || process.execArgv.includes('--eval') ? 1 : 2) }),
    stripVTControlCharacters,
    getSystemErrorName: errorName,
    getSystemErrorMessage: (errno: number) => (errorName(errno), SYSTEM_ERRORS.get(errno)?.[1] ?? `Unknown system error ${errno}`),
    getSystemErrorMap: () => new Map(SYSTEM_ERRORS),
    MIMEType,
    MIMEParams,
    aborted,
    debuglog,
    debug: debuglog,
    deprecate,
    promisify,
    inherits,
    callbackify: callbackifyWith((callback, ...args) => process.nextTick(callback, ...args)),
    types: { ...(almost.types as Module), ...utilTypes },
    isDeepStrictEqual: deps.isDeepStrictEqual,
    toUSVString: (text: string) => String(text).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
    parseEnv,
    transferableAbortSignal: (signal: AbortSignal) => signal,
    transferableAbortController: () => new AbortController(),
    getCallSite: (frames?: number) => {
      if (!warned.has('getCallSite')) {
        warned.add('getCallSite');
        process.emitWarning('The `util.getCallSite` API has been renamed to `util.getCallSites()`.', { type: 'ExperimentalWarning' });
      }
      return callSites(frames);
    },
    getCallSites: callSites,
    _extend: (target: Module, source: unknown) => (source && typeof source === 'object' ? Object.assign(target, source) : target),
    _errnoException: (errno: number, syscall: string, original?: string) => {
      const code = SYSTEM_ERRORS.get(errno)?.[0] ?? 'UNKNOWN';
      return Object.assign(new Error(`${syscall} ${code}${original ? ` ${original}` : ''}`), { errno, code, syscall });
    },
    _exceptionWithHostPort: (errno: number, syscall: string, address: string, port?: number) => {
      const code = SYSTEM_ERRORS.get(errno)?.[0] ?? 'UNKNOWN';
      return Object.assign(new Error(`${syscall} ${code} ${address}${port ? `:${port}` : ''}`), { errno, code, syscall, address, port });
    },
    TextEncoder: globalThis.TextEncoder,
    TextDecoder: globalThis.TextDecoder,
  };
}
