import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyMatch } from '@/lib/editor/fuzzy';

const paths = (query: string, list: string[]) => fuzzyFilter(query, list).map((m) => m.path);

describe('fuzzyMatch', () => {
  it('matches a subsequence, case-insensitively, and reports where', () => {
    const match = fuzzyMatch('MnTs', '/src/main.ts');
    expect(match).not.toBeNull();
    expect(match?.positions.map((i) => '/src/main.ts'[i]).join('')).toBe('mnts');
  });

  it('returns null when the characters are missing or out of order', () => {
    expect(fuzzyMatch('xyz', '/src/app.tsx')).toBeNull();
    expect(fuzzyMatch('ppa', '/src/app.tsx')).toBeNull();
    expect(fuzzyMatch('a-very-long-query-longer-than-the-path', '/a.ts')).toBeNull();
  });

  it('ignores spaces in the query', () => {
    expect(fuzzyMatch('app tsx', '/src/app.tsx')).not.toBeNull();
  });

  it('prefers consecutive characters over scattered ones', () => {
    const run = fuzzyMatch('app', '/src/app.ts');
    const scattered = fuzzyMatch('app', '/src/a-p-p.ts');
    expect(run && scattered && run.score > scattered.score).toBe(true);
  });
});

describe('fuzzyFilter', () => {
  it('puts app.tsx first for "app"', () => {
    const list = ['/src/components/AppShell/index.ts', '/src/apple/pie.ts', '/lib/mapping/paper.ts', '/src/app.tsx'];
    expect(paths('app', list)[0]).toBe('/src/app.tsx');
  });

  it('prefers a basename match over the same letters in folder names', () => {
    const list = ['/button/index.ts', '/src/ui/Button.tsx'];
    expect(paths('button', list)[0]).toBe('/src/ui/Button.tsx');
  });

  it('finds files by the initials of path segments', () => {
    expect(paths('cmpbtn', ['/README.md', '/components/Button.tsx', '/package.json'])).toEqual(['/components/Button.tsx']);
  });

  it('prefers a word start over a match in the middle of a word', () => {
    const list = ['/src/settings.ts', '/src/test-utils.ts'];
    expect(paths('tu', list)[0]).toBe('/src/test-utils.ts');
  });

  it('drops non-matches and keeps at most the limit', () => {
    const many = Array.from({ length: 200 }, (_, i) => `/src/file${i}.ts`);
    expect(fuzzyFilter('file', many, 50)).toHaveLength(50);
    expect(fuzzyFilter('nothing-like-this', many)).toEqual([]);
  });

  it('keeps the given order for an empty query', () => {
    expect(paths('', ['/b.ts', '/a.ts'])).toEqual(['/b.ts', '/a.ts']);
  });

  it('ranks 5,000 paths quickly', () => {
    const many = Array.from({ length: 5000 }, (_, i) => `/packages/pkg${i % 50}/src/module${i}/index${i}.tsx`);
    const started = performance.now();
    const result = fuzzyFilter('mod12idx', many);
    expect(performance.now() - started).toBeLessThan(500);
    expect(result.length).toBeGreaterThan(0);
  });
});
