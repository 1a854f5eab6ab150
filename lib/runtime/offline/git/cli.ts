/** The `git` command of the offline runtime, working on the workspace's files. */
import type { VirtualFS } from 'almostnode';
import type { HttpClient } from 'isomorphic-git';
import type { CommandIO } from '../process';

export interface GitDeps {
  vfs: VirtualFS;
  /**
   * HTTP for clone, fetch, pull and push, given by the page hosting the runtime (which has no network of its
   * own); without it those commands say the runtime has no network for git.
   */
  gitHttp?: HttpClient;
}

/**
 * `git <subcommand> …`; resolves with the exit code. The implementation (isomorphic-git and the diff
 * library) loads on first use, so the runtime frame boots without it.
 */
export async function runGit(args: readonly string[], io: CommandIO, deps: GitDeps): Promise<number> {
  const { main } = await import('./main');
  return main(args, io, deps);
}
