// @vitest-environment jsdom
/**
 * Buffers a program meets are of its own Buffer class wherever they come from (crypto, zlib), so they compare
 * deep-equal to the ones it makes; Buffer's Node 22 checks (an empty fill, sizes past 2 GiB), and DEP0005, the
 * one warning for `Buffer()` outside packages.
 */
import { describe, expect, it } from 'vitest';
import { bufferModule } from '@/lib/runtime-frame/offline/node/buffer';
import { node, workspace } from './node-run-helpers';

const { Buffer } = bufferModule() as { Buffer: typeof globalThis.Buffer };
const run = async (files: Record<string, string>) => node(workspace(files), ['main.js']);

describe("Buffers made by the runtime's modules", () => {
  it('are deep-equal to the Buffers a program makes with the same bytes', async () => {
    const result = await run({
      '/main.js': [
        "const assert = require('assert');",
        "const random = require('crypto').randomBytes(8);",
        'assert.deepStrictEqual(Buffer.concat([random], 8), random);',
        "const zlib = require('zlib');",
        "assert.deepStrictEqual(zlib.gunzipSync(zlib.gzipSync('abc')), Buffer.from('abc'));",
        'console.log(Object.getPrototypeOf(random) === Buffer.prototype, random instanceof Buffer);',
      ].join('\n'),
    });
    expect(result.errors).toBe('');
    expect(result.output).toBe('true true\n');
  });
});

describe('Buffer.alloc and allocUnsafe', () => {
  it("refuse an empty Buffer or Uint8Array as the fill, in Node's words", () => {
    for (const fill of [Buffer.alloc(0), new Uint8Array(0)]) {
      expect(() => Buffer.alloc(1, fill)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_VALUE', name: 'TypeError' }));
    }
    expect([...Buffer.alloc(3, Buffer.from([1, 2]))]).toEqual([1, 2, 1]);
    expect(() => Buffer.alloc(40, 'x', 20 as never)).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE', message: 'The "encoding" argument must be of type string. Received type number (20)' }),
    );
  });

  it('make Buffers past 2 GiB, as Node on 64 bits does', () => {
    const big = Buffer.allocUnsafe(2 ** 31 + 1);
    expect(big.length).toBe(2 ** 31 + 1);
    expect(Buffer.isBuffer(big)).toBe(true);
    expect(big.toString('hex', 0, 2)).toBe(Buffer.alloc(2).toString('hex'));
  });
});

describe('DEP0005', () => {
  it('warns once per process when the program calls Buffer() itself', async () => {
    const result = await run({
      '/main.js': [
        "process.on('warning', (warning) => console.log(warning.name, warning.code));",
        "require('./node_modules/old/index.js');",
        "console.log('package done');",
        'new Buffer(2); Buffer(3);',
        "console.log('done');",
      ].join('\n'),
      '/node_modules/old/index.js': 'new Buffer(1);',
    });
    expect(result.output).toBe('package done\ndone\nDeprecationWarning DEP0005\n');
    expect(result.errors).toContain('[DEP0005] DeprecationWarning: Buffer() is deprecated due to security and usability issues.');
    const fromPackage = await run({
      '/main.js': "process.on('warning', (warning) => console.log(warning.code)); require('./node_modules/old/index.js');",
      '/node_modules/old/index.js': 'new Buffer(1);',
    });
    expect(fromPackage.output).toBe('');
    expect(fromPackage.errors).toBe('');
  });
});
