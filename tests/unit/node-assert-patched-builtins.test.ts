// @vitest-environment jsdom
/**
 * assert keeps working when a program has patched the realm's built-ins, as Node's own assert does (it reads
 * nothing through them): a `get` on Object.prototype, or an array iterator that throws.
 */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

const run = async (lines: string[]) => node(workspace({ '/main.js': lines.join('\n') }), ['main.js']);

describe('assert with patched built-ins', () => {
  it('CallTracker wraps functions without taking Object.prototype.get for a trap', async () => {
    const result = await run([
      "const assert = require('assert');",
      'const next = Object.getPrototypeOf([].values()).next;',
      "Object.getPrototypeOf([].values()).next = () => { throw new Error('iterated'); };",
      "Object.prototype.get = () => { throw new Error('trap taken'); };",
      'function sum(a, b) { return a + b; }',
      "sum.custom = 'kept';",
      'const tracker = new assert.CallTracker();',
      'const tracked = tracker.calls(sum);',
      'const seen = [tracked.custom, tracked(1, 2), tracked.length];',
      'Object.getPrototypeOf([].values()).next = next;',
      'delete Object.prototype.get;',
      'console.log(seen.join(" "));',
    ]);
    expect(result.errors).toBe('');
    expect(result.output).toBe('kept 3 2\n');
  });

  it('fail(message) does not spread its arguments through a replaced array iterator', async () => {
    const result = await run([
      "const assert = require('assert');",
      'const proto = Object.getPrototypeOf([].values());',
      'const next = proto.next;',
      "proto.next = () => { throw new Error('iterated'); };",
      'let caught;',
      "try { assert.fail('custom'); } catch (error) { caught = error; }",
      'proto.next = next;',
      'console.log(caught.code, caught.message);',
    ]);
    expect(result.errors).toBe('');
    expect(result.output).toBe('ERR_ASSERTION custom\n');
  });
});
