import { describe, expect, it } from 'vitest';
import { TypedLineTracker } from '@/lib/terminal/typed-line';

describe('typed line tracker', () => {
  it('reports the commands typed and run with Enter', () => {
    const t = new TypedLineTracker();
    expect(t.feed('npm run d')).toEqual([]);
    expect(t.feed('ev\r')).toEqual(['npm run dev']);
    expect(t.feed('ls\rcat a.txt\r')).toEqual(['ls', 'cat a.txt']);
  });

  it('applies Backspace and drops lines cleared with Ctrl+C or Ctrl+U', () => {
    const t = new TypedLineTracker();
    expect(t.feed('nodx\x7fe a.js\r')).toEqual(['node a.js']);
    expect(t.feed('rm -rf x\x03')).toEqual([]);
    expect(t.feed('oops\x15ls\r')).toEqual(['ls']);
  });

  it('does not guess a line edited with arrows, history or completion', () => {
    const t = new TypedLineTracker();
    expect(t.feed('\x1b[A\r')).toEqual([]);
    expect(t.feed('node ser\tjs\r')).toEqual([]);
    expect(t.feed('echo ab\x1b[Dc\r')).toEqual([]);
    // …and recovers for the next line.
    expect(t.feed('pwd\r')).toEqual(['pwd']);
  });

  it('ignores empty lines', () => {
    expect(new TypedLineTracker().feed('\r  \r')).toEqual([]);
  });
});
