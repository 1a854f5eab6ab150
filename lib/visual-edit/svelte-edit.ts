/**
 * A direct edit of one element of a Svelte component's markup, written into the .svelte file: its text (when it
 * holds plain text, no `{ }`), and its styles as Tailwind classes in its static `class` in a Tailwind project, or
 * in its static `style` otherwise. The element is found by the line and column the dev server marked it with,
 * parsed with the IDE's own Svelte 5 parser (svelte/compiler, modern tree; only its positions are read, nothing
 * is compiled or run); what cannot be written faithfully is refused with the reason. Edited with magic-string:
 * the rest of the file stays byte for byte as it was.
 */
import { parse } from 'svelte/compiler';
import MagicString from 'magic-string';
import { elementMoved, writeEdit, type ElementEditor } from './edit-result';
import { editClassList } from './tailwind-classes';
import { cssDeclarations, mergeStyleText, type StyleEdit } from './style-edit';

/** The parts of Svelte's modern tree read here (offsets into the file). */
interface SvelteNode {
  type: string;
  start: number;
  end: number;
  name?: string;
  raw?: string;
  attributes?: SvelteNode[];
  /** An attribute's value: `true` when bare, one `{…}`, or Text and ExpressionTag chunks. */
  value?: true | SvelteNode | SvelteNode[];
  fragment?: { nodes: SvelteNode[] };
}

/** The offset of a 1-based line and column, as the dev server counts them; null when the file has no such place. */
function offsetOf(code: string, line: number, column: number): number | null {
  const lines = code.split('\n');
  const text = lines[line - 1];
  if (text === undefined || column < 1 || column > text.length) return null;
  return lines.slice(0, line - 1).reduce((offset, before) => offset + before.length + 1, column - 1);
}

/** The host element whose `<` is at `offset`, anywhere in the markup (inside blocks, snippets, components). */
function elementAt(root: unknown, offset: number): SvelteNode | null {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    const node = value as SvelteNode;
    if (node.type === 'RegularElement' && node.start === offset) return node;
    for (const [key, child] of Object.entries(value)) if (key !== 'metadata' && typeof child === 'object' && child !== null) stack.push(child);
  }
  return null;
}

const attribute = (element: SvelteNode, name: string) => element.attributes?.find((a) => a.type === 'Attribute' && a.name === name) ?? null;
/** An attribute's text as written (`class="a b"`, `class=a`, a bare `class`), or null when it holds code. */
function plainValue({ value }: SvelteNode): string | null {
  if (value === true) return '';
  return Array.isArray(value) && value.every((chunk) => chunk.type === 'Text') ? value.map((chunk) => chunk.raw ?? '').join('') : null;
}
/** Whether two CSS properties set the same thing (equal, or one is a longhand of the other: padding, padding-top). */
const overlap = (a: string, b: string) => a === b || a.startsWith(`${b}-`) || b.startsWith(`${a}-`);

/** Writes an attribute's new text over the old one (keeping its quotes), or adds it right after the tag's name. */
function writeAttribute(code: string, element: SvelteNode, name: string, text: string, edits: MagicString) {
  const existing = attribute(element, name);
  if (existing) {
    const quote = code[existing.end - 1] === "'" ? "'" : '"';
    edits.overwrite(existing.start, existing.end, `${name}=${quote}${text}${quote}`);
  } else {
    edits.appendLeft(element.start + 1 + (element.name?.length ?? 0), ` ${name}="${text}"`);
  }
}

function editText(element: SvelteNode, text: string, edits: MagicString): string | null {
  const children = (element.fragment?.nodes ?? []).filter((child) => child.type !== 'Comment' && !(child.type === 'Text' && child.raw?.trim() === ''));
  const only = children[0];
  if (children.length !== 1 || !only || only.type !== 'Text') {
    return children.some((child) => /(Tag|Block)$/.test(child.type))
      ? 'its text is built from code (it has { } in it)'
      : 'it holds other elements, not plain text';
  }
  if (/[<{}]/.test(text)) return 'the new text has < { or }, which Svelte reads as markup or code';
  edits.overwrite(only.start, only.end, text);
  return null;
}

function editStyles(code: string, element: SvelteNode, edit: StyleEdit, tailwind: boolean, edits: MagicString): string | null {
  const properties = cssDeclarations(edit);
  // A `style:` directive is applied after the style attribute and over any class, so it would win either way.
  const directive = element.attributes?.find((a) => a.type === 'StyleDirective' && properties.some(([key]) => overlap(key, a.name ?? '')));
  if (directive) return `its style:${directive.name} directive is set in the markup and would win over a written ${tailwind ? 'class' : 'style'}`;
  const name = tailwind ? 'class' : 'style';
  const existing = attribute(element, name);
  const written = existing ? plainValue(existing) : '';
  if (written === null) return `its ${name} is built from code (it has { } in it)`;
  if (tailwind) {
    writeAttribute(code, element, 'class', editClassList(written, edit), edits);
    return null;
  }
  writeAttribute(code, element, 'style', mergeStyleText(written, edit), edits);
  return null;
}

export const applySvelteEdit: ElementEditor = (code, at, edit, options, file = 'the file') => {
  let root: unknown;
  try {
    root = parse(code, { modern: true }).fragment;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Svelte's messages end with a line linking to the error's page; the first line says what is wrong.
    return { ok: false, reason: `${file} does not parse now (${message.split('\n')[0]})` };
  }
  const offset = offsetOf(code, at.line, at.column);
  const element = offset === null ? null : elementAt(root, offset);
  if (!element) return elementMoved(at, file);
  return writeEdit(code, edit, {
    text: (text, edits) => editText(element, text, edits),
    styles: (styles, edits) => editStyles(code, element, styles, options.tailwind, edits),
  });
};
