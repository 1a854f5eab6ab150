import { describe, expect, it } from 'vitest';
import { applyJsxEdit } from '@/lib/visual-edit/jsx-edit';
import { applyVueEdit } from '@/lib/visual-edit/vue-edit';
import { applySvelteEdit } from '@/lib/visual-edit/svelte-edit';
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

  it("writes CSS property names in a Solid project's style object, and finds an existing one by that name", () => {
    const added = applyJsxEdit(APP, paragraph, { fontSize: 18, background: '#fef3c7' }, { tailwind: false, cssStyleKeys: true });
    expect(added.ok && added.code.split('\n')[10]).toBe("      <p style={{ 'background-color': '#fef3c7', 'font-size': '18px' }}>Plain words</p>");
    const again = added.ok ? applyJsxEdit(added.code, paragraph, { fontSize: 20 }, { tailwind: false, cssStyleKeys: true }) : added;
    expect(again.ok && again.code.split('\n')[10]).toBe("      <p style={{ 'background-color': '#fef3c7', 'font-size': '20px' }}>Plain words</p>");
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

const COMPONENT = [
  '<script>',
  '  let count = $state(0)',
  "  let x = $state('big')",
  '</script>',
  '',
  '<main>',
  '  <h1 class="title text-slate-900">Get started</h1>',
  '  <button type="button" onclick={() => count++}>count is {count}</button>',
  '  <p class={x}>Hi</p>',
  '  {#if count > 0}',
  '    <span style="margin: 0">Clicked</span>',
  '  {/if}',
  '  <em style:color="red">Note</em>',
  '</main>',
  '',
  '<style>',
  '  h1 { margin: 0 }',
  '</style>',
  '',
].join('\n');

const heading = { line: 7, column: 3 };
const inIf = { line: 11, column: 5 };

describe('direct edits of a Svelte component element', () => {
  it('changes plain text, leaving the rest of the file byte for byte', () => {
    expect(applySvelteEdit(COMPONENT, heading, { text: 'Get going' }, { tailwind: false })).toEqual({
      ok: true,
      code: COMPONENT.replace('>Get started<', '>Get going<'),
    });
  });

  it('adds a static style where there is none, and merges into one inside {#if}', () => {
    const added = applySvelteEdit(COMPONENT, heading, { color: '#16a34a', fontSize: 18 }, { tailwind: false });
    expect(added).toEqual({
      ok: true,
      code: COMPONENT.replace('<h1 class', '<h1 style="color: #16a34a; font-size: 18px" class'),
    });
    const merged = applySvelteEdit(COMPONENT, inIf, { background: '#fef3c7', padding: 4 }, { tailwind: false });
    expect(merged.ok && merged.code.split('\n')[10]).toBe('    <span style="margin: 0; background-color: #fef3c7; padding: 4px">Clicked</span>');
  });

  it('writes Tailwind classes into the static class, replacing the ones that set the same property', () => {
    const result = applySvelteEdit(COMPONENT, heading, { color: '#1d4ed8' }, { tailwind: true });
    expect(result).toEqual({ ok: true, code: COMPONENT.replace('"title text-slate-900"', '"title text-[#1d4ed8]"') });
    const added = applySvelteEdit(COMPONENT, inIf, { fontWeight: 'bold' }, { tailwind: true });
    expect(added.ok && added.code.split('\n')[10]).toBe('    <span class="font-bold" style="margin: 0">Clicked</span>');
  });

  it('refuses text built from { }, a class computed in code and a style: directive that would win', () => {
    expect(applySvelteEdit(COMPONENT, { line: 8, column: 3 }, { text: 'Clicks' }, { tailwind: false })).toEqual({
      ok: false,
      reason: 'its text cannot be changed here: its text is built from code (it has { } in it)',
    });
    expect(applySvelteEdit(COMPONENT, { line: 9, column: 3 }, { color: '#000000' }, { tailwind: true })).toEqual({
      ok: false,
      reason: 'its style cannot be changed here: its class is built from code (it has { } in it)',
    });
    expect(applySvelteEdit(COMPONENT.replace('class={x}', 'class="a {x}"'), { line: 9, column: 3 }, { color: '#000000' }, { tailwind: true })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('its class is built from code'),
    });
    expect(applySvelteEdit(COMPONENT, { line: 13, column: 3 }, { color: '#000000' }, { tailwind: false })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('style:color'),
    });
    // A directive on another property does not stand in the way.
    const other = applySvelteEdit(COMPONENT, { line: 13, column: 3 }, { padding: 2 }, { tailwind: false });
    expect(other.ok && other.code.split('\n')[12]).toBe('  <em style="padding: 2px" style:color="red">Note</em>');
    expect(applySvelteEdit(COMPONENT, heading, { text: 'a {b}' }, { tailwind: false })).toMatchObject({ ok: false });
  });

  it('says when the element moved or the file does not parse', () => {
    expect(applySvelteEdit(COMPONENT, { line: 7, column: 4 }, { text: 'x' }, { tailwind: false }, 'src/App.svelte')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no element starts at line 7, column 4 of src/App.svelte any more'),
    });
    expect(applySvelteEdit(COMPONENT, { line: 99, column: 1 }, { text: 'x' }, { tailwind: false })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no element starts at line 99'),
    });
    // Past the end of line 6 (`<main>`) is not the start of the next line's <h1>.
    expect(applySvelteEdit(COMPONENT, { line: 6, column: 10 }, { text: 'x' }, { tailwind: false })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no element starts at line 6, column 10'),
    });
    expect(applySvelteEdit(COMPONENT.replace('</main>', ''), heading, { text: 'x' }, { tailwind: false }, 'src/App.svelte')).toEqual({
      ok: false,
      reason: 'src/App.svelte does not parse now (`<main>` was left open)',
    });
  });
});
