/**
 * A direct edit of one element of a Vue single-file component's template, written into the .vue file: its text
 * (when it holds plain text, no `{{ }}`), and its styles as Tailwind classes in its static `class` in a Tailwind
 * project, or in its static `style` otherwise. The element is found by the line and column the dev server marked
 * it with, parsed with Vue's own template parser (@vue/compiler-dom, in SFC mode, so positions are the file's);
 * what cannot be written faithfully is refused with the reason.
 */
import { parse } from '@vue/compiler-dom';
import MagicString from 'magic-string';
import { elementMoved, writeEdit, type ElementEditor } from './edit-result';
import { editClassList } from './tailwind-classes';
import { mergeStyleText, type StyleEdit } from './style-edit';

const ELEMENT = 1;
const TEXT = 2;
const INTERPOLATION = 5;
const ATTRIBUTE = 6;
const DIRECTIVE = 7;

interface Location {
  start: { line: number; column: number; offset: number };
  end: { offset: number };
  source: string;
}
interface TemplateNode {
  type: number;
  tag?: string;
  loc: Location;
  children?: TemplateNode[];
  props?: { type: number; name: string; value?: { content: string; loc: Location }; arg?: { content?: string } }[];
}

function elementAt(nodes: readonly TemplateNode[], line: number, column: number): TemplateNode | null {
  for (const node of nodes) {
    if (node.type === ELEMENT && node.loc.start.line === line && node.loc.start.column === column) return node;
    const inside = elementAt(node.children ?? [], line, column);
    if (inside) return inside;
  }
  return null;
}

const staticProp = (element: TemplateNode, name: string) => element.props?.find((prop) => prop.type === ATTRIBUTE && prop.name === name) ?? null;
const boundProp = (element: TemplateNode, name: string) =>
  element.props?.find((prop) => prop.type === DIRECTIVE && prop.name === 'bind' && prop.arg?.content === name) ?? null;

function editText(element: TemplateNode, text: string, edits: MagicString): string | null {
  const children = (element.children ?? []).filter((child) => !(child.type === TEXT && child.loc.source.trim() === ''));
  const only = children[0];
  if (children.length !== 1 || !only || only.type !== TEXT) {
    return children.some((child) => child.type === INTERPOLATION)
      ? 'its text is built from code (it has {{ }} in it)'
      : 'it holds other elements, not plain text';
  }
  if (/[<{}]/.test(text)) return 'the new text has < { or }, which the template reads as markup';
  edits.overwrite(only.loc.start.offset, only.loc.end.offset, text);
  return null;
}

/** Where a new attribute goes: right after the tag's name. */
const afterName = (element: TemplateNode) => element.loc.start.offset + 1 + (element.tag?.length ?? 0);

function editClasses(element: TemplateNode, edit: StyleEdit, edits: MagicString): string | null {
  const existing = staticProp(element, 'class');
  if (!existing?.value) {
    edits.appendLeft(afterName(element), ` class="${editClassList('', edit)}"`);
    return null;
  }
  edits.overwrite(existing.value.loc.start.offset, existing.value.loc.end.offset, `"${editClassList(existing.value.content, edit)}"`);
  return null;
}

function editStyle(element: TemplateNode, edit: StyleEdit, edits: MagicString): string | null {
  if (boundProp(element, 'style')) return 'its style is bound to code (:style), which would win over a written one';
  const existing = staticProp(element, 'style');
  const written = mergeStyleText(existing?.value?.content ?? '', edit);
  if (existing?.value) edits.overwrite(existing.value.loc.start.offset, existing.value.loc.end.offset, `"${written}"`);
  else edits.appendLeft(afterName(element), ` style="${written}"`);
  return null;
}

export const applyVueEdit: ElementEditor = (code, at, edit, options, file = 'the file') => {
  const errors: string[] = [];
  const root = parse(code, { parseMode: 'sfc', onError: (error) => void errors.push(error.message) }) as unknown as TemplateNode;
  if (errors.length > 0) return { ok: false, reason: `${file} does not parse now (${errors[0]})` };
  const element = elementAt(root.children ?? [], at.line, at.column);
  if (!element) return elementMoved(at, file);
  return writeEdit(code, edit, {
    text: (text, edits) => editText(element, text, edits),
    styles: (styles, edits) => (options.tailwind ? editClasses(element, styles, edits) : editStyle(element, styles, edits)),
  });
};
