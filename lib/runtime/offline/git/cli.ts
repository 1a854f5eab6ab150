/** The `git` command of the offline runtime, working on the workspace's files. */
import type { VirtualFS } from 'almostnode';
import type { CommandIO } from '../process';

export interface GitDeps {
  vfs: VirtualFS;
}

/** `git <subcommand> …`; resolves with the exit code. */
export async function runGit(args: readonly string[], io: CommandIO, deps: GitDeps): Promise<number> {
  void args;
  void deps;
  io.write('git: not available in this runtime yet\n');
  return 1;
}
