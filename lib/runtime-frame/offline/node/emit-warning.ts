/**
 * `process.emitWarning` as Node has it: the warning becomes an Error named after its type (with `code` and
 * `detail`), is emitted as the process's 'warning' event on the next tick, and is printed to stderr as
 * `(node:PID) [CODE] Type: message`. Deprecations follow `process.noDeprecation`, `throwDeprecation` and
 * `traceDeprecation`, as they do in Node.
 */
import { argTypeError } from './validators';

interface WarningProcess {
  pid: number;
  noDeprecation?: boolean;
  throwDeprecation?: boolean;
  traceDeprecation?: boolean;
  nextTick(callback: () => void): void;
  emit(event: string, ...args: unknown[]): boolean;
}

interface WarningOptions {
  type?: unknown;
  code?: unknown;
  detail?: unknown;
}

type Warning = Error & { code?: string; detail?: string };

export function emitWarningFor(proc: WarningProcess, writeError: (text: string) => void) {
  return function emitWarning(warning: unknown, type?: unknown, code?: unknown, ctor?: unknown): void {
    let detail: unknown;
    if (type !== null && typeof type === 'object' && !Array.isArray(type)) {
      const options = type as WarningOptions;
      ctor = options.type === undefined ? ctor : undefined;
      code = options.code;
      detail = options.detail;
      type = options.type ?? 'Warning';
    } else if (typeof type === 'function') {
      ctor = type;
      code = undefined;
      type = 'Warning';
    }
    if (type !== undefined && typeof type !== 'string') throw argTypeError('type', 'string', type);
    if (typeof code === 'function') code = undefined;
    else if (code !== undefined && typeof code !== 'string') throw argTypeError('code', 'string', code);
    let error: Warning;
    if (typeof warning === 'string') {
      error = new Error(warning) as Warning;
      error.name = String(type || 'Warning');
      if (code !== undefined) error.code = code as string;
      if (detail !== undefined) error.detail = String(detail);
      if (typeof ctor === 'function') Error.captureStackTrace?.(error, ctor);
    } else if (warning instanceof Error) {
      error = warning as Warning;
    } else {
      throw argTypeError('warning', ['Error', 'string'], warning);
    }
    if (error.name === 'DeprecationWarning') {
      if (proc.noDeprecation) return;
      if (proc.throwDeprecation) throw error;
    }
    proc.nextTick(() => {
      proc.emit('warning', error);
      const trace = error.name === 'DeprecationWarning' && proc.traceDeprecation;
      const text = trace && error.stack ? error.stack : `${error.name}: ${error.message}`;
      const prefix = `(node:${proc.pid}) ${error.code ? `[${error.code}] ` : ''}`;
      writeError(`${prefix}${text}${error.detail ? `\n${error.detail}` : ''}\n`);
    });
  };
}
