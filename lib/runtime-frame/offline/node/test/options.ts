/**
 * The test runner's options as Node reads them from the process's flags (`process.execArgv`):
 * --test-only, --test-name-pattern, --test-skip-pattern, --test-timeout, --test-reporter.
 */
import { errorWithCode } from '../records';
import { isReporterName, type ReporterName } from './reporters';

interface TestRunOptions {
  only: boolean;
  namePatterns: RegExp[];
  skipPatterns: RegExp[];
  timeout: number;
  reporter: ReporterName;
  /** Where the report goes: stdout, stderr or a file (`--test-reporter-destination`). */
  destination: string;
  /** `--test-shard=index/total`: this run's share of the files. */
  shard: { index: number; total: number } | null;
}

/** Coverage needs V8's coverage data, which code running in a browser tab does not get. */
const UNAVAILABLE = [
  '--experimental-test-coverage',
  '--test-coverage-include',
  '--test-coverage-exclude',
  '--test-coverage-branches',
  '--test-coverage-functions',
  '--test-coverage-lines',
];

function invalid(message: string, ErrorClass: ErrorConstructor = TypeError, code = 'ERR_INVALID_ARG_VALUE'): Error {
  return errorWithCode(new ErrorClass(message), code);
}

function shardOf(text: string | undefined): TestRunOptions['shard'] {
  if (text === undefined) return null;
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw invalid(`The argument '--test-shard' must be in the form of <index>/<total>. Received '${text}'`);
  const [index, total] = [Number(match[1]), Number(match[2])];
  if (total < 1) throw invalid(`The value of "options.shard.total" is out of range. It must be >= 1. Received ${total}`, RangeError, 'ERR_OUT_OF_RANGE');
  if (index < 1 || index > total) {
    throw invalid(`The value of "options.shard.index" is out of range. It must be >= 1 && <= ${total}. Received ${index}`, RangeError, 'ERR_OUT_OF_RANGE');
  }
  return { index, total };
}

/** Every value of a flag given as `--flag=value` or `--flag value`. */
function valuesOf(execArgv: readonly string[], flag: string): string[] {
  const values: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i] as string;
    if (arg.startsWith(`${flag}=`)) values.push(arg.slice(flag.length + 1));
    else if (arg === flag && execArgv[i + 1] !== undefined) values.push(execArgv[++i] as string);
  }
  return values;
}

/** Node takes a pattern as a regular expression, or as `/source/flags`. */
function pattern(text: string): RegExp {
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(text);
  return literal ? new RegExp(literal[1] as string, literal[2]) : new RegExp(text);
}

export function testRunOptions(execArgv: readonly string[], isTTY: boolean): TestRunOptions {
  const unavailable = execArgv.find((flag) => UNAVAILABLE.includes(flag.split('=')[0] as string));
  if (unavailable)
    throw invalid(`${unavailable.split('=')[0]} is not supported in this runtime: code in a browser tab gets no coverage data`, Error, 'ERR_NOT_SUPPORTED');
  const reporters = valuesOf(execArgv, '--test-reporter');
  const destinations = valuesOf(execArgv, '--test-reporter-destination');
  if (reporters.length > 1 || destinations.length > 1) {
    throw invalid(
      `The argument '--test-reporter' takes one reporter here (spec, tap or dot), with at most one '--test-reporter-destination'. Received [ ${reporters.map((name) => `'${name}'`).join(', ')} ]`,
    );
  }
  if (destinations.length > reporters.length) {
    throw invalid(
      `The argument '--test-reporter' must match the number of specified '--test-reporter-destination'. Received [ ${reporters.map((name) => `'${name}'`).join(', ')} ]`,
    );
  }
  const reporter = reporters[0] ?? (isTTY ? 'spec' : 'tap');
  if (!isReporterName(reporter)) {
    throw invalid(`The argument '--test-reporter' must be one of the built-in reporters here: spec, tap or dot. Received '${reporter}'`);
  }
  const timeout = valuesOf(execArgv, '--test-timeout').map(Number).pop();
  return {
    only: execArgv.includes('--test-only'),
    namePatterns: valuesOf(execArgv, '--test-name-pattern').map(pattern),
    skipPatterns: valuesOf(execArgv, '--test-skip-pattern').map(pattern),
    timeout: timeout !== undefined && timeout > 0 ? timeout : Infinity,
    reporter,
    destination: destinations[0] ?? 'stdout',
    shard: shardOf(valuesOf(execArgv, '--test-shard').pop()),
  };
}
