import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, text, type Harness } from './agent-executor-fakes';

const FILES: Record<string, string | Uint8Array> = {
  '/src/App.tsx': "import { useState } from 'react';\nexport function App() {\n  const [count, setCount] = useState(0);\n  return count;\n}\n",
  '/src/util.ts': 'export const twice = (n: number) => n * 2;\n',
  '/src/App.test.tsx': "import { App } from './App';\n// useState is mocked here\n",
  '/node_modules/react/index.js': 'export function useState() {}\n',
  '/.git/config': 'useState\n',
  '/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x75, 0x73, 0x65]),
};

let harness: Harness | null = null;
afterEach(() => {
  harness?.dispose();
  harness = null;
});

async function start(files = FILES) {
  harness = await startHarness(files);
  return harness;
}

describe('fs_search', () => {
  it('finds a string across the workspace with line numbers and context, never in node_modules, .git or binaries', async () => {
    const h = await start();
    const result = await h.call('fs_search', { query: 'useState' });
    expect(result.content).toMatchObject({ ok: true, truncated: false });
    const { matches } = result.content as { matches: { path: string; line: number; before?: string[]; after?: string[] }[] };
    expect(matches.map((m) => `${m.path}:${m.line}`)).toEqual(['src/App.test.tsx:2', 'src/App.tsx:1', 'src/App.tsx:3']);
    expect(matches[2]).toMatchObject({ before: ['export function App() {'], after: ['  return count;'] });
  });

  it('honours include/exclude globs, regex and case', async () => {
    const h = await start();
    const included = await h.call('fs_search', { query: 'usestate', include: ['src/**/*.tsx'], exclude: ['**/*.test.tsx'], contextLines: 0 });
    expect((included.content as { matches: { path: string }[] }).matches.map((m) => m.path)).toEqual(['src/App.tsx', 'src/App.tsx']);
    const exact = await h.call('fs_search', { query: 'usestate', caseSensitive: true });
    expect((exact.content as { matches: unknown[] }).matches).toHaveLength(0);
    const regex = await h.call('fs_search', { query: 'twice\\s*=', regex: true });
    expect((regex.content as { matches: { path: string; line: number }[] }).matches).toEqual([expect.objectContaining({ path: 'src/util.ts', line: 1 })]);
  });

  it('caps the results and says so', async () => {
    const many = { '/big.txt': Array.from({ length: 50 }, (_, i) => `hit ${i}`).join('\n') };
    const h = await start(many);
    const result = await h.call('fs_search', { query: 'hit', maxResults: 5 });
    expect(result.content).toMatchObject({ ok: true, truncated: true, note: expect.stringContaining('Stopped at 5 matches') });
    expect((result.content as { matches: unknown[] }).matches).toHaveLength(5);
  });

  it('refuses a broken regular expression with the reason', async () => {
    const h = await start();
    const result = await h.call('fs_search', { query: '(unclosed', regex: true });
    expect(result.error).toMatchObject({ name: 'InvalidArguments', message: expect.stringContaining('not a valid regular expression') });
  });

  it('search then edit: the line it found is the line fs_editFile changes', async () => {
    const h = await start();
    const found = await h.call('fs_search', { query: 'n * 2' });
    const [match] = (found.content as { matches: { path: string; text: string }[] }).matches;
    if (!match) throw new Error('no match');
    const edit = await h.call('fs_editFile', { path: match.path, edits: [{ search: match.text, replace: match.text.replace('n * 2', 'n + n') }] });
    expect(edit.content).toMatchObject({ ok: true, replacements: 1 });
    expect(await text(h, '/src/util.ts')).toBe('export const twice = (n: number) => n + n;\n');
  });
});

describe('fs_glob', () => {
  it('lists files by pattern, skipping node_modules and .git', async () => {
    const h = await start();
    const result = await h.call('fs_glob', { pattern: '**/*.{ts,tsx,js}' });
    expect(result.content).toEqual({ ok: true, paths: ['src/App.test.tsx', 'src/App.tsx', 'src/util.ts'], truncated: false });
    const capped = await h.call('fs_glob', { pattern: '**', exclude: ['*.png'], maxResults: 1 });
    expect(capped.content).toEqual({ ok: true, paths: ['src/App.test.tsx'], truncated: true });
  });
});
