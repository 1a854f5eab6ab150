/**
 * Tab completion as bash does it: the first word of a command completes to command names, other words to
 * workspace paths (folders get a trailing "/", a single match a trailing space). With several matches the
 * common prefix is inserted and the candidates are offered for listing.
 */
import type { VirtualFS } from 'almostnode';
import { joinPath, resolvePath } from '../paths';
import { HOME } from './session';

export interface Completion {
  /** Text to insert at the cursor (may be empty). */
  insert: string;
  /** All matches, as bash lists them on a second Tab (empty when there is one or none). */
  candidates: string[];
}

interface CompletionSource {
  vfs: VirtualFS;
  cwd: string;
  commandNames(): readonly string[];
}

const NONE: Completion = { insert: '', candidates: [] };

function commonPrefix(words: readonly string[]): string {
  let prefix = words[0] ?? '';
  for (const word of words) while (!word.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

const escapeWord = (text: string) => text.replace(/([\s'"\\$`&|;<>()*?[\]!#])/g, '\\$1');

/** `typed` is the word as the user means it (escapes removed); `suffix` ends a single match ("/" or " "). */
function finish(typed: string, matches: readonly string[], suffix: (match: string) => string): Completion {
  if (matches.length === 0) return NONE;
  if (matches.length === 1) {
    const match = matches[0] as string;
    return { insert: escapeWord(match.slice(typed.length)) + suffix(match), candidates: [] };
  }
  return { insert: escapeWord(commonPrefix(matches).slice(typed.length)), candidates: [...matches] };
}

function completePath(word: string, source: CompletionSource): Completion {
  const unescaped = word.replace(/\\(.)/g, '$1');
  const slash = unescaped.lastIndexOf('/');
  const dirPart = slash === -1 ? '' : unescaped.slice(0, slash + 1);
  const base = unescaped.slice(slash + 1);
  const dirText = dirPart.startsWith('~') ? HOME + dirPart.slice(1) : dirPart;
  const dir = resolvePath(source.cwd, dirText || '.');
  if (!source.vfs.existsSync(dir) || !source.vfs.statSync(dir).isDirectory()) return NONE;
  const isDir = (name: string) => source.vfs.statSync(joinPath(dir, name)).isDirectory();
  const names = source.vfs
    .readdirSync(dir)
    .filter((name) => name.startsWith(base) && (base.startsWith('.') || !name.startsWith('.')))
    .sort();
  const shown = names.map((name) => (isDir(name) ? `${name}/` : name));
  const result = finish(base, names, (name) => (isDir(name) ? '/' : ' '));
  return result.candidates.length > 0 ? { ...result, candidates: shown } : result;
}

/** Completes the word that ends at the cursor; `before` is the line up to the cursor. */
export function complete(before: string, source: CompletionSource): Completion {
  const word = /(?:\\.|[^\s;&|<>])*$/.exec(before)?.[0] ?? '';
  const rest = before.slice(0, before.length - word.length).trimEnd();
  const commandPosition = rest === '' || /(?:&&|\|\||[;&|(])$/.test(rest);
  if (commandPosition && !word.includes('/')) {
    const matches = source.commandNames().filter((name) => name.startsWith(word));
    return finish(word, matches, () => ' ');
  }
  return completePath(word, source);
}
