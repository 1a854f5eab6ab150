/**
 * Turns an ES module into code the browser can evaluate as a function, keeping ESM semantics the loader
 * needs: the module body becomes a generator whose first step only publishes the export getters (so a cycle
 * can reach hoisted functions before the body has run) and whose second step runs the body; it is an async
 * generator when the module awaits at its top level. Import declarations disappear; every use of an imported
 * name reads the exporting module's namespace (`util.styleText`), so bindings are live. A namespace's variable
 * is named after the module (or is the module's own `import * as` name), never after this runtime: V8 puts it
 * in messages such as "(0 , util.styleText) is not a function", which the user reads.
 */
import { parse, type Node, type Program } from 'acorn';
import { patternNames, ReferenceRewriter, type Edit } from './references';

/** Names the generated code uses; a module would have to spell them out to collide. */
const MODULE_PARAM = '__tabsmith_m';
const DEFAULT_LOCAL = '__tabsmith_default';
/**
 * Globals Node gives every module that a browser page lacks, has per page rather than per process, or has with
 * other behaviour (Node's MessagePort is an EventEmitter that can keep its process alive).
 */
export const PROCESS_GLOBALS = [
  'process',
  'Buffer',
  'global',
  'console',
  'setImmediate',
  'clearImmediate',
  'MessageChannel',
  'MessagePort',
  'BroadcastChannel',
] as const;

export interface EsmCode {
  /** Evaluates to `(module, ...PROCESS_GLOBALS) => generator function`. */
  source: string;
  /** The module's import specifiers; the loader hands their namespaces over in this order. */
  requests: string[];
  /** Requests whose exports this module re-exports with `export * from`. */
  starExports: number[];
  /** Per request, the names this module imports or re-exports from it by name (checked when linking). */
  importedNames: string[][];
  topLevelAwait: boolean;
  /** Whether the code needs to be a module at all (import/export, import.meta, top-level await). */
  moduleSyntax: boolean;
}

type AnyNode = Node & Record<string, unknown>;

function moduleName(node: AnyNode): string {
  return node.type === 'Literal' ? String(node.value) : (node.name as string);
}

function member(object: string, name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `${object}.${name}` : `${object}[${JSON.stringify(name)}]`;
}

/** Keeps the line count of removed code, so stack traces point at the right lines. */
function blank(code: string, node: Node): Edit {
  return { start: node.start, end: node.end, text: code.slice(node.start, node.end).replace(/[^\n]/g, '') };
}

export function applyEdits(code: string, edits: Edit[]): string {
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) continue; // inside a span already replaced
    out += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + code.slice(at);
}

export function parseModule(code: string): Program {
  return parse(code, { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true });
}

/**
 * A variable name for a module's namespace that nothing in the module's code spells: `util`, `react_dom_1`. Never
 * the module's own `import * as x` name: named imports from the same module are read through the namespace
 * variable, and a parameter called `x` in some function would shadow it there.
 */
function namespaceNamer(code: string) {
  const taken = new Set<string>(code.match(/[A-Za-z_$][\w$]*/g) ?? []);
  for (const name of [MODULE_PARAM, DEFAULT_LOCAL, ...PROCESS_GLOBALS]) taken.add(name);
  return (specifier: string): string => {
    const last =
      specifier
        .replace(/^node:/, '')
        .replace(/\/+$/, '')
        .split('/')
        .pop() ?? '';
    const base = last
      .replace(/\.[cm]?[jt]sx?$/, '')
      .replace(/[^\w$]+/g, '_')
      .replace(/^(?=\d)|^$/, '_');
    let name = base;
    for (let n = 1; taken.has(name); n++) name = `${base}_${n}`;
    taken.add(name);
    return name;
  };
}

