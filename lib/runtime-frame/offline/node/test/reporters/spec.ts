/**
 * Node 22's spec reporter: ✔/✖ per test with its duration, ▶ before a suite's or test's children, the
 * failure under a failed test, ℹ diagnostics, and at the end every failed test again with its location.
 */
import type { TestEvent, TestResult } from '../events';
import { indent, type Reporter, type ReporterOptions } from './reporter';

const SYMBOL = { fail: '\u2716 ', pass: '\u2714 ', info: '\u2139 ', arrow: '\u25B6 ', skip: '\uFE63 ' };

type Started = { name: string; nesting: number };

function relativePath(cwd: string, file: string): string {
  const base = cwd.endsWith('/') ? cwd : `${cwd}/`;
  return file.startsWith(base) ? file.slice(base.length) : file;
}

export function specReporter({ colors, cwd }: ReporterOptions): Reporter {
  const stack: Started[] = [];
  const reported: Started[] = [];
  const failed: TestResult[] = [];

  const formatError = (result: TestResult, pad: string) => {
    const error = result.details.error;
    if (!error) return '';
    return `\n${pad}  ${error.shown.split(/\r?\n/).join(`\n${pad}  `)}\n`;
  };

  const formatReport = (type: 'pass' | 'fail', result: TestResult, prefix = '', pad = '', hasChildren = false) => {
    let color = type === 'fail' ? colors.red : colors.green;
    let symbol = type === 'fail' ? SYMBOL.fail : SYMBOL.pass;
    const duration = result.details.duration_ms ? ` ${colors.gray}(${result.details.duration_ms}ms)${colors.white}` : '';
    let title = `${result.name}${duration}`;
    if (result.skip !== undefined) title += ` # ${typeof result.skip === 'string' && result.skip.length ? result.skip : 'SKIP'}`;
    else if (result.todo !== undefined) title += ` # ${typeof result.todo === 'string' && result.todo.length ? result.todo : 'TODO'}`;
    const error = formatError(result, pad);
    const err = hasChildren ? (!error || result.details.error?.failureType === 'subtestsFailed' ? '' : `\n${error}`) : error;
    if (result.skip !== undefined) {
      color = colors.gray;
      symbol = SYMBOL.skip;
    }
    return `${prefix}${pad}${color}${symbol}${title}${colors.white}${err}`;
  };

  const report = (type: 'pass' | 'fail', result: TestResult) => {
    stack.shift(); // the matching test:start
    let prefix = '';
    while (stack.length) {
      const parent = stack.pop() as Started;
      reported.unshift(parent);
      prefix += `${indent(parent.nesting)}${SYMBOL.arrow}${parent.name}\n`;
    }
    let hasChildren = false;
    if (reported[0] && reported[0].nesting === result.nesting && reported[0].name === result.name) {
      reported.shift();
      hasChildren = true;
    }
    return `${formatReport(type, result, prefix, indent(result.nesting), hasChildren)}\n`;
  };

  return {
    event(event: TestEvent): string {
      switch (event.type) {
        case 'test:start':
          stack.unshift({ name: event.data.name, nesting: event.data.nesting });
          return '';
        case 'test:fail':
          if (event.data.details.error?.failureType !== 'subtestsFailed') failed.push(event.data);
          return report('fail', event.data);
        case 'test:pass':
          return report('pass', event.data);
        case 'test:diagnostic':
          return `${colors.blue}${indent(event.data.nesting)}${SYMBOL.info}${event.data.message}${colors.white}\n`;
        default:
          return '';
      }
    },
    output: (text) => text,
    end(): string {
      if (failed.length === 0) return '';
      const results = [`\n${colors.red}${SYMBOL.fail}failing tests:${colors.white}\n`];
      for (const test of failed.splice(0)) {
        if (test.file) results.push(`test at ${relativePath(cwd, test.file)}:${test.line}:${test.column}`);
        results.push(formatReport('fail', test));
      }
      return results.join('\n');
    },
  };
}
