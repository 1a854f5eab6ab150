/**
 * Word expansion at the moment a command runs: `$NAME`, `${NAME}`, `${NAME:-default}`, `$?`, `$$`, `~`; the
 * value of an unquoted variable is split into words at blanks (an empty one leaves no word); then globs
 * against the workspace (no match leaves the pattern as written, as bash does).
 */
import type { VirtualFS } from 'almostnode';
import picomatch from 'picomatch/posix';
import { joinPath, resolvePath } from '../paths';
import { HOME, type ShellSession } from './session';
import { MARK, type Word } from './syntax';

const VARIABLE = new RegExp(`${MARK.split}?${MARK.varOpen}([^${MARK.varClose}]*)${MARK.varClose}`, 'g');
/** A word cut into literal text and variables, keeping the variables (and whether they split) as parts. */
const PARTS = new RegExp(`(${MARK.split}?${MARK.varOpen}[^${MARK.varClose}]*${MARK.varClose})`);
const VARIABLE_PART = new RegExp(`^(${MARK.split}?)${MARK.varOpen}([^${MARK.varClose}]*)${MARK.varClose}$`);

function lookup(name: string, session: ShellSession): string | undefined {
  switch (name) {
    case '?':
      return String(session.status);
    case '$':
      return String(session.pid);
    case '#':
      return '0';
    case '0':
      return 'bash';
  }
  return session.vars[name] ?? session.env[name];
}

function variable(expression: string, session: ShellSession): string {
  const defaulted = /^([A-Za-z_]\w*)(:?)-(.*)$/.exec(expression);
  if (!defaulted) return lookup(expression, session) ?? '';
  const [, name = '', colon, fallback = ''] = defaulted;
  const value = lookup(name, session);
  return value === undefined || (colon && value === '') ? fallback : value;
}

function expandTilde(text: string, session: ShellSession): string {
  const home = session.env.HOME || HOME;
  return text.split(MARK.tilde).reduce((done, part) => done + (part.startsWith('/') ? home.replace(/\/$/, '') : home) + part);
}

/** Replaces the variable and `~` marks in a word's text, as one word (assignments, redirect targets). */
export function expandText(text: string, session: ShellSession): string {
  return expandTilde(
    text.replace(VARIABLE, (_match, expression: string) => variable(expression, session)),
    session,
  );
}

/** The words one word becomes once unquoted variables are split at blanks. */
function fields(text: string, session: ShellSession): string[] {
  if (text === '') return ['']; // "" or '': an empty word that stays
  const out: string[] = [];
  let current: string | null = null;
  for (const part of text.split(PARTS)) {
    if (part === '') continue;
    const match = VARIABLE_PART.exec(part);
    if (!match) {
      current = (current ?? '') + expandTilde(part, session);
      continue;
    }
    const value = variable(match[2] ?? '', session);
    if (!match[1]) {
      current = (current ?? '') + value;
      continue;
    }
    value.split(/[ \t\n]+/).forEach((piece, i) => {
      if (i > 0 && current !== null) {
        out.push(current);
        current = null;
      }
      if (piece !== '') current = (current ?? '') + piece;
    });
  }
  if (current !== null) out.push(current);
  return out;
}

const hasGlob = (segment: string) => /[*?[]/.test(segment);

/** Paths matching a glob pattern, written the way the pattern was (relative stays relative), sorted. */
function globWorkspace(pattern: string, cwd: string, vfs: VirtualFS): string[] {
  const isDir = (path: string) => vfs.existsSync(path) && vfs.statSync(path).isDirectory();
  const segments = pattern.split('/').filter((segment) => segment !== '');
  const start = pattern.startsWith('/') ? '/' : '';
  let matches = [{ shown: start, path: start === '/' ? '/' : cwd }];
  const join = (shown: string, name: string) => (shown === '' ? name : shown.endsWith('/') ? shown + name : `${shown}/${name}`);
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    const next: typeof matches = [];
    for (const match of matches) {
      if (!isDir(match.path)) continue;
      if (!hasGlob(segment)) {
        const path = joinPath(match.path, segment);
        if (vfs.existsSync(path) && (last || isDir(path))) next.push({ shown: join(match.shown, segment), path });
        continue;
      }
      const isMatch = picomatch(segment, { dot: segment.startsWith('.') });
      for (const name of vfs.readdirSync(match.path).sort()) {
        const path = joinPath(match.path, name);
        if (isMatch(name) && (last || isDir(path))) next.push({ shown: join(match.shown, name), path });
      }
    }
    matches = next;
  });
  return matches.map((match) => match.shown).filter((shown) => shown !== '');
}

/** Expands a command's words into argv. */
export function expandWords(words: readonly Word[], session: ShellSession, vfs: VirtualFS): string[] {
  const argv: string[] = [];
  for (const word of words) {
    for (const field of fields(word.text, session)) {
      const found = word.glob ? globWorkspace(field, session.cwd, vfs) : [];
      argv.push(...(found.length > 0 ? found : [field]));
    }
  }
  return argv;
}

/** A redirection target or `cd` argument as a workspace path. */
export function expandPath(word: Word, session: ShellSession): string {
  return resolvePath(session.cwd, expandText(word.text, session));
}
