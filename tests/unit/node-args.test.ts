import { describe, expect, it } from 'vitest';
import { parseNodeArgs } from '@/lib/runtime/offline/command-line';

describe('node command-line flags', () => {
  it('does not take a flag’s value for the program to run', () => {
    expect(parseNodeArgs(['--require', 'dotenv/config', 'main.js', 'a'])).toEqual({ kind: 'file', path: 'main.js', args: ['a'] });
    expect(parseNodeArgs(['-C', 'development', '--import', 'tsx', 'app.mjs'])).toEqual({ kind: 'file', path: 'app.mjs', args: [] });
    expect(parseNodeArgs(['--enable-source-maps', '--', 'cli.js', '--help'])).toEqual({ kind: 'file', path: 'cli.js', args: ['--help'] });
  });
});
