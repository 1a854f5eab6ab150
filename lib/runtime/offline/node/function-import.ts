/**
 * `import()` in code made by the Function constructor. Node resolves it against the module that called
 * `Function` (V8 hands the caller's script along) and loads through Node's loader, so packages use
 * `new Function('s', 'return import(s)')` to keep a real dynamic import in a CommonJS build. In a worker, the
 * browser's own import() would run instead and fail on every bare specifier ("Failed to resolve module
 * specifier"). So in a process that owns its global scope, `Function` compiles a body that spells `import(` with
 * those calls sent to the process's loader, the calling module (found on the stack, where every module names its
 * file) as the referrer.
 */
import { parse } from 'acorn';

type AnyNode = { type: string; start: number; end: number; source?: AnyNode } & Record<string, unknown>;

const IMPORT_HOOK = Symbol.for('tabsmith.function-import');

/**
 * The calling module's file: the first frame below the Function trap's own (line 0 is the message, line 1 the
 * trap) that is a file of the process (an absolute path, where the runtime's own code has URLs).
 */
export function callerFile(stack: string | undefined): string | null {
  for (const line of (stack ?? '').split('\n').slice(2)) {
    const match = /(?:\(|at )(\/[^()\s]*?):\d+:\d+\)?\s*$/.exec(line);
    if (match) return match[1] as string;
  }
  return null;
}

function importExpressions(node: unknown, found: AnyNode[]): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) importExpressions(child, found);
    return;
  }
  const current = node as AnyNode;
  if (current.type === 'ImportExpression') found.push(current);
  for (const [key, value] of Object.entries(current)) if (key !== 'type' && value && typeof value === 'object') importExpressions(value, found);
}

/**
 * The Function constructor's arguments with each `import(` of the body made a call of the loader for `referrer`;
 * unchanged when the body has none or does not parse (the native constructor then throws its own SyntaxError).
 */
export function routeImports(args: readonly unknown[], referrer: string): unknown[] {
  if (args.length === 0) return [...args];
  const body = String(args[args.length - 1]);
  if (!body.includes('import')) return [...args];
  const params = args.slice(0, -1).map(String).join(',');
  const prefix = `(async function anonymous(${params}\n) {\n`;
  let program: unknown;
  try {
    program = parse(`${prefix}${body}\n})`, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true });
  } catch {
    return [...args];
  }
  const found: AnyNode[] = [];
  importExpressions(program, found);
  if (found.length === 0) return [...args];
  const call = `globalThis[Symbol.for(${JSON.stringify(IMPORT_HOOK.description)})](${JSON.stringify(referrer)}, `;
  let text = body;
  for (const node of found.sort((a, b) => b.start - a.start)) {
    const start = node.start - prefix.length;
    const argument = (node.source as AnyNode).start - prefix.length;
    text = text.slice(0, start) + call + text.slice(argument);
  }
  return [...args.slice(0, -1), text];
}

/** Installs the routed `Function` on `scope`; returns what undoes it. */
export function routeFunctionImports(scope: typeof globalThis, load: (specifier: string, referrer: string) => Promise<unknown>, fallbackReferrer: () => string): () => void {
  const Native = scope.Function;
  const routed: FunctionConstructor = new Proxy(Native, {
    construct: (target, args, newTarget) => Reflect.construct(target, routeImports(args, callerFile(new Error().stack) ?? fallbackReferrer()), newTarget === routed ? target : newTarget),
    apply: (target, self, args) => Reflect.apply(target, self, routeImports(args, callerFile(new Error().stack) ?? fallbackReferrer())),
  });
  Object.defineProperty(scope, IMPORT_HOOK, { value: (referrer: string, specifier: unknown) => load(String(specifier), referrer), configurable: true });
  Object.defineProperty(scope, 'Function', { value: routed, writable: true, configurable: true, enumerable: false });
  return () => {
    Object.defineProperty(scope, 'Function', { value: Native, writable: true, configurable: true, enumerable: false });
    Reflect.deleteProperty(scope, IMPORT_HOOK);
  };
}
