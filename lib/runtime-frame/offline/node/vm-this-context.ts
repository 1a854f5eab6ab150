/**
 * `vm.runInThisContext` and `Script#runInThisContext` as Node runs them: the code is a script of its own in the
 * global scope, in sloppy mode unless it says 'use strict', so `x = 1` creates a global and a top-level `var` or
 * `function` becomes one. (A direct `eval` inside a module would run it in strict mode, in the caller's scope.)
 */
type Module = Record<string, unknown>;

interface ScriptOptions {
  filename?: string;
}

// An indirect eval: global scope, and the code's own strictness.
const globalEval = globalThis.eval;

function filenameOf(options: unknown): string {
  if (typeof options === 'string') return options;
  const filename = (options as ScriptOptions | undefined)?.filename;
  return typeof filename === 'string' ? filename : 'evalmachine.<anonymous>';
}

/** Runs `code` as a global script; stack traces name `filename`, as Node's do. */
function runScriptInThisContext(code: string, options?: unknown): unknown {
  return globalEval(`${code}\n//# sourceURL=${filenameOf(options)}`);
}

/** The parts of almostnode's vm that run code in this context, replaced by global-scope ones. */
export function vmThisContext(almost: Module): Module {
  const Base = almost.Script as new (code: string, options?: unknown) => object;
  class Script extends Base {
    readonly #code: string;
    readonly #options: unknown;
    constructor(code: string, options?: unknown) {
      super(code, options);
      this.#code = String(code);
      this.#options = options;
    }
    runInThisContext(): unknown {
      return runScriptInThisContext(this.#code, this.#options);
    }
  }
  return {
    Script,
    runInThisContext: (code: string, options?: unknown) => runScriptInThisContext(String(code), options),
  };
}
