/**
 * The server side of HMR messages. A preview page reaches the dev server only through HTTP requests (no
 * WebSocket to a server inside the tab), so the client long-polls: each poll returns the events after the
 * last one it saw, or waits for the next one. A page that connects while the app fails to compile gets the
 * error at once, so the overlay shows on first load too.
 */
export type HmrEvent =
  | { type: 'update'; updates: unknown[] }
  | { type: 'full-reload' }
  | { type: 'prune'; paths: string[] }
  | { type: 'error'; err: { message: string; file?: string; line?: number; column?: number; frame?: string; plugin?: string } };

const POLL_MS = 20_000;

export class HmrChannel {
  private readonly events: { seq: number; event: HmrEvent }[] = [];
  private readonly waiters = new Set<() => void>();
  private seq = 0;
  private error: HmrEvent | null = null;
  readonly serverId = Math.random().toString(36).slice(2);

  send(event: HmrEvent): void {
    this.error = event.type === 'error' ? event : null;
    this.events.push({ seq: ++this.seq, event });
    if (this.events.length > 100) this.events.shift();
    for (const wake of [...this.waiters]) wake();
  }

  get lastError(): HmrEvent | null {
    return this.error;
  }

  clearError(): void {
    this.error = null;
  }

  /** The answer to a poll that saw events up to `since` (-1: a page just connected). */
  async poll(since: number): Promise<{ server: string; seq: number; events: HmrEvent[] }> {
    if (since < 0 || since > this.seq) return { server: this.serverId, seq: this.seq, events: this.error ? [this.error] : [] };
    if (since === this.seq) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, POLL_MS);
        this.waiters.add(wake);
      });
    }
    return { server: this.serverId, seq: this.seq, events: this.events.filter((entry) => entry.seq > since).map((entry) => entry.event) };
  }

  close(): void {
    for (const wake of [...this.waiters]) wake();
  }
}
