import { describe, expect, it } from 'vitest';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState, type Extension } from '@codemirror/state';
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

/** The node names the loaded language's parser gives `doc`: what the editor's highlighting is drawn from. */
function parsedNames(language: Extension, doc: string): Set<string> {
  const state = EditorState.create({ doc, extensions: [language] });
  const names = new Set<string>();
  ensureSyntaxTree(state, state.doc.length, 5_000)?.iterate({ enter: (node) => void names.add(node.name) });
  return names;
}

describe('loadLanguage', () => {
  it("loads the file's language pack lazily, and it parses that language", async () => {
    const tsx = await loadLanguage('/src/app.tsx');
    expect(tsx).not.toBeNull();
    const names = parsedNames(tsx as Extension, 'const total: number = 1;\nexport const App = () => <b className="x">{total}</b>;\n');
    expect(names).toContain('TypeAnnotation');
    expect(names).toContain('JSXElement');
    expect(names).not.toContain('⚠');
    const css = await loadLanguage('/a.css');
    expect([...parsedNames(css as Extension, 'main > p { color: red; }')]).toEqual(expect.arrayContaining(['RuleSet', 'PropertyName', 'ValueName']));
    const markdown = await loadLanguage('/README.md');
    expect([...parsedNames(markdown as Extension, '# Title\n\nSome *text*.\n')]).toEqual(expect.arrayContaining(['ATXHeading1', 'Emphasis']));
  });

  it('resolves to null for plain text', async () => {
    expect(await loadLanguage('/notes.txt')).toBeNull();
  });
});
