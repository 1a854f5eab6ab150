import { describe, expect, it } from 'vitest';
import { languageForPath, loadLanguage } from '@/lib/editor/languages';

describe('languageForPath', () => {
  it.each([
    ['/src/app.ts', 'typescript'],
    ['/src/App.tsx', 'tsx'],
    ['/index.js', 'javascript'],
    ['/server.mjs', 'javascript'],
    ['/config.cjs', 'javascript'],
    ['/src/Button.jsx', 'jsx'],
    ['/package.json', 'json'],
    ['/styles/site.css', 'css'],
    ['/index.html', 'html'],
    ['/README.md', 'markdown'],
    ['/NOTES.MD', 'markdown'],
    ['/.babelrc', 'json'],
  ])('%s → %s', (path, id) => {
    expect(languageForPath(path)).toBe(id);
  });

  it.each(['/Makefile', '/.env', '/notes.txt', '/folder.js/file', '/archive.tar.gz'])('%s is plain text', (path) => {
    expect(languageForPath(path)).toBeNull();
  });
});

describe('loadLanguage', () => {
  it('loads a language pack lazily', async () => {
    const ts = await loadLanguage('/src/app.tsx');
    expect(ts).toBeTruthy();
    const css = await loadLanguage('/a.css');
    expect(css).toBeTruthy();
  });

  it('resolves to null for plain text', async () => {
    expect(await loadLanguage('/notes.txt')).toBeNull();
  });
});
