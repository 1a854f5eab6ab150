/**
 * Module analysis for the dev server: finds the specifiers of a compiled module's static and dynamic imports
 * (and re-exports) and rewrites them into URLs the browser can load, and finds the top-level React
 * components React Fast Refresh needs registered. One parse with acorn does both.
 */
import { parse, type Node } from 'acorn';

export interface ImportSite {
  specifier: string;
  /** Offsets of the specifier's text, inside its quotes. */
  start: number;
  end: number;
  dynamic: boolean;
}

export interface ComponentSite {
  name: string;
  /** The hooks its body calls, in order: React keeps state across an edit only when these stay the same. */
  hooks: string[];
}

export interface ModuleInfo {
  imports: ImportSite[];
  components: ComponentSite[];
  usesHot: boolean;
}

interface AnyNode extends Node {
  [key: string]: unknown;
}

function isNode(value: unknown): value is AnyNode {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function walk(node: AnyNode, visit: (node: AnyNode) => void): void {
  visit(node);
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) walk(item, visit);
    }
    else if (isNode(value)) walk(value, visit);
  }
}

const COMPONENT_NAME = /^[A-Z][\w$]*$/;
const HOOK_CALL = /\b(use[A-Z0-9][\w$]*|use)\s*\(/g;

function componentOf(node: AnyNode, code: string): ComponentSite | null {
  let name: string | undefined;
  let body: AnyNode | undefined;
  if (node.type === 'FunctionDeclaration') {
    name = (node.id as { name?: string } | null)?.name;
    body = node;
  } else if (node.type === 'VariableDeclaration') {
    const [decl] = node.declarations as AnyNode[];
    const init = decl?.init as AnyNode | null | undefined;
    if (decl && init && (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression')) {
      name = (decl.id as { name?: string }).name;
      body = init;
    }
  }
  if (!name || !body || !COMPONENT_NAME.test(name)) return null;
  const text = code.slice(body.start, body.end);
  return { name, hooks: [...text.matchAll(HOOK_CALL)].map((match) => match[1] as string) };
}

export function analyzeModule(code: string): ModuleInfo {
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true }) as unknown as AnyNode;
  const imports: ImportSite[] = [];
  const components: ComponentSite[] = [];
  const literal = (source: unknown, dynamic: boolean) => {
    if (!isNode(source) || source.type !== 'Literal' || typeof source.value !== 'string') return;
    imports.push({ specifier: source.value, start: source.start + 1, end: source.end - 1, dynamic });
  };
  for (const statement of program.body as AnyNode[]) {
    const declared = statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration) ? statement.declaration : statement;
    const component = componentOf(declared, code);
    if (component) components.push(component);
  }
  walk(program, (node) => {
    if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') literal(node.source, false);
    else if (node.type === 'ImportExpression') literal(node.source, true);
  });
  return { imports: imports.sort((a, b) => a.start - b.start), components, usesHot: /\bimport\.meta\.hot\b/.test(code) };
}

/** Replaces each import's specifier with what `rewrite` returns for it (unchanged when it returns null). */
export function rewriteImports(code: string, imports: readonly ImportSite[], rewrite: (site: ImportSite) => string | null): string {
  let out = '';
  let last = 0;
  for (const site of imports) {
    const next = rewrite(site);
    if (next === null) continue;
    out += code.slice(last, site.start) + next;
    last = site.end;
  }
  return out + code.slice(last);
}

export function isBareSpecifier(specifier: string): boolean {
  return !/^(\.{1,2}\/|\/|[a-z][a-z\d+.-]*:|#)/i.test(specifier) && specifier !== '.' && specifier !== '..';
}

/** `react-dom/client` → `react-dom/client`; `@scope/pkg/sub` kept whole: the pre-bundle has one entry per import. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}
