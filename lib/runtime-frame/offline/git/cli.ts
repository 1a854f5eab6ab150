/** The `git` command of the offline runtime, working on the workspace's files. */
import type { CommandIO } from '../process';
import type { GitDeps } from './deps';

/**
 * `git <subcommand> …`; resolves with the exit code. The implementation (isomorphic-git and the diff
 * library) loads on first use, so the runtime frame boots without it.
 */
export async function runGit(args: readonly string[], io: CommandIO, deps: GitDeps): Promise<number> {
  const { main } = await import('./main');
  return main(args, io, deps);
}
