/**
 * From source text to a callable module factory, cached by file and content hash so a file is parsed and
 * compiled once per page however many processes load it. Installed files are never rewritten: whether a file
 * is CommonJS or an ES module is decided here, at load time, the way Node decides it.
 */
import { installAwaitHelpers } from './async-context';
import { needsCommonJsRewrite } from './cjs-rewrite-scan';
import { parseModule, transformEsm, wrapCommonJs, type EsmCode } from './esm-transform';

/** `(...globals, import, import_meta, __dynamicImport) => Node's module wrapper function` (see wrapCommonJs). */
export type CjsFactory = (...globals: unknown[]) => (this: unknown, ...args: unknown[]) => void;
/** `(module, ...globals) => generator function` for an ES module. */
export type EsmFactory = (...args: unknown[]) => () => Generator<unknown, void, unknown> | AsyncGenerator<unknown, void, unknown>;

export type Compiled =
  | { format: 'cjs'; factory: CjsFactory }
  | ({ format: 'esm'; factory: EsmFactory } & Omit<EsmCode, 'source' | 'moduleSyntax'>);

/** How the file's name and package scope classify it: `.mjs` / `type: module`, `.cjs` / `type: commonjs`, or neither. */
export type FormatHint = 'esm' | 'cjs' | 'detect';

// Cheap pre-checks before a full parse: module syntax, and the marks of code already in CommonJS form.
const MODULE_SYNTAX_HINT = /(?<![\w$.])(?:import(?:\s+[\w$]|\s*[{*'"])|export(?:\s+[\w$]|\s*[{*])|import\s*\.\s*meta)/;
const AWAIT_HINT = /(?<![\w$.])await[\s(]/;
const COMMONJS_MARKS = /(?<![\w$.])(?:require\s*\(|module\.exports|exports\.[\w$]+\s*=|Object\.defineProperty\(\s*exports\b)/;

/** cyrb53: a fast 53-bit string hash, plenty to tell file versions apart. */
export function contentHash(text: string): string {
  let h1 = 0xdeadbeef ^ text.length;
  let h2 = 0x41c6ce57 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function evaluate<T>(source: string): T {
  // Indirect eval: the module sees only the globals and what its wrapper passes in, never this file's scope.
  return (0, eval)(source) as T;
}

function syntaxError(error: unknown, filename: string): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new SyntaxError(`${message} (in ${filename})`);
}

function commonJs(code: string, filename: string, rewrite = needsCommonJsRewrite(code)): Compiled {
  try {
    return { format: 'cjs', factory: evaluate<CjsFactory>(wrapCommonJs(code, filename, rewrite)) };
  } catch (error) {
    throw syntaxError(error, filename);
  }
}

/**
 * The code compiled as CommonJS if it is CommonJS (no import/export, import.meta or top-level await), else
 * the browser's SyntaxError. The first compile is of the code as it is: it answers the question, fails fast
 * for a module (at its first import), and is the result itself when the code needs no rewrite.
 */
function tryCommonJs(code: string, filename: string): Compiled | SyntaxError {
  let factory: CjsFactory;
  try {
    factory = evaluate<CjsFactory>(wrapCommonJs(code, filename, false));
  } catch (error) {
    if (error instanceof SyntaxError) return syntaxError(error, filename) as SyntaxError;
    throw error;
  }
  return needsCommonJsRewrite(code) ? commonJs(code, filename, true) : { format: 'cjs', factory };
}

export class CodeCache {
  private readonly compiled = new Map<string, Compiled>();

  constructor() {
    // Compiled code calls them at every `await` (esm-transform.ts).
    installAwaitHelpers();
  }

  get size(): number {
    return this.compiled.size;
  }

  compile(code: string, filename: string, hint: FormatHint): Compiled {
    const key = `${hint}\0${filename}\0${contentHash(code)}`;
    let entry = this.compiled.get(key);
    if (!entry) {
      entry = this.build(code, filename, hint);
      this.compiled.set(key, entry);
    }
    return entry;
  }

  private build(code: string, filename: string, hint: FormatHint): Compiled {
    if (hint === 'cjs') return commonJs(code, filename);
    const ownCode = !filename.includes('/node_modules/');
    // Node also runs a file with top-level await but no import/export as a module; only the project's own
    // files are checked for it, since `await ` appears in nearly every package.
    if (hint === 'detect' && !MODULE_SYNTAX_HINT.test(code) && !(ownCode && AWAIT_HINT.test(code))) return commonJs(code, filename);
    // The hints also match words in comments and strings ("import them", "export default" in a message), so a
    // large CommonJS file (react-dom's development build) would be parsed in full here only to find no module
    // syntax. As Node's own detection does, it is compiled as CommonJS first (the engine's parser is far
    // faster); only code that cannot be CommonJS (import/export, import.meta, top-level await) goes on.
    let notCommonJs: SyntaxError | undefined;
    if (hint === 'detect') {
      const compiled = tryCommonJs(code, filename);
      if (!(compiled instanceof SyntaxError)) return compiled;
      notCommonJs = compiled;
    }
    let esm: EsmCode;
    try {
      esm = transformEsm(code, parseModule(code), filename);
    } catch (error) {
      throw notCommonJs ?? syntaxError(error, filename);
    }
    // Detection: no module syntax means CommonJS. A module by name or package type that is plainly CommonJS
    // (some installers rewrite packages to CommonJS on disk and leave `type: module`) runs as CommonJS too,
    // where Node would only fail with "require is not defined".
    if (!esm.moduleSyntax && notCommonJs) throw notCommonJs;
    if (!esm.moduleSyntax && COMMONJS_MARKS.test(code)) return commonJs(code, filename);
    const { source, moduleSyntax: _, ...rest } = esm;
    try {
      return { format: 'esm', factory: evaluate<EsmFactory>(source), ...rest };
    } catch (error) {
      throw syntaxError(error, filename);
    }
  }
}