export function transformEsm(code: string, program: Program, filename: string): EsmCode {
  const requests: string[] = [];
  const namespaceNames: string[] = [];
  const importedNames: string[][] = [];
  const nameFor = namespaceNamer(code);
  const requestIndex = (specifier: string) => {
    let index = requests.indexOf(specifier);
    if (index === -1) {
      index = requests.push(specifier) - 1;
      namespaceNames.push(nameFor(specifier));
      importedNames.push([]);
    }
    return index;
  };
  const namespace = (specifier: string) => namespaceNames[requestIndex(specifier)] as string;
  const importsName = (specifier: string, name: string) => importedNames[requestIndex(specifier)]?.push(name);
  const imports = new Map<string, string>();
  const starAliases: string[] = [];
  const exportGetters = new Map<string, string>();
  const localExports: [string, string][] = [];
  const starExports: number[] = [];
  const edits: Edit[] = [];
  if (code.startsWith('#!')) edits.push({ start: 0, end: 2, text: '//' });

  // Imports first: exports may name imported bindings.
  for (const node of program.body as AnyNode[]) {
    if (node.type !== 'ImportDeclaration') continue;
    const specifier = String((node.source as AnyNode).value);
    const ns = namespace(specifier);
    for (const spec of node.specifiers as AnyNode[]) {
      const local = (spec.local as AnyNode).name as string;
      if (spec.type === 'ImportNamespaceSpecifier') {
        // Its own binding, as in the source: errors read `util.nope is not a function`, as in Node.
        starAliases.push(`${local} = ${ns}`);
      } else if (spec.type === 'ImportDefaultSpecifier') {
        imports.set(local, `${ns}.default`);
        importsName(specifier, 'default');
      } else {
        const imported = moduleName(spec.imported as AnyNode);
        imports.set(local, member(ns, imported));
        importsName(specifier, imported);
      }
    }
    edits.push(blank(code, node));
  }

  for (const node of program.body as AnyNode[]) {
    if (node.type === 'ExportAllDeclaration') {
      const ns = namespace(String((node.source as AnyNode).value));
      if (node.exported) exportGetters.set(moduleName(node.exported as AnyNode), ns);
      else starExports.push(requestIndex(String((node.source as AnyNode).value)));
      edits.push(blank(code, node));
    } else if (node.type === 'ExportNamedDeclaration') {
      const declaration = node.declaration as AnyNode | null;
      if (declaration) {
        edits.push({ start: node.start, end: declaration.start, text: '' });
        const names =
          declaration.type === 'VariableDeclaration'
            ? (declaration.declarations as AnyNode[]).flatMap((d) => patternNames(d.id as AnyNode))
            : [(declaration.id as AnyNode).name as string];
        for (const name of names) localExports.push([name, name]);
      } else if (node.source) {
        const specifier = String((node.source as AnyNode).value);
        const ns = namespace(specifier);
        for (const spec of node.specifiers as AnyNode[]) {
          const local = moduleName(spec.local as AnyNode);
          exportGetters.set(moduleName(spec.exported as AnyNode), local === '*' ? ns : member(ns, local));
          if (local !== '*') importsName(specifier, local);
        }
        edits.push(blank(code, node));
      } else {
        for (const spec of node.specifiers as AnyNode[]) {
          localExports.push([moduleName(spec.exported as AnyNode), moduleName(spec.local as AnyNode)]);
        }
        edits.push(blank(code, node));
      }
    } else if (node.type === 'ExportDefaultDeclaration') {
      const declaration = node.declaration as AnyNode;
      const isDeclaration = declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration';
      if (isDeclaration && declaration.id) {
        edits.push({ start: node.start, end: declaration.start, text: '' });
        localExports.push(['default', (declaration.id as AnyNode).name as string]);
      } else if (declaration.type === 'FunctionDeclaration') {
        // `export default function () {}` is still a hoisted declaration; it needs a name to be referred to.
        const header = code.slice(declaration.start, (declaration.params as AnyNode[])[0]?.start ?? (declaration.body as AnyNode).start);
        const paren = declaration.start + header.indexOf('(');
        edits.push({ start: node.start, end: declaration.start, text: '' });
        edits.push({ start: paren, end: paren, text: ` ${DEFAULT_LOCAL}` });
        localExports.push(['default', DEFAULT_LOCAL]);
      } else {
        edits.push({ start: node.start, end: declaration.start, text: `const ${DEFAULT_LOCAL} = ` });
        edits.push({ start: declaration.end, end: declaration.end, text: ';' });
        localExports.push(['default', DEFAULT_LOCAL]);
      }
    }
  }

  for (const [exported, local] of localExports) exportGetters.set(exported, imports.get(local) ?? local);
  const rewriter = new ReferenceRewriter(imports, edits, `${MODULE_PARAM}.import`, `${MODULE_PARAM}.meta`, true);
  rewriter.visit(program as unknown as AnyNode);

  const body = applyEdits(code, edits);
  const namespaces = namespaceNames.map((name, i) => `${name} = ${MODULE_PARAM}.namespaces[${i}]`);
  const getters = [...exportGetters].map(([name, expression]) => `${JSON.stringify(name)}: () => ${expression}`);
  const generator = rewriter.topLevelAwait ? 'async function*' : 'function*';
  const header =
    `(function (${MODULE_PARAM}, ${PROCESS_GLOBALS.join(', ')}) {"use strict"; return ${generator} () {` +
    (namespaces.length ? `const ${[...namespaces, ...starAliases].join(', ')}; ` : '') +
    `${MODULE_PARAM}.exports({${getters.join(', ')}}); yield; `;
  return {
    source: `${header}${body}\n}; })\n//# sourceURL=${filename}`,
    requests,
    starExports,
    importedNames,
    topLevelAwait: rewriter.topLevelAwait,
    moduleSyntax: rewriter.topLevelAwait || rewriter.usesImportMeta || program.body.some((node) => /^(Import|Export)/.test(node.type)),
  };
}

/**
 * CommonJS as Node wraps it, with `import()` pointed at the loader (a browser's own `import()` would fetch
 * a URL). The process globals are parameters of an outer function, so a module may still declare its own
 * `const Buffer` or `process` as it can in Node. `import_meta` and `__dynamicImport` serve files an older
 * installer rewrote to CommonJS, which refer to them. `rewrite` (see needsCommonJsRewrite) says whether the code
 * uses either; without it the code is wrapped as it is.
 */
export function wrapCommonJs(code: string, filename: string, rewrite: boolean): string {
  if (code.startsWith('#!')) code = `//${code.slice(2)}`;
  // `import()` becomes the loader's; `await` carries the async context frame (async-context.ts).
  if (rewrite) {
    try {
      const program = parse(code, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true, allowHashBang: true });
      const edits: Edit[] = [];
      new ReferenceRewriter(new Map(), edits, '__tabsmith_import', null, true).visit(program as unknown as AnyNode);
      code = applyEdits(code, edits);
    } catch {
      // A syntax error surfaces when the wrapper is evaluated, with the browser's own message.
    }
  }
  const outer = [...PROCESS_GLOBALS, '__tabsmith_import', 'import_meta', '__dynamicImport'];
  return `(function (${outer.join(', ')}) { return function (exports, require, module, __filename, __dirname) {${code}\n}; })\n//# sourceURL=${filename}`;
}
