/**
 * A test's failure as Node's reporters show it: the error's stack with only the user's own frames, its
 * name tagged with its code (`AssertionError [ERR_ASSERTION]: …`), then its own properties as util.inspect
 * lists them; an assertion's generated message is Node's, with the diff.
 */
import type { Inspect } from '../console';
import { assertionMessage } from './assertion-message';
import type { TestFailure } from './events';

export interface FailureFormat {
  inspect: Inspect;
  /** Whether a stack frame's file is one of the workspace's (the runtime's own frames mean nothing to users). */
  isUserFile(path: string): boolean;
}

const FRAME = /^\s*at (?:.*\()?(\/[^():]+|file:\/\/\/[^():]+):\d+:\d+\)?$/;

/** The stack frames that point at the user's files, as "at …" lines without indentation. */
export function userFrames(stack: string | undefined, format: Pick<FailureFormat, 'isUserFile'>): string[] {
  if (!stack) return [];
  return stack
    .split('\n')
    .filter((line) => {
      const match = FRAME.exec(line);
      return match?.[1] !== undefined && format.isUserFile(match[1].replace(/^file:\/\//, ''));
    })
    .map((line) => line.trim());
}

/** Node orders an AssertionError's properties this way. */
const ASSERTION_KEYS = ['generatedMessage', 'code', 'actual', 'expected', 'operator'];

/** The runtime's assert names some comparisons by their symbol; Node by the function's name. */
const OPERATOR_NAMES: Record<string, string> = { '===': 'strictEqual', '!==': 'notStrictEqual', '==': 'equal', '!=': 'notEqual' };

function operatorOf(error: Record<string, unknown>): string | undefined {
  return typeof error.operator === 'string' ? (OPERATOR_NAMES[error.operator] ?? error.operator) : undefined;
}

function messageOf(error: Error & Record<string, unknown>, inspect: Inspect): string {
  const operator = operatorOf(error);
  if (error.code === 'ERR_ASSERTION' && error.generatedMessage === true && operator) {
    return assertionMessage(error.actual, error.expected, operator, inspect) ?? error.message;
  }
  return error.message;
}

function showError(error: Error & Record<string, unknown>, message: string, format: FailureFormat): string {
  const code = typeof error.code === 'string' ? ` [${error.code}]` : '';
  const head = message ? `${error.name}${code}: ${message}` : `${error.name}${code}`;
  const frames = userFrames(error.stack, format).map((line) => `    ${line}`);
  const text = [head, ...frames].join('\n');
  const keys = Object.keys(error).filter((key) => key !== 'stack' && key !== 'message' && key !== 'name');
  const ordered = [...ASSERTION_KEYS.filter((key) => keys.includes(key)), ...keys.filter((key) => !ASSERTION_KEYS.includes(key))];
  if (ordered.length === 0) return frames.length ? text : `[${text}]`;
  const value = (key: string) => (key === 'operator' ? operatorOf(error) : error[key]);
  const props = ordered.map((key) => `  ${key}: ${format.inspect(value(key))}`).join(',\n');
  return `${text} {\n${props}\n}`;
}

/** The failure a thrown value makes of a test. */
export function describeFailure(thrown: unknown, failureType: string, format: FailureFormat): TestFailure {
  if (!(thrown instanceof Error)) {
    return { failureType, shown: format.inspect(thrown), message: String(thrown) };
  }
  const error = thrown as Error & Record<string, unknown>;
  const message = messageOf(error, format.inspect);
  const has = (key: string) => Object.prototype.hasOwnProperty.call(error, key);
  return {
    failureType,
    shown: showError(error, message, format),
    message,
    name: error.name,
    code: typeof error.code === 'string' ? error.code : undefined,
    expected: has('expected') ? format.inspect(error.expected) : undefined,
    actual: has('actual') ? format.inspect(error.actual) : undefined,
    operator: operatorOf(error),
    stack: userFrames(error.stack, format).map((line) => line.replace(/^at /, '')),
  };
}

/** A failure the runner itself declares (subtests failed, a timeout, a cancelled test): Node shows its text. */
export function runnerFailure(failureType: string, message: string, inspect: Inspect): TestFailure {
  return { failureType, shown: inspect(message), message, code: 'ERR_TEST_FAILURE' };
}
