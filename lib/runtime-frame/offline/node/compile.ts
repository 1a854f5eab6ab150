/**
 * From source text to a callable module factory, cached by file and content hash so a file is parsed and
 * compiled once per page however many processes load it. Installed files are never rewritten: whether a file
 * is CommonJS or an ES module is decided here, at load time, the way Node decides it.
 */
import { LRUCache } from 'lru-cache';
import { installAwaitHelpers } from './async-context';
import { mentionsRewriteWords, needsCommonJsRewrite } from './cjs-rewrite-scan';
import { parseModule, transformEsm, wrapCommonJs, type EsmCode } from './esm-transform';

/** `(...globals, import, import_meta, __dynamicImport) => Node's module wrapper function` (see wrapCommonJs). */
export type CjsFactory = (...globals: unknown[]) => (this: unknown, ...args: unknown[]) => void;
/** `(module, ...globals) => generator function` for an ES module. */
type EsmFactory = (...args: unknown[]) => () => Generator<unknown, void, unknown> | AsyncGenerator<unknown, void, unknown>;

export type Compiled = { format: 'cjs'; factory: CjsFactory } | ({ format: 'esm'; factory: EsmFactory } & Omit<EsmCode, 'source' | 'moduleSyntax'>);

/** How the file's name and package scope classify it: `.mjs` / `type: module`, `.cjs` / `type: commonjs`, or neither. */
export type FormatHint = 'esm' | 'cjs' | 'detect';

// Cheap pre-checks before a full parse: module syntax, and the marks of code already in CommonJS form.
const MODULE_SYNTAX_HINT = /(?<![\w$.])(?:import(?:\s+[\w$]|\s*[{*'"])|export(?:\s+[\w$]|\s*[{*])|import\s*\.\s*meta)/;
const AWAIT_HINT = /(?<![\w$.])await[\s(]/;
const COMMONJS_MARKS = /(?<![\w$.])(?:require\s*\(|module\.exports|exports\.[\w$]+\s*=|Object\.defineProperty\(\s*exports\b)/;

/** cyrb53: a fast 53-bit string hash, plenty to tell file versions apart. */
function contentHash(text: string): string {
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

/**
 * What a compile produced, as text: the code a factory is evaluated from, with the module's links. It can be
 * handed to another process of the same file system, which then only evaluates it.
 */
export type CodeRecipe = { format: 'cjs'; source: string } | ({ format: 'esm'; source: string } & Omit<EsmCode, 'source' | 'moduleSyntax'>);

/**
 * Recipes shared by the processes of one file system, so a large package (Vite's own chunks, a compiler) is
 * parsed and rewritten once per page rather than once per process and thread. `get` may wait while another
 * process is building the same key; a process that gets nothing builds it and then `put`s it, or `release`s
 * the key when the build fails.
 */
export interface SharedCode {
  get(key: string): CodeRecipe | undefined;
  put(key: string, recipe: CodeRecipe): void;
  release(key: string): void;
}

/**
 * Below this size a build costs less than asking another thread for it. A thread of Rolldown's WebAssembly build
 * starts in a fresh worker, whose parser has not warmed up yet: its few-kilobyte CommonJS files with async
 * functions (WASI's, in @tybys/wasm-util) took it longer to parse than to fetch from the frame.
 */
const SHARED_MIN_CHARS = 2_048;

/** Whether building the code may parse it, the part worth sharing: a module, or CommonJS with `import(`/`await`. */
function mayParse(code: string, hint: FormatHint): boolean {
  return hint === 'esm' || mentionsRewriteWords(code) || (hint === 'detect' && MODULE_SYNTAX_HINT.test(code));
}

function realize(recipe: CodeRecipe, filename: string): Compiled {
  try {
    if (recipe.format === 'cjs') return { format: 'cjs', factory: evaluate<CjsFactory>(recipe.source) };
    const { source, format: _, ...links } = recipe;
    return { format: 'esm', factory: evaluate<EsmFactory>(source), ...links };
  } catch (error) {
    throw syntaxError(error, filename);
  }
}

interface Built {
  compiled: Compiled;
  /** Set when the build parsed or rewrote the code, the part worth sharing. */
  recipe?: CodeRecipe;
}

function commonJs(code: string, filename: string, rewrite = needsCommonJsRewrite(code)): Built {
  const source = wrapCommonJs(code, filename, rewrite);
  const recipe: CodeRecipe = { format: 'cjs', source };
  return { compiled: realize(recipe, filename), ...(rewrite ? { recipe } : {}) };
}

/**
 * The code compiled as CommonJS if it is CommonJS (no import/export, import.meta or top-level await), else
 * the browser's SyntaxError. The first compile is of the code as it is: it answers the question, fails fast
 * for a module (at its first import), and is the result itself when the code needs no rewrite.
 */
function tryCommonJs(code: string, filename: string): Built | SyntaxError {
  let factory: CjsFactory;
  try {
    factory = evaluate<CjsFactory>(wrapCommonJs(code, filename, false));
  } catch (error) {
    if (error instanceof SyntaxError) return syntaxError(error, filename) as SyntaxError;
    throw error;
  }
  return needsCommonJsRewrite(code) ? commonJs(code, filename, true) : { compiled: { format: 'cjs', factory } };
}

/**
 * How many compiled modules one process keeps. A module's key holds its content's hash, so every edit of a file
 * a long-running process loads again adds an entry; the least recently used go past this (a real project's
 * dependency graph, Vite's included, loads a few thousand).
 */
const MAX_COMPILED_MODULES = 8_192;

export class CodeCache {
  private readonly compiled: LRUCache<string, Compiled>;
  private readonly shared: SharedCode | undefined;

  constructor(shared?: SharedCode, max = MAX_COMPILED_MODULES) {
    this.shared = shared;
    this.compiled = new LRUCache<string, Compiled>({ max });
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
      entry =
        this.shared && code.length >= SHARED_MIN_CHARS && mayParse(code, hint)
          ? this.fromShared(this.shared, key, code, filename, hint)
          : this.build(code, filename, hint).compiled;
      this.compiled.set(key, entry);
    }
    return entry;
  }

  private fromShared(shared: SharedCode, key: string, code: string, filename: string, hint: FormatHint): Compiled {
    const recipe = shared.get(key);
    if (recipe) return realize(recipe, filename);
    let built: Built;
    try {
      built = this.build(code, filename, hint);
    } catch (error) {
      shared.release(key);
      throw error;
    }
    if (built.recipe) shared.put(key, built.recipe);
    else shared.release(key);
    return built.compiled;
  }

  private build(code: string, filename: string, hint: FormatHint): Built {
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
      const built = tryCommonJs(code, filename);
      if (!(built instanceof SyntaxError)) return built;
      notCommonJs = built;
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
    const { moduleSyntax: _, ...links } = esm;
    const recipe: CodeRecipe = { format: 'esm', ...links };
    return { compiled: realize(recipe, filename), recipe };
  }
}
