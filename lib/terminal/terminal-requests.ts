/**
 * The way the rest of the IDE talks to the terminal pane without reaching into it: run a command where the
 * user sees its progress (the workspace's `npm install` on open), learn which commands the user ran, and
 * give new shells their history. Requests made before the pane is ready are queued.
 */
import { Listeners } from '@/lib/runtime/listeners';
import type { RuntimeProcess } from '@/lib/runtime/port';

interface RunOptions {
  /**
   * Put keyboard focus in the terminal too: only when the user asked for the command (a palette command, a
   * button). Commands the IDE runs by itself (the start command or `npm install` as a workspace opens) leave
   * focus where it is, so a keyboard user is never dropped into the shell, where Tab completes.
   */
  focus?: boolean;
}

type Runner = (command: string, options: RunOptions) => void;

export class TerminalRequests {
  private runner: Runner | null = null;
  private queued: { command: string; options: RunOptions }[] = [];
  private viewer: ((process: RuntimeProcess, label: string) => void) | null = null;
  private queuedProcesses: { process: RuntimeProcess; label: string }[] = [];
  private readonly commandListeners = new Listeners<[command: string]>();

  constructor(readonly history: readonly string[] = []) {}

  /** Runs a command in the active terminal tab (queued until the pane has a shell). */
  run(command: string, options: RunOptions = {}): void {
    if (this.runner) this.runner(command, options);
    else this.queued.push({ command, options });
  }

  /** Called by the terminal pane once it can run commands; returns a function that detaches it. */
  attachRunner(runner: Runner): () => void {
    this.runner = runner;
    const queued = this.queued;
    this.queued = [];
    queued.forEach(({ command, options }) => runner(command, options));
    return () => {
      if (this.runner === runner) this.runner = null;
    };
  }

  /** Shows a process the agent started in the "Agent" tab (queued until the pane is there). */
  showProcess(process: RuntimeProcess, label: string): void {
    if (this.viewer) this.viewer(process, label);
    else this.queuedProcesses.push({ process, label });
  }

  attachViewer(viewer: (process: RuntimeProcess, label: string) => void): () => void {
    this.viewer = viewer;
    const queued = this.queuedProcesses;
    this.queuedProcesses = [];
    queued.forEach(({ process, label }) => viewer(process, label));
    return () => {
      if (this.viewer === viewer) this.viewer = null;
    };
  }

  onCommand(listener: (command: string) => void): () => void {
    return this.commandListeners.add(listener);
  }

  /** The terminal pane reports each command line the user ran. */
  reportCommand(command: string): void {
    this.commandListeners.emit(command);
  }
}
