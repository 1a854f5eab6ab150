import { describe, expect, it } from 'vitest';
import { applyJsxEdit } from '@/lib/visual-edit/jsx-edit';
import { applyVueEdit } from '@/lib/visual-edit/vue-edit';
import { editClassList } from '@/lib/visual-edit/tailwind-classes';
import { styleEditSchema } from '@/lib/visual-edit/style-edit';

const APP = [
  "import { useState } from 'react'",
  '',
  'export default function App() {',
  '  const [count, setCount] = useState(0)',
  '  return (',
  '    <main className="p-4 text-gray-700">',
  '      <h1 className="text-2xl font-semibold text-left">Get started</h1>',
  '      <button style={{ color: "red" }} onClick={() => setCount(count + 1)}>',
  '        Count is {count}',
  '      </button>',
  '      <p>Plain words</p>',
  '    </main>',
  '  )',
  '}',
  '',
].join('\n');

const h1 = { line: 7, column: 7 };
const button = { line: 8, column: 7 };
const paragraph = { line: 11, column: 7 };

describe('direct edits of a JSX element', () => {
  it('changes plain text and leaves the rest of the file byte for byte', () => {
    const result = applyJsxEdit(APP, h1, { text: 'Get going' }, { tailwind: true });
    expect(result).toEqual({ ok: true, code: APP.replace('>Get started<', '>Get going<') });
  });

  it('writes Tailwind classes in a Tailwind project, replacing the ones that set the same property', () => {
    const result = applyJsxEdit(APP, h1, { color: '#1d4ed8', fontSize: 30, fontWeight: 'bold', textAlign: 'center' }, { tailwind: true });
    expect(result.ok && result.code.split('\n')[6]).toBe('      <h1 className="text-[#1d4ed8] text-[30px] font-bold text-center">Get started</h1>');
  });

  it('adds a className where there is none', () => {
    const result = applyJsxEdit(APP, paragraph, { background: '#fef3c7', padding: 8 }, { tailwind: true });
    expect(result.ok && result.code.split('\n')[10]).toBe('      <p className="bg-[#fef3c7] p-[8px]">Plain words</p>');
  });

  it('merges into the style prop elsewhere: an existing property takes the new value, new ones are added', () => {
    const result = applyJsxEdit(APP, button, { color: '#16a34a', fontWeight: 'bold' }, { tailwind: false });
    expect(result.ok && result.code.split('\n')[7]).toBe("      <button style={{ color: '#16a34a', fontWeight: 700 }} onClick={() => setCount(count + 1)}>");
    const added = applyJsxEdit(APP, paragraph, { fontSize: 18 }, { tailwind: false });
    expect(added.ok && added.code.split('\n')[10]).toBe("      <p style={{ fontSize: '18px' }}>Plain words</p>");
  });

  it('refuses, saying why, what it cannot write faithfully', () => {
    expect(applyJsxEdit(APP, button, { text: 'Clicks' }, { tailwind: true })).toEqual({
      ok: false,
      reason: 'its text cannot be changed here: its text is built from code (it has {…} in it)',
    });
    expect(applyJsxEdit(APP.replace('style={{ color: "red" }}', 'style={styles}'), button, { color: '#000000' }, { tailwind: false })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('its style is computed in code'),
    });
    expect(applyJsxEdit(APP, { line: 3, column: 1 }, { text: 'x' }, { tailwind: true }, 'src/App.jsx')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no element starts at line 3, column 1 of src/App.jsx any more'),
    });
    expect(applyJsxEdit(APP, h1, { text: 'a {b}' }, { tailwind: true })).toMatchObject({ ok: false });
  });
});

describe('Tailwind class lists', () => {
  it('keeps variants and unrelated classes, and tells a text colour from a size or an alignment', () => {
    expect(editClassList('hover:text-red-500 text-sm text-left text-slate-900 underline', { color: '#000000' })).toBe(
      'hover:text-red-500 text-sm text-left underline text-[#000000]',
    );
    expect(editClassList('px-2 py-1 pt-3 m-2', { padding: 4 })).toBe('m-2 p-[4px]');
    expect(editClassList('bg-white bg-cover', { background: '#111111' })).toBe('bg-cover bg-[#111111]');
  });
});

describe('the edit schema', () => {
  it('takes #rrggbb colours and bounded sizes, and refuses an empty edit', () => {
    expect(styleEditSchema.safeParse({ color: '#12abEF', fontSize: 16 }).success).toBe(true);
    expect(styleEditSchema.safeParse({ color: 'red' }).success).toBe(false);
    expect(styleEditSchema.safeParse({ fontSize: 1000 }).success).toBe(false);
    expect(styleEditSchema.safeParse({}).success).toBe(false);
  });
});

const SFC = [
  '<script setup>',
  "import { ref } from 'vue'",
  'const count = ref(0)',
  '</script>',
  '',
  '<template>',
  '  <h1 class="title text-sky-700" style="margin: 0">Hello</h1>',
  '  <button type="button" @click="count++">count is {{ count }}</button>',
  '  <p :style="{ color: c }">Hi</p>',
  '</template>',
  '',
].join('\n');

describe('direct edits of a Vue template element', () => {
  it('changes plain text, and writes classes or merges the static style, leaving the rest of the file as it was', () => {
    const text = applyVueEdit(SFC, { line: 7, column: 3 }, { text: 'Welcome' }, { tailwind: false });
    expect(text).toEqual({ ok: true, code: SFC.replace('>Hello<', '>Welcome<') });
    const classes = applyVueEdit(SFC, { line: 7, column: 3 }, { color: '#16a34a' }, { tailwind: true });
    expect(classes.ok && classes.code.split('\n')[6]).toBe('  <h1 class="title text-[#16a34a]" style="margin: 0">Hello</h1>');
    const style = applyVueEdit(SFC, { line: 7, column: 3 }, { color: '#16a34a', padding: 4 }, { tailwind: false });
    expect(style.ok && style.code.split('\n')[6]).toBe('  <h1 class="title text-sky-700" style="margin: 0; color: #16a34a; padding: 4px">Hello</h1>');
  });

  it('refuses text built from {{ }} and a style bound to code', () => {
    expect(applyVueEdit(SFC, { line: 8, column: 3 }, { text: 'x' }, { tailwind: false })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('{{ }}'),
    });
    expect(applyVueEdit(SFC, { line: 9, column: 3 }, { color: '#000000' }, { tailwind: false })).toMatchObject({
      ok: false,
      reason: expect.stringContaining(':style'),
    });
  });
});
