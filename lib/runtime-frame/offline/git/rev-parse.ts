/** `git rev-parse`: commit ids of refs (`HEAD`, branches, `--short`), `--abbrev-ref`, and where the repository is. */
import { parseArgs } from './args';
import { relativePath } from '../paths';
import { fatal, findWorkTree, openRepo, type GitSession } from './repo';
import { commitOf, currentBranch, shortOid } from './state';

const USAGE = '[--short] [--abbrev-ref] [--show-toplevel] [--git-dir] [--is-inside-work-tree] <rev>...';

export async function revParse(session: GitSession, args: readonly string[]): Promise<number> {
  const spec = { short: {}, 'abbrev-ref': {}, 'show-toplevel': {}, 'git-dir': {}, 'is-inside-work-tree': {}, verify: {} };
  const parsed = parseArgs('rev-parse', args, spec, USAGE);
  if (parsed.flags.has('is-inside-work-tree')) {
    if (findWorkTree(session.vfs, session.cwd) === null) openRepo(session);
    session.io.write('true\n');
    return 0;
  }
  const repo = openRepo(session);
  let out = '';
  if (parsed.flags.has('show-toplevel')) out += `${repo.dir}\n`;
  if (parsed.flags.has('git-dir')) out += `${repo.cwd === repo.dir ? '.git' : relativePath(repo.cwd, repo.gitdir)}\n`;
  for (const rev of parsed.operands) {
    if (parsed.flags.has('abbrev-ref') && rev === 'HEAD') {
      out += `${(await currentBranch(repo)) ?? 'HEAD'}\n`;
      continue;
    }
    const oid =
      (await commitOf(repo, rev)) ??
      fatal(
        `ambiguous argument '${rev}': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'`,
      );
    out += parsed.flags.has('abbrev-ref') ? `${rev}\n` : `${parsed.flags.has('short') ? shortOid(oid) : oid}\n`;
  }
  repo.io.write(out);
  return 0;
}
