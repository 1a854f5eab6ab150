/**
 * One walk over an ES module's syntax tree that finds what the loader must rewrite inside the code: uses of
 * imported names (they become reads of the exporting module's namespace, so bindings stay live and cycles
 * work), `import.meta`, `import()`, and whether the module awaits at its top level. Scopes are tracked only
 * as far as needed to tell an imported name from a local one that shadows it.
 */
import type { Node } from 'acorn';
import { CAPTURE_NAME, RESUME_NAME } from './async-context';

export interface Edit {
  start: number;
  end: number;
  text: string;
}

// acorn's node types are a closed union; the walk reads fields generically.
type AnyNode = Node & Record<string, unknown>;

const SKIP_KEYS = new Set(['type', 'start', 'end', 'loc', 'range']);

function isNode(value: unknown): value is AnyNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Names a binding pattern declares (`{ a, b: [c] }` → a, c). */
export function patternNames(pattern: AnyNode | null | undefined, out: string[] = []): string[] {
  if (!pattern) return out;
  switch (pattern.type) {
    case 'Identifier':
      out.push(pattern.name as string);
      break;
    case 'ObjectPattern':
      for (const prop of pattern.properties as AnyNode[]) patternNames(prop.type === 'RestElement' ? prop : (prop.value as AnyNode), out);
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements as (AnyNode | null)[]) patternNames(element, out);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left as AnyNode, out);
      break;
    case 'RestElement':
      patternNames(pattern.argument as AnyNode, out);
      break;
  }
  return out;
}

/** `var` names a function body declares, not looking into nested functions. */
function varNames(node: AnyNode | null | undefined, out: string[]): void {
  if (!node) return;
  switch (node.type) {
    case 'VariableDeclaration':
      if (node.kind === 'var') for (const d of node.declarations as AnyNode[]) patternNames(d.id as AnyNode, out);
      return;
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
    case 'ClassDeclaration':
    case 'ClassExpression':
      return;
  }
  for (const key of ['body', 'consequent', 'alternate', 'block', 'handler', 'finalizer', 'init', 'left', 'cases']) {
    const child = node[key];
    if (Array.isArray(child)) {
      for (const item of child) if (isNode(item)) varNames(item, out);
    } else if (isNode(child)) {
      varNames(child, out);
    }
  }
}

/** let/const/class/function names declared directly in a list of statements. */
function lexicalNames(statements: AnyNode[], out: string[]): void {
  for (const statement of statements) {
    if (statement.type === 'VariableDeclaration' && statement.kind !== 'var') {
      for (const d of statement.declarations as AnyNode[]) patternNames(d.id as AnyNode, out);
    } else if ((statement.type === 'ClassDeclaration' || statement.type === 'FunctionDeclaration') && statement.id) {
      out.push((statement.id as AnyNode).name as string);
    }
  }
}

export class ReferenceRewriter {
  private readonly shadow = new Map<string, number>();
  private functionDepth = 0;
  topLevelAwait = false;
  usesImportMeta = false;

  /**
   * @param imports local name → the expression that reads it (`__tabsmith_i0.name`)
   * @param metaExpression what `import.meta` becomes; null where it is a syntax error (CommonJS)
   */
  constructor(
    private readonly imports: ReadonlyMap<string, string>,
    private readonly edits: Edit[],
    private readonly importFunction: string,
    private readonly metaExpression: string | null,
    /** Whether each `await` is compiled to put back the async context frame it started in (async-context.ts). */
    private readonly awaitFrames = false,
  ) {}

  private enter(names: string[]): string[] {
    const relevant = names.filter((name) => this.imports.has(name));
    for (const name of relevant) this.shadow.set(name, (this.shadow.get(name) ?? 0) + 1);
    return relevant;
  }

  private leave(names: string[]): void {
    for (const name of names) this.shadow.set(name, (this.shadow.get(name) ?? 1) - 1);
  }

  /** The rewrite of an identifier used as a value, or null when it is not an (unshadowed) import. */
  private replacement(node: AnyNode): string | null {
    if (node.type !== 'Identifier') return null;
    const name = node.name as string;
    const text = this.imports.get(name);
    return text !== undefined && !this.shadow.get(name) ? text : null;
  }

  private reference(node: AnyNode): void {
    const text = this.replacement(node);
    if (text !== null) this.edits.push({ start: node.start, end: node.end, text });
  }

  /** Names in a pattern: declared ones shadow, assigned ones are uses. */
  private pattern(node: AnyNode | null | undefined, assigning: boolean): void {
    if (!node) return;
    switch (node.type) {
      case 'Identifier':
        if (assigning) this.reference(node);
        return;
      case 'ObjectPattern':
        for (const prop of node.properties as AnyNode[]) {
          if (prop.type === 'RestElement') {
            this.pattern(prop.argument as AnyNode, assigning);
            continue;
          }
          if (prop.computed) this.visit(prop.key as AnyNode);
          const value = prop.value as AnyNode;
          const text = assigning && prop.shorthand ? this.replacement(value) : null;
          if (text !== null) this.edits.push({ start: value.start, end: value.end, text: `${value.name as string}: ${text}` });
          else this.pattern(value, assigning);
        }
        return;
      case 'ArrayPattern':
        for (const element of node.elements as (AnyNode | null)[]) this.pattern(element, assigning);
        return;
      case 'AssignmentPattern':
        this.pattern(node.left as AnyNode, assigning);
        this.visit(node.right as AnyNode);
        return;
      case 'RestElement':
        this.pattern(node.argument as AnyNode, assigning);
        return;
      default:
        this.visit(node); // a member expression as an assignment target
    }
  }

