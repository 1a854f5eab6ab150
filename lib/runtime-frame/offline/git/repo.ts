/**
 * One git command's view of the repository: where it is (found from the shell's folder upwards, as git
 * does), the file system client and object cache isomorphic-git shares across calls, paths between the
 * user's folder and the repository, and how output is coloured.
 */
import type { VirtualFS } from 'almostnode';
import type { HttpClient, PromiseFsClient } from 'isomorphic-git';
import { joinPath, relativePath, resolvePath, normalizePath } from '../paths';
import type { CommandIO } from '../process';
import { gitFs } from '../../../git/fs-adapter';
import { paletteFor, type Palette } from './palette';

/** A failure that ends the command with git's message and exit code. */
export class GitFailure extends Error {
  constructor(
    message: string,
    readonly exitCode = 128,
  ) {
    super(message);
    this.name = 'GitFailure';
  }
}

export function fatal(message: string): never {
  throw new GitFailure(`fatal: ${message}`, 128);
}

export interface GitSession {
  vfs: VirtualFS;
  fs: PromiseFsClient;
  io: CommandIO;
  cwd: string;
  color: Palette;
  /** isomorphic-git's parsed-object cache, shared by the calls of one command. */
  cache: object;
  /** How clone, fetch, pull and push reach a server; absent where the page gave the runtime no network for git. */
  http: HttpClient | undefined;
  /** Credentials met by this command, masked wherever its output would show them. */
  secrets: Set<string>;
}

export interface Repo extends GitSession {
  /** The working tree's root (a VFS path). */
  dir: string;
  gitdir: string;
}

interface SessionNetwork {
  http?: HttpClient;
  secrets?: Set<string>;
}

export function openSession(vfs: VirtualFS, io: CommandIO, colorFlag: boolean | undefined, network: SessionNetwork = {}): GitSession {
  const color = paletteFor(io.env, colorFlag, io.stdoutIsTerminal !== false);
  return { vfs, fs: gitFs(vfs), io, cwd: normalizePath(io.cwd), color, cache: {}, http: network.http, secrets: network.secrets ?? new Set() };
}

/** The folder holding `.git`, from `start` upwards, or null. */
export function findWorkTree(vfs: VirtualFS, start: string): string | null {
  for (let dir = normalizePath(start); ; dir = parentOf(dir)) {
    if (vfs.existsSync(joinPath(dir, '.git/HEAD'))) return dir;
    if (dir === '/') return null;
  }
}

export function openRepo(session: GitSession): Repo {
  const dir = findWorkTree(session.vfs, session.cwd);
  if (dir === null) fatal('not a git repository (or any of the parent directories): .git');
  return { ...session, dir, gitdir: joinPath(dir, '.git') };
}

function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

function isInside(path: string, folder: string): boolean {
  return folder === '/' || path === folder || path.startsWith(`${folder}/`);
}

/** A path the user typed (relative to their folder) as a repository path ("src/a.js"; "." for the root). */
export function toRepoPath(repo: Repo, input: string): string {
  const absolute = resolvePath(repo.cwd, input);
  if (!isInside(absolute, repo.dir)) fatal(`${input}: '${input}' is outside repository at '${repo.dir}'`);
  return relativePath(repo.dir, absolute);
}

/** A repository path as the user sees it from their folder ("../a.js"). */
export function displayPath(repo: Repo, filepath: string): string {
  return relativePath(repo.cwd, filepath === '.' ? repo.dir : joinPath(repo.dir, filepath));
}

/** True when repository path `filepath` is `spec` or inside it ("." holds everything). */
export function matchesSpec(filepath: string, spec: string): boolean {
  return spec === '.' || filepath === spec || filepath.startsWith(`${spec}/`);
}

/** Errors go to stderr (so `2>` and `2>&1` treat them as git's), where the shell keeps one apart. */
export function writeError(io: CommandIO, text: string): void {
  if (io.writeError) io.writeError(text);
  else io.write(text);
}
