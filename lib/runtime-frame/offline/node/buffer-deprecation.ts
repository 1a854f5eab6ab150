/**
 * Node's DEP0005: `Buffer()` and `new Buffer()` warn once per process, unless the call comes from a package
 * (a file under node_modules), whose authors the user cannot fix. As in Node, only the first ten thousand calls
 * are looked at, so a hot loop of old code does not keep reading stacks.
 */
const BUFFER_WARNING =
  'Buffer() is deprecated due to security and usability issues. Please use the Buffer.alloc(), Buffer.allocUnsafe(), or Buffer.from() methods instead.';
const CHECK_LIMIT = 10_000;

interface WarningProcess {
  emitWarning(warning: string, type: string, code: string): void;
}

const warned = new WeakSet<object>();
let checks = 0;

interface CallSite {
  isEval(): boolean;
  getScriptNameOrSourceURL(): string | null;
}

/**
 * The files of the program's frames on the current stack, innermost first: the runtime compiles programs'
 * files as evaluated code (named by their sourceURL), its own code never. Read with V8's structured stack,
 * without the program's Error.prepareStackTrace (which may itself call `Buffer()`).
 */
function programFiles(): string[] {
  const errorClass = Error as ErrorConstructor & { prepareStackTrace?: unknown };
  const programs = errorClass.prepareStackTrace;
  errorClass.prepareStackTrace = (_error: Error, sites: CallSite[]) => sites;
  let sites: unknown;
  try {
    sites = new Error().stack;
  } finally {
    errorClass.prepareStackTrace = programs;
  }
  if (!Array.isArray(sites)) return [];
  return (sites as CallSite[]).filter((site) => site.isEval()).map((site) => site.getScriptNameOrSourceURL() ?? '');
}

/** Whether the innermost of the program's frames is a package's file, as Node decides from its first frame. */
function calledFromPackage(files: string[]): boolean {
  const first = files[0];
  return first !== undefined && /[\\/]node_modules[\\/]/.test(first);
}

export function warnBufferConstructor(): void {
  const proc = (globalThis as { process?: Partial<WarningProcess> }).process;
  if (!proc || typeof proc.emitWarning !== 'function' || warned.has(proc)) return;
  if (++checks > CHECK_LIMIT || calledFromPackage(programFiles())) return;
  warned.add(proc);
  proc.emitWarning(BUFFER_WARNING, 'DeprecationWarning', 'DEP0005');
}
