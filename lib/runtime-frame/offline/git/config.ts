/**
 * `git config`: get, set, --unset and --list on the repository's config. There is no home folder in this
 * runtime, so --global and --local both mean the repository's own file (.git/config).
 */
import git from 'isomorphic-git';
import { parseArgs, usageError } from './args';
import { GitFailure, openRepo, type GitSession } from './repo';
import { joinPath } from '../paths';

const USAGE = '[--global | --local] <name> [<value>] | --unset <name> | --list';

/** Flattens an ini-style config into git's `section.key=value` lines (`section.sub.key` for subsections). */
export function listConfig(text: string): string[] {
  const lines: string[] = [];
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[([^\s\]"]+)(?:\s+"(.*)")?\]$/.exec(line);
    if (header) {
      section = header[2] === undefined ? (header[1] ?? '').toLowerCase() : `${(header[1] ?? '').toLowerCase()}.${header[2]}`;
      continue;
    }
    const eq = line.indexOf('=');
    const key = (eq === -1 ? line : line.slice(0, eq)).trim().toLowerCase();
    const value =
      eq === -1
        ? 'true'
        : line
            .slice(eq + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1');
    lines.push(`${section}.${key}=${value}`);
  }
  return lines;
}

export async function config(session: GitSession, args: readonly string[]): Promise<number> {
  const spec = { global: {}, local: {}, list: { short: 'l' }, unset: {}, get: {} };
  const parsed = parseArgs('config', args, spec, USAGE);
  const repo = openRepo(session);
  const base = { fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir };
  if (parsed.flags.has('list')) {
    const path = joinPath(repo.gitdir, 'config');
    const text = repo.vfs.existsSync(path) ? repo.vfs.readFileSync(path, 'utf8') : '';
    repo.io.write(
      listConfig(text)
        .map((line) => `${line}\n`)
        .join(''),
    );
    return 0;
  }
  const [name, value, extra] = parsed.operands;
  if (name === undefined || extra !== undefined) throw usageError('config', 'wrong number of arguments', USAGE);
  if (!/^[A-Za-z][\w-]*\.(.+\.)?[A-Za-z][\w-]*$/.test(name)) throw new GitFailure(`error: invalid key: ${name}`, 1);
  if (parsed.flags.has('unset')) {
    const current: unknown = await git.getConfig({ ...base, path: name });
    if (current === undefined) return 5;
    await git.setConfig({ ...base, path: name, value: undefined });
    return 0;
  }
  if (value === undefined || parsed.flags.has('get')) {
    const current: unknown = await git.getConfig({ ...base, path: name });
    if (current === undefined || current === null) return 1;
    repo.io.write(`${String(current)}\n`);
    return 0;
  }
  await git.setConfig({ ...base, path: name, value });
  return 0;
}
