// @vitest-environment jsdom
/**
 * What a user reads when an import goes wrong: Node's SyntaxError for a name a module does not export, and
 * messages that name the user's own modules, never the runtime's generated identifiers.
 */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

const INTERNAL = /__tabsmith/;

describe('node: import errors in Node’s words', () => {
  it('refuses a named import a built-in does not export, before running anything, as Node does', async () => {
    const vfs = workspace({ '/main.mjs': "console.log('ran');\nimport { styleText, xyz } from 'node:util';\n" });
    const run = await node(vfs, ['main.mjs']);
    expect(run.code).toBe(1);
    expect(run.output).toBe('');
    expect(run.errors).toContain("SyntaxError: The requested module 'node:util' does not provide an export named 'xyz'");
    expect(run.errors).not.toMatch(INTERNAL);
  });

  it('refuses a named import an ES module does not export, and a re-export of one', async () => {
    const vfs = workspace({
      '/lib.mjs': 'export const here = 1;\n',
      '/main.mjs': "import { here, missing } from './lib.mjs';\n",
      '/again.mjs': "export { gone } from './lib.mjs';\n",
    });
    expect((await node(vfs, ['main.mjs'])).errors).toContain("SyntaxError: The requested module './lib.mjs' does not provide an export named 'missing'");
    expect((await node(vfs, ['again.mjs'])).errors).toContain("SyntaxError: The requested module './lib.mjs' does not provide an export named 'gone'");
  });

  it('links a built-in export the shim keeps off its own keys (process.stdin, a getter)', async () => {
    const vfs = workspace({ '/main.mjs': "import { stdin, cwd } from 'node:process';\nconsole.log(typeof stdin.on, cwd());\n" });
    expect(await node(vfs, ['main.mjs'])).toMatchObject({ code: 0, output: 'function /\n' });
  });

  it('names no internal identifier when an imported value is not a function, caught or uncaught', async () => {
    const vfs = workspace({
      '/node_modules/lib/index.js': 'exports.value = 1;\n',
      '/caught.mjs': [
        "import * as util from 'node:util';",
        "import { value } from 'lib';",
        "import lib from 'lib';",
        'for (const call of [() => util.nope(), () => value(), () => lib.other()]) {',
        '  try { call(); } catch (e) { console.log(e.message); }',
        '}',
      ].join('\n'),
      '/uncaught.mjs': "import { value } from 'lib';\nvalue();\n",
    });
    const caught = await node(vfs, ['caught.mjs']);
    expect(caught.output).not.toMatch(INTERNAL);
    expect(caught.output.split('\n').filter(Boolean)).toEqual([
      'util.nope is not a function',
      '(0 , lib_1.value) is not a function',
      'lib_1.default.other is not a function',
    ]);
    const uncaught = await node(vfs, ['uncaught.mjs']);
    expect(uncaught.code).toBe(1);
    expect(uncaught.errors.split('\n')[0]).toBe('TypeError: (0 , lib_1.value) is not a function');
  });
});
