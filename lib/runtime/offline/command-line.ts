/**
 * Command-line text of the offline runtime that is not the shell's grammar (that is shell/syntax.ts):
 * quoting argv back into a line, and the arguments of `node`.
 */

/** Quotes words so a shell reads them back as the same argv. */
export function quoteWords(words: readonly string[]): string {
  return words.map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** The Node release the offline runtime emulates: `node -v` and `process.version` both report it. */
export const NODE_VERSION = 'v22.12.0';

export type NodeInvocation =
  | { kind: 'version' }
  | { kind: 'eval'; code: string; print: boolean; args: string[] }
  | { kind: 'file'; path: string; args: string[] }
  | { kind: 'usage'; message: string };

/**
 * almostnode's `node` only runs files (`node -e` fails with "Cannot find module '/-e'"), so the adapter
 * interprets the flags itself: -v/--version answer directly, -e/-p code runs from a temporary file.
 */
export function parseNodeArgs(args: readonly string[]): NodeInvocation {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-v' || arg === '--version') return { kind: 'version' };
    if (arg === '-e' || arg === '--eval' || arg === '-p' || arg === '--print' || arg === '-pe') {
      const code = args[i + 1];
      if (code === undefined) return { kind: 'usage', message: `node: ${arg} requires an argument` };
      return { kind: 'eval', code, print: arg !== '-e' && arg !== '--eval', args: args.slice(i + 2) };
    }
    if (arg.startsWith('--eval=')) return { kind: 'eval', code: arg.slice(7), print: false, args: args.slice(i + 1) };
    if (arg === '--') {
      const path = args[i + 1];
      return path === undefined ? usage() : { kind: 'file', path, args: args.slice(i + 2) };
    }
    // Flags whose value is the next word; the value must not be taken for the program.
    if (FLAGS_WITH_VALUE.has(arg)) i++;
    if (arg.startsWith('-')) continue; // other flags (--watch, --inspect, …) have no meaning here
    return { kind: 'file', path: arg, args: args.slice(i + 1) };
  }
  return usage();
}

function usage(): NodeInvocation {
  return { kind: 'usage', message: 'node: the interactive REPL is not available here; run a file or use node -e "code"' };
}

const FLAGS_WITH_VALUE = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions', '--env-file', '--input-type', '--title', '--max-old-space-size', '--stack-size']);

/** The source of the temporary file that `node -e` / `node -p` runs. */
export function evalSource(code: string, print: boolean): string {
  if (!print) return code;
  return `const __tabsmithResult = eval(${JSON.stringify(code)});\nconsole.log(__tabsmithResult);\n`;
}
