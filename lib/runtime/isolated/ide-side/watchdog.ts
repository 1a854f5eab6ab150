/**
 * Watches the runtime frame's pulse. The frame runs the user's code on its own thread: a busy loop there cannot
 * freeze the IDE, but it can stop the frame from answering. The watchdog pings it; when it stays silent after
 * someone asked to stop something (Ctrl+C, kill, a tool timeout, "Stop all processes"), it asks for a restart.
 */
export interface RuntimeHealth {
  responsive: boolean;
  /** How long the frame has not answered, in ms (0 when responsive). */
  silentMs: number;
}

interface WatchdogOptions {
  ping(): Promise<unknown>;
  restart(reason: string): void;
  onHealth(health: RuntimeHealth): void;
  intervalMs?: number;
  /** How long a stop request may go unanswered before the frame is replaced. */
  stopGraceMs?: number;
  /** Silence longer than this is reported as unresponsive. */
  unresponsiveMs?: number;
  now?: () => number;
}

export class Watchdog {
  private timer: ReturnType<typeof setInterval> | null = null;
  private pingSentAt: number | null = null;
  private stopRequestedAt: number | null = null;
  private stopReason = '';
  private responsive = true;
  private readonly now: () => number;

  constructor(private readonly options: WatchdogOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  start(): void {
    this.stop();
    this.pingSentAt = null;
    this.stopRequestedAt = null;
    this.setResponsive(true, 0);
    this.timer = setInterval(() => this.tick(), this.options.intervalMs ?? 500);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Something should stop now; if the frame does not answer within the grace period, it is replaced. */
  stopRequested(reason: string): void {
    if (this.stopRequestedAt === null) {
      this.stopRequestedAt = this.now();
      this.stopReason = reason;
    }
    this.sendPing();
  }

  private sendPing(): void {
    if (this.pingSentAt !== null) return;
    const sentAt = this.now();
    this.pingSentAt = sentAt;
    this.options.ping().then(
      () => {
        if (this.pingSentAt !== sentAt) return;
        this.pingSentAt = null;
        // Answering after the stop request means the frame handled it itself.
        if (this.stopRequestedAt !== null && this.stopRequestedAt <= sentAt) this.stopRequestedAt = null;
        this.setResponsive(true, 0);
      },
      () => undefined,
    );
  }

  tick(): void {
    const now = this.now();
    const silentMs = this.pingSentAt === null ? 0 : now - this.pingSentAt;
    const grace = this.options.stopGraceMs ?? 2000;
    if (this.stopRequestedAt !== null && now - this.stopRequestedAt >= grace && silentMs >= grace) {
      const reason = this.stopReason;
      this.stopRequestedAt = null;
      this.options.restart(reason);
      return;
    }
    if (silentMs >= (this.options.unresponsiveMs ?? 3000)) this.setResponsive(false, silentMs);
    this.sendPing();
  }

  private setResponsive(responsive: boolean, silentMs: number): void {
    if (responsive && this.responsive) return;
    this.responsive = responsive;
    this.options.onHealth({ responsive, silentMs });
  }
}
