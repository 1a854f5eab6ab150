/**
 * `process.emitWarning` as Node's: the warning becomes an Error (its name the type, with `code` and `detail`),
 * DeprecationWarnings honour `noDeprecation`/`throwDeprecation`, and on the next tick it is emitted as the
 * process's 'warning' event (programs and test harnesses listen for it) and printed as Node prints it.
 */
import { argTypeError, validateString } from './validators';

interface WarningProcess {
  pid: number;
  noDeprecation?: boolean;
  throwDeprecation?: boolean;
  nextTick(callback: () => void): void;
  emit(event: string, ...args: unknown[]): boolean;
}

type Warning = Error & { code?: string; detail?: string };

export function emitWarningFor(proc: WarningProcess, writeError: (text: string) => void) {
  return function emitWarning(warning: unknown, type?: unknown, code?: unknown, ctor?: unknown): void {
    let detail: string | undefined;
    if (type !== null && typeof type === 'object' && !Array.isArray(type)) {
      const options = type as { type?: unknown; code?: unknown; detail?: unknown; ctor?: unknown };
      ctor = options.ctor;
      code = options.code;
      if (typeof options.detail === 'string') detail = options.detail;
      type = options.type || 'Warning';
    } else if (typeof type === 'function') {
      ctor = type;
      code = undefined;
      type = 'Warning';
    }
    if (type !== undefined) validateString(type, 'type');
    if (typeof code === 'function') {
      ctor = code;
      code = undefined;
    } else if (code !== undefined) {
      validateString(code, 'code');
    }
    let error: Warning;
    if (typeof warning === 'string') {
      error = new Error(warning);
      error.name = String(type || 'Warning');
      if (code !== undefined) error.code = code as string;
      if (detail !== undefined) error.detail = detail;
      Error.captureStackTrace?.(error, (typeof ctor === 'function' ? ctor : emitWarning) as () => void);
    } else if (warning instanceof Error) {
      error = warning;
    } else {
      throw argTypeError('warning', ['Error', 'string'], warning);
    }
    if (error.name === 'DeprecationWarning') {
      if (proc.noDeprecation) return;
      if (proc.throwDeprecation) throw error;
    }
    proc.nextTick(() => {
      proc.emit('warning', error);
      const tag = error.code ? `[${error.code}] ` : '';
      writeError(`(node:${proc.pid}) ${tag}${error.name}: ${error.message}\n${error.detail ? `${error.detail}\n` : ''}`);
    });
  };
}
