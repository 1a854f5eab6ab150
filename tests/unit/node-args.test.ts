import { describe, expect, it } from 'vitest';
import { parseNodeArgs } from '@/lib/runtime-frame/offline/command-line';

describe('node command-line flags', () => {
  it('does not take a flag’s value for the program to run', () => {
    expect(parseNodeArgs(['--require', 'dotenv/config', 'main.js', 'a'])).toMatchObject({ kind: 'file', path: 'main.js', args: ['a'] });
    expect(parseNodeArgs(['-C', 'development', '--import', 'tsx', 'app.mjs'])).toMatchObject({ kind: 'file', path: 'app.mjs', args: [] });
    expect(parseNodeArgs(['--enable-source-maps', '--', 'cli.js', '--help'])).toMatchObject({ kind: 'file', path: 'cli.js', args: ['--help'] });
  });

  it('gives the flags before the program to it as process.execArgv, and the words after it as its arguments', () => {
    expect(parseNodeArgs(['--test-only', '--test-name-pattern', 'adds', 'a.test.js', '--test-only'])).toEqual({
      kind: 'file',
      path: 'a.test.js',
      args: ['--test-only'],
      execArgv: ['--test-only', '--test-name-pattern', 'adds'],
    });
  });

  it('refuses a flag Node does not know in Node’s words, rather than running or skipping it', () => {
    expect(parseNodeArgs(['--xyz', 'main.js'])).toEqual({ kind: 'usage', message: 'node: bad option: --xyz' });
    expect(parseNodeArgs(['--tset'])).toEqual({ kind: 'usage', message: 'node: bad option: --tset' });
    expect(parseNodeArgs(['--test-reporter'])).toEqual({ kind: 'usage', message: 'node: --test-reporter requires an argument' });
    // V8's flags pass through Node, with dashes or underscores.
    expect(parseNodeArgs(['--max_old_space_size=4096', '--no-opt', 'main.js'])).toMatchObject({ kind: 'file', path: 'main.js' });
  });

  it('reads --test with its files or globs, and without any', () => {
    expect(parseNodeArgs(['--test'])).toEqual({ kind: 'test', patterns: [], execArgv: ['--test'] });
    expect(parseNodeArgs(['--test', '--test-reporter', 'tap', 'test/*.mjs', 'a.test.js'])).toEqual({
      kind: 'test',
      patterns: ['test/*.mjs', 'a.test.js'],
      execArgv: ['--test', '--test-reporter', 'tap'],
    });
    expect(parseNodeArgs(['--test', '--watch'])).toMatchObject({
      kind: 'usage',
      message: expect.stringMatching(/^node: --watch is not supported with --test/),
    });
  });
});
