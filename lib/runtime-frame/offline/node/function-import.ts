/**
 * `import()` in code made by the Function constructor. Node resolves it against the module that called
 * `Function` (V8 hands the caller's script along) and loads through Node's loader, so packages use
 * `new Function('s', 'return import(s)')` to keep a real dynamic import in a CommonJS build. In a worker, the
 * browser's own import() would run instead and fail on every bare specifier ("Failed to resolve module
 * specifier"). So in a process that owns its global scope, `Function` compiles a body that spells `import(` with
 * those calls sent to the process's loader, the calling module (found on the stack, where every module names its
 * file) as the referrer.
 */
import { parse, type Node } from 'acorn';
import { applyEdits } from './esm-transform';
import { ReferenceRewriter, type Edit } from './references';

const IMPORT_HOOK = Symbol.for('tabsmith.function-import');

/**
 * The calling module's file, from an Error made in the Function trap: the first frame below the trap's own (line 0
 * is the message, line 1 the trap) that is a file of the process (an absolute path, where the runtime's own code
 * has URLs). V8 captures the frames when the Error is made and formats them only when `stack` is read.
 */
export function callerFile(stack: string | undefined): string | null {
  for (const line of (stack ?? '').split('\n').slice(2)) {
    const match = /(?:\(|at )(\/[^()\s]*?):\d+:\d+\)?\s*$/.exec(line);
    if (match) return match[1] as string;
  }
  return null;
}

/**
 * The Function constructor's arguments with each `import(` of the body made a call of the loader for the
 * referrer (asked for only then: formatting the stack costs, and most bodies import nothing); unchanged when the
 * body has none or does not parse (the native constructor then throws its own SyntaxError). The module
 * loader's own walk finds the calls, so `import` in a string or a comment is left alone.
 */
export function routeImports(args: readonly unknown[], referrer: () => string): unknown[] {
  if (args.length === 0) return [...args];
  const body = String(args[args.length - 1]);
  if (!body.includes('import')) return [...args];
  const prefix = `(async function anonymous(${args.slice(0, -1).map(String).join(',')}\n) {\n`;
  let program: Node;
  try {
    program = parse(`${prefix}${body}\n})`, { ecmaVersion: 'latest', sourceType: 'script' });
  } catch {
    return [...args];
  }
  // With no imported names and no import.meta, the walk's only edits are the `import` keywords of import().
  const edits: Edit[] = [];
  new ReferenceRewriter(new Map(), edits, '', null).visit(program as Node & Record<string, unknown>);
  const inBody = edits.filter((edit) => edit.start >= prefix.length);
  if (inBody.length === 0) return [...args];
  const hook = `globalThis[Symbol.for(${JSON.stringify(IMPORT_HOOK.description)})](${JSON.stringify(referrer())})`;
  return [
    ...args.slice(0, -1),
    applyEdits(
      body,
      inBody.map((edit) => ({ start: edit.start - prefix.length, end: edit.end - prefix.length, text: hook })),
    ),
  ];
}

/** Installs the routed `Function` on `scope`; returns what undoes it. */
export function routeFunctionImports(
  scope: typeof globalThis,
  load: (specifier: string, referrer: string) => Promise<unknown>,
  fallbackReferrer: () => string,
): () => void {
  const Native = scope.Function;
  const routed: FunctionConstructor = new Proxy(Native, {
    construct: (target, args, newTarget) => {
      const here = new Error();
      return Reflect.construct(
        target,
        routeImports(args, () => callerFile(here.stack) ?? fallbackReferrer()),
        newTarget === routed ? target : newTarget,
      );
    },
    apply: (target, self, args) => {
      const here = new Error();
      return Reflect.apply(
        target,
        self,
        routeImports(args, () => callerFile(here.stack) ?? fallbackReferrer()),
      );
    },
  });
  Object.defineProperty(scope, IMPORT_HOOK, { value: (referrer: string) => (specifier: unknown) => load(String(specifier), referrer), configurable: true });
  Object.defineProperty(scope, 'Function', { value: routed, writable: true, configurable: true, enumerable: false });
  return () => {
    Object.defineProperty(scope, 'Function', { value: Native, writable: true, configurable: true, enumerable: false });
    Reflect.deleteProperty(scope, IMPORT_HOOK);
  };
}
