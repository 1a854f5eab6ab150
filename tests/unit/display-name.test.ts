import { describe, expect, it } from 'vitest';
import { displayName } from '@/lib/workspace/display-name';
import { rowLabel } from '@/components/files/TreeRowItem';
import { tabLabel } from '@/lib/editor/model';

describe('displayName', () => {
  it('spells out the right-to-left override, so a name cannot pass for another', () => {
    expect(displayName('sh-bidi-\u202Etxt.exe')).toBe('sh-bidi-[U+202E]txt.exe');
    expect(displayName('a\u2066b\u2069\u200F.js')).toBe('a[U+2066]b[U+2069][U+200F].js');
  });

  it('spells out control characters: a line break or a bell in a name is seen, not obeyed', () => {
    expect(displayName('/new\nline.txt')).toBe('/new[U+000A]line.txt');
    expect(displayName('ctl\u0001\u0007\u007f.txt')).toBe('ctl[U+0001][U+0007][U+007F].txt');
  });

  it('leaves every other name as it is, right-to-left scripts included', () => {
    for (const name of ['App.tsx', 'שלום.txt', 'مرحبا.md', 'naïve café.txt', '日本語.ts']) expect(displayName(name)).toBe(name);
  });

  it('is what the file tree row and the editor tab say', () => {
    expect(rowLabel('x\u202Egpj.exe', true, false)).toBe('x[U+202E]gpj.exe, unsaved changes');
    expect(tabLabel({ path: '/x\u202Egpj.exe', name: 'x\u202Egpj.exe', dirty: false, locked: true, notSaved: false, conflict: false, binary: false })).toBe(
      'x[U+202E]gpj.exe, locked',
    );
  });
});
