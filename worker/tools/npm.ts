/** install_npm: `npm install [-D] pkgs…` on the runtime, to its exit or the time limit. */
import type { RuntimeProcess } from '@/lib/runtime/port';
import { ToolFailure } from '@/lib/agent/tool-failure';
import { assertWritable } from '../guard';
import { runToExit } from '../process-runner';
import type { ToolHandler } from './context';
import { errorMessage } from '../../lib/error-message';

export const installNpm: ToolHandler<'install_npm'> = async (args, ctx) => {
  const { runtime, processes } = ctx;
  assertWritable(ctx.store);
  const startedAt = performance.now();
  const argv = ['install', ...(args.dev ? ['-D'] : []), ...args.packages];
  let process: RuntimeProcess;
  try {
    process = await runtime.spawn('npm', argv);
  } catch (error) {
    throw new ToolFailure('SpawnFailed', `Could not start npm: ${errorMessage(error)}`);
  }
  return runToExit(process, ctx, processes, startedAt);
};
