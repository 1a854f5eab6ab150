// @vitest-environment jsdom
/** An error thrown inside `domain.run` goes to the domain's 'error' listeners, as in Node. */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

const run = async (lines: string[]) => node(workspace({ '/main.js': lines.join('\n') }), ['main.js']);

describe('domain', () => {
  it('hands an error thrown inside run() to the domain, which is process.domain while entered', async () => {
    const result = await run([
      "const domain = require('domain');",
      'const d = domain.create();',
      "const ex = new Error('BAM');",
      "d.on('error', (error) => console.log('caught', error === ex, error.domainThrown, error.domain === d, process.domain));",
      "process.on('exit', (code) => console.log('exit', code));",
      'd.run(() => { console.log(process.domain === d, domain.active === d); throw ex; });',
      "console.log('not reached');",
    ]);
    expect(result.errors).toBe('');
    expect(result.output).toBe('true true\ncaught true true true null\nexit 0\n');
    expect(result.code).toBe(0);
  });

  it('leaves an uncaught error to the process when the domain has no error listener', async () => {
    const result = await run(["const d = require('domain').create();", "d.run(() => { throw new Error('loose'); });"]);
    expect(result.code).toBe(1);
    expect(result.errors + result.output).toContain('loose');
  });
});
