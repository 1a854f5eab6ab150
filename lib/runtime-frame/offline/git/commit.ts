/** `git commit -m`: records the index, prints git's one-line summary and the changed-file counts. */
import git from 'isomorphic-git';
import { parseArgs } from './args';
import { stageEntries } from './add';
import { identity, identityHint } from './identity';
import { countLines } from './patch';
import { GitFailure, openRepo, type GitSession, type Repo } from './repo';
import { compareSnapshots, indexSnapshot, readBlob, treeSnapshot, type Change } from './snapshots';
import { currentBranch, headOid, readStatus, shortOid } from './state';
import { statusText } from './status';

const USAGE = '[-a | --all] [--allow-empty] [--amend] -m <msg>';

const EMPTY = new Uint8Array(0);

/** " 2 files changed, 3 insertions(+)" and the create/delete lines, as commit and merge print them. */
export async function changeSummary(repo: Repo, changes: Change[]): Promise<string> {
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    const counts = countLines(change.old ? await readBlob(repo, change.old.oid) : EMPTY, change.new ? await readBlob(repo, change.new.oid) : EMPTY);
    added += counts.added;
    removed += counts.removed;
  }
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  let line = ` ${plural(changes.length, 'file')} changed`;
  if (added || !removed) line += `, ${plural(added, 'insertion')}(+)`;
  if (removed) line += `, ${plural(removed, 'deletion')}(-)`;
  let out = `${line}\n`;
  for (const change of changes) {
    if (!change.old && change.new) out += ` create mode ${change.new.mode.toString(8)} ${change.path}\n`;
    if (change.old && !change.new) out += ` delete mode ${change.old.mode.toString(8)} ${change.path}\n`;
  }
  return out;
}

export async function commit(session: GitSession, args: readonly string[]): Promise<number> {
  const spec = { message: { short: 'm', value: true }, all: { short: 'a' }, 'allow-empty': {}, amend: {}, quiet: { short: 'q' } };
  const parsed = parseArgs('commit', args, spec, USAGE);
  const repo = openRepo(session);
  if (parsed.flags.has('all'))
    await stageEntries(
      repo,
      (await readStatus(repo)).filter((e) => e.tracked && e.y !== ' '),
    );
  const parent = await headOid(repo);
  const amend = parsed.flags.has('amend');
  if (amend && parent === null) throw new GitFailure('fatal: You have nothing to amend.', 128);
  const messages = parsed.values.get('message');
  let message = messages?.join('\n\n');
  if (message === undefined && amend && parent) {
    message = (await git.readCommit({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, oid: parent, cache: repo.cache })).commit.message;
  }
  if (message === undefined || message.trim() === '') {
    throw new GitFailure(
      'error: there is no editor in this terminal; give the message with git commit -m "<message>"\nAborting commit due to empty commit message.',
      1,
    );
  }
  const base = parent ? await treeSnapshot(repo, parent) : new Map();
  const index = await indexSnapshot(repo);
  const staged = compareSnapshots(base, index);
  if (staged.length === 0 && !amend && !parsed.flags.has('allow-empty')) {
    repo.io.write(await statusText(repo));
    return 1;
  }
  const who = await identity(repo);
  const author = { name: who.name, email: who.email };
  const oid = await git.commit({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, cache: repo.cache, message, author, amend });
  if (parsed.flags.has('quiet')) return 0;
  const branch = (await currentBranch(repo)) ?? 'detached HEAD';
  const root = parent === null ? ' (root-commit)' : '';
  const title = message.split('\n')[0] ?? '';
  const before = amend ? await parentTree(repo, oid) : base;
  repo.io.write(`[${branch}${root} ${shortOid(oid)}] ${title}\n`);
  if (who.defaulted) repo.io.write(identityHint(who));
  repo.io.write(await changeSummary(repo, compareSnapshots(before, await treeSnapshot(repo, oid))));
  return 0;
}

async function parentTree(repo: Repo, oid: string) {
  const { commit: data } = await git.readCommit({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, oid, cache: repo.cache });
  const first = data.parent[0];
  return first ? treeSnapshot(repo, first) : new Map();
}
