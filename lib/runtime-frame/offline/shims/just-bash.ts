/**
 * Stand-in for just-bash where almostnode imports it. almostnode builds a bash interpreter into every Runtime it
 * creates, for its own child_process; Tabsmith gives each process its own child_process (node/child-process.ts)
 * and runs shell text in its own shell (shell/coreutils.ts, which imports just-bash itself), so that interpreter is
 * never used. Leaving it out spares every node process's worker compiling about a megabyte of code it never runs.
 */
interface Command {
  name: string;
  execute: (...args: unknown[]) => Promise<unknown>;
}

export function defineCommand(name: string, execute: Command['execute']): Command {
  return { name, execute };
}

export class Bash {
  exec(command: string): Promise<never> {
    return Promise.reject(new Error(`Cannot run "${command}": commands run in the runtime's own shell.`));
  }
}
