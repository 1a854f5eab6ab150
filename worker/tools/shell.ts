/** run_sh: a command line in the foreground (to its exit or the time limit) or in the background (servers). */
import { assertWritable } from '../guard';
import { runToExit, spawnCommandLine, startBackground } from '../process-runner';
import type { ToolContext, ToolHandler, ToolSuccess } from './context';

/** Runs `cmd` as run_sh and test_run do: foreground to exit, or background handed to the UI. */
export async function runCommand(cmd: string, background: boolean, ctx: ToolContext): Promise<ToolSuccess<'run_sh'>> {
  const startedAt = performance.now();
  if (background) {
    const outcome = await startBackground(() => spawnCommandLine(ctx.runtime, cmd), cmd, {
      runtime: ctx.runtime,
      processes: ctx.processes,
      onBackgroundProcess: ctx.onBackgroundProcess,
      waitMs: ctx.backgroundWaitMs,
      startedAt,
    });
    return { ...outcome, background: true };
  }
  const process = await spawnCommandLine(ctx.runtime, cmd);
  const outcome = await runToExit(process, ctx, ctx.processes, startedAt);
  return { ...outcome, background: false };
}

export const runSh: ToolHandler<'run_sh'> = async (args, ctx) => {
  // Commands write files; a read-only tab must not change what another tab is saving.
  assertWritable(ctx.store);
  // The store's runtime facts (last command) feed the agent's workspace summary and shell history.
  ctx.store.recordCommand(args.cmd);
  const result = await runCommand(args.cmd, args.background ?? false, ctx);
  // A command may have written files; let the tree and editors catch up before the model reads them.
  if (!args.background) await ctx.store.settle();
  return result;
};
