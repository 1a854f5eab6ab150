/**
 * What runs in the terminal when a workspace opens, and in which order: its dependencies install (node_modules
 * is never persisted), then its app starts, but only once the install succeeded. A server started on a failed
 * install only fails again with a less useful error, so the start is skipped with a notice saying why.
 */

export interface StartupInput {
  /** The workspace has a package.json: `npm install` runs first. */
  needsInstall: boolean;
  readOnly: boolean;
  /** Nothing was ever run in this workspace: it is fresh from its template. */
  fresh: boolean;
  /** The template's start command, if it has one. */
  templateStart: string | null;
  /** The dev server that was running when the workspace was last open. */
  startCommand: string | null;
}

interface StartupPlan {
  install: boolean;
  start: string | null;
  /** Why `start` runs: a new workspace's first start, or what was running when it was last open. */
  why: 'template' | 'restart' | null;
}

export const INSTALL_COMMAND = 'npm install';

export function planStartup(input: StartupInput): StartupPlan {
  const install = input.needsInstall;
  // A read-only tab mirrors another tab's workspace: starting servers is that tab's business.
  if (input.readOnly) return { install, start: null, why: null };
  if (input.fresh && input.templateStart) return { install, start: input.templateStart, why: 'template' };
  if (input.startCommand) return { install, start: input.startCommand, why: 'restart' };
  return { install, start: null, why: null };
}

/** A start that did not happen, and why, for the notice under the terminal. */
export interface SkippedStart {
  command: string;
  why: 'template' | 'restart';
  exitCode: number;
  message: string;
}

function skippedStartMessage(command: string, why: 'template' | 'restart', exitCode: number): string {
  const what = why === 'restart' ? `${command} (running when this workspace was last open) was not restarted` : `${command} was not started`;
  return `${what}: ${INSTALL_COMMAND} failed with exit code ${exitCode}. Fix what the terminal shows, then run ${command}.`;
}

interface StartupDeps {
  /** Runs a command line in the terminal, where the user sees it. */
  run(command: string): void;
  /** Resolves with the exit code of the next run of this command line; call before `run`. */
  nextExit(command: string): Promise<number>;
  /** The start command was handed to the terminal. */
  started(command: string, why: 'template' | 'restart'): void;
  skipped(skip: SkippedStart): void;
  /** False once the workspace was closed: nothing more is run. */
  alive(): boolean;
}

export async function runStartup(plan: StartupPlan, deps: StartupDeps): Promise<void> {
  if (plan.install) {
    const installed = deps.nextExit(INSTALL_COMMAND);
    deps.run(INSTALL_COMMAND);
    const exitCode = await installed;
    if (!deps.alive()) return;
    if (exitCode !== 0 && plan.start && plan.why) {
      deps.skipped({ command: plan.start, why: plan.why, exitCode, message: skippedStartMessage(plan.start, plan.why, exitCode) });
      return;
    }
  }
  if (!plan.start || !plan.why) return;
  deps.run(plan.start);
  deps.started(plan.start, plan.why);
}

/**
 * Which typed or started command is the workspace's dev server: the latest one still running when a port
 * opens. It is forgotten when it ends (Ctrl+C, Stop all), so a reopen restarts only what was still running.
 */
export class ServerCommandTracker {
  /** Commands started and not yet ended, oldest first. */
  private running: string[] = [];

  constructor(private current: string | null) {}

  started(command: string): void {
    this.running.push(command);
  }

  /** Returns the new dev-server command when it changes (null: it ended), undefined otherwise. */
  exited(command: string): string | null | undefined {
    const at = this.running.lastIndexOf(command);
    if (at >= 0) this.running.splice(at, 1);
    if (command !== this.current || this.running.includes(command)) return undefined;
    this.current = null;
    return null;
  }

  portOpened(): string | undefined {
    const latest = this.running.at(-1);
    if (latest === undefined || latest === this.current) return undefined;
    this.current = latest;
    return latest;
  }

  /** A start command handed to the terminal counts as the server from the start, port or not yet. */
  adopt(command: string): void {
    this.started(command);
    this.current = command;
  }
}
