/**
 * Just enough command-line parsing to decide which commands the adapter runs itself (node, npm install,
 * npm run, cd) and which it hands to almostnode's bash unchanged (pipes, redirects, globs, everything else).
 */

export type Token = { word: string } | { op: string };

const OPERATORS = ['&&', '||', '>>', '2>', '|', ';', '>', '<', '&', '(', ')'];

/** Splits a command line into words and operators, honouring '…', "…" and backslash escapes. */
export function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const flush = () => {
    if (inWord) tokens.push({ word });
    word = '';
    inWord = false;
  };
  while (i < line.length) {
    const ch = line[i] as string;
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      flush();
      i++;
    } else if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      const stop = end === -1 ? line.length : end;
      word += line.slice(i + 1, stop);
      inWord = true;
      i = stop + 1;
    } else if (ch === '"') {
      i++;
      inWord = true;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1] as string)) i++;
        word += line[i];
        i++;
      }
      i++;
    } else if (ch === '\\' && i + 1 < line.length) {
      word += line[i + 1];
      inWord = true;
      i += 2;
    } else {
      const op = OPERATORS.find((candidate) => line.startsWith(candidate, i));
      if (op && !(op === '2>' && inWord)) {
        flush();
        tokens.push({ op });
        i += op.length;
      } else {
        word += ch;
        inWord = true;
        i++;
      }
    }
  }
  flush();
  return tokens;
}

/**
 * The command as `&&`-separated lists of plain words, or null when the line uses anything else a real
 * shell must interpret (pipes, redirects, `;`, variables, globs, subshells): those go to almostnode's bash.
 */
export function splitSimpleCommands(line: string): string[][] | null {
  // Quoted text is literal except for $ and backticks inside double quotes.
  const unquoted = line
    .replace(/'[^']*'/g, '')
    .replace(/"(?:[^"\\]|\\.)*"/g, (quoted) => (/[$`]/.test(quoted) ? '$' : ''));
  if (/[$`*?{}]/.test(unquoted)) return null;
  const commands: string[][] = [[]];
  for (const token of tokenize(line)) {
    if ('op' in token) {
      if (token.op !== '&&') return null;
      commands.push([]);
    } else {
      (commands[commands.length - 1] as string[]).push(token.word);
    }
  }
  return commands.some((words) => words.length === 0) ? null : commands;
}

/** Quotes words so almostnode's bash sees them as written. */
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
    if (arg.startsWith('-')) continue; // other flags (--watch, --inspect, …) have no meaning here
    return { kind: 'file', path: arg, args: args.slice(i + 1) };
  }
  return { kind: 'usage', message: 'node: the interactive REPL is not available here; run a file or use node -e "code"' };
}

/** The source of the temporary file that `node -e` / `node -p` runs. */
export function evalSource(code: string, print: boolean): string {
  if (!print) return code;
  return `const __tabsmithResult = eval(${JSON.stringify(code)});\nconsole.log(__tabsmithResult);\n`;
}
