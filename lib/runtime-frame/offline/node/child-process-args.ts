/**
 * The argument rules of Node's child_process, shared by its asynchronous and synchronous forms: which of
 * (file, args, options, callback) is which, and Node's errors for a wrong one (ERR_INVALID_ARG_TYPE,
 * ERR_INVALID_ARG_VALUE, ERR_OUT_OF_RANGE, ERR_UNKNOWN_SIGNAL), thrown before anything runs.
 */
import { validatePath } from './fs-validate';
import { nodeError } from './node-errors';
import { argTypeError, argValueError, outOfRange, validateBoolean, validateFunction, validateObject, validateString } from './validators';

/** Linux's signal numbers, as os.constants.signals has them. */
export const SIGNALS: Readonly<Record<string, number>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, number>, {
    SIGHUP: 1,
    SIGINT: 2,
    SIGQUIT: 3,
    SIGILL: 4,
    SIGTRAP: 5,
    SIGABRT: 6,
    SIGIOT: 6,
    SIGBUS: 7,
    SIGFPE: 8,
    SIGKILL: 9,
    SIGUSR1: 10,
    SIGSEGV: 11,
    SIGUSR2: 12,
    SIGPIPE: 13,
    SIGALRM: 14,
    SIGTERM: 15,
    SIGSTKFLT: 16,
    SIGCHLD: 17,
    SIGCONT: 18,
    SIGSTOP: 19,
    SIGTSTP: 20,
    SIGTTIN: 21,
    SIGTTOU: 22,
    SIGURG: 23,
    SIGXCPU: 24,
    SIGXFSZ: 25,
    SIGVTALRM: 26,
    SIGPROF: 27,
    SIGWINCH: 28,
    SIGIO: 29,
    SIGPOLL: 29,
    SIGPWR: 30,
    SIGSYS: 31,
  }),
);

/** The default maxBuffer of exec, execFile and the synchronous forms: 1 MiB. */
export const MAX_BUFFER = 1024 * 1024;

const unknownSignal = (signal: unknown) => nodeError(TypeError, 'ERR_UNKNOWN_SIGNAL', `Unknown signal: ${String(signal)}`);

/** A signal given by name (any case) or number, as its name; Node's error for one that does not exist. */
function signalName(signal: unknown): string {
  if (typeof signal === 'number') {
    const name = Object.keys(SIGNALS).find((key) => SIGNALS[key] === signal);
    if (name) return name;
  } else if (typeof signal === 'string' && SIGNALS[signal.toUpperCase()] !== undefined) {
    return signal.toUpperCase();
  }
  throw unknownSignal(signal);
}

/** options.killSignal: undefined when not given. */
export function killSignalOf(signal: unknown): string | undefined {
  if (typeof signal === 'string' || typeof signal === 'number') return signalName(signal);
  if (signal != null) throw argTypeError('options.killSignal', ['string', 'number'], signal);
  return undefined;
}

export function validateTimeout(timeout: unknown): void {
  if (timeout != null && !(Number.isInteger(timeout) && (timeout as number) >= 0)) throw outOfRange('timeout', 'an unsigned integer', timeout);
}

export function validateMaxBuffer(maxBuffer: unknown): void {
  if (maxBuffer != null && !(typeof maxBuffer === 'number' && maxBuffer >= 0)) throw outOfRange('options.maxBuffer', 'a positive number', maxBuffer);
}

function withoutNullBytes(value: string, name: string): void {
  if (value.includes('\u0000')) throw argValueError(name, value, 'must be a string without null bytes');
}

const isInt32 = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31;

/** (file, args, options) of spawn and spawnSync, checked as Node checks them; `args` may be left out. */
export function spawnArguments<Options extends object>(file: unknown, args: unknown, options: unknown): { file: string; args: string[]; options: Options } {
  validateString(file, 'file');
  withoutNullBytes(file, 'file');
  if (file.length === 0) throw argValueError('file', file, 'cannot be empty');
  let list: unknown[];
  if (Array.isArray(args)) list = args.slice();
  else if (args == null) list = [];
  else if (typeof args !== 'object') throw argTypeError('args', 'object', args);
  else {
    options = args;
    list = [];
  }
  list.forEach((arg, index) => typeof arg === 'string' && withoutNullBytes(arg, `args[${index}]`));
  if (options === undefined) options = {};
  else validateObject(options, 'options');
  const given = options as Record<string, unknown>;
  if (given.cwd != null) validatePath(given.cwd, 'options.cwd');
  for (const name of ['detached', 'windowsHide', 'windowsVerbatimArguments']) {
    if (given[name] != null) validateBoolean(given[name], `options.${name}`);
  }
  for (const name of ['uid', 'gid']) {
    if (given[name] != null && !isInt32(given[name])) throw argTypeError(`options.${name}`, 'int32', given[name]);
  }
  if (given.shell != null && typeof given.shell !== 'boolean' && typeof given.shell !== 'string')
    throw argTypeError('options.shell', ['boolean', 'string'], given.shell);
  if (given.argv0 != null) {
    validateString(given.argv0, 'options.argv0');
    withoutNullBytes(given.argv0, 'options.argv0');
  }
  return { file, args: list.map(String), options: { ...given } as Options };
}

/** (file, args, options, callback) of execFile: each after `file` may be left out. */
export function execFileArguments(file: unknown, args: unknown, options: unknown, callback: unknown) {
  if (Array.isArray(args)) {
    args = args.slice();
  } else if (args != null && typeof args === 'object') {
    callback = options;
    options = args;
    args = null;
  } else if (typeof args === 'function') {
    callback = args;
    options = null;
    args = null;
  }
  if (args == null) args = [];
  if (typeof options === 'function') callback = options;
  else if (options != null) validateObject(options, 'options');
  if (options == null || typeof options === 'function') options = {};
  if (callback != null) validateFunction(callback, 'callback');
  const given = options as { argv0?: unknown; timeout?: unknown; maxBuffer?: unknown; killSignal?: unknown };
  if (given.argv0 != null) validateString(given.argv0, 'options.argv0');
  validateTimeout(given.timeout);
  validateMaxBuffer(given.maxBuffer);
  killSignalOf(given.killSignal);
  return { file, args, options: given as Record<string, unknown>, callback: callback as ((...values: unknown[]) => void) | undefined };
}

/** (modulePath, args, options) of fork: `args` may be left out. */
export function forkArguments<Options extends object>(modulePath: unknown, args: unknown, options: unknown): { list: string[]; options: Options } {
  validatePath(modulePath, 'modulePath');
  let list: unknown[] = [];
  if (args != null && typeof args === 'object' && !Array.isArray(args)) options = args;
  else if (args != null) {
    if (!Array.isArray(args)) throw argTypeError('args', 'Array', args);
    list = args;
  }
  if (options != null) validateObject(options, 'options');
  return { list: list.map(String), options: { ...(options as Options | undefined) } as Options };
}
