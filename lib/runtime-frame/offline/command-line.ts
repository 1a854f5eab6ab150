/**
 * Command-line text of the offline runtime that is not the shell's grammar (that is shell/syntax.ts):
 * quoting argv back into a line, and the arguments of `node`.
 */
import { isKnownFlag, takesValue } from './node-flags';

/** Quotes words so a shell reads them back as the same argv. */
export function quoteWords(words: readonly string[]): string {
  return words.map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** The Node release the offline runtime emulates: `node -v` and `process.version` both report it. */
export const NODE_VERSION = 'v22.12.0';

export type NodeInvocation =
  | { kind: 'version' }
  | { kind: 'eval'; code: string; print: boolean; args: string[]; execArgv?: string[] }
  | { kind: 'file'; path: string; args: string[]; execArgv?: string[] }
  /** `node --test [files or globs]`: Node's test runner, each file in a process of its own. */
  | { kind: 'test'; patterns: string[]; execArgv: string[] }
  | { kind: 'usage'; message: string };

/**
 * almostnode's `node` only runs files (`node -e` fails with "Cannot find module '/-e'"), so the adapter
 * interprets the flags itself: -v/--version answer directly, -e/-p code runs from a temporary file, --test
 * runs the test runner. The flags before the program become its `process.execArgv`, where node:test reads
 * its options as it does in Node; a flag Node does not know is refused in Node's words.
 */
export function parseNodeArgs(args: readonly string[]): NodeInvocation {
  const execArgv: string[] = [];
  const withFlags = <T extends object>(invocation: T): T & { execArgv?: string[] } => (execArgv.length ? { ...invocation, execArgv } : invocation);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-v' || arg === '--version') return { kind: 'version' };
    if (arg === '-e' || arg === '--eval' || arg === '-p' || arg === '--print' || arg === '-pe') {
      const code = args[i + 1];
      if (code === undefined) return { kind: 'usage', message: `node: ${arg} requires an argument` };
      return withFlags({ kind: 'eval', code, print: arg !== '-e' && arg !== '--eval', args: args.slice(i + 2) });
    }
    if (arg.startsWith('--eval=')) return withFlags({ kind: 'eval', code: arg.slice(7), print: false, args: args.slice(i + 1) });
    if (arg === '-') return usage(); // the program from stdin: a REPL-like read the terminal does not offer
    if (execArgv.includes('--test')) {
      if (arg === '--') return testInvocation(args.slice(i + 1), execArgv);
      if (!arg.startsWith('-')) return testInvocation(args.slice(i), execArgv);
    }
    if (arg === '--') {
      const path = args[i + 1];
      return path === undefined ? usage() : withFlags({ kind: 'file', path, args: args.slice(i + 2) });
    }
    if (!arg.startsWith('-')) return withFlags({ kind: 'file', path: arg, args: args.slice(i + 1) });
    if (!isKnownFlag(arg)) return { kind: 'usage', message: `node: bad option: ${arg}` };
    execArgv.push(arg);
    // Flags whose value is the next word; the value must not be taken for the program.
    if (takesValue(arg) && !arg.includes('=')) {
      const value = args[i + 1];
      if (value === undefined) return { kind: 'usage', message: `node: ${arg} requires an argument` };
      execArgv.push(value);
      i++;
    }
  }
  return execArgv.includes('--test') ? testInvocation([], execArgv) : usage();
}

function testInvocation(patterns: string[], execArgv: string[]): NodeInvocation {
  // Watching needs file-change events from the workspace that a test run here does not subscribe to.
  const watch = execArgv.find((flag) => flag === '--watch' || flag.startsWith('--watch-path'));
  if (watch) return { kind: 'usage', message: `node: ${watch} is not supported with --test in this runtime; run node --test again after a change` };
  return { kind: 'test', patterns, execArgv };
}

function usage(): NodeInvocation {
  return { kind: 'usage', message: 'node: the interactive REPL is not available here; run a file or use node -e "code"' };
}

/** The source of the temporary file that `node -e` / `node -p` runs. */
export function evalSource(code: string, print: boolean): string {
  if (!print) return code;
  return `const __tabsmithResult = eval(${JSON.stringify(code)});\nconsole.log(__tabsmithResult);\n`;
}
