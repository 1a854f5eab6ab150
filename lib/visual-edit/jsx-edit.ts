/**
 * A direct edit of one JSX element, written into its source: its text (when the element holds plain text), and
 * its styles as Tailwind classes in a Tailwind project or in its `style` prop otherwise (camelCase keys for React and
 * Preact, CSS property names for Solid). The element is found by
 * the line and column the dev server marked it with; what cannot be written faithfully is refused with the reason,
 * so the user can ask the agent instead. Parsed with Babel's parser, edited with magic-string: the rest of the
 * file stays byte for byte as it was.
 */
import { parse } from '@babel/parser';
import MagicString from 'magic-string';
import { editClassList } from './tailwind-classes';
import { cssName, cssProperties, type StyleEdit } from './style-edit';
import { elementMoved, writeEdit, type ElementEditor } from './edit-result';

interface Position {
  line: number;
  column: number;
}
interface Node {
  type: string;
  start: number;
  end: number;
  loc: { start: Position };
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The JSX element whose opening tag starts at `line`:`column` (1-based), with its opening element. */
function elementAt(root: Node, line: number, column: number): Node | null {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    if (!isNode(value)) continue;
    if (value.type === 'JSXElement' && isNode(value.openingElement)) {
      const { start } = value.openingElement.loc;
      if (start.line === line && start.column + 1 === column) return value;
    }
    for (const [key, child] of Object.entries(value)) if (key !== 'loc' && typeof child === 'object' && child !== null) stack.push(child);
  }
  return null;
}

function attribute(opening: Node, name: string): Node | null {
  const attributes = (opening.attributes as Node[] | undefined) ?? [];
  return attributes.find((a) => a.type === 'JSXAttribute' && isNode(a.name) && a.name.name === name) ?? null;
}

function editText(element: Node, text: string, edits: MagicString): string | null {
  const children = ((element.children as Node[] | undefined) ?? []).filter((child) => !(child.type === 'JSXText' && String(child.value).trim() === ''));
  const only = children[0];
  if (children.length !== 1 || !only || only.type !== 'JSXText') {
    return children.some((child) => child.type === 'JSXExpressionContainer')
      ? 'its text is built from code (it has {…} in it)'
      : 'it holds other elements, not plain text';
  }
  if (/[{}<>]/.test(text)) return 'the new text has { } < or >, which JSX reads as code';
  const raw = String(only.value);
  const lead = raw.match(/^\s*/)?.[0] ?? '';
  const trail = raw.match(/\s*$/)?.[0] ?? '';
  edits.overwrite(only.start, only.end, `${lead}${text}${trail}`);
  return null;
}

function editClasses(opening: Node, name: Node, edit: StyleEdit, edits: MagicString): string | null {
  // `class` in Preact and Solid; `className` in React (and what a new one is called).
  const existing = attribute(opening, 'className') ?? attribute(opening, 'class');
  if (!existing) {
    edits.appendLeft(name.end, ` className="${editClassList('', edit)}"`);
    return null;
  }
  const value = existing.value;
  if (!isNode(value) || value.type !== 'StringLiteral') return 'its className is computed in code, not a plain string';
  edits.overwrite(value.start, value.end, JSON.stringify(editClassList(String(value.value), edit)));
  return null;
}

const propertyKey = (property: Node): string | null => {
  const key = property.key;
  if (!isNode(key)) return null;
  if (key.type === 'Identifier') return String(key.name);
  if (key.type === 'StringLiteral') return String(key.value);
  return null;
};

function editStyle(opening: Node, name: Node, edit: StyleEdit, cssStyleKeys: boolean, edits: MagicString): string | null {
  // React and Preact read camelCase keys; Solid sets each key as a CSS property name, so it gets `'font-size'`.
  const entries = cssProperties(edit).map(([key, value]) => [cssStyleKeys ? cssName(key) : key, value] as const);
  const writtenKey = (key: string) => (/^[a-zA-Z]+$/.test(key) ? key : `'${key}'`);
  const literal = (value: string | number) => (typeof value === 'number' ? String(value) : `'${value}'`);
  const existing = attribute(opening, 'style');
  if (!existing) {
    edits.appendLeft(name.end, ` style={{ ${entries.map(([key, value]) => `${writtenKey(key)}: ${literal(value)}`).join(', ')} }}`);
    return null;
  }
  const container = existing.value;
  const object = isNode(container) && container.type === 'JSXExpressionContainer' ? container.expression : null;
  if (!isNode(object) || object.type !== 'ObjectExpression') return 'its style is computed in code, not an object written in place';
  const properties = (object.properties as Node[]).filter((p) => p.type === 'ObjectProperty');
  const added: string[] = [];
  for (const [key, value] of entries) {
    const found = properties.find((p) => propertyKey(p) === key);
    if (found && isNode(found.value)) edits.overwrite(found.value.start, found.value.end, literal(value));
    else added.push(`${writtenKey(key)}: ${literal(value)}`);
  }
  if (added.length > 0) {
    const last = (object.properties as Node[]).at(-1);
    if (last) edits.appendLeft(last.end, `, ${added.join(', ')}`);
    else edits.overwrite(object.start, object.end, `{ ${added.join(', ')} }`);
  }
  return null;
}

export const applyJsxEdit: ElementEditor = (code, at, edit, options, file = 'the file') => {
  let ast: Node;
  try {
    ast = parse(code, { sourceType: 'module', plugins: ['jsx', 'typescript'] }) as unknown as Node;
  } catch (error) {
    return { ok: false, reason: `${file} does not parse now (${error instanceof Error ? error.message : String(error)})` };
  }
  const element = elementAt(ast, at.line, at.column);
  const opening = element && isNode(element.openingElement) ? element.openingElement : null;
  const name = opening && isNode(opening.name) ? opening.name : null;
  if (!element || !opening || !name) return elementMoved(at, file);
  return writeEdit(code, edit, {
    text: (text, edits) => editText(element, text, edits),
    styles: (styles, edits) =>
      options.tailwind ? editClasses(opening, name, styles, edits) : editStyle(opening, name, styles, options.cssStyleKeys ?? false, edits),
  });
};
