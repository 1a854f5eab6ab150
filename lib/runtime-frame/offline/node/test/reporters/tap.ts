/** Node 22's TAP reporter: `# Subtest:`, `ok`/`not ok` with a YAML block of details, plans, `#` diagnostics. */
import type { TestEvent, TestResult } from '../events';
import { indent, type Reporter } from './reporter';

const tapEscape = (text: string) => text.replace(/\\/g, '\\\\').replace(/#/g, '\\#').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');

function yamlValue(pad: string, key: string, value: string | number): string {
  if (typeof value === 'number') return `${pad}  ${key}: ${value}\n`;
  if (!value.includes('\n')) return `${pad}  ${key}: '${value.replace(/'/g, "''")}'\n`;
  return `${pad}  ${key}: |-\n${value
    .split('\n')
    .map((line) => `${pad}    ${line}`)
    .join('\n')}\n`;
}

function details(pad: string, result: TestResult, withLocation: boolean): string {
  const { duration_ms, type, error } = result.details;
  let text = `${pad}  ---\n${yamlValue(pad, 'duration_ms', duration_ms)}${yamlValue(pad, 'type', type)}`;
  if (withLocation && result.file) text += yamlValue(pad, 'location', `${result.file}:${result.line}:${result.column}`);
  if (error) {
    text += yamlValue(pad, 'failureType', error.failureType);
    text += yamlValue(pad, 'error', error.message);
    if (error.code) text += yamlValue(pad, 'code', error.code);
    if (error.name) text += yamlValue(pad, 'name', error.name);
    // Already inspected, so written as they read.
    if (error.expected !== undefined) text += `${pad}  expected: ${error.expected}\n`;
    if (error.actual !== undefined) text += `${pad}  actual: ${error.actual}\n`;
    if (error.operator) text += yamlValue(pad, 'operator', error.operator);
    if (error.stack?.length) text += yamlValue(pad, 'stack', `${error.stack.join('\n')}\n`.replace(/\n$/, ''));
  }
  return `${text}${pad}  ...\n`;
}

function testLine(status: string, result: TestResult): string {
  let line = `${indent(result.nesting, '    ')}${status} ${result.testNumber} ${tapEscape(`- ${result.name}`)}`;
  if (result.skip !== undefined) line += ` # SKIP${typeof result.skip === 'string' && result.skip.length ? ` ${tapEscape(result.skip)}` : ''}`;
  else if (result.todo !== undefined) line += ` # TODO${typeof result.todo === 'string' && result.todo.length ? ` ${tapEscape(result.todo)}` : ''}`;
  return `${line}\n`;
}

export function tapReporter(): Reporter {
  let started = false;
  const header = () => (started ? '' : ((started = true), 'TAP version 13\n'));
  return {
    event(event: TestEvent): string {
      const pad = indent(event.data.nesting, '    ');
      switch (event.type) {
        case 'test:start':
          return `${header()}${pad}# Subtest: ${tapEscape(event.data.name)}\n`;
        case 'test:pass':
          return `${header()}${testLine('ok', event.data)}${details(pad, event.data, false)}`;
        case 'test:fail':
          return `${header()}${testLine('not ok', event.data)}${details(pad, event.data, true)}`;
        case 'test:plan':
          return `${header()}${pad}1..${event.data.count}\n`;
        case 'test:diagnostic':
          return `${header()}${pad}# ${tapEscape(event.data.message)}\n`;
      }
    },
    output: (text) =>
      header() +
      text
        .split(/\r?\n/)
        .filter((line) => line.length > 0)
        .map((line) => `# ${tapEscape(line)}\n`)
        .join(''),
    end: () => header(),
  };
}
