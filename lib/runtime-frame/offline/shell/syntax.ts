/**
 * A command line as lists of pipelines of simple commands, from shell-quote's tokens. Words are kept
 * unexpanded (variables, `~` and fd numbers are marked, see MARK) because `$?`, `cd` and `export` earlier in
 * the same line change what they mean. Syntax shell-quote cannot express (command substitution, compound
 * commands, functions, heredocs, subshells, brace expansion) makes the whole line a `script`, which the
 * interpreter hands to just-bash as written.
 */
import { parse, type ParseEntry } from 'shell-quote';

/** Private-use characters that stand for expansions inside a word's text. */
export const MARK = {
  varOpen: '\uE000',
  varClose: '\uE001',
  tilde: '\uE002',
  fd: '\uE003',
  /** Before an unquoted variable: its value is split into words. */
  split: '\uE004',
} as const;

export interface Word {
  /** The word with quotes removed and MARK characters where expansions go. */
  text: string;
  /** It had an unquoted * or ?: match it against the workspace. */
  glob: boolean;
}

export type Redirect = { kind: 'file'; fd: 0 | 1 | 2 | 'out+err'; mode: 'read' | 'write' | 'append'; target: Word } | { kind: 'dup'; fd: 1 | 2; to: 1 | 2 };

export interface SimpleCommand {
  assignments: Word[];
  words: Word[];
  redirects: Redirect[];
}

type ListOperator = '&&' | '||' | ';' | '&';

export interface ListItem {
  pipeline: SimpleCommand[];
  /** How the next item depends on this one ('&' runs this one in the background). */
  then: ListOperator;
}

export type ParsedLine = { kind: 'list'; items: ListItem[] } | { kind: 'script'; reason: string };

