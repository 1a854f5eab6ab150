/**
 * Source locations for the templates of single-file components: Vue's `<template>` and Svelte's markup. Each
 * host element (`<div>`, `<button>`; not a component) gets `data-tabsmith-loc="src/App.vue:12:5"`, as JSX
 * elements do (jsx-locations.ts). The templates are parsed with the project's own compiler (@vue/compiler-sfc,
 * svelte/compiler), so what is marked is what the framework itself reads.
 */
import MagicString from 'magic-string';
import { sourceLocationAttribute } from '@/lib/preview-page/source-location';

/** The start offsets and tag names of the host elements to mark. */
interface HostElement {
  start: number;
  name: string;
}

interface VueNode {
  type: number;
  tag?: string;
  tagType?: number;
  loc?: { start: { offset: number } };
  children?: VueNode[];
  branches?: VueNode[];
}
interface VueCompiler {
  parse(source: string, options?: { filename?: string }): { descriptor: { template: { ast?: VueNode } | null }; errors: unknown[] };
}

interface SvelteNode {
  type: string;
  name?: string;
  start?: number;
  children?: SvelteNode[];
  nodes?: SvelteNode[];
  fragment?: SvelteNode;
  [key: string]: unknown;
}
interface SvelteCompiler {
  parse(source: string, options?: { modern?: boolean; filename?: string }): SvelteNode;
}

const VUE_ELEMENT = 1;
const VUE_PLAIN_ELEMENT = 0;

function vueHostElements(root: VueNode): HostElement[] {
  const found: HostElement[] = [];
  const visit = (node: VueNode) => {
    if (node.type === VUE_ELEMENT && node.tagType === VUE_PLAIN_ELEMENT && node.tag && node.loc) found.push({ start: node.loc.start.offset, name: node.tag });
    for (const child of [...(node.children ?? []), ...(node.branches ?? [])]) visit(child);
  };
  // The root is the <template> block itself: only what is inside it reaches the page.
  for (const child of root.children ?? []) visit(child);
  return found;
}

/** Svelte 5's modern tree: markup is in `fragment.nodes`; a RegularElement is a host element. */
function svelteHostElements(root: SvelteNode): HostElement[] {
  const found: HostElement[] = [];
  const stack: unknown[] = [root.fragment];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const node = value as SvelteNode;
    if (node.type === 'RegularElement' && typeof node.start === 'number' && node.name) found.push({ start: node.start, name: node.name });
    for (const [key, child] of Object.entries(node)) if (key !== 'metadata' && typeof child === 'object' && child !== null) stack.push(child);
  }
  return found;
}

function lineStarts(code: string): number[] {
  const starts = [0];
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function position(starts: number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
}

function mark(code: string, id: string, relativePath: string, elements: HostElement[]) {
  const edits = new MagicString(code);
  const starts = lineStarts(code);
  let marked = 0;
  for (const { start, name } of elements) {
    // Only where the source really has `<name` there (a parser's offsets into a transformed text would not).
    if (code.slice(start, start + 1 + name.length) !== `<${name}`) continue;
    const { line, column } = position(starts, start);
    edits.appendLeft(start + 1 + name.length, sourceLocationAttribute(relativePath, line, column));
    marked++;
  }
  if (marked === 0) return null;
  return { code: edits.toString(), map: edits.generateMap({ source: id, includeContent: true, hires: 'boundary' }) };
}

export function addVueLocations(code: string, id: string, relativePath: string, compiler: VueCompiler) {
  const { descriptor, errors } = compiler.parse(code, { filename: id });
  const ast = descriptor.template?.ast;
  // A template that does not parse is reported by the project's Vue plugin, with its own frame.
  if (errors.length > 0 || !ast) return null;
  return mark(code, id, relativePath, vueHostElements(ast));
}

export function addSvelteLocations(code: string, id: string, relativePath: string, compiler: SvelteCompiler) {
  let ast: SvelteNode;
  try {
    ast = compiler.parse(code, { modern: true, filename: id });
  } catch {
    return null;
  }
  if (!ast.fragment) return null;
  return mark(code, id, relativePath, svelteHostElements(ast));
}
