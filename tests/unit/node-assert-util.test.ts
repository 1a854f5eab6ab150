// @vitest-environment jsdom
/**
 * The offline runtime's `assert` and `util` behave as Node's: what programs print through util.inspect, how
 * assert checks what a function threw or a promise rejected with, CallTracker, and util's callbackify/inherits.
 */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

const run = async (lines: string[]) => node(workspace({ '/main.js': lines.join('\n') }), ['main.js']);

describe('node: util.inspect', () => {
  it('prints Buffers, Maps, classes and getters as Node does', async () => {
    const result = await run([
      "const util = require('util');",
      "const b = Buffer.from('1234'); b.prop = 1;",
      'console.log(util.inspect(b));',
      "require('buffer').INSPECT_MAX_BYTES = 2;",
      "console.log(util.inspect(Buffer.from('1234')));",
      'console.log(util.inspect(new Map([[1, { a: [1, 2, { b: { c: 3 } }] }]])));',
      'class X { constructor() { this._y = 123; } get y() { return this._y; } }',
      "console.log(util.inspect(new X()), util.format('%s=%d %o', 'n', 42, [1]));",
    ]);
    expect(result.errors).toBe('');
    expect(result.output).toBe(
      [
        '<Buffer 31 32 33 34, prop: 1>',
        '<Buffer 31 32 ... 2 more bytes>',
        'Map(1) { 1 => { a: [ 1, 2, [Object] ] } }',
        'X { _y: 123 } n=42 [ 1, [length]: 1 ]',
        '',
      ].join('\n'),
    );
  });
});

describe('node: assert', () => {
  it('matches a RegExp against the whole error and checks what rejects is given', async () => {
    const result = await run([
      "const assert = require('assert');",
      "assert.throws(() => { throw new TypeError('bad'); }, /^TypeError: bad$/);",
      "assert.throws(() => assert.fail(), { code: 'ERR_ASSERTION', message: 'Failed', operator: 'fail', generatedMessage: true, stack: /Failed/ });",
      "assert.throws(() => assert.ifError(new TypeError()), { message: 'ifError got unwanted exception: TypeError', operator: 'ifError' });",
      'assert.notDeepEqual({ a: 1 }, { a: 2 });',
      'assert.rejects(() => 1, {}).catch((error) => console.log(error.code, error.name));',
      "assert.rejects(Promise.reject(new Error('x')), { message: 'x' }).then(() => console.log('rejected as expected'));",
      'assert.rejects(Promise.resolve(1)).catch((error) => console.log(error.message, error.operator));',
    ]);
    expect(result.errors).toBe('');
    expect(result.output.split('\n').sort()).toEqual(['', 'ERR_INVALID_RETURN_VALUE TypeError', 'Missing expected rejection. rejects', 'rejected as expected']);
  });

  it('has CallTracker: calls, getCalls, report and verify in Node words', async () => {
    const result = await run([
      "const assert = require('assert');",
      'const tracker = new assert.CallTracker();',
      'function foo(a, b) { return a + b; }',
      'const tracked = tracker.calls(foo, 2);',
      'console.log(tracked.length, tracked(1, 2), tracker.report()[0].operator);',
      'try { tracker.verify(); } catch (error) { console.log(error.message); }',
      'tracked(3, 4);',
      'tracker.verify();',
      'console.log(JSON.stringify(tracker.getCalls(tracked).map((call) => call.arguments)));',
      'try { tracker.calls(foo, 0.5); } catch (error) { console.log(error.code); }',
      'try { tracker.getCalls(() => {}); } catch (error) { console.log(error.code); }',
    ]);
    expect(result.errors).toBe('');
    expect(result.output).toBe(
      [
        '2 3 foo',
        'Expected the foo function to be executed 2 time(s) but was executed 1 time(s).',
        '[[1,2],[3,4]]',
        'ERR_OUT_OF_RANGE',
        'ERR_INVALID_ARG_VALUE',
        '',
      ].join('\n'),
    );
  });
});

describe('node: util functions', () => {
  it('callbackify calls back from a thenable, later, and inherits sets a hidden super_', async () => {
    const result = await run([
      "const util = require('util');",
      'function thenable() { return { then(resolve) { resolve(7); } }; }',
      'const cb = util.callbackify(thenable);',
      "cb((error, value) => console.log('value', error, value));",
      'util.callbackify(() => Promise.reject(null))((error) => console.log(error.code, error.reason));',
      "console.log('sync', cb.name, cb.length);",
      'function A() {} function B() {} util.inherits(B, A);',
      "console.log(JSON.stringify(Object.getOwnPropertyDescriptor(B, 'super_').enumerable), new B() instanceof A);",
    ]);
    expect(result.errors).toBe('');
    expect(result.output).toBe(['sync thenableCallbackified 1', 'false true', 'value null 7', 'ERR_FALSY_VALUE_REJECTION null', ''].join('\n'));
  });
});

describe('node: string_decoder', () => {
  it('keeps split characters for the next write, in every encoding, base64url too, with Node errors', async () => {
    const result = await run([
      "const { StringDecoder } = require('string_decoder');",
      "const bytes = Buffer.from('E29883F09F92A9EFA3BF', 'hex');",
      "for (const encoding of ['utf8', 'base64', 'base64url', 'hex', 'utf16le']) {",
      '  const decoder = new StringDecoder(encoding);',
      "  let text = '';",
      '  for (const byte of bytes) text += decoder.write(Buffer.from([byte]));',
      '  console.log(encoding, JSON.stringify(text + decoder.end()));',
      '}',
      "const split = new StringDecoder('utf8');",
      "console.log(JSON.stringify(split.write(Buffer.from('E1', 'hex'))), split.lastNeed, split.lastTotal, JSON.stringify(split.end()));",
      "try { new StringDecoder('test'); } catch (error) { console.log(error.code, error.message); }",
      'try { new StringDecoder().write(null); } catch (error) { console.log(error.code); }',
      "try { StringDecoder.prototype.write(Buffer.from('a')); } catch (error) { console.log(error.code); }",
      "console.log(new StringDecoder('utf8').write(new Uint8Array([0x61, 0x62])));",
      "const again = new StringDecoder('base64'); again.write(Buffer.from([1])); again.end();",
      "const own = {}; StringDecoder.call(own, 'hex');",
      "console.log(again.write(Buffer.from('ab')) + again.end(), StringDecoder.prototype.write.call(own, Buffer.from('ab')));",
    ]);
    expect(result.errors).toBe('');
    expect(result.output).toBe(
      [
        'utf8 "☃💩\uf8ff"',
        'base64 "4piD8J+Sqe+jvw=="',
        'base64url "4piD8J-Sqe-jvw"',
        'hex "e29883f09f92a9efa3bf"',
        `utf16le ${JSON.stringify(Buffer.from('E29883F09F92A9EFA3BF', 'hex').toString('utf16le'))}`,
        '"" 2 3 "\ufffd"',
        'ERR_UNKNOWN_ENCODING Unknown encoding: test',
        'ERR_INVALID_ARG_TYPE',
        'ERR_INVALID_THIS',
        'ab',
        'YWI= 6162',
        '',
      ].join('\n'),
    );
  });
});
