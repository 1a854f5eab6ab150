/**
 * The processes the agent started (foreground and background), so Stop in the chat and Stop All in the
 * terminal can kill exactly those, and nothing the user started themselves.
 */
import type { RuntimeProcess } from '@/lib/runtime/port';

/** How long a killed process gets to report its exit before we stop waiting for it. */
export const KILL_WAIT_MS = 2_500;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class AgentProcesses {
  private readonly live = new Set<RuntimeProcess>();

  add(process: RuntimeProcess): void {
    this.live.add(process);
    void process.exit.then(
      () => this.live.delete(process),
      () => this.live.delete(process),
    );
  }

  list(): readonly RuntimeProcess[] {
    return [...this.live];
  }

  /** Kills every live agent process and waits (bounded) for them to end. */
  async killAll(): Promise<void> {
    const victims = this.list();
    for (const process of victims) process.kill();
    await Promise.race([Promise.all(victims.map((process) => process.exit.catch(() => 1))), delay(KILL_WAIT_MS)]);
  }
}
