/**
 * Marks every host element of a JSX module (`<div>`, `<button>`, not `<App>`) with where it is written:
 * `data-tabsmith-loc="src/App.jsx:12:5"` (project-relative file, 1-based line and column). The preview's bridge
 * reads it to tell the IDE which source line an element the user points at comes from. Components are left
 * alone: an attribute on one would reach its props, which the component's author never expected.
 *
 * Parsed with Babel's parser (JSX and TypeScript), edited with magic-string so the dev server's source maps
 * still point at the user's lines.
 */
import { parse } from '@babel/parser';
import MagicString from 'magic-string';
import { SOURCE_LOCATION_ATTRIBUTE, sourceLocationAttribute } from '@/lib/preview-page/source-location';

interface Position {
  line: number;
  column: number;
}
interface AstNode {
  type: string;
  start?: number | null;
  end?: number | null;
  loc?: { start: Position } | null;
  name?: AstNode | string;
  attributes?: AstNode[];
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** Every JSX opening element of the tree, in source order. */
function openingElements(root: AstNode): AstNode[] {
  const found: AstNode[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
      continue;
    }
    if (!isNode(value)) continue;
    if (value.type === 'JSXOpeningElement') found.push(value);
    for (const key of Object.keys(value)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'extra') continue;
      const child = value[key];
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return found.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
}

/** `div`, `button`, `svg`: a lower-case plain name; `Foo`, `foo.bar` and `foo:bar` are not host elements. */
function isHostElement(opening: AstNode): boolean {
  const name = opening.name;
  return isNode(name) && name.type === 'JSXIdentifier' && typeof name.name === 'string' && /^[a-z]/.test(name.name);
}

function alreadyMarked(opening: AstNode): boolean {
  return (opening.attributes ?? []).some(
    (attribute) => attribute.type === 'JSXAttribute' && isNode(attribute.name) && attribute.name.name === SOURCE_LOCATION_ATTRIBUTE,
  );
}

/** The module with its host elements marked, and its source map; null when there is nothing to mark or it does not parse. */
export function addSourceLocations(code: string, id: string, relativePath: string): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  if (!code.includes('<')) return null;
  let ast: AstNode;
  try {
    ast = parse(code, {
      sourceType: 'module',
      plugins: id.endsWith('.tsx') || id.endsWith('.ts') ? ['jsx', 'typescript'] : ['jsx'],
      errorRecovery: true,
    }) as unknown as AstNode;
  } catch {
    // The framework's own plugin reports the syntax error with its frame: this one steps aside.
    return null;
  }
  const edits = new MagicString(code);
  let marked = 0;
  for (const opening of openingElements(ast)) {
    const name = opening.name;
    if (!isHostElement(opening) || alreadyMarked(opening) || !isNode(name) || typeof name.end !== 'number' || !opening.loc) continue;
    const { line, column } = opening.loc.start;
    edits.appendLeft(name.end, sourceLocationAttribute(relativePath, line, column + 1));
    marked++;
  }
  if (marked === 0) return null;
  return { code: edits.toString(), map: edits.generateMap({ source: id, includeContent: true, hires: 'boundary' }) };
}
