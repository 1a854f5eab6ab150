/**
 * `assert` for programs: the assert package (Node's own assert module, published for browsers: its deep
 * equality, its checks of `throws`/`rejects` validators, its error codes; values in its messages are rendered by
 * the util package's plainer inspect), with Node 22's `fail()` and `ifError()`, and `assert.CallTracker`, which
 * Node 22 still has and the package does not.
 */
import assertPackage from 'assert/';
import { callTrackerClass } from './assert-call-tracker';
import { withReturnValueMessage } from './assert-rejects';
import { nodeInspect } from './inspect';

type Module = Record<string, unknown>;
type AssertionErrorClass = new (options: object) => Error & { generatedMessage?: boolean };

/** `assert.fail()` with no arguments: Node's message "Failed" is in its stack too. */
function failWith(AssertionError: AssertionErrorClass, packageFail: (...args: unknown[]) => never) {
  return function fail(...args: unknown[]): never {
    // Not spread: a program may have replaced the array iterator (Node's own assert uses no iterator here).
    if (args.length > 0) return Reflect.apply(packageFail, undefined, args);
    const error = new AssertionError({ message: 'Failed', operator: 'fail', stackStartFn: fail });
    error.generatedMessage = true;
    throw error;
  };
}

/**
 * `assert.ifError(err)`: Node's message, and a stack made of this call's frames above the ones the error already
 * had (an error whose stack has no frames keeps the new error's own).
 */
function ifErrorWith(AssertionError: AssertionErrorClass, inspect: (value: unknown) => string) {
  return function ifError(err: unknown): void {
    if (err === null || err === undefined) return;
    let message = 'ifError got unwanted exception: ';
    const error = err as { message?: unknown; constructor?: { name?: string }; stack?: unknown };
    if (typeof err === 'object' && typeof error.message === 'string') {
      message += error.message.length === 0 && error.constructor ? error.constructor.name : error.message;
    } else {
      message += inspect(err);
    }
    const thrown = new AssertionError({ actual: err, expected: null, operator: 'ifError', message, stackStartFn: ifError });
    const original = error.stack;
    const start = typeof original === 'string' ? original.indexOf('\n    at') : -1;
    if (typeof original === 'string' && start !== -1) {
      const originalFrames = original.slice(start + 1).split('\n');
      let frames = (thrown.stack ?? '').split('\n');
      for (const frame of originalFrames) {
        const at = frames.indexOf(frame);
        if (at !== -1) {
          frames = frames.slice(0, at);
          break;
        }
      }
      thrown.stack = `${frames.join('\n')}\n${originalFrames.join('\n')}`;
    }
    throw thrown;
  };
}

let built: Module | null = null;

// The process running now (each has its own global `process` while it runs), as Node's CallTracker checks it.
const isExiting = () => Boolean((globalThis as { process?: { _exiting?: boolean } }).process?._exiting);

export function assertModule(): Module {
  if (built) return built;
  const assert = assertPackage as unknown as Module & { AssertionError: AssertionErrorClass; strict: Module; fail: (...args: unknown[]) => never };
  const inspect = (value: unknown) => nodeInspect(value);
  const fail = failWith(assert.AssertionError, assert.fail);
  const ifError = ifErrorWith(assert.AssertionError, inspect);
  // The package's own functions name the operator of their errors: they get their names before being wrapped.
  for (const key of ['rejects', 'doesNotReject']) Object.defineProperty(assert[key], 'name', { value: key, configurable: true });
  const rejects = withReturnValueMessage(assert.rejects as never);
  const doesNotReject = withReturnValueMessage(assert.doesNotReject as never);
  for (const target of [assert, assert.strict]) Object.assign(target, { fail, ifError, rejects, doesNotReject });
  // The package tells `throws` from `rejects` (and names the operator in its errors) by the functions' names,
  // which a minifier shortens: each gets back the name Node gives it.
  for (const [key, value] of Object.entries(assert)) {
    if (typeof value === 'function' && key !== 'AssertionError') Object.defineProperty(value, 'name', { value: key, configurable: true });
  }
  Object.defineProperty(assert, 'name', { value: 'ok', configurable: true });
  const CallTracker = callTrackerClass(assert.AssertionError, isExiting);
  assert.CallTracker = CallTracker;
  assert.strict.CallTracker = CallTracker;
  built = assert;
  return assert;
}