  private children(node: AnyNode): void {
    for (const key of Object.keys(node)) {
      if (SKIP_KEYS.has(key)) continue;
      const child = node[key];
      if (Array.isArray(child)) {
        for (const item of child) if (isNode(item)) this.visit(item);
      } else if (isNode(child)) {
        this.visit(child);
      }
    }
  }

  private functionNode(node: AnyNode): void {
    const names: string[] = [];
    for (const param of node.params as AnyNode[]) patternNames(param, names);
    if (node.type === 'FunctionExpression' && node.id) names.push((node.id as AnyNode).name as string);
    const body = node.body as AnyNode;
    if (body.type === 'BlockStatement') varNames(body, names);
    const entered = this.enter(names);
    this.functionDepth++;
    for (const param of node.params as AnyNode[]) this.pattern(param, false);
    this.visit(body);
    this.functionDepth--;
    this.leave(entered);
  }

  private block(statements: AnyNode[], visit: () => void): void {
    const names: string[] = [];
    lexicalNames(statements, names);
    const entered = this.enter(names);
    visit();
    this.leave(entered);
  }

  /** A call through an imported name: `(0, ns.f)()` keeps `this` undefined, as for a plain call. */
  private callee(node: AnyNode): void {
    const text = this.replacement(node);
    if (text !== null) this.edits.push({ start: node.start, end: node.end, text: `(0, ${text})` });
    else this.visit(node);
  }

  visit(node: AnyNode | null | undefined): void {
    if (!node) return;
    switch (node.type) {
      case 'Identifier':
        return this.reference(node);
      case 'LabeledStatement':
        return this.visit(node.body as AnyNode);
      case 'ExportNamedDeclaration':
      case 'ExportDefaultDeclaration':
        // Specifier lists are rewritten by the module transform; only a declaration holds code to walk.
        return this.visit(node.declaration as AnyNode | null);
      case 'ImportDeclaration':
      case 'ExportAllDeclaration':
      case 'BreakStatement':
      case 'ContinueStatement':
      case 'PrivateIdentifier':
        return;
      case 'MetaProperty':
        if ((node.meta as AnyNode).name === 'import' && this.metaExpression !== null) {
          this.usesImportMeta = true;
          this.edits.push({ start: node.start, end: node.end, text: this.metaExpression });
        }
        return;
      case 'ImportExpression':
        this.edits.push({ start: node.start, end: node.start + 6, text: this.importFunction });
        this.visit(node.source as AnyNode);
        this.visit(node.options as AnyNode | null);
        return;
      case 'AwaitExpression':
        if (this.functionDepth === 0) this.topLevelAwait = true;
        if (this.awaitFrames) {
          this.edits.push({ start: node.start, end: node.start, text: `${RESUME_NAME}(${CAPTURE_NAME}(), ` });
          this.edits.push({ start: node.end, end: node.end, text: ')' });
        }
        return this.visit(node.argument as AnyNode);
      case 'MemberExpression':
        this.visit(node.object as AnyNode);
        if (node.computed) this.visit(node.property as AnyNode);
        return;
      case 'Property':
      case 'MethodDefinition':
      case 'PropertyDefinition': {
        if (node.computed) this.visit(node.key as AnyNode);
        const value = node.value as AnyNode | null;
        const text = node.shorthand && value ? this.replacement(value) : null;
        if (text !== null && value) this.edits.push({ start: value.start, end: value.end, text: `${value.name as string}: ${text}` });
        else this.visit(value);
        return;
      }
      case 'CallExpression':
      case 'NewExpression':
        if (node.type === 'CallExpression') this.callee(node.callee as AnyNode);
        else this.visit(node.callee as AnyNode);
        for (const arg of node.arguments as AnyNode[]) this.visit(arg);
        return;
      case 'TaggedTemplateExpression':
        this.callee(node.tag as AnyNode);
        return this.visit(node.quasi as AnyNode);
      case 'VariableDeclaration':
        for (const d of node.declarations as AnyNode[]) {
          this.pattern(d.id as AnyNode, false);
          this.visit(d.init as AnyNode | null);
        }
        return;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return this.functionNode(node);
      case 'ClassDeclaration':
      case 'ClassExpression': {
        const names = node.type === 'ClassExpression' && node.id ? [(node.id as AnyNode).name as string] : [];
        const entered = this.enter(names);
        this.visit(node.superClass as AnyNode | null);
        this.visit(node.body as AnyNode);
        return this.leave(entered);
      }
      case 'AssignmentExpression':
        this.pattern(node.left as AnyNode, true);
        return this.visit(node.right as AnyNode);
      case 'BlockStatement':
      case 'StaticBlock':
      case 'Program':
        return this.block(node.body as AnyNode[], () => this.children(node));
      case 'SwitchStatement':
        this.visit(node.discriminant as AnyNode);
        return this.block(
          (node.cases as AnyNode[]).flatMap((c) => c.consequent as AnyNode[]),
          () => (node.cases as AnyNode[]).forEach((c) => this.children(c)),
        );
      case 'ForStatement':
      case 'ForInStatement':
      case 'ForOfStatement': {
        const head = (node.type === 'ForStatement' ? node.init : node.left) as AnyNode | null;
        if (node.type === 'ForOfStatement' && node.await && this.functionDepth === 0) this.topLevelAwait = true;
        return this.block(head ? [head] : [], () => {
          if (head && head.type !== 'VariableDeclaration' && node.type !== 'ForStatement') this.pattern(head, true);
          else this.visit(head);
          for (const key of ['test', 'update', 'right', 'body']) this.visit(node[key] as AnyNode | null | undefined);
        });
      }
      case 'CatchClause': {
        const entered = this.enter(patternNames(node.param as AnyNode | null));
        this.pattern(node.param as AnyNode | null, false);
        this.visit(node.body as AnyNode);
        return this.leave(entered);
      }
      default:
        return this.children(node);
    }
  }
}
