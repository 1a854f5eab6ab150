/**
 * The test runner's options as Node reads them from the process's flags (`process.execArgv`):
 * --test-only, --test-name-pattern, --test-skip-pattern, --test-timeout, --test-reporter.
 */
import { errorWithCode } from '../records';
import { isReporterName, type ReporterName } from './reporters';

export interface TestRunOptions {
  only: boolean;
  namePatterns: RegExp[];
  skipPatterns: RegExp[];
  timeout: number;
  reporter: ReporterName;
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
  const reporters = valuesOf(execArgv, '--test-reporter');
  const reporter = reporters[reporters.length - 1] ?? (isTTY ? 'spec' : 'tap');
  if (!isReporterName(reporter)) {
    throw errorWithCode(
      new Error(`The reporter '${reporter}' is not available here; the built-in reporters spec, tap and dot are`),
      'ERR_INVALID_ARG_VALUE',
    );
  }
  const timeout = valuesOf(execArgv, '--test-timeout').map(Number).pop();
  return {
    only: execArgv.includes('--test-only'),
    namePatterns: valuesOf(execArgv, '--test-name-pattern').map(pattern),
    skipPatterns: valuesOf(execArgv, '--test-skip-pattern').map(pattern),
    timeout: timeout !== undefined && timeout > 0 ? timeout : Infinity,
    reporter,
  };
}