const KEYWORDS = new Set([
  'if',
  'then',
  'elif',
  'else',
  'fi',
  'for',
  'while',
  'until',
  'do',
  'done',
  'case',
  'esac',
  'function',
  'select',
  '[[',
  '{',
  '}',
  '!',
  'time',
  'coproc',
]);
const SIMPLE_VAR = /^(?:[A-Za-z_]\w*|[?$#!@*0-9-])$/;
const DEFAULTED_VAR = /^[A-Za-z_]\w*:?-[^$`]*$/;
export const ASSIGNMENT = /^[A-Za-z_]\w*=/;
const OPERATOR_CHARS = ' \t\n;&|<>()';
const REDIRECTIONS = new Set(['>', '>|', '>>', '<', '&>', '&>>', '>&']);

/**
 * Walks the line once with bash's quoting rules to mark what shell-quote cannot tell apart afterwards: an
 * unquoted `~` starting a word, an unquoted variable (split into words), a file-descriptor number written
 * against `>`/`<` (`2>`, not `2 >`), and syntax only a full shell runs. Returns the marked line, or the reason it needs the full shell.
 */
function markLine(line: string): { marked: string } | { reason: string } {
  let out = '';
  let quote: "'" | '"' | null = null;
  let wordStart = true;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    const next = line[i + 1];
    if (quote === "'") {
      if (ch === "'") quote = null;
      out += ch;
      continue;
    }
    if (ch === '\\') {
      out += ch + (next ?? '');
      i++;
      wordStart = false;
      continue;
    }
    if (ch === '`' || (ch === '$' && next === '(')) return { reason: 'command substitution' };
    if (quote === '"') {
      if (ch === '"') quote = null;
      out += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
      wordStart = false;
      continue;
    }
    if (wordStart && ch === '~' && (next === undefined || next === '/' || OPERATOR_CHARS.includes(next))) {
      out += MARK.tilde;
      wordStart = false;
      continue;
    }
    if (wordStart && /\d/.test(ch)) {
      const digits = /^\d+/.exec(line.slice(i))?.[0] ?? ch;
      const after = line[i + digits.length];
      if (after === '>' || after === '<') {
        out += MARK.fd + digits;
        i += digits.length - 1;
        wordStart = false;
        continue;
      }
    }
    if (wordStart && ch === '{' && /^\{[^\s{}]*(?:,|\.\.)[^\s{}]*\}/.test(line.slice(i))) return { reason: 'brace expansion' };
    if (ch === '$' && next !== undefined && /[\w{?$#!@*-]/.test(next)) {
      out += MARK.split + ch;
      wordStart = false;
      continue;
    }
    out += ch;
    wordStart = OPERATOR_CHARS.includes(ch);
  }
  return { marked: out };
}

const operatorOf = (entry: ParseEntry): string | null => (typeof entry === 'object' && 'op' in entry && entry.op !== 'glob' ? entry.op : null);

function toWord(entry: ParseEntry): Word | null {
  if (typeof entry === 'string') return { text: entry, glob: false };
  if ('op' in entry && entry.op === 'glob') return { text: entry.pattern, glob: true };
  return null;
}

const fdOf = (word: Word | undefined): number | null => (word && !word.glob && word.text.startsWith(MARK.fd) ? Number(word.text.slice(MARK.fd.length)) : null);

/** Parses one line (see the module comment); never throws: what it cannot read is a `script`. */
export function parseLine(line: string): ParsedLine {
  const scan = markLine(line);
  if ('reason' in scan) return { kind: 'script', reason: scan.reason };
  let unsupported: string | null = null;
  let entries: ParseEntry[];
  try {
    entries = parse(scan.marked, (name: string) => {
      if (name === '') return undefined;
      if (!SIMPLE_VAR.test(name) && !DEFAULTED_VAR.test(name)) unsupported = `\${${name}}`;
      return `${MARK.varOpen}${name}${MARK.varClose}`;
    });
  } catch (error) {
    return { kind: 'script', reason: error instanceof Error ? error.message : 'unreadable line' };
  }
  if (unsupported) return { kind: 'script', reason: unsupported };

  const items: ListItem[] = [];
  let pipeline: SimpleCommand[] = [];
  let command: SimpleCommand = { assignments: [], words: [], redirects: [] };
  const endCommand = (): boolean => {
    if (command.words.length === 0 && command.assignments.length === 0 && command.redirects.length === 0) return false;
    pipeline.push(command);
    command = { assignments: [], words: [], redirects: [] };
    return true;
  };

  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as ParseEntry;
    if (typeof entry === 'object' && 'comment' in entry) break;
    const word = toWord(entry);
    if (word) {
      // An assignment's value is never globbed, as in sh: `DEBUG=vite:* cmd` sets DEBUG to `vite:*`.
      if (command.words.length === 0 && ASSIGNMENT.test(word.text)) command.assignments.push({ text: word.text, glob: false });
      else if (command.words.length === 0 && (KEYWORDS.has(word.text) || word.text.endsWith('()'))) return { kind: 'script', reason: word.text };
      else command.words.push(word);
      continue;
    }
    const op = operatorOf(entry);
    if (op === null) continue;
    if (op === '|' || op === '|&') {
      if (op === '|&') command.redirects.push({ kind: 'dup', fd: 2, to: 1 });
      if (!endCommand()) return { kind: 'script', reason: `syntax near ${op}` };
      continue;
    }
    if (op === '&&' || op === '||' || op === ';' || op === '&') {
      if (!endCommand()) return { kind: 'script', reason: `syntax near ${op}` };
      items.push({ pipeline, then: op });
      pipeline = [];
      continue;
    }
    if (!REDIRECTIONS.has(op)) return { kind: 'script', reason: `operator ${op}` };
    // Redirections: the fd written against the operator (if any) is the last word so far.
    const fd = fdOf(command.words[command.words.length - 1]);
    if (fd !== null) command.words.pop();
    const target = toWord(entries[i + 1] as ParseEntry);
    if (!target) return { kind: 'script', reason: `redirection ${op}` };
    i++;
    if (op === '>&' && (target.text === '1' || target.text === '2') && (fd === null || fd === 1 || fd === 2)) {
      command.redirects.push({ kind: 'dup', fd: fd === 2 ? 2 : 1, to: target.text === '1' ? 1 : 2 });
      continue;
    }
    if (fd !== null && fd > 2) return { kind: 'script', reason: `file descriptor ${fd}` };
    if (op === '>' || op === '>|' || op === '>>') {
      command.redirects.push({ kind: 'file', fd: fd === 2 ? 2 : 1, mode: op === '>>' ? 'append' : 'write', target });
    } else if (op === '<' && (fd === null || fd === 0)) {
      command.redirects.push({ kind: 'file', fd: 0, mode: 'read', target });
    } else if (op === '&>' || op === '&>>' || (op === '>&' && fd === null)) {
      command.redirects.push({ kind: 'file', fd: 'out+err', mode: op === '&>>' ? 'append' : 'write', target });
    } else {
      return { kind: 'script', reason: `operator ${op}` };
    }
  }
  if (endCommand()) items.push({ pipeline, then: ';' });
  // A line ending in `|`, `&&` or `||` continues on the next line in bash; here it is incomplete.
  else if (pipeline.length > 0 || /^(?:&&|\|\|)$/.test(items.at(-1)?.then ?? '')) return { kind: 'script', reason: 'incomplete line' };
  return { kind: 'list', items };
}
