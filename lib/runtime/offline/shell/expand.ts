/**
 * Word expansion at the moment a command runs: `$NAME`, `${NAME}`, `${NAME:-default}`, `$?`, `$$`, `~`, then
 * globs against the workspace (no match leaves the pattern as written, as bash does). Variables are not
 * split into several words.
 */
import type { VirtualFS } from 'almostnode';
import picomatch from 'picomatch/posix';
import { joinPath, resolvePath } from '../paths';
import { HOME, type ShellSession } from './session';
import { MARK, type Word } from './syntax';

const VARIABLE = new RegExp(`${MARK.varOpen}([^${MARK.varClose}]*)${MARK.varClose}`, 'g');
const ONLY_VARIABLES = new RegExp(`^(?:${MARK.varOpen}[^${MARK.varClose}]*${MARK.varClose})+$`);

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

/** Replaces the variable and `~` marks in a word's text. */
export function expandText(text: string, session: ShellSession): string {
  const home = session.env.HOME || HOME;
  return text
    .replace(VARIABLE, (_match, expression: string) => variable(expression, session))
    .split(MARK.tilde)
    .reduce((done, part) => done + (part.startsWith('/') ? home.replace(/\/$/, '') : home) + part);
}

const hasGlob = (segment: string) => /[*?[]/.test(segment);

/** Paths matching a glob pattern, written the way the pattern was (relative stays relative), sorted. */
export function globWorkspace(pattern: string, cwd: string, vfs: VirtualFS): string[] {
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

/** Expands a command's words into argv. A word made only of variables that are empty disappears, as in bash. */
export function expandWords(words: readonly Word[], session: ShellSession, vfs: VirtualFS): string[] {
  const argv: string[] = [];
  for (const word of words) {
    const text = expandText(word.text, session);
    if (text === '' && ONLY_VARIABLES.test(word.text)) continue;
    const found = word.glob ? globWorkspace(text, session.cwd, vfs) : [];
    argv.push(...(found.length > 0 ? found : [text]));
  }
  return argv;
}

/** A redirection target or `cd` argument as a workspace path. */
export function expandPath(word: Word, session: ShellSession): string {
  return resolvePath(session.cwd, expandText(word.text, session));
}
