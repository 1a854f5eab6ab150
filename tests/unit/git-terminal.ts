/**
 * A git terminal over a fresh in-memory file system, for tests of git's network commands, and the smart-HTTP
 * fixture they run against (real git behind `git http-backend`).
 */
import { VirtualFS } from 'almostnode';
import type { HttpClient } from 'isomorphic-git';
import webHttp from 'isomorphic-git/http/web';
import { runGit } from '@/lib/runtime-frame/offline/git/cli';
import { InputChannel, type CommandIO } from '@/lib/runtime-frame/offline/process';

export interface GitFixture {
  url: string;
  requests: Array<{ method: string; path: string; authorized: boolean }>;
  addCommit(repo: string, commit: { path: string; content: string; message: string }): Promise<string>;
  log(repo: string, ref?: string): Promise<Array<{ oid: string; subject: string }>>;
  close(): Promise<void>;
}

export const GIT_FIXTURE = new URL('../e2e/fixtures/git-server/server.mjs', import.meta.url);
export const HOME = '/home/project';

export async function startGitFixture(): Promise<GitFixture> {
  const { startGitFixture: start } = (await import(/* @vite-ignore */ GIT_FIXTURE.href)) as { startGitFixture(): Promise<GitFixture> };
  return start();
}

/**
 * `git …` as typed in the terminal, from the current folder, with its output and exit code. `http: null` is a
 * runtime given no network for git; `pipe` makes stderr a pipe rather than the terminal.
 */
export function gitTerminal(options: { http?: HttpClient | null; pipe?: boolean } = {}) {
  const http = options.http === undefined ? webHttp : options.http;
  const vfs = new VirtualFS();
  vfs.mkdirSync(HOME, { recursive: true });
  let cwd = HOME;
  const git = async (...args: string[]) => {
    let out = '';
    const io: CommandIO = {
      cwd,
      env: { NO_COLOR: '1' },
      signal: new AbortController().signal,
      stdin: new InputChannel(),
      write: (text) => void (out += text),
      ...(options.pipe !== undefined ? { stderrIsTerminal: !options.pipe } : {}),
    };
    const code = await runGit(args, io, http ? { vfs, gitHttp: http } : { vfs });
    return { code, out };
  };
  return { vfs, git, cwd: () => cwd, cd: (path: string) => void (cwd = path) };
}
