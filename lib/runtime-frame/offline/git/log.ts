/** `git log` (default format, `--oneline`, `-n`) and `git show` (a commit and its patch). */
import git, { type ReadCommitResult } from 'isomorphic-git';
import { lastValue, parseArgs, usageError } from './args';
import { formatPatch } from './patch';
import { fatal, openRepo, type GitSession, type Repo } from './repo';
import { compareSnapshots, readBlob, treeSnapshot } from './snapshots';
import { commitOf, currentBranch, headOid, shortOid } from './state';

const LOG_USAGE = '[--oneline] [-n <number>] [<revision>]';
const SHOW_USAGE = '[--oneline] [<commit>]';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** git's default date format in the author's own time zone ("Mon Nov 23 19:03:17 2026 +0000"). */
function formatDate(timestamp: number, timezoneOffset: number): string {
  // isomorphic-git stores the offset like Date#getTimezoneOffset: minutes *behind* UTC.
  const local = new Date((timestamp - timezoneOffset * 60) * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const abs = Math.abs(timezoneOffset);
  const zone = `${timezoneOffset <= 0 ? '+' : '-'}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  return `${DAYS[local.getUTCDay()]} ${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()} ${time} ${local.getUTCFullYear()} ${zone}`;
}

/** Branch names by the commit they point at, for "(HEAD -> main, feature)". */
async function decorations(repo: Repo): Promise<Map<string, string[]>> {
  const base = { fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir };
  const byOid = new Map<string, string[]>();
  for (const branch of await git.listBranches(base)) {
    const oid = await git.resolveRef({ ...base, ref: `refs/heads/${branch}` }).catch(() => null);
    if (oid) byOid.set(oid, [...(byOid.get(oid) ?? []), branch]);
  }
  return byOid;
}

function decorate(repo: Repo, oid: string, head: { oid: string | null; branch: string | null }, byOid: Map<string, string[]>): string {
  const { color } = repo;
  const branches = [...(byOid.get(oid) ?? [])].sort();
  const parts: string[] = [];
  if (oid === head.oid) {
    if (head.branch !== null && branches.includes(head.branch)) {
      parts.push(`${color.boldCyan('HEAD ->')} ${color.green(head.branch)}`);
      branches.splice(branches.indexOf(head.branch), 1);
    } else {
      parts.push(color.boldCyan('HEAD'));
    }
  }
  parts.push(...branches.map((name) => color.green(name)));
  return parts.length ? ` ${color.yellow('(')}${parts.join(color.yellow(', '))}${color.yellow(')')}` : '';
}

function formatEntry(repo: Repo, entry: ReadCommitResult, oneline: boolean, decoration: string): string {
  const { commit, oid } = entry;
  const { color } = repo;
  if (oneline) return `${color.yellow(shortOid(oid))}${decoration} ${commit.message.split('\n')[0] ?? ''}\n`;
  const body = commit.message
    .replace(/\n+$/, '')
    .split('\n')
    .map((line) => (line ? `    ${line}` : ''))
    .join('\n');
  const merge = commit.parent.length > 1 ? `Merge: ${commit.parent.map(shortOid).join(' ')}\n` : '';
  return (
    `${color.yellow(`commit ${oid}`)}${decoration}\n${merge}` +
    `Author: ${commit.author.name} <${commit.author.email}>\n` +
    `Date:   ${formatDate(commit.author.timestamp, commit.author.timezoneOffset)}\n\n${body}\n`
  );
}

async function resolveCommit(repo: Repo, ref: string): Promise<string> {
  return (await commitOf(repo, ref)) ?? fatal(`ambiguous argument '${ref}': unknown revision or path not in the working tree.`);
}

export async function log(session: GitSession, args: readonly string[]): Promise<number> {
  const spec = { oneline: {}, 'max-count': { short: 'n', value: true } };
  const parsed = parseArgs('log', args, spec, LOG_USAGE);
  const repo = openRepo(session);
  const countText = lastValue(parsed, 'max-count');
  const depth = countText === undefined ? undefined : Number(countText);
  if (depth !== undefined && (!Number.isInteger(depth) || depth < 0)) throw usageError('log', `'${countText}': not a number`, LOG_USAGE);
  const head = { oid: await headOid(repo), branch: await currentBranch(repo) };
  const ref = parsed.operands[0];
  if (ref === undefined && head.oid === null) fatal(`your current branch '${head.branch ?? 'HEAD'}' does not have any commits yet`);
  const start = ref === undefined ? (head.oid as string) : await resolveCommit(repo, ref);
  if (depth === 0) return 0;
  // isomorphic-git's walk lists a commit once per path that reaches it (twice below a merge), and counts the
  // repeats towards `depth`: repeats are dropped, from a walk twice as deep as asked so `-n` is still filled.
  const walked = await git.log({
    fs: repo.fs,
    dir: repo.dir,
    gitdir: repo.gitdir,
    ref: start,
    depth: depth === undefined ? undefined : depth * 2,
    cache: repo.cache,
  });
  const seen = new Set<string>();
  const entries = walked.filter((entry) => !seen.has(entry.oid) && Boolean(seen.add(entry.oid))).slice(0, depth);
  const byOid = await decorations(repo);
  const oneline = parsed.flags.has('oneline');
  repo.io.write(entries.map((entry) => formatEntry(repo, entry, oneline, decorate(repo, entry.oid, head, byOid))).join(oneline ? '' : '\n'));
  return 0;
}

export async function show(session: GitSession, args: readonly string[]): Promise<number> {
  const parsed = parseArgs('show', args, { oneline: {} }, SHOW_USAGE);
  const repo = openRepo(session);
  const head = { oid: await headOid(repo), branch: await currentBranch(repo) };
  const ref = parsed.operands[0];
  if (ref === undefined && head.oid === null) fatal(`your current branch '${head.branch ?? 'HEAD'}' does not have any commits yet`);
  const oid = ref === undefined ? (head.oid as string) : await resolveCommit(repo, ref);
  const entry = await git.readCommit({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, oid, cache: repo.cache });
  let out = formatEntry(repo, entry, parsed.flags.has('oneline'), decorate(repo, oid, head, await decorations(repo)));
  const parent = entry.commit.parent[0];
  const changes = compareSnapshots(parent ? await treeSnapshot(repo, parent) : new Map(), await treeSnapshot(repo, oid));
  if (changes.length) out += parsed.flags.has('oneline') ? '' : '\n';
  const empty = new Uint8Array(0);
  for (const change of changes) {
    const oldBytes = change.old ? await readBlob(repo, change.old.oid) : empty;
    const newBytes = change.new ? await readBlob(repo, change.new.oid) : empty;
    out += formatPatch(change.path, { blob: change.old, bytes: oldBytes }, { blob: change.new, bytes: newBytes }, repo.color);
  }
  repo.io.write(out);
  return 0;
}
