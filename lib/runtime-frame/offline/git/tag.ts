/** `git tag`: list, create (lightweight) and delete tags. */
import git, { Errors } from 'isomorphic-git';
import { parseArgs, usageError } from './args';
import { fatal, GitFailure, openRepo, writeError, type GitSession } from './repo';
import { commitOf, shortOid } from './state';

const USAGE = '[-l] | <tagname> [<commit>] | -d <tagname>...';

export async function tag(session: GitSession, args: readonly string[]): Promise<number> {
  const parsed = parseArgs('tag', args, { list: { short: 'l' }, delete: { short: 'd' }, force: { short: 'f' } }, USAGE);
  const repo = openRepo(session);
  const base = { fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir };
  const names = parsed.operands;
  if (parsed.flags.has('delete')) {
    let code = 0;
    for (const name of names) {
      const oid = await git.resolveRef({ ...base, ref: `refs/tags/${name}` }).catch(() => null);
      if (oid === null) {
        writeError(repo.io, `error: tag '${name}' not found.\n`);
        code = 1;
        continue;
      }
      await git.deleteTag({ ...base, ref: name });
      repo.io.write(`Deleted tag '${name}' (was ${shortOid(oid)})\n`);
    }
    return code;
  }
  if (names.length === 0 || parsed.flags.has('list')) {
    repo.io.write(
      (await git.listTags(base))
        .sort()
        .map((name) => `${name}\n`)
        .join(''),
    );
    return 0;
  }
  if (names.length > 2) throw usageError('tag', 'too many arguments', USAGE);
  const [name, object = 'HEAD'] = names as [string, string?];
  const oid = await commitOf(repo, object);
  if (oid === null) fatal(`Failed to resolve '${object}' as a valid ref.`);
  try {
    await git.tag({ ...base, ref: name, object: oid, force: parsed.flags.has('force') });
  } catch (error) {
    if (error instanceof Errors.AlreadyExistsError) throw new GitFailure(`fatal: tag '${name}' already exists`, 128);
    if (error instanceof Errors.InvalidRefNameError) fatal(`'${name}' is not a valid tag name.`);
    throw error;
  }
  return 0;
}
